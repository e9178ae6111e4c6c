/**
 * Download records through their life: queued -> generating -> done -> expired, or failed (refunded);
 * generating -> queued again after a failed attempt or when the reconciler re-sends a record whose
 * lease ran out (lease.ts). Every change of state by an attempt is a compare-and-set on the attempt
 * number it claimed, so a late or duplicate attempt can never undo or repeat another's work.
 * Shared by the API worker (queueing, reconciler, sweeps) and the export worker (building files).
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
  touched_at: number;
  requeues: number;
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

/**
 * Claims the record for a new attempt: a compare-and-set on the state and attempt number the
 * delivery read, so of two deliveries of one record (a redelivery, a re-send after the lease ran
 * out) exactly one starts an attempt. A generating record is taken over only once its lease ran
 * out. Returns the attempt number (the record's `attempts` after the claim), or null when the
 * record was not free.
 */
export async function claimRecord(
  d1: D1Database,
  seen: Pick<DownloadRecordRow, 'id' | 'attempts'>,
  opts: { now?: number; leaseMs: number; maxAttempts: number },
): Promise<number | null> {
  const now = opts.now ?? Date.now();
  const row = await d1
    .prepare(
      `UPDATE download_records SET status = 'generating', attempts = attempts + 1, rows_done = 0, touched_at = ?
       WHERE id = ? AND attempts = ? AND attempts < ? AND (status = 'queued' OR (status = 'generating' AND touched_at <= ?))
       RETURNING attempts`,
    )
    .bind(now, seen.id, seen.attempts, opts.maxAttempts, now - opts.leaseMs)
    .first<{ attempts: number }>();
  return row?.attempts ?? null;
}

/**
 * Renews the lease of a running attempt and records its progress. False when the attempt no longer
 * holds the record (another delivery claimed it after the lease ran out, or it is finished): the
 * attempt must then stop without writing anything. A record the reconciler sent again while this
 * attempt was in fact alive is taken back (status generating), so the re-sent message finds a live
 * lease and leaves it to this attempt.
 */
export async function renewLease(d1: D1Database, recordId: number, attempt: number, rowsDone: number, now = Date.now()): Promise<boolean> {
  const r = await d1
    .prepare(
      `UPDATE download_records SET status = 'generating', rows_done = ?, touched_at = ?
       WHERE id = ? AND attempts = ? AND status IN ('queued', 'generating')`,
    )
    .bind(rowsDone, now, recordId, attempt)
    .run();
  return r.meta.changes === 1;
}

/** Finishes the attempt's record; false when the attempt had lost it (its file, at the same key, is then just a rewrite). */
export async function markDone(
  d1: D1Database,
  recordId: number,
  attempt: number,
  file: { r2Key: string; size: number; rows: number },
  now = Date.now(),
): Promise<boolean> {
  const r = await d1
    .prepare(
      `UPDATE download_records SET status = 'done', r2_key = ?, size = ?, rows_done = ?, error = '', done_at = ?, expires_at = ?, touched_at = ?
       WHERE id = ? AND attempts = ? AND status IN ('queued', 'generating')`,
    )
    .bind(file.r2Key, file.size, file.rows, now, now + FILE_TTL_MS, now, recordId, attempt)
    .run();
  return r.meta.changes === 1;
}

/** Back to the queue after a failed attempt (the message is retried with backoff); only by the attempt that holds the record. */
export async function markRetrying(d1: D1Database, recordId: number, attempt: number, error: string, now = Date.now()): Promise<boolean> {
  const r = await d1
    .prepare(
      `UPDATE download_records SET status = 'queued', error = ?, touched_at = ?
       WHERE id = ? AND attempts = ? AND status IN ('queued', 'generating')`,
    )
    .bind(error.slice(0, 500), now, recordId, attempt)
    .run();
  return r.meta.changes === 1;
}

/** What a caller saw of the record; failRecord and requeueRecord change it only if it is still so. */
export type SeenLease = Pick<DownloadRecordRow, 'attempts'> & Partial<Pick<DownloadRecordRow, 'touched_at' | 'status'>>;

/**
 * Sends a record whose lease ran out back to the queue: queued again, one more re-send, a fresh
 * lease. A compare-and-set on what the reconciler read (state, attempt, last touch), so two
 * overlapping reconciler runs re-send it once, and an attempt that touched it meanwhile keeps it.
 */
export async function requeueRecord(d1: D1Database, seen: Pick<DownloadRecordRow, 'id' | 'status' | 'attempts' | 'touched_at'>, now = Date.now()): Promise<boolean> {
  const r = await d1
    .prepare(
      `UPDATE download_records SET status = 'queued', requeues = requeues + 1, touched_at = ?
       WHERE id = ? AND status = ? AND attempts = ? AND touched_at = ?`,
    )
    .bind(now, seen.id, seen.status, seen.attempts, seen.touched_at)
    .run();
  return r.meta.changes === 1;
}

/**
 * Marks the record failed and refunds its coins. Safe to repeat: the refund's idempotency key
 * is the record, so a redelivered message, the dead-letter consumer, overlapping reconciler runs
 * and the sweep refund once between them (a failed record whose refund did not happen yet gets it
 * now). A record that got done meanwhile is left alone; with `seen`, so is one that another
 * attempt claimed or touched since the caller read it.
 */
export async function failRecord(
  d1: D1Database,
  recordId: number,
  error: string,
  now = Date.now(),
  seen?: SeenLease,
): Promise<{ refunded: number } | null> {
  const cas: string[] = [];
  const casParams: unknown[] = [];
  if (seen) {
    cas.push('attempts = ?');
    casParams.push(seen.attempts);
    if (seen.touched_at !== undefined) {
      cas.push('touched_at = ?');
      casParams.push(seen.touched_at);
    }
    if (seen.status !== undefined) {
      cas.push('status = ?');
      casParams.push(seen.status);
    }
  }
  const pending = ["status IN ('queued', 'generating')", ...cas].join(' AND ');
  const row = await d1
    .prepare(
      `UPDATE download_records SET error = CASE WHEN status = 'failed' THEN error ELSE ? END, status = 'failed', touched_at = ?
       WHERE id = ? AND (status = 'failed' OR (${pending}))
       RETURNING user_id, coins`,
    )
    .bind(error.slice(0, 500), now, recordId, ...casParams)
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
