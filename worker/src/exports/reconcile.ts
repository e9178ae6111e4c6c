/**
 * The export reconciler: finds queued / generating download records whose lease ran out (nothing
 * touched them for LEASE_MS: the message was lost between the D1 commit and the send, the local
 * in-memory queue died with the stack, or the attempt's isolate crashed) and sends them to the
 * queue again, or, past their bounds, fails them and refunds once. Runs on RECONCILE_CRON, once at
 * `npm start` (BOOT_CRON), for the dead-letter queue's messages, and for a job whose generate call
 * is retried with the same Idempotency-Key.
 */
import { and, asc, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import { downloadRecords as d, drizzleDb } from '../db';
import type { Db, Env } from '../env';
import { LEASE_MS, MAX_ATTEMPTS, MAX_REQUEUES } from './lease';
import { failRecord, requeueRecord, type DownloadRecordRow } from './records';

type LeaseRow = Pick<DownloadRecordRow, 'id' | 'status' | 'attempts' | 'requeues' | 'touched_at'>;

export interface ReconcileResult {
  /** Records sent to the queue again. */
  resent: number[];
  /** Records past their attempts or re-sends, now failed with their refund made (by this run, or already by an overlapping one). */
  failed: number[];
}

const CHUNK = 200;
/** One run handles at most this many records; the next run (minutes later) takes the rest. */
const MAX_PER_RUN = 5000;
const LEASE_COLS = { id: d.id, status: d.status, attempts: d.attempts, requeues: d.requeues, touched_at: d.touchedAt };
const pending = inArray(d.status, ['queued', 'generating']);

/** The failure text kept on the record (the download centre shows the refund, not this). */
export const STRANDED_ERROR = '多次重试后仍未生成';

/**
 * Decides one stranded record: fail and refund past its bounds, otherwise queue it again.
 * Both are compare-and-sets on what was read, so overlapping runs act once.
 */
async function settle(db: Db, r: LeaseRow, now: number, out: ReconcileResult) {
  if (r.attempts >= MAX_ATTEMPTS || r.requeues >= MAX_REQUEUES) {
    const failed = await failRecord(db, r.id, STRANDED_ERROR, now, r);
    if (failed) out.failed.push(r.id);
  } else if (await requeueRecord(db, r, now)) {
    out.resent.push(r.id);
  }
}

/** Sends the re-queued records' messages. A lost send is no loss: the record's fresh lease runs out and it is re-sent. */
async function send(env: Env, ids: number[]) {
  for (let i = 0; i < ids.length; i += 100) {
    try {
      await env.EXPORT_QUEUE.sendBatch(ids.slice(i, i + 100).map((recordId) => ({ body: { recordId } })));
    } catch (err) {
      console.error('export reconciler: send failed, the records are re-sent when their lease runs out again', ids.slice(i, i + 100), err);
    }
  }
}

/**
 * Reconciles every record whose lease ran out by `cutoff` (default: LEASE_MS before now).
 * `cutoff: now` voids every lease taken before now (the local stack's boot).
 */
export async function reconcileExports(env: Env, opts: { now?: number; cutoff?: number } = {}): Promise<ReconcileResult> {
  const db = drizzleDb(env.DB);
  const now = opts.now ?? Date.now();
  const cutoff = opts.cutoff ?? now - LEASE_MS;
  const out: ReconcileResult = { resent: [], failed: [] };
  let afterId = 0;
  let seen = 0;
  // Keyset over (touched_at <= cutoff, id): rows this run changes get a newer touched_at or leave
  // the pending states, and rows whose compare-and-set lost are skipped by the id cursor.
  while (seen < MAX_PER_RUN) {
    const results = await db
      .select(LEASE_COLS)
      .from(d)
      .where(and(pending, lte(d.touchedAt, cutoff), gt(d.id, afterId)))
      .orderBy(asc(d.id))
      .limit(CHUNK);
    for (const r of results) await settle(db, r, now, out);
    seen += results.length;
    if (results.length < CHUNK) break;
    afterId = results[results.length - 1].id;
  }
  await send(env, out.resent);
  if (out.resent.length || out.failed.length) console.log(`export reconciler: re-sent ${out.resent.length}, failed with refund ${out.failed.length}`);
  return out;
}

async function reconcileWhere(env: Env, where: SQL, now: number): Promise<ReconcileResult> {
  const db = drizzleDb(env.DB);
  const out: ReconcileResult = { resent: [], failed: [] };
  const results = await db
    .select(LEASE_COLS)
    .from(d)
    .where(and(where, pending, lte(d.touchedAt, now - LEASE_MS)));
  for (const r of results) await settle(db, r, now, out);
  await send(env, out.resent);
  return out;
}

/** One record, if its lease ran out (a dead-lettered message). */
export const reconcileRecord = (env: Env, recordId: number, now = Date.now()) => reconcileWhere(env, eq(d.id, recordId), now);

/** The records of one export job whose lease ran out: the nudge of a retried generate call. */
export const reconcileJob = (env: Env, jobId: number, now = Date.now()) => reconcileWhere(env, eq(d.jobId, jobId), now);
