/**
 * The delivery rows (email_deliveries, one per subscriber per day) and their state changes:
 *
 *   (none) --plan--> queued --claim--> sending --settle--> sent | failed | skipped
 *                                         ^                       |
 *                                         +-- claim (retry) ------+  failed below DIGEST_MAX_ATTEMPTS,
 *                                                                    or sending past its lease
 *
 * Every change is one conditional statement (compare-and-set on status, attempt nonce and lease),
 * so overlapping crons, a redelivered queue message and the reconciler can all run at once and a
 * subscriber still gets at most one e-mail a day. Raw SQL here: INSERT ... SELECT ... ON CONFLICT
 * and UPDATE ... RETURNING over an id list are what these steps are, and drizzle's builder cannot
 * put the upsert after a select.
 */
import { DIGEST_LEASE_MS, DIGEST_MAX_ATTEMPTS, DIGEST_RETRY_AFTER_MS } from './constants';

export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

const MEMBER_AT = `exists (select 1 from memberships m where m.user_id = s.user_id and m.starts_at <= ?1 and m.ends_at > ?1)`;

/**
 * Writes a queued row for every active subscriber whose membership is current, before anything is
 * sent to the queue (so a lost message is found again by the reconciler). Existing rows are left as
 * they are. Answers how many rows were added.
 */
export async function planDeliveries(d1: D1Database, day: number, window: { from: number; to: number }, now: number): Promise<number> {
  const r = await d1
    .prepare(
      `insert into email_deliveries (subscription_id, day, status, error, created_at, attempts, claim, touched_at, from_day, to_day)
       select s.id, ?2, 'queued', '', ?1, 0, '', ?1, ?3, ?4 from subscriptions s
       where s.active = 1 and ${MEMBER_AT}
       on conflict (subscription_id, day) do nothing`,
    )
    .bind(now, day, window.from, window.to)
    .run();
  return r.meta.changes ?? 0;
}

/**
 * The rows of `day` that still need a send: queued, failed below the attempt limit, or sending past
 * the lease. `settled` asks only for rows that waited (queued or failed a while ago): the reconciler's
 * view, which leaves a fresh run's messages to the queue.
 */
export async function dueDeliveries(d1: D1Database, day: number, now: number, opts: { settled?: boolean } = {}) {
  const queuedBefore = opts.settled ? now - DIGEST_LEASE_MS : Number.MAX_SAFE_INTEGER;
  const failedBefore = opts.settled ? now - DIGEST_RETRY_AFTER_MS : Number.MAX_SAFE_INTEGER;
  const r = await d1
    .prepare(
      `select subscription_id as id, from_day as "from", to_day as "to" from email_deliveries
       where day = ?1 and (
         (status = 'queued' and touched_at < ?2)
         or (status = 'failed' and attempts < ?3 and touched_at < ?4)
         or (status = 'sending' and touched_at < ?5))
       order by subscription_id`,
    )
    .bind(day, queuedBefore, DIGEST_MAX_ATTEMPTS, failedBefore, now - DIGEST_LEASE_MS)
    .all<{ id: number; from: number; to: number }>();
  return r.results;
}

/** Marks rows as handed to the queue again (their lease restarts). */
export async function touchDeliveries(d1: D1Database, day: number, ids: number[], now: number) {
  if (!ids.length) return;
  await d1
    .prepare(`update email_deliveries set touched_at = ?1 where day = ?2 and status in ('queued', 'failed') and subscription_id in (${ids.map((_, i) => `?${i + 3}`).join(', ')})`)
    .bind(now, day, ...ids)
    .run();
}

export interface Claimed {
  id: number;
  email: string;
  token: string;
  active: number;
  member: number;
  attempts: number;
}

/**
 * Claims the rows of `ids` that may be sent now, all under one nonce, in one statement: only one
 * of several concurrent claimers gets a given row. Answers the claimed subscribers with what the
 * send needs (address, token) and whether they may still receive it (active, member).
 */
export async function claimDeliveries(d1: D1Database, day: number, ids: number[], nonce: string, now: number): Promise<Claimed[]> {
  if (!ids.length) return [];
  const list = ids.map((_, i) => `?${i + 6}`).join(', ');
  const claimed = await d1
    .prepare(
      `update email_deliveries set status = 'sending', claim = ?1, attempts = attempts + 1, touched_at = ?2, error = ''
       where day = ?3 and subscription_id in (${list}) and (
         status = 'queued'
         or (status = 'failed' and attempts < ?4)
         or (status = 'sending' and touched_at < ?5))
       returning subscription_id as id, attempts`,
    )
    .bind(nonce, now, day, DIGEST_MAX_ATTEMPTS, now - DIGEST_LEASE_MS, ...ids)
    .all<{ id: number; attempts: number }>();
  if (!claimed.results.length) return [];
  const attempts = new Map(claimed.results.map((r) => [r.id, r.attempts]));
  const got = [...attempts.keys()];
  const subs = await d1
    .prepare(
      `select s.id, s.email, s.unsubscribe_token as token, s.active, ${MEMBER_AT} as member from subscriptions s
       where s.id in (${got.map((_, i) => `?${i + 2}`).join(', ')})`,
    )
    .bind(now, ...got)
    .all<Omit<Claimed, 'attempts'>>();
  return subs.results.map((s) => ({ ...s, attempts: attempts.get(s.id) ?? 1 }));
}

export interface Outcome {
  id: number;
  status: Extract<DeliveryStatus, 'sent' | 'failed' | 'skipped'>;
  error?: string;
  messageId?: string;
}

/** Settles a claimed row; nothing changes unless the row is still held by this attempt. */
export function settleStatement(d1: D1Database, day: number, nonce: string, o: Outcome, now: number): D1PreparedStatement {
  return d1
    .prepare(
      `update email_deliveries set status = ?1, error = ?2, message_id = ?3, sent_at = ?4, touched_at = ?5
       where subscription_id = ?6 and day = ?7 and status = 'sending' and claim = ?8`,
    )
    .bind(o.status, (o.error ?? '').slice(0, 500), o.messageId ?? '', o.status === 'sent' ? now : null, now, o.id, day, nonce);
}
