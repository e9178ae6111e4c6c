/** What the download centre shows of a record. */
import type { DownloadRecordRow, RecordStatus } from './records';

export interface DownloadRecordView {
  record_id: number;
  job_id: number;
  kind: string;
  title: string;
  filename: string;
  /** Rows in this file (what was written, once done). */
  rows: number;
  /** 1-based position of the file's first and last row in the export. */
  from: number;
  to: number;
  batch_no: number;
  batches: number;
  status: RecordStatus;
  status_text: string;
  progress: {
    /** This file: rows written / rows, 0-100. */
    percent: number;
    rows_done: number;
    /** The whole export: finished files / files. */
    job_done: number;
    job_failed: number;
    job_batches: number;
    job_percent: number;
  };
  coins: number;
  refunded: boolean;
  attempts: number;
  /** Times the file was sent to the queue again after its work was lost (lease ran out). */
  requeues: number;
  size: number;
  created_at: number;
  done_at: number | null;
  expires_at: number | null;
  /** Streams the xlsx to its owner (Authorization header, or ?token= for a plain link). */
  download_url: string | null;
}

export type RecordForView = DownloadRecordRow & {
  kind: string;
  title: string;
  job_batches: number;
  job_done: number;
  job_failed: number;
};

/** Records with their job's figures, for recordView. Callers add WHERE/ORDER. */
export const RECORD_VIEW_SQL = `SELECT r.*, j.kind, j.title, j.batches AS job_batches,
  (SELECT COUNT(*) FROM download_records d WHERE d.job_id = r.job_id AND d.status IN ('done', 'expired')) AS job_done,
  (SELECT COUNT(*) FROM download_records d WHERE d.job_id = r.job_id AND d.status = 'failed') AS job_failed
  FROM download_records r JOIN export_jobs j ON j.id = r.job_id`;

/**
 * A page of records (`where` and `order` on alias r, then LIMIT ? OFFSET ?) with their job's figures:
 * each job of the page is counted once, not once per record as RECORD_VIEW_SQL's subqueries do.
 */
export const recordPageSql = (where: string, order: string) => `WITH p AS (SELECT * FROM download_records r WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?),
  c AS (SELECT d.job_id, SUM(d.status IN ('done', 'expired')) AS job_done, SUM(d.status = 'failed') AS job_failed
    FROM download_records d WHERE d.job_id IN (SELECT job_id FROM p) GROUP BY d.job_id)
  SELECT pg.*, j.kind, j.title, j.batches AS job_batches, c.job_done, c.job_failed
  FROM p AS pg JOIN export_jobs j ON j.id = pg.job_id JOIN c ON c.job_id = pg.job_id ORDER BY ${order.replace(/\br\./g, 'pg.')}`;

/** A done record past its expiry reads as expired even before the sweep has removed the file. */
export function effectiveStatus(r: Pick<DownloadRecordRow, 'status' | 'expires_at'>, now: number): RecordStatus {
  return r.status === 'done' && r.expires_at !== null && r.expires_at <= now ? 'expired' : r.status;
}

const STATUS_TEXT: Record<RecordStatus, string> = {
  queued: '排队中',
  generating: '生成中',
  done: '已完成',
  failed: '生成失败',
  expired: '文件已过期',
};

export function recordView(r: RecordForView, now = Date.now()): DownloadRecordView {
  const status = effectiveStatus(r, now);
  const rows = r.status === 'done' || r.status === 'expired' ? r.rows_done : r.rows;
  const percent = status === 'done' || status === 'expired' ? 100 : r.rows > 0 ? Math.floor((100 * r.rows_done) / r.rows) : 0;
  const jobDone = r.job_done;
  let statusText = STATUS_TEXT[status];
  if (status === 'failed') statusText = r.refunded_at ? `生成失败，已退还 ${r.coins} 桔子币` : r.coins > 0 ? '生成失败，退款处理中' : '生成失败';
  if (status === 'queued' && r.requeues > 0) statusText = `重新排队中（第 ${r.requeues} 次）`;
  else if (status === 'queued' && r.attempts > 0) statusText = `生成出错，第 ${r.attempts + 1} 次重试排队中`;
  return {
    record_id: r.id,
    job_id: r.job_id,
    kind: r.kind,
    title: r.title,
    filename: r.filename,
    rows,
    from: r.offset + 1,
    to: r.offset + r.rows,
    batch_no: r.batch_no,
    batches: r.job_batches,
    status,
    status_text: statusText,
    progress: {
      percent,
      rows_done: r.rows_done,
      job_done: jobDone,
      job_failed: r.job_failed,
      job_batches: r.job_batches,
      job_percent: r.job_batches > 0 ? Math.floor((100 * jobDone) / r.job_batches) : 0,
    },
    coins: r.coins,
    refunded: r.refunded_at !== null,
    attempts: r.attempts,
    requeues: r.requeues,
    size: r.size,
    created_at: r.created_at,
    done_at: r.done_at,
    expires_at: r.expires_at,
    download_url: status === 'done' ? `/api/downloads/${r.id}/file` : null,
  };
}
