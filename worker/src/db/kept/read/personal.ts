/**
 * The lists of list_day_counts (worker/src/db/entity-kept.ts names its keys): each is a key
 * levelled by day, and a user's own lists (ledger, orders, downloads, follows, comments, incense)
 * by the day of an epoch-milliseconds created_at (DAY_WIDTHS).
 */
import { and, asc, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { listDayCounts as dc } from '../../entity-kept';
import type { Db } from '../../../env';
import { DAY_WIDTHS, type KeptLevels, type PageRead } from './levels.ts';
import { DAY_MS } from '#shared/dates';

/** The list kept under `k` in list_day_counts, levelled by `widths` (a walk reading `chunks` buckets at a time). */
export const dayList = (k: string, widths: readonly number[], chunks?: readonly number[]): KeptLevels => ({ table: 'list_day_counts', key: { k }, widths, chunks });

/** A user's own list kept under `k` (levelled by the day of its created_at). */
export const userList = (k: string): KeptLevels => dayList(k, DAY_WIDTHS);

/** The kept totals of `keys` (a key without rows counts 0). */
export async function keptTotals(db: Db, keys: string[]): Promise<Map<string, number>> {
  const rows = keys.length
    ? await db
        .select({ k: dc.k, n: dc.n })
        .from(dc)
        .where(and(inArray(dc.k, keys), eq(dc.level, 0), eq(dc.bucket, 0)))
    : [];
  return new Map(keys.map((k) => [k, rows.find((r) => r.k === k)?.n ?? 0]));
}

/** The bound a PageRead puts on created_at as a value, for raw SQL: created_at >= ms (`from`) or created_at < ms; null without a day. */
export const msDayLimit = (r: PageRead): { from: boolean; ms: number } | null =>
  r.day === undefined ? null : { from: r.reverse, ms: (r.reverse ? r.day : r.day + 1) * DAY_MS };

/** The same bound as a condition on an epoch-milliseconds column: a deep page's rows start on its day. */
export const msDayBound = (col: SQLiteColumn, r: PageRead) => {
  const b = msDayLimit(r);
  return b ? [b.from ? gte(col, b.ms) : lt(col, b.ms)] : [];
};

/**
 * A user's rows for a PageRead, off the (user, created_at) index: the WHERE (theirs, from the page's
 * day) and the ORDER BY (newest first, `tie` breaking a millisecond; reversed when the read is). The
 * caller adds .limit(r.limit).offset(r.offset).
 */
export function usersRows(r: PageRead, user: SQLiteColumn, userId: number, createdAt: SQLiteColumn, tie: SQLiteColumn | SQL) {
  const dir = r.reverse ? asc : desc;
  return { where: and(eq(user, userId), ...msDayBound(createdAt, r)), orderBy: [dir(createdAt), dir(tie)] as const };
}
