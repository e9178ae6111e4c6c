/** A user's subscription to the daily e-mail: one row per user, kept when cancelled (active = 0). */
import { and, eq, sql } from 'drizzle-orm';
import { randomHex } from '../auth/password';
import { subscriptions } from '../db';
import type { Db } from '../env';

export interface SubscriptionState {
  subscribed: boolean;
  email: string | null;
}

export async function subscriptionOf(db: Db, userId: number): Promise<SubscriptionState> {
  const row = await db
    .select({ email: subscriptions.email, active: subscriptions.active })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .get();
  return { subscribed: row?.active === 1, email: row?.email ?? null };
}

/**
 * Subscribes (or re-subscribes, or changes the address) in one statement, so two clicks at once
 * still leave one row. The unsubscribe token is kept: links in e-mails already sent to the same
 * address keep working (a link names the address it was mailed to: digest/signing.ts).
 */
export async function subscribe(db: Db, userId: number, email: string, now = Date.now()): Promise<SubscriptionState> {
  await db
    .insert(subscriptions)
    .values({ userId, email, active: 1, unsubscribeToken: randomHex(32), createdAt: now })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { email, active: 1, cancelledAt: null } });
  return { subscribed: true, email };
}

/** Cancels the user's subscription; cancelling twice is the same as once. */
export async function unsubscribeUser(db: Db, userId: number, now = Date.now()): Promise<void> {
  await db
    .update(subscriptions)
    .set({ active: 0, cancelledAt: now })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.active, 1)));
}

/** The subscription a signed link names (with its token, to check the link's tag). */
export async function subscriptionById(db: Db, id: number) {
  return db
    .select({ id: subscriptions.id, email: subscriptions.email, active: subscriptions.active, token: subscriptions.unsubscribeToken })
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .get();
}

/** Cancels by a verified link; answers whether it was active until now. */
export async function unsubscribeById(db: Db, id: number, now = Date.now()): Promise<boolean> {
  const r = await db
    .update(subscriptions)
    .set({ active: 0, cancelledAt: now })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.active, 1)))
    .returning({ id: subscriptions.id });
  return r.length > 0;
}

/** SQL: the subscription's user is a member (VIP or super-VIP) at `now`. */
export const memberAt = (now: number) =>
  sql`exists (select 1 from memberships m where m.user_id = ${subscriptions.userId} and m.starts_at <= ${now} and m.ends_at > ${now})`;
