/**
 * Finding where a page of a newest-first list starts from kept bucket counts (kept by triggers):
 * a page in the far half is read from the other end (pageWindow), and a page deep in either half
 * starts on the day its first row falls on, found by one descent (startDay) through a few dozen
 * kept rows (the list's top-level buckets, then the months / blocks of one, then the days of one),
 * so every page reads about what the first does however long the list is. The lists:
 *  - entity_day_counts (worker/src/db/entity-kept.ts; keptPage): a list is a key and a day function
 *    of its sort column, level 1..3 buckets are floor(day / width) * width for the widths below,
 *    level 0 bucket 0 is the total;
 *  - entity_money_counts: the same walk over a money sort key (lib/moneypages.ts);
 *  - news_day_counts and policy_day_counts (dayStart): rows of (level, bucket, n), level 1 = years
 *    (bucket yyyy0000), 2 = months (yyyymm00), 3 = days (yyyymmdd); the total is the sum of the year rows;
 *  - starmarket_day_counts (worker/src/starmarket/list.ts): yyyymmdd levels under the tab's filters.
 */
import { and, asc, between, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { entityDayCounts as dc, entityMoneyCounts } from '../db';
import type { Db } from '../env';
import { offsetOf, pageWindow } from './pagination';

/** yyyymmdd dates: years, months, days. */
export const YMD_WIDTHS = [10_000, 100, 1] as const;
/** Days since 1970: blocks of 512 days, of 16 days, days. */
export const DAY_WIDTHS = [512, 16, 1] as const;
export type Widths = readonly [number, number, 1];

export interface DayBucket {
  bucket: number;
  n: number;
}

/**
 * The kept bucket rows of one list at `level` (1 = the top) within [lo, hi] (inclusive): every one,
 * in any order, or with `first` the first `first.limit` of them in bucket order (ascending or not).
 */
export type ReadLevel = (level: number, lo: number, hi: number, first?: { ascending: boolean; limit: number }) => Promise<DayBucket[]>;

/**
 * The day the row at `offset` (from the newest end, or the oldest when `reverse`) falls on, and how
 * many rows of that day come before it in that direction. At each level the buckets under the one
 * found above are walked from the end nearer the offset, so a level reads at most half its buckets
 * when read `chunk` rows at a time, stopping at the bucket the offset falls in; without `chunk` a
 * level's buckets are read at once (one round trip), and `top` gives level 1's when the caller has
 * them already. Null when the kept counts run out (a write between the total and the walk). With
 * `widths` whose last is wider than 1 (a list by money, lib/moneypages.ts), `day` is the first key
 * of that last-level bucket.
 */
export async function startDay(
  read: ReadLevel,
  widths: readonly number[],
  reverse: boolean,
  offset: number,
  total: number,
  how: { chunk?: number; top?: DayBucket[] } = {},
): Promise<{ day: number; skip: number } | null> {
  let rest = offset;
  let size = total;
  let [lo, hi] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  for (const [i, width] of widths.entries()) {
    // Walk ascending when the offset (counted newest first unless reversed) lies nearer the oldest end.
    const flip = rest >= size / 2;
    const ascending = reverse !== flip;
    let left = flip ? size - 1 - rest : rest;
    // A row at or below 0 (left there by deletes) counts nothing.
    const holds = (b: DayBucket) => {
      if (left < b.n) return true;
      left -= Math.max(0, b.n);
      return false;
    };
    let hit: DayBucket | undefined;
    if (how.chunk === undefined) {
      const all = i === 0 && how.top ? how.top : await read(i + 1, lo, hi);
      hit = [...all].sort((a, z) => (ascending ? a.bucket - z.bucket : z.bucket - a.bucket)).find(holds);
    } else {
      let [from, to] = [lo, hi];
      while (!hit && from <= to) {
        const chunk = await read(i + 1, from, to, { ascending, limit: how.chunk });
        hit = chunk.find(holds);
        if (chunk.length < how.chunk) break;
        const last = chunk[chunk.length - 1].bucket;
        if (ascending) from = last + 1;
        else to = last - 1;
      }
    }
    if (!hit) return null;
    rest = flip ? hit.n - 1 - left : left;
    size = hit.n;
    [lo, hi] = [hit.bucket, hit.bucket + width - 1];
  }
  return { day: lo, skip: rest };
}

/** Tables of kept bucket counts (k, level, bucket, n): by day, or by a money list's sort key (lib/moneypages.ts). */
type KeptCounts = typeof dc | typeof entityMoneyCounts;

/** A money list's kept bucket rows (lib/moneypages.ts: seven levels, some wide) are read this many at a time, stopping at the bucket the offset falls in. */
export const CHUNK = 4;

/** The kept bucket rows of the list under `key` at `level` within [lo, hi]: one index range, a query a batch can hold. */
const levelRows = (db: Db, key: string, level: number, lo: number, hi: number, table: KeptCounts = dc) =>
  db
    .select({ bucket: table.bucket, n: table.n })
    .from(table)
    .where(and(eq(table.k, key), eq(table.level, level), between(table.bucket, lo, hi)));

/** The level reader of the list kept under `key` in `table` (a read of `first` rows is one index range). */
export const keptLevels =
  (db: Db, key: string, table: KeptCounts = dc): ReadLevel =>
  (level, lo, hi, first) => {
    const q = levelRows(db, key, level, lo, hi, table);
    return first ? q.orderBy(first.ascending ? asc(table.bucket) : desc(table.bucket)).limit(first.limit) : q;
  };

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

/** The kept total row of one list (none when the list has no rows). */
const keptTotalQuery = (db: Db, key: string) =>
  db
    .select({ n: dc.n })
    .from(dc)
    .where(and(eq(dc.k, key), eq(dc.level, 0), eq(dc.bucket, 0)));

/** Up to this many rows to skip, a page of an entity_day_counts list is read with a plain OFFSET (cheaper than the kept rows). */
const KEPT_SKIP_DIRECTLY = 12;

/** Which rows to read: `limit` rows after skipping `offset` in list order (or reversed), from `day` on when set. */
export interface PageRead {
  reverse: boolean;
  offset: number;
  limit: number;
  /** Start at this day: rows on or before it (newest first), on or after it when `reverse`. */
  day?: number;
}

/**
 * Page `page` of the list kept under `key` in entity_day_counts: `read` returns the ids of a PageRead
 * in its order (newest first, oldest first when reversed); the ids come back in list order with the kept total.
 */
export async function keptPage(
  db: Db,
  key: string,
  widths: Widths,
  page: number,
  perPage: number,
  read: (r: PageRead) => Promise<number[]>,
): Promise<{ ids: number[]; total: number }> {
  // A page that may start deep reads the top level's rows (a few dozen at most) with the total, in
  // one round trip; the walk then reads each lower level under its bucket at once (32 and 16 rows, or
  // 12 and 31): four round trips in all, where a walk a few rows at a time took up to ten.
  const deep = offsetOf(page, perPage) > KEPT_SKIP_DIRECTLY;
  const [totalRows, top] = deep
    ? await db.batch([keptTotalQuery(db, key), levelRows(db, key, 1, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)])
    : [await keptTotalQuery(db, key), []];
  const total = totalRows[0]?.n ?? 0;
  const w = pageWindow(page, perPage, total);
  if (!w.limit) return { ids: [], total };
  // A page that starts past KEPT_SKIP_DIRECTLY from either end starts past it from the front too: `deep` holds, `top` is read.
  const start = w.offset > KEPT_SKIP_DIRECTLY ? await startDay(keptLevels(db, key), widths, w.reverse, w.offset, total, { top }) : null;
  const ids = await read(start ? { ...w, offset: start.skip, day: start.day } : w);
  return { ids: w.reverse ? ids.reverse() : ids, total };
}

/** The day (since 1970, UTC) of an epoch-milliseconds time, as the kept user counts bucket it. */
export const dayOfMs = (ms: number) => Math.floor(ms / 86_400_000);

/**
 * The condition a PageRead puts on an epoch-milliseconds column of a DAY_WIDTHS list: a deep page's
 * rows start on its day, on or before it newest first, on or after it when reversed.
 */
export const msDayBound = (col: SQLiteColumn, r: PageRead) => {
  const b = msDayLimit(r);
  return b ? [b.from ? gte(col, b.ms) : lt(col, b.ms)] : [];
};

/** The same bound as a value, for raw SQL: created_at >= ms (`from`) or created_at < ms; null on a page read without a day. */
export const msDayLimit = (r: PageRead): { from: boolean; ms: number } | null =>
  r.day === undefined ? null : { from: r.reverse, ms: (r.reverse ? r.day : r.day + 1) * 86_400_000 };

/**
 * A user's rows of a DAY_WIDTHS list for a PageRead, off the (user, created_at) index: the WHERE
 * (theirs, from the page's day) and the ORDER BY (newest first, `tie` breaking a millisecond; reversed
 * when the read is). The caller adds .limit(r.limit).offset(r.offset).
 */
export function usersRows(r: PageRead, user: SQLiteColumn, userId: number, createdAt: SQLiteColumn, tie: SQLiteColumn | SQL) {
  const dir = r.reverse ? asc : desc;
  return { where: and(eq(user, userId), ...msDayBound(createdAt, r)), orderBy: [dir(createdAt), dir(tie)] as const };
}

/**
 * As keptPage for a DAY_WIDTHS list whose `read` returns the rows themselves (a user's own list:
 * one statement for the rows, none more to fetch them by id): the page's rows in list order, and the total.
 */
export async function keptRowsPage<T>(db: Db, key: string, page: number, perPage: number, read: (r: PageRead) => Promise<T[]>, idOf: (row: T) => number) {
  const byId = new Map<number, T>();
  const { ids, total } = await keptPage(db, key, DAY_WIDTHS, page, perPage, async (r) => {
    const rows = await read(r);
    for (const row of rows) byId.set(idOf(row), row);
    return rows.map(idOf);
  });
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}

/** Kept month or day rows of a list of news_day_counts / policy_day_counts within [lo, hi] (inclusive yyyymmdd bounds), in any order. */
export type FetchLevel = (level: 2 | 3, lo: number, hi: number) => Promise<DayBucket[]>;

/** The rows counted in year rows (a row left at 0 or below by deletes counts nothing). */
export function totalOf(years: DayBucket[]): number {
  return years.reduce((s, y) => s + Math.max(0, y.n), 0);
}

export interface DayPage {
  total: number;
  /** The page is past the end (or empty). */
  empty: boolean;
  /** Read in ascending date order (a page in the far half of the list), then reversed by the caller. */
  reverse: boolean;
  /** The days to read, and how many rows of them (in read order) come before the page. */
  lo: number;
  hi: number;
  skip: number;
  limit: number;
}

/** Every date. */
export const ANY_DAY = { lo: 0, hi: 99_999_999 } as const;

/** Up to this many rows to skip, a page is read straight off its index. */
export const SKIP_DIRECTLY = 40;

/**
 * Where page `page` of `perPage` rows sits, newest first, given the year rows of the list under a
 * date range of whole years (`years`, any order; `within` covers the same years) and a way to read
 * the month and day rows. The days it reads run from its first row's day to the end of `within` in
 * read order (`lo`..the day newest first, the day..`hi` for a reversed read), which a list read off
 * an index in date order stops at after `skip` + `limit` rows; a page near either end reads all of
 * `within`, skipping its few rows on the index.
 */
export async function dayStart(years: DayBucket[], fetch: FetchLevel, page: number, perPage: number, within: { lo: number; hi: number }): Promise<DayPage> {
  const total = totalOf(years);
  const w = pageWindow(page, perPage, total);
  if (!w.limit) return { total, empty: true, reverse: false, lo: 0, hi: 0, skip: 0, limit: 0 };
  const whole = { total, empty: false, reverse: w.reverse, lo: within.lo, hi: within.hi, skip: w.offset, limit: w.limit };
  if (w.offset <= SKIP_DIRECTLY) return whole;
  // The year rows are at hand (the total is their sum): the walk reads the months of one year and the days of one month.
  const start = await startDay((level, lo, hi) => fetch(level as 2 | 3, lo, hi), YMD_WIDTHS, w.reverse, w.offset, total, { top: years });
  if (!start) return whole;
  return { ...whole, lo: w.reverse ? start.day : within.lo, hi: w.reverse ? within.hi : start.day, skip: start.skip };
}
