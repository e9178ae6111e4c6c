/**
 * The export queue's consumer: one message = one download record = one xlsx file.
 * Nothing here trusts a message to arrive once, or at all (worker/src/exports/lease.ts):
 * - a delivery starts an attempt only by claiming the record (compare-and-set on state and
 *   attempt); a finished or failed record, or one whose live lease another attempt holds, is acked;
 * - every state change of the attempt is conditional on its attempt number, so an attempt that
 *   lost the record (its lease ran out and the reconciler's re-send was claimed) changes nothing;
 *   its late R2 write lands on the record's own key;
 * - every D1 and R2 call runs under a time limit, and the messages of a batch run side by side,
 *   so one stuck file holds back neither the other files of its batch nor, for longer than the
 *   limit, the queue;
 * - the refund of a failed record is keyed by the record (once, whoever fails it).
 * Lost messages are the reconciler's (worker/src/exports/reconcile.ts).
 */
import { drizzleDb } from '../../worker/src/db';
import type { Env, ExportMessage } from '../../worker/src/env';
import { backoffSeconds, LEASE_MS, MAX_ATTEMPTS } from '../../worker/src/exports/lease';
import { reconcileRecord, STRANDED_ERROR } from '../../worker/src/exports/reconcile';
import { claimRecord, failRecord, loadRecord, markDone, markRetrying } from '../../worker/src/exports/records';
import { buildRecordFile, Superseded } from './build';
import { LIMITS, within, type Limits } from './timeout';

export const DEAD_LETTER_QUEUE = 'juzi-exports-dlq';

const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);

async function handle(msg: Message<ExportMessage>, env: Env, limits: Limits): Promise<void> {
  const recordId = msg.body?.recordId;
  if (!Number.isSafeInteger(recordId)) {
    console.error('export message without a record id', msg.id);
    msg.ack();
    return;
  }
  const d1 = <T>(label: string, call: Promise<T>) => within(limits, 'd1', label, call);
  const db = drizzleDb(env.DB);
  const record = await d1('load record', loadRecord(db, recordId));
  if (!record || record.status === 'done' || record.status === 'expired') {
    msg.ack();
    return;
  }
  if (record.status === 'failed') {
    // A delivery after the record failed: make sure the refund happened (once), nothing else.
    await d1('refund check', failRecord(db, recordId, record.error || STRANDED_ERROR));
    msg.ack();
    return;
  }
  const now = Date.now();
  if (record.status === 'generating' && record.touched_at > now - LEASE_MS) {
    // Another attempt holds a live lease (a duplicate or redelivered message): leave the record to
    // it. If that attempt dies, its lease runs out and the reconciler sends the record again.
    msg.ack();
    return;
  }
  if (record.attempts >= MAX_ATTEMPTS) {
    // Its last attempt died without an answer: fail and refund, unless another delivery moved it meanwhile.
    await d1('fail record', failRecord(db, recordId, record.error || STRANDED_ERROR, now, record));
    msg.ack();
    return;
  }
  const attempt = await d1('claim record', claimRecord(db, record, { now, leaseMs: LEASE_MS, maxAttempts: MAX_ATTEMPTS }));
  if (attempt === null) {
    // Another delivery claimed it between our read and our claim.
    msg.ack();
    return;
  }
  try {
    const file = await buildRecordFile(env, record, attempt, limits);
    // False when a later attempt took the record while this one wrote: the file at the record's
    // key is the same export either way, and nothing is charged or refunded here.
    if (!(await d1('mark done', markDone(db, recordId, attempt, file)))) await dropIfFailed(env, recordId, file.r2Key, limits);
    msg.ack();
  } catch (err) {
    if (err instanceof Superseded) {
      msg.ack();
      return;
    }
    console.error('export build failed', recordId, 'attempt', attempt, err);
    if (attempt < MAX_ATTEMPTS) {
      // Not held any more (a re-send was claimed meanwhile): that attempt carries on, this message is done.
      const held = await d1('mark retrying', markRetrying(db, recordId, attempt, describe(err))).catch((e) => {
        console.error('mark retrying failed', recordId, e);
        return true;
      });
      if (held) msg.retry({ delaySeconds: backoffSeconds(attempt) });
      else msg.ack();
    } else {
      // If this throws, the message is retried; its next delivery finds the attempts used up and fails the record.
      await d1('fail record', failRecord(db, recordId, describe(err), Date.now(), { attempts: attempt }));
      msg.ack();
    }
  }
}

/**
 * A late attempt wrote its file after the record was failed and refunded (its lease ran out on the
 * last attempt): the user got the coins back, so the file must not stay. A done record keeps it.
 */
async function dropIfFailed(env: Env, recordId: number, r2Key: string, limits: Limits) {
  const db = drizzleDb(env.DB);
  const now = await within(limits, 'd1', 'load record', loadRecord(db, recordId));
  if (now?.status === 'failed') await within(limits, 'r2', 'drop late file', env.FILES.delete(r2Key));
}

/**
 * Messages that used up the queue's deliveries without being handled (each delivery threw before
 * it could decide, e.g. D1 did not answer): the reconciler's rules decide, now, for this record —
 * sent again or failed and refunded if its lease ran out, left alone if an attempt holds it.
 */
async function handleDeadLetter(msg: Message<ExportMessage>, env: Env, limits: Limits): Promise<void> {
  const recordId = msg.body?.recordId;
  if (Number.isSafeInteger(recordId)) {
    const db = drizzleDb(env.DB);
    const record = await within(limits, 'd1', 'load record', loadRecord(db, recordId));
    if (record?.status === 'failed') await within(limits, 'd1', 'refund check', failRecord(db, recordId, record.error || STRANDED_ERROR));
    else await within(limits, 'd1', 'reconcile record', reconcileRecord(env, recordId));
  }
  msg.ack();
}

/** The queue handler; `limits` are the time limits of its calls (tests shorten or drive them). */
export function exportConsumer(limits: Limits = LIMITS) {
  return async (batch: MessageBatch<ExportMessage>, env: Env): Promise<void> => {
    const dead = batch.queue === DEAD_LETTER_QUEUE;
    // The messages of a batch run side by side: a stuck file does not delay the others (each file
    // peaks at about 8 MB, so a batch of 5 stays far below the isolate's 128 MB).
    await Promise.all(
      batch.messages.map(async (msg) => {
        try {
          await (dead ? handleDeadLetter(msg, env, limits) : handle(msg, env, limits));
        } catch (err) {
          console.error('export message not handled', msg.id, err);
          msg.retry({ delaySeconds: backoffSeconds(msg.attempts) });
        }
      }),
    );
  };
}
