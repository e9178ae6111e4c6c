/**
 * The change log keeps WATCH_CHANGES_KEEP_DAYS: every mark a run starts from is younger (the digest
 * and the webhooks move theirs each run), so older rows are never read again. A watchlist not
 * visited for longer counts only what changed within that time.
 */
import { lt, sql } from 'drizzle-orm';
import { drizzleDb } from '../db';
import { DAY_MS } from '#shared/dates';
import type { Env } from '../env';
import { watchChanges } from './tables';

export const WATCH_CHANGES_KEEP_DAYS = 35;
/** Rows per DELETE and DELETEs per run, so one run stays short however much a bulk import logged. */
const SWEEP_BATCH = 5000;
const SWEEP_ROUNDS = 4;

export async function sweepChanges(env: Pick<Env, 'DB'>, now = Date.now()): Promise<number> {
  const db = drizzleDb(env.DB);
  const before = now - WATCH_CHANGES_KEEP_DAYS * DAY_MS;
  let removed = 0;
  for (let i = 0; i < SWEEP_ROUNDS; i++) {
    const r = await db
      .delete(watchChanges)
      .where(sql`${watchChanges.seq} in (select seq from watch_changes where ${lt(watchChanges.changedAt, before)} order by changed_at limit ${SWEEP_BATCH})`)
      .returning({ seq: watchChanges.seq });
    removed += r.length;
    if (r.length < SWEEP_BATCH) break;
  }
  return removed;
}
