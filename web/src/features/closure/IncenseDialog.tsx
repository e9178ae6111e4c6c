import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { INCENSE_MAX } from '../../../../worker/src/closure/constants';
import { openRecharge } from '../../lib/gate';
import { useIntentKey } from '../../lib/intent';
import { Dialog } from '../../ui/Dialog';
import { coinsQueryOptions } from '../coins/queries/balance';
import { addIncense, incenseKeys, type IncenseResult, type IncenseType } from './queries/incense';
import './incense-dialog.css';

/** Preset stick counts; the fourth option is a custom amount (spec §4, §9). */
export const INCENSE_OPTIONS = [1, 3, 10] as const;
export const INCENSE_DEFAULT = 10;
export const INCENSE_CUSTOM_DEFAULT = 88;
export const NO_AMOUNT_MSG = '请选择上香数量';
const NOTICE_MS = 2000;

type Choice = (typeof INCENSE_OPTIONS)[number] | 'custom';

export interface IncenseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 1 = a closed company, 2 = a closing reason (second-level). */
  type: IncenseType;
  itemId: number;
  /** Shown in the title: 为「{itemName}」上香. */
  itemName?: string;
  /** The area for /order?from=<from> when the user must recharge, e.g. 'deathCompany'. */
  from: string;
  /** After the worker accepted the offering (the dialog has closed itself). */
  onLit: (result: IncenseResult, amount: number) => void;
}

/**
 * Choose 1, 3, 10 or a custom number of sticks (1 coin each) and confirm. The balance is read
 * first; a short balance turns into the recharge confirm instead of a request. Its content is
 * mounted only while open, so every opening starts from the defaults with a fresh Idempotency-Key.
 * IncenseButton opens it; use it directly only for another trigger.
 */
export function IncenseDialog({ open, onOpenChange, type, itemId, itemName, from, onLit }: IncenseDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={itemName ? `为「${itemName}」上香` : '上香'} size="sm">
      {open && <IncenseForm type={type} itemId={itemId} from={from} onClose={() => onOpenChange(false)} onLit={onLit} />}
    </Dialog>
  );
}

function IncenseForm({ type, itemId, from, onClose, onLit }: Omit<IncenseDialogProps, 'open' | 'onOpenChange' | 'itemName'> & { onClose: () => void }) {
  const queryClient = useQueryClient();
  const coins = useQuery(coinsQueryOptions());
  // One key for this opening: a double click or a retry of the same confirmation charges once.
  const [intentKey] = useIntentKey();
  const [choice, setChoice] = useState<Choice>(INCENSE_DEFAULT);
  const [custom, setCustom] = useState(String(INCENSE_CUSTOM_DEFAULT));
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<number | undefined>(undefined);
  const customRef = useRef<HTMLInputElement>(null);
  // isPending arrives with the next render; a double click must not reach the worker twice.
  const sending = useRef(false);
  const name = useId();

  useEffect(() => () => window.clearTimeout(noticeTimer.current), []);

  const light = useMutation({
    mutationFn: (amount: number) => addIncense({ type, itemId, amount, key: intentKey }),
    meta: { from },
    onError: () => {
      sending.current = false;
    },
    onSuccess: (result, amount) => {
      // The header's balance and every incense figure of the area change.
      void queryClient.invalidateQueries({ queryKey: ['user'] });
      void queryClient.invalidateQueries({ queryKey: incenseKeys.records(type, itemId) });
      void queryClient.invalidateQueries({ queryKey: incenseKeys.top() });
      onClose();
      onLit(result, amount);
    },
  });

  const showNotice = (msg: string) => {
    setNotice(msg);
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(() => setNotice(null), NOTICE_MS);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sending.current) return;
    const amount = choice === 'custom' ? Number(custom.trim() === '' ? Number.NaN : custom) : choice;
    if (!Number.isFinite(amount) || amount <= 0) return showNotice(NO_AMOUNT_MSG);
    if (!Number.isInteger(amount)) return showNotice('上香数量必须是整数');
    if (amount > INCENSE_MAX) return showNotice(`单次上香最多${INCENSE_MAX}炷`);
    const balance = coins.data?.juzibtc;
    if (balance === undefined) return;
    if (amount > balance) {
      onClose();
      openRecharge(from, `上香 ${amount} 炷需要 ${amount} 桔子币，当前余额 ${balance} 桔子币，请先充值`);
      return;
    }
    sending.current = true;
    light.mutate(amount);
  };

  return (
    <form className="incense-form" onSubmit={submit} noValidate>
      <fieldset className="incense-options">
        <legend>上香数量（1 桔子币 = 1 炷香）</legend>
        {INCENSE_OPTIONS.map((n) => (
          <label key={n} className={`incense-option${choice === n ? ' is-checked' : ''}`}>
            <input type="radio" name={name} value={n} checked={choice === n} onChange={() => setChoice(n)} />
            {n} 炷
          </label>
        ))}
        <label className={`incense-option${choice === 'custom' ? ' is-checked' : ''}`}>
          <input
            type="radio"
            name={name}
            value="custom"
            checked={choice === 'custom'}
            onChange={() => {
              setChoice('custom');
              // Let the user type the number right away.
              requestAnimationFrame(() => customRef.current?.select());
            }}
          />
          自定义
        </label>
      </fieldset>
      {choice === 'custom' && (
        <label className="incense-custom">
          自定义数量
          <input
            ref={customRef}
            type="number"
            inputMode="numeric"
            min={1}
            max={INCENSE_MAX}
            step={1}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
          炷
        </label>
      )}
      <p className="incense-balance">
        {coins.isPending ? '正在获取桔子币余额…' : coins.isError ? '余额获取失败' : <>当前余额：<b>{coins.data.juzibtc}</b> 桔子币</>}
      </p>
      {notice && (
        <p className="incense-notice" role="alert">
          {notice}
        </p>
      )}
      <div className="incense-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          取消
        </button>
        <button type="submit" className="btn btn-primary" disabled={coins.data === undefined || light.isPending}>
          {light.isPending ? '上香中…' : '确认上香'}
        </button>
      </div>
    </form>
  );
}
