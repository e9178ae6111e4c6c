/**
 * `action_hits`: one counter row per rate-limited key (lib/rate-limit.ts limits and the login
 * backoff of auth/ratelimit.ts): key (its prefix names the limit), window_start, hits.
 */
import { and, asc, gt, inArray, lt, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { drizzle } from 'drizzle-orm/d1';

export const actionHits = sqliteTable('action_hits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  hits: integer('hits').notNull(),
});

export interface HitRow {
  key: string;
  windowStart: number;
  hits: number;
}

/** Whether the key's row started before `since` (its window is over): the upserts' CASE (the builder has no conditional expression). */
const expired = (since: number) => sql`${actionHits.windowStart} <= ${since}`;

type Db = ReturnType<typeof drizzle>;

/**
 * One hit on `key`: a key whose window started at or before `since` starts a new one at `now`.
 * `streak`: the window start moves to `now` on every hit (the login backoff runs from the last failure).
 */
const countOne = (db: Db, key: string, now: number, since: number, streak: boolean) =>
  db
    .insert(actionHits)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: actionHits.key,
      set: {
        hits: sql`CASE WHEN ${expired(since)} THEN 1 ELSE ${actionHits.hits} + 1 END`,
        windowStart: streak ? now : sql`CASE WHEN ${expired(since)} THEN ${now} ELSE ${actionHits.windowStart} END`,
      },
    });

/**
 * Counts one hit on each key in one batch (so concurrent requests all count) and returns each
 * key's window and hits.
 */
export async function countHits(d1: D1Database, keys: string[], now: number, since: number): Promise<HitRow[]> {
  const db = drizzle(d1);
  const [first, ...rest] = keys.map((key) => countOne(db, key, now, since, false).returning());
  const results = await db.batch([first, ...rest]);
  return results.map((rows) => rows[0]);
}

/** Counts one failure on each key in one batch, as a streak (the window start moves to `now`). */
export async function countFailures(d1: D1Database, keys: string[], now: number, since: number): Promise<void> {
  const db = drizzle(d1);
  const [first, ...rest] = keys.map((key) => countOne(db, key, now, since, true));
  await db.batch([first, ...rest]);
}

/** The rows of `keys` whose window started after `since`. */
export function liveHits(d1: D1Database, keys: string[], since: number): Promise<HitRow[]> {
  return drizzle(d1)
    .select()
    .from(actionHits)
    .where(and(inArray(actionHits.key, keys), gt(actionHits.windowStart, since)));
}

export async function clearHits(d1: D1Database, keys: string[]): Promise<void> {
  await drizzle(d1).delete(actionHits).where(inArray(actionHits.key, keys));
}

/**
 * Deletes at most `batch` rows whose window started before `cutoff`, oldest first (through
 * action_hits_window_idx); returns how many it deleted.
 */
export async function deleteExpiredHits(d1: D1Database, cutoff: number, batch: number): Promise<number> {
  const db = drizzle(d1);
  const oldest = db.select({ key: actionHits.key }).from(actionHits).where(lt(actionHits.windowStart, cutoff)).orderBy(asc(actionHits.windowStart)).limit(batch);
  const res = await db.delete(actionHits).where(inArray(actionHits.key, oldest));
  return res.meta.changes ?? 0;
}
