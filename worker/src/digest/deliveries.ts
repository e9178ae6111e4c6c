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
 * subscriber still gets at most one e-mail a day.
 */
import { and, asc, eq, exists, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { emailDeliveries as e, memberships as m, subscriptions as s } from '../db';
import type { Db } from '../env';
import { DIGEST_LEASE_MS, DIGEST_MAX_ATTEMPTS, DIGEST_RETRY_AFTER_MS } from './constants';

export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'skipped';

/** The subscriber's membership is current at `now`. */
const memberAt = (db: Db, now: number) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(m)
      .where(and(eq(m.userId, s.userId), lte(m.startsAt, now), gt(m.endsAt, now))),
  );

/**
 * Writes a queued row for every active subscriber whose membership is current, before anything is
 * sent to the queue (so a lost message is found again by the reconciler). Existing rows are left as
 * they are. Answers how many rows were added.
 */
export async function planDeliveries(db: Db, day: number, window: { from: number; to: number }, now: number): Promise<number> {
  const r = await db
    .insert(e)
    .select(
      // `sql`: the row's constants, in an insert-select that names every column.
      db
        .select({
          subscriptionId: s.id,
          day: sql<number>`${day}`.as('day'),
          status: sql<'queued'>`'queued'`.as('status'),
          error: sql<string>`''`.as('error'),
          createdAt: sql<number>`${now}`.as('created_at'),
          attempts: sql<number>`0`.as('attempts'),
          claim: sql<string>`''`.as('claim'),
          touchedAt: sql<number>`${now}`.as('touched_at'),
          sentAt: sql<number | null>`NULL`.as('sent_at'),
          messageId: sql<string>`''`.as('message_id'),
          fromDay: sql<number>`${window.from}`.as('from_day'),
          toDay: sql<number>`${window.to}`.as('to_day'),
        })
        .from(s)
        .where(and(eq(s.active, 1), memberAt(db, now))),
    )
    .onConflictDoNothing({ target: [e.subscriptionId, e.day] })
    .run();
  return r.meta.changes ?? 0;
}

/**
 * The rows of `day` that still need a send: queued, failed below the attempt limit, or sending past
 * the lease. `settled` asks only for rows that waited (queued or failed a while ago): the reconciler's
 * view, which leaves a fresh run's messages to the queue.
 */
export async function dueDeliveries(db: Db, day: number, now: number, opts: { settled?: boolean } = {}) {
  const queuedBefore = opts.settled ? now - DIGEST_LEASE_MS : Number.MAX_SAFE_INTEGER;
  const failedBefore = opts.settled ? now - DIGEST_RETRY_AFTER_MS : Number.MAX_SAFE_INTEGER;
  return db
    .select({ id: e.subscriptionId, from: e.fromDay, to: e.toDay })
    .from(e)
    .where(
      and(
        eq(e.day, day),
        or(
          and(eq(e.status, 'queued'), lt(e.touchedAt, queuedBefore)),
          and(eq(e.status, 'failed'), lt(e.attempts, DIGEST_MAX_ATTEMPTS), lt(e.touchedAt, failedBefore)),
          and(eq(e.status, 'sending'), lt(e.touchedAt, now - DIGEST_LEASE_MS)),
        ),
      ),
    )
    .orderBy(asc(e.subscriptionId));
}

/** Marks rows as handed to the queue again (their lease restarts). */
export async function touchDeliveries(db: Db, day: number, ids: number[], now: number) {
  if (!ids.length) return;
  await db
    .update(e)
    .set({ touchedAt: now })
    .where(and(eq(e.day, day), inArray(e.status, ['queued', 'failed']), inArray(e.subscriptionId, ids)))
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
export async function claimDeliveries(db: Db, day: number, ids: number[], nonce: string, now: number): Promise<Claimed[]> {
  if (!ids.length) return [];
  const claimed = await db
    .update(e)
    // `sql`: arithmetic on a column in SET has no builder form.
    .set({ status: 'sending', claim: nonce, attempts: sql`${e.attempts} + 1`, touchedAt: now, error: '' })
    .where(
      and(
        eq(e.day, day),
        inArray(e.subscriptionId, ids),
        or(eq(e.status, 'queued'), and(eq(e.status, 'failed'), lt(e.attempts, DIGEST_MAX_ATTEMPTS)), and(eq(e.status, 'sending'), lt(e.touchedAt, now - DIGEST_LEASE_MS))),
      ),
    )
    .returning({ id: e.subscriptionId, attempts: e.attempts });
  if (!claimed.length) return [];
  const attempts = new Map(claimed.map((r) => [r.id, r.attempts]));
  const subs = await db
    .select({ id: s.id, email: s.email, token: s.unsubscribeToken, active: s.active, member: sql<number>`${memberAt(db, now)}`.mapWith(Number) })
    .from(s)
    .where(inArray(s.id, [...attempts.keys()]));
  return subs.map((x) => ({ ...x, attempts: attempts.get(x.id) ?? 1 }));
}

export interface Outcome {
  id: number;
  status: Extract<DeliveryStatus, 'sent' | 'failed' | 'skipped'>;
  error?: string;
  messageId?: string;
}

/** Settles a claimed row; nothing changes unless the row is still held by this attempt. A statement to run or batch. */
export function settleStatement(db: Db, day: number, nonce: string, o: Outcome, now: number) {
  return db
    .update(e)
    .set({ status: o.status, error: (o.error ?? '').slice(0, 500), messageId: o.messageId ?? '', sentAt: o.status === 'sent' ? now : null, touchedAt: now })
    .where(and(eq(e.subscriptionId, o.id), eq(e.day, day), eq(e.status, 'sending'), eq(e.claim, nonce)));
}
