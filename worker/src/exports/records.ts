/**
 * Download records through their life: queued -> generating -> done -> expired, or failed (refunded).
 * Shared by the API worker (queueing, sweeps) and the export worker (building files).
 */
import { credit } from '../coins';

/** How long a finished file is kept (the download centre says so). */
export const FILE_TTL_MS = 7 * 24 * 3600 * 1000;

export type RecordStatus = 'queued' | 'generating' | 'done' | 'failed' | 'expired';

export interface DownloadRecordRow {
  id: number;
  job_id: number;
  user_id: number;
  batch_no: number;
  offset: number;
  rows: number;
  rows_done: number;
  filename: string;
  status: RecordStatus;
  coins: number;
  attempts: number;
  r2_key: string;
  size: number;
  error: string;
  created_at: number;
  done_at: number | null;
  refunded_at: number | null;
  expires_at: number | null;
}

export interface RecordWithJob extends DownloadRecordRow {
  kind: string;
  title: string;
  params: string;
}

export const r2KeyOf = (userId: number, recordId: number) => `exports/${userId}/${recordId}.xlsx`;

export function loadRecord(d1: D1Database, recordId: number): Promise<RecordWithJob | null> {
  return d1
    .prepare('SELECT r.*, j.kind, j.title, j.params FROM download_records r JOIN export_jobs j ON j.id = r.job_id WHERE r.id = ?')
    .bind(recordId)
    .first<RecordWithJob>();
}

/** Claims the record for an attempt; false when it is already finished (a redelivered message). */
export async function markGenerating(d1: D1Database, recordId: number): Promise<boolean> {
  const r = await d1
    .prepare("UPDATE download_records SET status = 'generating', attempts = attempts + 1, rows_done = 0 WHERE id = ? AND status IN ('queued', 'generating')")
    .bind(recordId)
    .run();
  return r.meta.changes === 1;
}

export function markProgress(d1: D1Database, recordId: number, rowsDone: number) {
  return d1.prepare("UPDATE download_records SET rows_done = ? WHERE id = ? AND status = 'generating'").bind(rowsDone, recordId).run();
}

export function markDone(d1: D1Database, recordId: number, file: { r2Key: string; size: number; rows: number }, now = Date.now()) {
  return d1
    .prepare(
      `UPDATE download_records SET status = 'done', r2_key = ?, size = ?, rows_done = ?, error = '', done_at = ?, expires_at = ?
       WHERE id = ? AND status IN ('queued', 'generating')`,
    )
    .bind(file.r2Key, file.size, file.rows, now, now + FILE_TTL_MS, recordId)
    .run();
}

/** Back to the queue after a failed attempt; the message is retried with backoff. */
export function markRetrying(d1: D1Database, recordId: number, error: string) {
  return d1
    .prepare("UPDATE download_records SET status = 'queued', error = ? WHERE id = ? AND status IN ('queued', 'generating')")
    .bind(error.slice(0, 500), recordId)
    .run();
}

/**
 * Marks the record failed and refunds its coins. Safe to repeat: the refund's idempotency key
 * is the record, so a redelivered message, the dead-letter consumer and the sweep refund once
 * between them. A record that got done meanwhile is left alone.
 */
export async function failRecord(d1: D1Database, recordId: number, error: string, now = Date.now()): Promise<{ refunded: number } | null> {
  const row = await d1
    .prepare(
      `UPDATE download_records SET status = 'failed', error = ? WHERE id = ? AND status IN ('queued', 'generating', 'failed')
       RETURNING user_id, coins`,
    )
    .bind(error.slice(0, 500), recordId)
    .first<{ user_id: number; coins: number }>();
  if (!row) return null;
  if (row.coins <= 0) return { refunded: 0 };
  await credit(
    d1,
    { userId: row.user_id, amount: row.coins, reason: 'refund', refType: 'download_record', refId: recordId, idempotencyKey: `refund:record:${recordId}` },
    (guard) => [d1.prepare(`UPDATE download_records SET refunded_at = ? WHERE id = ? AND ${guard.sql}`).bind(now, recordId, ...guard.params)],
  );
  return { refunded: row.coins };
}
