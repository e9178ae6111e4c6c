/**
 * Download records through their life: queued -> generating -> done -> expired, or failed (refunded);
 * generating -> queued again after a failed attempt or when the reconciler re-sends a record whose
 * lease ran out (lease.ts). Every change of state by an attempt is a compare-and-set on the attempt
 * number it claimed, so a late or duplicate attempt can never undo or repeat another's work.
 * Shared by the API worker (queueing, reconciler, sweeps) and the export worker (building files).
 */
import { and, eq, getTableColumns, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { credit } from '../coins';
import { downloadRecords as r, exportJobs as j } from '../db';
import type { Db } from '../env';

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

/** Every column of download_records, keyed by its SQL name (the rows the views and the export worker read). */
export const recordColumns = Object.fromEntries(Object.values(getTableColumns(r)).map((c) => [c.name, c]));

export async function loadRecord(db: Db, recordId: number): Promise<RecordWithJob | null> {
  const row = await db
    .select({ ...recordColumns, kind: j.kind, title: j.title, params: j.params })
    .from(r)
    .innerJoin(j, eq(j.id, r.jobId))
    .where(eq(r.id, recordId))
    .get();
  return (row as RecordWithJob | undefined) ?? null;
}

/** Still held by an attempt (not finished, not failed). */
const running = inArray(r.status, ['queued', 'generating']);

/**
 * Claims the record for a new attempt: a compare-and-set on the state and attempt number the
 * delivery read, so of two deliveries of one record (a redelivery, a re-send after the lease ran
 * out) exactly one starts an attempt. A generating record is taken over only once its lease ran
 * out. Returns the attempt number (the record's `attempts` after the claim), or null when the
 * record was not free.
 */
export async function claimRecord(
  db: Db,
  seen: Pick<DownloadRecordRow, 'id' | 'attempts'>,
  opts: { now?: number; leaseMs: number; maxAttempts: number },
): Promise<number | null> {
  const now = opts.now ?? Date.now();
  const row = await db
    .update(r)
    // `sql`: arithmetic on a column in SET has no builder form.
    .set({ status: 'generating', attempts: sql`${r.attempts} + 1`, rowsDone: 0, touchedAt: now })
    .where(
      and(
        eq(r.id, seen.id),
        eq(r.attempts, seen.attempts),
        lt(r.attempts, opts.maxAttempts),
        or(eq(r.status, 'queued'), and(eq(r.status, 'generating'), lte(r.touchedAt, now - opts.leaseMs))),
      ),
    )
    .returning({ attempts: r.attempts })
    .get();
  return row?.attempts ?? null;
}

/**
 * Renews the lease of a running attempt and records its progress. False when the attempt no longer
 * holds the record (another delivery claimed it after the lease ran out, or it is finished): the
 * attempt must then stop without writing anything. A record the reconciler sent again while this
 * attempt was in fact alive is taken back (status generating), so the re-sent message finds a live
 * lease and leaves it to this attempt.
 */
export async function renewLease(db: Db, recordId: number, attempt: number, rowsDone: number, now = Date.now()): Promise<boolean> {
  const res = await db
    .update(r)
    .set({ status: 'generating', rowsDone, touchedAt: now })
    .where(and(eq(r.id, recordId), eq(r.attempts, attempt), running))
    .run();
  return res.meta.changes === 1;
}

/** Finishes the attempt's record; false when the attempt had lost it (its file, at the same key, is then just a rewrite). */
export async function markDone(
  db: Db,
  recordId: number,
  attempt: number,
  file: { r2Key: string; size: number; rows: number },
  now = Date.now(),
): Promise<boolean> {
  const res = await db
    .update(r)
    .set({ status: 'done', r2Key: file.r2Key, size: file.size, rowsDone: file.rows, error: '', doneAt: now, expiresAt: now + FILE_TTL_MS, touchedAt: now })
    .where(and(eq(r.id, recordId), eq(r.attempts, attempt), running))
    .run();
  return res.meta.changes === 1;
}

/** Back to the queue after a failed attempt (the message is retried with backoff); only by the attempt that holds the record. */
export async function markRetrying(db: Db, recordId: number, attempt: number, error: string, now = Date.now()): Promise<boolean> {
  const res = await db
    .update(r)
    .set({ status: 'queued', error: error.slice(0, 500), touchedAt: now })
    .where(and(eq(r.id, recordId), eq(r.attempts, attempt), running))
    .run();
  return res.meta.changes === 1;
}

/** What a caller saw of the record; failRecord and requeueRecord change it only if it is still so. */
export type SeenLease = Pick<DownloadRecordRow, 'attempts'> & Partial<Pick<DownloadRecordRow, 'touched_at' | 'status'>>;

/**
 * Sends a record whose lease ran out back to the queue: queued again, one more re-send, a fresh
 * lease. A compare-and-set on what the reconciler read (state, attempt, last touch), so two
 * overlapping reconciler runs re-send it once, and an attempt that touched it meanwhile keeps it.
 */
export async function requeueRecord(db: Db, seen: Pick<DownloadRecordRow, 'id' | 'status' | 'attempts' | 'touched_at'>, now = Date.now()): Promise<boolean> {
  const res = await db
    .update(r)
    // `sql`: arithmetic on a column in SET has no builder form.
    .set({ status: 'queued', requeues: sql`${r.requeues} + 1`, touchedAt: now })
    .where(and(eq(r.id, seen.id), eq(r.status, seen.status), eq(r.attempts, seen.attempts), eq(r.touchedAt, seen.touched_at)))
    .run();
  return res.meta.changes === 1;
}

/**
 * Marks the record failed and refunds its coins. Safe to repeat: the refund's idempotency key
 * is the record, so a redelivered message, the dead-letter consumer, overlapping reconciler runs
 * and the sweep refund once between them (a failed record whose refund did not happen yet gets it
 * now). A record that got done meanwhile is left alone; with `seen`, so is one that another
 * attempt claimed or touched since the caller read it.
 */
export async function failRecord(
  db: Db,
  recordId: number,
  error: string,
  now = Date.now(),
  seen?: SeenLease,
): Promise<{ refunded: number } | null> {
  const cas: (SQL | undefined)[] = seen
    ? [eq(r.attempts, seen.attempts), seen.touched_at !== undefined ? eq(r.touchedAt, seen.touched_at) : undefined, seen.status !== undefined ? eq(r.status, seen.status) : undefined]
    : [];
  const row = await db
    .update(r)
    // `sql`: a failed record keeps its first error, a CASE the builder cannot write.
    .set({ error: sql`CASE WHEN ${r.status} = 'failed' THEN ${r.error} ELSE ${error.slice(0, 500)} END`, status: 'failed', touchedAt: now })
    .where(and(eq(r.id, recordId), or(eq(r.status, 'failed'), and(running, ...cas))))
    .returning({ user_id: r.userId, coins: r.coins })
    .get();
  if (!row) return null;
  if (row.coins <= 0) return { refunded: 0 };
  await credit(
    db,
    { userId: row.user_id, amount: row.coins, reason: 'refund', refType: 'download_record', refId: recordId, idempotencyKey: `refund:record:${recordId}` },
    (guard) => [
      db
        .update(r)
        .set({ refundedAt: now })
        .where(and(eq(r.id, recordId), guard)),
    ],
  );
  return { refunded: row.coins };
}
