/**
 * VIP webhooks of saved searches. Each new match of a search with an active endpoint becomes one
 * delivery per endpoint (msg id unique per endpoint, so a rerun never doubles one), POSTed as JSON
 * signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature: v1 HMAC-SHA256
 * under the endpoint's secret, through the maintained `standardwebhooks` package). Deliveries go
 * through the digest queue; a failed attempt is retried after an exponential backoff, up to
 * WEBHOOK_MAX_ATTEMPTS; WEBHOOK_DISABLE_AFTER failed attempts in a row disable the endpoint and
 * e-mail its owner. Matching runs on the frequent cron, from the change log, like the digest.
 */
import { EmailMessage } from 'cloudflare:email';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { drizzleDb, memberships, users } from '../db';
import type { Db, Env } from '../env';
import { WATCHLIST_PATH } from './constants';
import { WEBHOOK_BACKOFF_S, WEBHOOK_DISABLE_AFTER, WEBHOOK_LEASE_MS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT_MS } from './endpoints';
import { matchSearches } from './matches';
import { mailboxOf } from './mailbox';
import { savedSearches, watchEndpoints, watchWebhookDeliveries } from './tables';

export const backoffSeconds = (attempts: number) => WEBHOOK_BACKOFF_S * 4 ** Math.max(0, attempts - 1);

export interface WebhookMessage {
  kind: 'webhook';
  deliveryId: number;
}

export const isWebhookMessage = (b: unknown): b is WebhookMessage => typeof b === 'object' && b !== null && (b as { kind?: unknown }).kind === 'webhook';

// --- matching and delivering ---

/**
 * New matches of every unpaused search with an active endpoint become deliveries (one alert per
 * user per row change); answers how many were added.
 */
export async function planWebhooks(env: Env, now = Date.now()): Promise<number> {
  const db = drizzleDb(env.DB);
  const searches = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.paused, 0), sql`exists (select 1 from watch_endpoints e where e.search_id = ${savedSearches.id} and e.status = 'active')`))
    .orderBy(savedSearches.userId, savedSearches.id);
  let planned = 0;
  if (searches.length) {
    const members = await vipsAmong(db, [...new Set(searches.map((s) => s.userId))], now);
    const run = await matchSearches(db, searches, now, (s) => s.hookedAt);
    for (const [userId, sections] of run.sections) {
      // A lapsed membership posts nothing; its mark still moves, so a renewal does not replay the gap.
      if (!members.has(userId)) continue;
      for (const section of sections) {
        const eps = await db.select().from(watchEndpoints).where(and(eq(watchEndpoints.searchId, section.searchId), eq(watchEndpoints.status, 'active')));
        for (const ep of eps) {
          for (const item of section.items) {
            const payload = {
              type: 'saved_search.match',
              timestamp: new Date(item.changedAt).toISOString(),
              data: {
                saved_search: { id: section.searchId, name: section.name, area_name: section.areaName, list_url: `${env.APP_ORIGIN}${section.listUrl}` },
                item: { source: item.source, id: item.id, title: item.title, summary: item.summary, url: `${env.APP_ORIGIN}${item.path}`, changed_at: item.changedAt },
              },
            };
            const r = await db
              .insert(watchWebhookDeliveries)
              .values({ endpointId: ep.id, msgId: `msg_${item.source}_${item.id}_${item.changedAt}`, payload: JSON.stringify(payload), nextAt: now, createdAt: now })
              .onConflictDoNothing()
              .returning({ id: watchWebhookDeliveries.id });
            planned += r.length;
          }
        }
      }
    }
    const ids = searches.map((s) => s.id);
    for (let i = 0; i < ids.length; i += 90) {
      await db.update(savedSearches).set({ hookedAt: now }).where(and(inArray(savedSearches.id, ids.slice(i, i + 90)), sql`${savedSearches.hookedAt} < ${now}`));
    }
  }
  return planned;
}

