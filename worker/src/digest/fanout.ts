/**
 * The daily e-mail's run: the cron at 02:00 UTC (10:00 Beijing) plans the day's deliveries and
 * sends the subscribers to the digest queue in chunks; the queue consumer claims, sends and
 * settles each chunk. The reconciler cron (every 2 minutes) re-sends what waited too long: a
 * failed send, a lost message, an attempt that died while sending.
 */
import { EmailMessage } from 'cloudflare:email';

import { drizzleDb } from '../db';
import type { DigestMessage, Env } from '../env';
import { ymd } from '#shared/dates';
import { digestWindow } from './calendar';
import { DIGEST_CHUNK, DIGEST_ENQUEUE_BATCH, DIGEST_NAME, DIGEST_SEND_CONCURRENCY } from './constants';
import { loadDigest, type DigestContent } from './content';
import { claimDeliveries, dueDeliveries, planDeliveries, settleStatement, touchDeliveries, type Claimed, type Outcome } from './deliveries';
import { buildMime } from './mime';
import { renderDigest } from './render';
import { digestSecret, unsubscribeSigner } from './signing';
import { isWatchMessage, sendWatchChunk } from '../watch/digest';
import { consumeWebhook, isWebhookMessage } from '../watch/webhooks';

/** The queue the API worker both produces to and consumes (wrangler.toml). */
export const DIGEST_QUEUE_NAME = 'juzi-digest';

export interface DigestRun {
  day: number;
  workday: boolean;
  from?: number;
  to?: number;
  planned: number;
  enqueued: number;
  messages: number;
}

/** The queue messages for `rows`: DIGEST_CHUNK subscribers a message. */
export function chunkMessages(day: number, rows: { id: number; from: number; to: number }[]): DigestMessage[] {
  // Rows of one day share their window (one calendar planned them all), but group to be exact.
  const groups = new Map<string, number[]>();
  for (const r of rows) {
    const k = `${r.from}-${r.to}`;
    groups.set(k, [...(groups.get(k) ?? []), r.id]);
  }
  const messages: DigestMessage[] = [];
  for (const [k, ids] of groups) {
    const [from, to] = k.split('-').map(Number) as [number, number];
    for (let i = 0; i < ids.length; i += DIGEST_CHUNK) messages.push({ day, from, to, subscriptionIds: ids.slice(i, i + DIGEST_CHUNK) });
  }
  return messages;
}

async function enqueue(env: Env, day: number, messages: DigestMessage[], now: number) {
  for (let i = 0; i < messages.length; i += DIGEST_ENQUEUE_BATCH) {
    await env.DIGEST_QUEUE.sendBatch(messages.slice(i, i + DIGEST_ENQUEUE_BATCH).map((body) => ({ body })));
  }
  await touchDeliveries(drizzleDb(env.DB), day, messages.flatMap((m) => m.subscriptionIds), now);
}

/**
 * The D1 half of the cron job. On a working day (the Beijing date of the scheduled time): a queued
 * row for every active member subscriber, then the messages for every row still due (this run's,
 * and a rerun's failed or abandoned ones). Sent rows are never due again, so a rerun the same day
 * sends nothing twice.
 */
export async function planDigest(env: Env, scheduledTime: number, now = Date.now()): Promise<{ run: DigestRun; messages: DigestMessage[] }> {
  const db = drizzleDb(env.DB);
  const day = ymd(scheduledTime);
  const window = await digestWindow(db, day);
  if (!window) return { run: { day, workday: false, planned: 0, enqueued: 0, messages: 0 }, messages: [] };
  const planned = await planDeliveries(db, day, window, now);
  const due = await dueDeliveries(db, day, now);
  const messages = chunkMessages(day, due);
  return { run: { day, workday: true, ...window, planned, enqueued: due.length, messages: messages.length }, messages };
}

/** The cron job: plan, then fan out through the digest queue. */
export async function runDailyDigest(env: Env, scheduledTime: number, now = Date.now()): Promise<DigestRun> {
  const { run, messages } = await planDigest(env, scheduledTime, now);
  if (messages.length) await enqueue(env, run.day, messages, now);
  if (run.workday) console.log(`digest ${run.day}: covers ${run.from}-${run.to}, ${run.planned} planned, ${run.enqueued} enqueued in ${run.messages} messages`);
  return run;
}

