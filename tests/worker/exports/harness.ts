/**
 * What the crash-recovery tests share: an export to recover, the queue the reconciler sends to
 * (the real producer binding, with what was sent written down), deliveries to the export worker's
 * consumer the way the queue makes them, and an R2 bucket whose put can be held or made to hang
 * (the real bucket underneath: every file still lands in R2).
 */
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import worker from '../../../worker/src/index';
import type { Env, ExportMessage } from '../../../worker/src/env';
import { LEASE_MS } from '../../../worker/src/exports/lease';
import { seedClosures } from './fixtures';
import { balance, call, ledgerSum, makeUser, type TestUser } from '../helpers';

export interface Exported {
  user: TestUser;
  jobId: number;
  recordIds: number[];
  /** Coins the export cost. */
  coins: number;
  /** The user's coins before the export. */
  start: number;
  key: string;
  /** The generate call's body (a retry sends it again). */
  json: Record<string, unknown>;
}

let keySeq = 0;

/** A user with `coins` exports `rows` closed companies of a fresh province (one record per 2000 rows). */
export async function exportFor(rows: number, coins = 100): Promise<Exported> {
  const user = await makeUser({ coins });
  const { prov } = await seedClosures(rows);
  const key = `recover-${user.id}-${++keySeq}`;
  const json = { down_type: 0, com_prov: prov };
  const res = await call('/api/closure/closure_down', { method: 'POST', token: user.token, json, headers: { 'Idempotency-Key': key } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const d = res.body.data as { job_id: number; jzb_down: number; records: { record_id: number }[] };
  return { user, jobId: d.job_id, recordIds: d.records.map((r) => r.record_id), coins: d.jzb_down, start: coins, key, json };
}

export const recordRow = (id: number) => env.DB.prepare('SELECT * FROM download_records WHERE id = ?').bind(id).first<Record<string, unknown>>();

/** The API's view of a record, as the download centre shows it. */
export async function view(e: Exported, recordId: number) {
  const res = await call(`/api/downloads/${recordId}`, { token: e.user.token });
  expect(res.status).toBe(200);
  return res.body.data as { status: string; status_text: string; refunded: boolean; requeues: number; attempts: number; coins: number; download_url: string | null };
}

/** Time passes without any attempt touching the record: its last touch is now more than a lease ago. */
export async function leaseRunsOut(recordIds: number[]) {
  await env.DB.prepare(`UPDATE download_records SET touched_at = touched_at - ? WHERE id IN (${recordIds.map(() => '?').join(', ')})`)
    .bind(LEASE_MS + 1000, ...recordIds)
    .run();
}

/** The env with the real export queue, whose sends are written down (the API worker's test config has no consumer for it). */
export function watchedQueue(): { env: Env; sent: number[] } {
  const sent: number[] = [];
  const real = env.EXPORT_QUEUE;
  const queue = {
    send: (body: ExportMessage, opts?: QueueSendOptions) => {
      sent.push(body.recordId);
      return real.send(body, opts);
    },
    sendBatch: (msgs: Iterable<MessageSendRequest<ExportMessage>>, opts?: QueueSendBatchOptions) => {
      const list = [...msgs];
      sent.push(...list.map((m) => m.body.recordId));
      return real.sendBatch(list, opts);
    },
  } as unknown as Queue<ExportMessage>;
  return { env: { ...env, EXPORT_QUEUE: queue }, sent };
}

/** Runs the API worker's cron entry for `cron`, as Cloudflare (or `npm start`) fires it. */
export async function fireCron(cron: string, target: Env = env) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime: Date.now() }), target, ctx);
  await waitOnExecutionContext(ctx);
}

type Consume = (batch: MessageBatch<ExportMessage>, env: Env) => Promise<void>;

let msgSeq = 0;

/** Hands the export worker one batch of messages as the queue does; returns acks, retries and retry delays. */
export async function deliver(consume: Consume, target: Env, recordIds: number[], attempts = 1, queue = 'juzi-exports') {
  const batch = createMessageBatch<ExportMessage>(
    queue,
    recordIds.map((recordId) => ({ id: `r-${recordId}-${++msgSeq}`, timestamp: new Date(), attempts, body: { recordId } })),
  );
  const delays: (number | undefined)[] = [];
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    m.retry = (opts) => {
      delays.push(opts?.delaySeconds);
      retry(opts);
    };
  }
  const ctx = createExecutionContext();
  await consume(batch, target);
  const result = await getQueueResult(batch, ctx);
  return { batch, result, delays };
}

/** The real bucket with its put replaced by `put` (which may call the real one). */
export function bucketWithPut(put: (key: string, value: Parameters<R2Bucket['put']>[1], opts: R2PutOptions | undefined, real: R2Bucket) => Promise<R2Object | null>): R2Bucket {
  const real = env.FILES;
  return new Proxy(real, {
    get(target, prop) {
      if (prop === 'put') return (key: string, value: Parameters<R2Bucket['put']>[1], opts?: R2PutOptions) => put(key, value, opts, real);
      const v = Reflect.get(target, prop);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/** The user's objects in R2 (exports/<userId>/…). */
export async function objectsOf(userId: number) {
  const listed = await env.FILES.list({ prefix: `exports/${userId}/` });
  return listed.objects.map((o) => o.key);
}

/** Money checks every test ends with: the ledger sums to the balance, which is what it should be. */
export async function expectMoney(userId: number, expected: number) {
  expect(await balance(userId)).toBe(expected);
  expect(await ledgerSum(userId)).toBe(expected);
}

export async function refundsOf(userId: number) {
  return env.DB.prepare("SELECT COUNT(*) AS n, COALESCE(SUM(delta), 0) AS s FROM coin_ledger WHERE user_id = ? AND reason = 'refund'").bind(userId).first<{ n: number; s: number }>();
}

/** Waits (bounded) until `cond` holds; for steps that run side by side with the test. */
export async function until(what: string, cond: () => Promise<boolean>) {
  for (let i = 0; i < 1200; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}