/** Which of these users hold a VIP or SVIP period covering `now` (webhooks are a VIP feature). */
async function vipsAmong(db: Db, userIds: number[], now: number): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < userIds.length; i += 90) {
    const rows = await db
      .selectDistinct({ userId: memberships.userId })
      .from(memberships)
      .where(and(inArray(memberships.userId, userIds.slice(i, i + 90)), lte(memberships.startsAt, now), gt(memberships.endsAt, now)));
    for (const r of rows) out.add(r.userId);
  }
  return out;
}

/** The frequent cron's step: plan, then send every due delivery to the queue. */
export async function runWebhooks(env: Env, now = Date.now()): Promise<{ planned: number; enqueued: number }> {
  const planned = await planWebhooks(env, now);
  const db = drizzleDb(env.DB);
  const due = await db
    .select({ id: watchWebhookDeliveries.id })
    .from(watchWebhookDeliveries)
    .where(and(eq(watchWebhookDeliveries.status, 'pending'), lte(watchWebhookDeliveries.nextAt, now)))
    .limit(500);
  const queue = env.DIGEST_QUEUE as unknown as Queue<WebhookMessage>;
  for (let i = 0; i < due.length; i += 100) await queue.sendBatch(due.slice(i, i + 100).map((d) => ({ body: { kind: 'webhook', deliveryId: d.id } })));
  return { planned, enqueued: due.length };
}

export interface Attempt {
  outcome: 'delivered' | 'retry' | 'failed' | 'skipped';
  /** Seconds until the next attempt (retry). */
  delaySeconds?: number;
  disabled?: boolean;
}

/** Fetch as the platform gives it; a test hands a receiver of its own. */
export type Poster = (url: string, init: RequestInit) => Promise<Response>;

/**
 * One attempt at a delivery: claimed by a conditional update (due, pending, endpoint active), POSTed
 * signed, settled. A failure schedules the next attempt or, past the limit, fails the delivery; the
 * endpoint's run of failures disables it at WEBHOOK_DISABLE_AFTER and mails its owner once.
 */
export async function attemptDelivery(env: Env, deliveryId: number, now = Date.now(), post: Poster = (u, i) => fetch(u, i)): Promise<Attempt> {
  const db = drizzleDb(env.DB);
  const [claimed] = await db
    .update(watchWebhookDeliveries)
    .set({ attempts: sql`${watchWebhookDeliveries.attempts} + 1`, nextAt: now + WEBHOOK_LEASE_MS })
    .where(
      and(
        eq(watchWebhookDeliveries.id, deliveryId),
        eq(watchWebhookDeliveries.status, 'pending'),
        lte(watchWebhookDeliveries.nextAt, now),
        sql`exists (select 1 from watch_endpoints e where e.id = ${watchWebhookDeliveries.endpointId} and e.status = 'active')`,
      ),
    )
    .returning();
  if (!claimed) return { outcome: 'skipped' };
  const ep = (await db.select().from(watchEndpoints).where(eq(watchEndpoints.id, claimed.endpointId)).get())!;
  let status: number | null = null;
  let error: string;
  try {
    const signer = new Webhook(ep.secret);
    const at = new Date(now);
    const res = await post(ep.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Juzi-Webhooks/1.0',
        'webhook-id': claimed.msgId,
        'webhook-timestamp': String(Math.floor(now / 1000)),
        'webhook-signature': signer.sign(claimed.msgId, at, claimed.payload),
      },
      body: claimed.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) {
      await db.batch([
        db.update(watchWebhookDeliveries).set({ status: 'delivered', lastStatus: status, lastError: '', deliveredAt: now }).where(eq(watchWebhookDeliveries.id, deliveryId)),
        db.update(watchEndpoints).set({ failures: 0 }).where(eq(watchEndpoints.id, ep.id)),
      ]);
      return { outcome: 'delivered' };
    }
    error = `HTTP ${res.status}`;
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  const last = claimed.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const delaySeconds = backoffSeconds(claimed.attempts);
  const [, [counted]] = await db.batch([
    db
      .update(watchWebhookDeliveries)
      .set({ status: last ? 'failed' : 'pending', lastStatus: status, lastError: error.slice(0, 300), nextAt: last ? now : now + delaySeconds * 1000 })
      .where(eq(watchWebhookDeliveries.id, deliveryId)),
    db.update(watchEndpoints).set({ failures: sql`${watchEndpoints.failures} + 1` }).where(eq(watchEndpoints.id, ep.id)).returning({ failures: watchEndpoints.failures }),
  ]);
  let disabled = false;
  if ((counted?.failures ?? 0) >= WEBHOOK_DISABLE_AFTER) {
    const [off] = await db
      .update(watchEndpoints)
      .set({ status: 'disabled', disabledAt: now })
      .where(and(eq(watchEndpoints.id, ep.id), eq(watchEndpoints.status, 'active')))
      .returning({ id: watchEndpoints.id });
    if (off) {
      disabled = true;
      await db.update(watchWebhookDeliveries).set({ status: 'failed', lastError: '端点已停用' }).where(and(eq(watchWebhookDeliveries.endpointId, ep.id), eq(watchWebhookDeliveries.status, 'pending')));
      await mailDisabled(env, db, ep, error).catch((e) => console.error('webhook disabled mail failed', ep.id, e));
    }
  }
  return { outcome: last || disabled ? 'failed' : 'retry', delaySeconds: last || disabled ? undefined : delaySeconds, disabled };
}

