/**
 * Unpaid orders past their expiry, closed here and at their provider (the reconcile cron, every two
 * minutes): once closed, the provider's cashier no longer takes money for them.
 */
import { and, eq, lte } from 'drizzle-orm';
import { drizzleDb, orders } from '../db';
import type { Env } from '../env';
import { expireOrder } from './payments';

/** At most this many a run; the next run takes the rest. */
const BATCH = 50;

export async function closeExpiredOrders(env: Env, now = Date.now()): Promise<number> {
  const db = drizzleDb(env.DB);
  const due = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
    .orderBy(orders.expiresAt)
    .limit(BATCH)
    .all();
  for (const o of due) await expireOrder(env, o, now);
  return due.length;
}