/** The reconciler's part: today's rows that waited too long go back to the queue. */
export async function reconcileDigest(env: Env, now = Date.now()): Promise<number> {
  const day = ymd(now);
  const due = await dueDeliveries(drizzleDb(env.DB), day, now, { settled: true });
  if (due.length) await enqueue(env, day, chunkMessages(day, due), now);
  return due.length;
}

const nonce = () => {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
};

/** Runs `fn` over `items`, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** One queue message: claim its subscribers, send each one e-mail, settle each row. */
export async function sendChunk(env: Env, msg: DigestMessage, content: DigestContent, now = Date.now()): Promise<Outcome[]> {
  // Every mail carries a signed unsubscribe link: without the key nothing is claimed or sent (the queue retries).
  const secret = digestSecret(env);
  if (!secret) throw new Error('DIGEST_SECRET is not set: the daily e-mail cannot sign its unsubscribe links');
  const signer = await unsubscribeSigner(secret);
  const attempt = nonce();
  const db = drizzleDb(env.DB);
  const claimed = await claimDeliveries(db, msg.day, msg.subscriptionIds, attempt, now);
  const outcomes: Outcome[] = [];
  const settle = (o: Outcome) => {
    outcomes.push(o);
    return settleStatement(db, msg.day, attempt, o, Date.now()).run();
  };
  const skipped = claimed.filter((c) => !c.active || !c.member);
  if (skipped.length) {
    const list = skipped.map((c): Outcome => ({ id: c.id, status: 'skipped', error: c.active ? '会员已到期' : '已退订' }));
    outcomes.push(...list);
    const [first, ...rest] = list.map((o) => settleStatement(db, msg.day, attempt, o, now));
    await db.batch([first, ...rest]);
  }
  const from = { name: DIGEST_NAME, address: env.MAIL_FROM };
  await pool(
    claimed.filter((c) => c.active && c.member),
    DIGEST_SEND_CONCURRENCY,
    async (c: Claimed) => {
      try {
        const unsubscribeUrl = await signer.url(env.APP_ORIGIN, { id: c.id, token: c.token, email: c.email }, now);
        const body = renderDigest(env.APP_ORIGIN, msg.day, content, { email: c.email, unsubscribeUrl });
        const { raw, messageId } = buildMime({
          from,
          to: c.email,
          subject: body.subject,
          text: body.text,
          html: body.html,
          headers: {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'List-Id': `<health-digest.${env.MAIL_FROM.slice(env.MAIL_FROM.lastIndexOf('@') + 1)}>`,
          },
        });
        const sent = (await env.EMAIL.send(new EmailMessage(env.MAIL_FROM, c.email, raw))) as { messageId?: string } | undefined;
        await settle({ id: c.id, status: 'sent', messageId: sent?.messageId ?? messageId });
      } catch (e) {
        await settle({ id: c.id, status: 'failed', error: e instanceof Error ? e.message : String(e) });
      }
    },
  );
  return outcomes;
}

/**
 * The queue consumer. A message whose step throws (D1 unreachable...) is retried by the queue; rows
 * it had claimed wait out their lease and are claimed again by the redelivery or the reconciler.
 */
export async function consumeDigest(batch: MessageBatch<DigestMessage>, env: Env): Promise<void> {
  const db = drizzleDb(env.DB);
  const contents = new Map<string, Promise<DigestContent>>();
  await Promise.all(
    batch.messages.map(async (m) => {
      try {
        // The watchlist digest shares this queue (worker/src/watch/digest.ts).
        if (isWatchMessage(m.body)) {
          await sendWatchChunk(env, m.body);
          m.ack();
          return;
        }
        if (isWebhookMessage(m.body)) {
          await consumeWebhook(env, m.body);
          m.ack();
          return;
        }
        const { from, to } = m.body;
        const key = `${from}-${to}`;
        if (!contents.has(key)) contents.set(key, loadDigest(db, from, to));
        await sendChunk(env, m.body, await contents.get(key)!);
        m.ack();
      } catch (e) {
        console.error('digest chunk failed', m.body.day, e);
        m.retry({ delaySeconds: 30 });
      }
    }),
  );
}