async function mailDisabled(env: Env, db: Db, ep: typeof watchEndpoints.$inferSelect, error: string) {
  const user = await db.select({ id: users.id, account: users.account }).from(users).where(eq(users.id, ep.userId)).get();
  const to = user ? await mailboxOf(db, user) : null;
  if (!to) return;
  const search = await db.select({ name: savedSearches.name }).from(savedSearches).where(eq(savedSearches.id, ep.searchId)).get();
  const manage = `${env.APP_ORIGIN}${WATCHLIST_PATH}`;
  const text = [
    `您为订阅“${search?.name ?? ''}”添加的 Webhook 连续${WEBHOOK_DISABLE_AFTER}次推送失败，已停用：`,
    ep.url,
    `最后一次错误：${error}`,
    '',
    `修复接收端后，请在“我的订阅”中重新启用：${manage}`,
  ].join('\n');
  const html = `<p>${text
    .split('\n')
    .map((l) => l.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`))
    .join('<br>')}</p>`;
  // Loaded on first use: the worker starts without the MIME builder.
  const { buildMime } = await import('../digest/mime');
  const { raw } = buildMime({ from: { name: '桔子订阅', address: env.MAIL_FROM }, to, subject: '桔子订阅：Webhook 已停用', text, html });
  await env.EMAIL.send(new EmailMessage(env.MAIL_FROM, to, raw));
}

/**
 * Switches a disabled endpoint back on with a clean run of failures. What matched while it was off is
 * not replayed (those deliveries stay failed in the log): the search's webhook mark moves to now.
 */
export async function enableEndpoint(db: Db, searchId: number, hookId: number, now = Date.now()) {
  const [ep] = await db
    .update(watchEndpoints)
    .set({ status: 'active', failures: 0, disabledAt: null })
    .where(and(eq(watchEndpoints.id, hookId), eq(watchEndpoints.searchId, searchId)))
    .returning();
  if (ep) await db.update(savedSearches).set({ hookedAt: now }).where(and(eq(savedSearches.id, searchId), sql`${savedSearches.hookedAt} < ${now}`));
  return ep;
}

/** The queue's step for one delivery: attempt it, and schedule the next attempt on the queue after its backoff. */
export async function consumeWebhook(env: Env, msg: WebhookMessage): Promise<void> {
  const r = await attemptDelivery(env, msg.deliveryId);
  if (r.outcome === 'retry') await (env.DIGEST_QUEUE as unknown as Queue<WebhookMessage>).send(msg, { delaySeconds: r.delaySeconds });
}
