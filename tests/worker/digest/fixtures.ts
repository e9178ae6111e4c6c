/**
 * What the daily e-mail tests share: subscribers of each kind, healthcare events and news on given
 * days, the cron fired for a given Beijing date, the consumer handed a batch as the queue does, and
 * the real send_email binding with what was sent written down (every message still goes through
 * miniflare's binding, which parses it and refuses a malformed one).
 */
import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { expect } from 'vitest';
import worker from '../../../worker/src/index';
import type { DigestMessage, Env } from '../../../worker/src/env';
import { DAILY_CRON } from '../../../worker/src/exports/lease';
import { api, dataOf } from '../client';
import { makeUser, type TestUser } from '../helpers';
import { forgetSessions } from '../../../worker/src/auth/session';

let next = 7000;
const nextId = () => ++next;

/** Epoch ms of `hour`:00 Beijing time on yyyymmdd `day` (the cron fires at 10:00 Beijing). */
export const beijing = (day: number, hour = 10) => Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100, hour - 8);

export interface Subscriber extends TestUser {
  subscriptionId: number;
  email: string;
}

/** A VIP (or super-VIP) who subscribed through the API. */
export async function subscriber(role: 'vip' | 'svip' = 'vip'): Promise<Subscriber> {
  const u = await makeUser({ role });
  const email = `sub${u.id}@example.com`;
  await dataOf(api(u.token).medical.subscribe.$post({ json: { email } }));
  const row = await env.DB.prepare('SELECT id FROM subscriptions WHERE user_id = ?').bind(u.id).first<{ id: number }>();
  return { ...u, subscriptionId: row!.id, email };
}

/** The subscriber's membership ran out yesterday (the subscription stays active). */
/** Ends the member's VIP a day ago, written straight to D1; the worker's kept session is forgotten as KEPT_SESSION_MS would. */
export async function lapse(s: TestUser) {
  await env.DB.prepare('UPDATE memberships SET ends_at = ? WHERE user_id = ?').bind(Date.now() - 86_400_000, s.id).run();
  forgetSessions(s.id);
}

export interface EventSpec {
  company: string;
  round?: string;
  money?: number;
  investors?: string[];
  scope?: string;
}

/** A healthcare financing event on `day` (with its company, round and investors); returns the event id. */
export async function healthEvent(day: number, s: EventSpec): Promise<number> {
  const comId = nextId();
  const eventId = nextId();
  const roundId = nextId();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO companies (id, name, full_name, slogan, prov, city, cat_id, se_cat_id, born_year, born_month, is_medical) VALUES (?, ?, ?, ?, '北京', '北京', 4, 401, 2018, 5, 1)`,
    ).bind(comId, s.company, `${s.company}有限公司`, `${s.company}的一句话介绍`),
    env.DB.prepare('INSERT INTO rounds (id, name) VALUES (?, ?)').bind(roundId, s.round ?? 'A轮'),
    env.DB.prepare(`INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (?, ?, ?, ?, ?, ?)`).bind(
      eventId, comId, roundId, s.money ?? 5000, day, s.scope ?? '医疗健康',
    ),
    ...(s.investors ?? []).map((name) =>
      env.DB.prepare(`INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, ?, 'invst')`).bind(eventId, nextId(), name),
    ),
  ]);
  return eventId;
}

export async function healthNews(day: number, title: string, scope = '医疗健康') {
  await env.DB.prepare(`INSERT INTO news (id, title, url, source, date, scope) VALUES (?, ?, ?, '动脉网', ?, ?)`)
    .bind(nextId(), title, `https://news.example.com/${nextId()}`, day, scope)
    .run();
}

/** Fires the API worker's daily cron (0 2 * * *) as Cloudflare does at 10:00 Beijing on `day`. */
export async function fireDaily(day: number, target: Env = env) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: DAILY_CRON, scheduledTime: beijing(day) }), target, ctx);
  await waitOnExecutionContext(ctx);
}

export interface DeliveryRow {
  subscription_id: number;
  day: number;
  status: string;
  attempts: number;
  error: string;
  message_id: string;
  from_day: number;
  to_day: number;
}

export async function deliveries(day: number, ids: number[]): Promise<DeliveryRow[]> {
  const r = await env.DB.prepare(`SELECT * FROM email_deliveries WHERE day = ? AND subscription_id IN (${ids.map(() => '?').join(', ')}) ORDER BY subscription_id`)
    .bind(day, ...ids)
    .all<DeliveryRow>();
  return r.results;
}

/** Waits (bounded) until `cond` holds: the queue hands messages to the consumer in the background. */
export async function until(what: string, cond: () => Promise<boolean>) {
  for (let i = 0; i < 600; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never happened: ${what}`);
}

/** Waits until every row of `ids` on `day` is settled by the queue consumer, and returns them. */
export async function settled(day: number, ids: number[]): Promise<DeliveryRow[]> {
  let rows: DeliveryRow[] = [];
  await until(`deliveries of ${day} settled`, async () => {
    rows = await deliveries(day, ids);
    return rows.length === ids.length && rows.every((r) => ['sent', 'failed', 'skipped'].includes(r.status));
  });
  return rows;
}

export interface Sent {
  from: string;
  to: string;
  raw: string;
}

/**
 * The env with the real EMAIL binding, whose sends are written down; `fail` makes the send to some
 * addresses throw (as an unverified or bouncing address does) before it reaches the binding.
 */
export function recordingMail(fail: (to: string) => boolean = () => false): { env: Env; sent: Sent[] } {
  const sent: Sent[] = [];
  const real = env.EMAIL;
  const EMAIL = {
    send: async (m: EmailMessage) => {
      if (fail(m.to)) throw new Error(`投递失败：${m.to} 暂时无法接收`);
      // workerd's EmailMessage keeps the raw message under this key (miniflare reads it the same way).
      const raw = (m as unknown as Record<string, unknown>)['EmailMessage::raw'];
      sent.push({ from: m.from, to: m.to, raw: typeof raw === 'string' ? raw : '' });
      return real.send(m);
    },
  } as unknown as SendEmail;
  return { env: { ...env, EMAIL }, sent };
}

let msgSeq = 0;

/** Hands the consumer one batch of digest messages as the queue does; returns acks and retries. */
export async function deliver(target: Env, bodies: DigestMessage[]) {
  const batch = createMessageBatch<DigestMessage>(
    'juzi-digest',
    bodies.map((body) => ({ id: `d-${++msgSeq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, target, ctx);
  return getQueueResult(batch, ctx);
}

/** The plain-text part of a raw message (base64-decoded), for quick checks; the MIME is parsed in e2e with Python. */
export function textPart(raw: string): string {
  const m = /Content-Type: text\/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(raw);
  expect(m, 'text/plain part').toBeTruthy();
  const bin = atob(m![1]!.replace(/\r\n/g, ''));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw.split('\r\n\r\n')[0]!)?.[1];
