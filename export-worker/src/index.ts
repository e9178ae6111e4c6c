/**
 * The export worker: one queue message = one download record = one xlsx file.
 * At-least-once delivery is fine: a finished or failed record is acked untouched, a rebuild
 * overwrites the same R2 key, and the refund of a failed record is keyed by the record.
 */
import type { Env, ExportMessage } from '../../worker/src/env';
import { failRecord, loadRecord, markDone, markGenerating, markRetrying } from '../../worker/src/exports/records';
import { buildRecordFile } from './build';
import { backoffSeconds, DEAD_LETTER_QUEUE, MAX_ATTEMPTS } from './retry';

const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 500);

async function handle(msg: Message<ExportMessage>, env: Env): Promise<void> {
  const recordId = msg.body?.recordId;
  if (!Number.isSafeInteger(recordId)) {
    console.error('export message without a record id', msg.id);
    msg.ack();
    return;
  }
  const record = await loadRecord(env.DB, recordId);
  if (!record || record.status === 'done' || record.status === 'expired') {
    msg.ack();
    return;
  }
  if (record.status === 'failed') {
    // A redelivery after the last attempt: make sure the refund happened (once), nothing else.
    await failRecord(env.DB, recordId, record.error || '生成失败');
    msg.ack();
    return;
  }
  try {
    if (!(await markGenerating(env.DB, recordId))) {
      msg.ack();
      return;
    }
    const file = await buildRecordFile(env, record);
    await markDone(env.DB, recordId, file);
    msg.ack();
  } catch (err) {
    console.error('export build failed', recordId, 'attempt', msg.attempts, err);
    if (msg.attempts < MAX_ATTEMPTS) {
      await markRetrying(env.DB, recordId, describe(err)).catch(() => undefined);
      msg.retry({ delaySeconds: backoffSeconds(msg.attempts) });
    } else {
      // If this throws, the message goes to the dead-letter queue, whose consumer fails and refunds.
      await failRecord(env.DB, recordId, describe(err));
      msg.ack();
    }
  }
}

/** Messages that exhausted their deliveries without being handled (e.g. the worker crashed each time). */
async function handleDeadLetter(msg: Message<ExportMessage>, env: Env): Promise<void> {
  const recordId = msg.body?.recordId;
  if (Number.isSafeInteger(recordId)) await failRecord(env.DB, recordId, '多次重试后仍未生成');
  msg.ack();
}

export default {
  async queue(batch, env) {
    const dead = batch.queue === DEAD_LETTER_QUEUE;
    // One file at a time: memory stays that of a single 2000-row workbook.
    for (const msg of batch.messages) {
      try {
        await (dead ? handleDeadLetter(msg, env) : handle(msg, env));
      } catch (err) {
        console.error('export message not handled', msg.id, err);
        msg.retry({ delaySeconds: backoffSeconds(msg.attempts) });
      }
    }
  },
} satisfies ExportedHandler<Env, ExportMessage>;
