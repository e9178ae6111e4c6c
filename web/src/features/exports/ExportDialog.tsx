import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { EMPTY_EXPORT_MSG } from '../../../../worker/src/exports/constants';
import { isApiError } from '../../lib/api';
import { openRecharge } from '../../lib/gate';
import { useIntentKey } from '../../lib/intent';
import { Dialog } from '../../ui/Dialog';
import { Loading } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import type { BatchChoice } from './ExportBatchPicker';
import { ExportProgress } from './ExportProgress';
import { ExportQuoteView } from './ExportQuoteView';
import { checkExport, createExport } from './queries';
import type { ExportRequest } from './store';

/** Codes the gate answers with a dialog of its own (login, membership, recharge): ours steps aside. */
const GATED = new Set(['LOGIN_REQUIRED', 'VIP_REQUIRED', 'SVIP_REQUIRED', 'INSUFFICIENT_COINS']);

/** A check quicker than this shows no dialog at all (zero rows, short of coins: only the toast / recharge confirm). */
const SLOW_CHECK_MS = 400;

/**
 * One export, from the cost check to the saved file:
 * check (nothing shown unless slow) -> zero rows: toast; coins short: recharge confirm;
 * otherwise the confirm with rows, coins, balance and price rule -> generate once per intent key
 * -> progress until the file is saved.
 */
export function ExportDialog({ req, onClose }: { req: ExportRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  // One key per chosen range: a double click or a retry after a lost answer is charged once.
  const [intentKey, renewKey] = useIntentKey();
  const [choice, setChoice] = useState<BatchChoice>('all');
  const [slowCheck, setSlowCheck] = useState(false);
  const submitted = useRef(false);

  const check = useQuery({
    // A fresh check per dialog: the balance and the rows may have changed since the last one.
    queryKey: ['exports', 'check', req.kind, req.params],
    queryFn: () => checkExport(req),
    meta: { from: req.from },
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnReconnect: false,
  });
  const quote = check.data;

  const generate = useMutation({
    mutationFn: () => createExport(choice === 'all' ? req : { ...req, params: { ...req.params, page: choice, per_page: quote?.batch_size } }, intentKey),
    meta: { from: req.from },
    onSuccess: () => {
      // The header's coin balance and the download centre change with the charge.
      void queryClient.invalidateQueries({ queryKey: ['user', 'info'] });
      void queryClient.invalidateQueries({ queryKey: ['downloads'] });
    },
    onError: (err) => {
      if (isApiError(err) && GATED.has(err.code)) onClose();
      // Otherwise (network, server error) the user may confirm again with the same key.
      submitted.current = false;
    },
  });

  useEffect(() => {
    const t = setTimeout(() => setSlowCheck(true), SLOW_CHECK_MS);
    return () => clearTimeout(t);
  }, []);

  const charged = generate.isPending || generate.isSuccess;
  useEffect(() => {
    // Once confirmed, the quote no longer decides anything (the balance it showed has been spent).
    if (charged) return;
    // The gate already showed why (login dialog, membership prompt, the '数据为空' warning, ...).
    if (check.isError) onClose();
    if (!quote) return;
    if (quote.rows <= 0) {
      toast(EMPTY_EXPORT_MSG, { tone: 'warning' });
      onClose();
    } else if (!quote.downloadable) {
      openRecharge(req.from, quote.msg);
      onClose();
    }
  }, [charged, check.isError, quote, req.from, onClose]);

  const confirm = () => {
    if (submitted.current) return;
    submitted.current = true;
    generate.mutate();
  };

  const choose = (next: BatchChoice) => {
    if (next === choice) return;
    setChoice(next);
    // Another range is another intent.
    renewKey();
  };

  const onOpenChange = (open: boolean) => !open && onClose();

  if (generate.data) {
    return (
      <Dialog open onOpenChange={onOpenChange} title="导出数据" size="md">
        <ExportProgress created={generate.data} onClose={onClose} />
      </Dialog>
    );
  }

  if (quote && quote.rows > 0 && quote.downloadable) {
    const busy = generate.isPending;
    return (
      <Dialog
        open
        onOpenChange={onOpenChange}
        title="导出数据"
        size="md"
        footer={
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              取消
            </button>
            <button type="button" className="btn btn-primary" onClick={confirm} disabled={busy} aria-busy={busy}>
              {busy ? '提交中…' : '确认导出'}
            </button>
          </>
        }
      >
        <ExportQuoteView quote={quote} subject={req.title} choice={choice} onChoice={choose} busy={busy} />
      </Dialog>
    );
  }

  if (check.isPending && slowCheck) {
    return (
      <Dialog open onOpenChange={onOpenChange} title="导出数据" size="sm">
        <Loading text="正在统计导出数据与费用…" />
      </Dialog>
    );
  }
  return null;
}
