/** Daily clean-up (registered in scheduled.ts): expire old files, and fail + refund records that never finished. */
import { and, eq, inArray, lte } from 'drizzle-orm';
import { downloadRecords as r, drizzleDb } from '../db';
import type { Env } from '../env';
import { failRecord } from './records';

/**
 * A record still queued or generating after a day: the reconciler (reconcile.ts) settles stranded
 * records within minutes, so this is only the last backstop (e.g. its cron was not running).
 */
export const STUCK_AFTER_MS = 24 * 3600 * 1000;
const CHUNK = 500;

export async function sweepExports(env: Env, now = Date.now()): Promise<{ expired: number; failed: number }> {
  const db = drizzleDb(env.DB);
  let expired = 0;
  for (;;) {
    const results = await db
      .select({ id: r.id, r2Key: r.r2Key })
      .from(r)
      .where(and(eq(r.status, 'done'), lte(r.expiresAt, now)))
      .limit(CHUNK);
    if (results.length === 0) break;
    const keys = results.map((x) => x.r2Key).filter(Boolean);
    if (keys.length) await env.FILES.delete(keys);
    const ids = results.map((x) => x.id);
    await db
      .update(r)
      .set({ status: 'expired' })
      .where(and(eq(r.status, 'done'), inArray(r.id, ids)))
      .run();
    expired += results.length;
    if (results.length < CHUNK) break;
  }
  const stuck = await db
    .select({ id: r.id })
    .from(r)
    .where(and(inArray(r.status, ['queued', 'generating']), lte(r.createdAt, now - STUCK_AFTER_MS)))
    .limit(CHUNK);
  for (const x of stuck) await failRecord(db, x.id, '生成超时');
  return { expired, failed: stuck.length };
}
