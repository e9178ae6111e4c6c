import { totalText } from '../../lib/format';
import { Dialog } from '../../ui/Dialog';
import { CLOSURE_DOWN_KINDS } from '../../../../worker/src/closure/constants';
import { BATCH_SIZE } from '../../../../worker/src/exports/constants';
import { openExport } from '../exports/store';
import type { ClosureFilterValues } from './ClosureFilterBar';
import './batch-download-dialog.css';

export const BATCH_HINT = '分批下载；若下载失败，请等待五分钟后到个人下载中心获取文件';

/** '1-2000', '2001-4000', …, the last one ending at `total`. */
export function batchRanges(total: number): { page: number; label: string; from: number; to: number }[] {
  const out = [];
  for (let page = 1; (page - 1) * BATCH_SIZE < total; page++) {
    const from = (page - 1) * BATCH_SIZE + 1;
    const to = Math.min(page * BATCH_SIZE, total);
    out.push({ page, from, to, label: `${from}-${to}` });
  }
  return out;
}

export interface BatchDownloadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Rows of the list under `filters` (the list's page.total). */
  total: number;
  filters: ClosureFilterValues;
}

/**
 * '下载全部数据' of the closed-company list past 2000 rows: one button per 2000-row file ('1-2000',
 * '2001-4000', …) with the batch hint (up to 2000 rows the page opens the export dialog directly). Each button
 * hands that slice (closure_down down_type 0: the filters + page + per_page 2000) to the shared
 * export dialog, which checks the cost, charges and builds the file.
 */
export function BatchDownloadDialog({ open, onOpenChange, total, filters }: BatchDownloadDialogProps) {
  const batches = batchRanges(total);
  const download = (b: (typeof batches)[number]) => {
    onOpenChange(false);
    // The worker names the batch ('死亡公司数据（第2001-4000条）'): its check titles the dialog, the
    // progress step, the file and its download record alike.
    openExport({ kind: CLOSURE_DOWN_KINDS[0], params: { ...filters, page: b.page, per_page: BATCH_SIZE }, from: 'deathCompany' });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="下载全部数据"
      description={batches.length > 1 ? BATCH_HINT : `${totalText(total, '条数据')}，将生成一个 Excel 文件`}
      size="sm"
    >
      <div className="batch-buttons">
        {batches.map((b) => (
          <button key={b.page} type="button" className="btn btn-ghost" onClick={() => download(b)}>
            {b.label}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
