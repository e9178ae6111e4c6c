import { formatDateTime } from '#shared/dates';
import { DOWNLOAD_STATUS, RETENTION_DAYS } from '../../../../worker/src/exports/constants';
import type { DownloadRecord } from './queries';

/** The download centre's status words. The server's status_text adds detail (retries, refunded coins). */
export function statusLabel(r: Pick<DownloadRecord, 'status' | 'refunded' | 'requeues' | 'status_text'>): string {
  if (r.status === 'failed') return `${DOWNLOAD_STATUS.failed}${r.refunded ? '（已退款）' : '（退款处理中）'}`;
  // Sent to the queue again after its work was lost (the stack stopped, a message went missing):
  // the server's '重新排队中（第 N 次）' says so, and that the file is still on its way.
  if (r.status === 'queued' && r.requeues > 0) return r.status_text;
  return DOWNLOAD_STATUS[r.status];
}

/** How long the file is kept: RETENTION_DAYS (the spec's 7 days) from when it was made. */
export function retentionText(r: Pick<DownloadRecord, 'status' | 'expires_at'>): string {
  if (r.status === 'done' && r.expires_at) return `文件保留${RETENTION_DAYS}天，至 ${formatDateTime(r.expires_at)}`;
  if (r.status === 'queued' || r.status === 'generating') return `生成后保留${RETENTION_DAYS}天`;
  if (r.status === 'expired') return `文件已过期（保留${RETENTION_DAYS}天）`;
  return '—';
}

/** '第 2/3 批' for a job of several files; '' for a one-file export. */
export const batchText = (r: Pick<DownloadRecord, 'batch_no' | 'batches'>) => (r.batches > 1 ? `第 ${r.batch_no}/${r.batches} 批` : '');

/** The progress figure: this file's percent while it is being written, and the job's 'X/Y 批' for several files. */
export function progressText(r: DownloadRecord): string {
  const job = r.batches > 1 ? `整体 ${r.progress.job_done}/${r.progress.job_batches} 批` : '';
  if (r.status === 'generating') return [`${r.progress.percent}%`, job].filter(Boolean).join(' · ');
  if (r.status === 'queued') return job || '0%';
  if (r.status === 'done') return job || '100%';
  return job;
}
