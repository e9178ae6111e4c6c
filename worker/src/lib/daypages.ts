/**
 * Pages of a newest-first list read from kept day counts (entity_day_counts, kept by triggers; see
 * worker/src/db/entity-kept.ts): the total is one kept row, a page in the far half is read from the
 * other end (pageWindow), and a page deep in either half starts on the day its first row falls on,
 * found from a few dozen kept rows (the list's top-level buckets, then the months / blocks of one,
 * then the days of one), so every page reads about what the first does however long the list is.
 *
 * A list is a key of entity_day_counts and a day function of its sort column: level 1..3 buckets
 * are floor(day / width) * width for the widths below, level 0 bucket 0 is the total.
 */
import { and, asc, between, desc, eq, inArray } from 'drizzle-orm';
import { entityDayCounts as dc, entityMoneyCounts } from '../db';
import type { Db } from '../env';
import { pageWindow } from './pagination';

/** yyyymmdd dates: years, months, days. */
export const YMD_WIDTHS = [10_000, 100, 1] as const;
/** Days since 1970: blocks of 512 days, of 16 days, days. */
export const DAY_WIDTHS = [512, 16, 1] as const;
export type Widths = readonly [number, number, 1];

/** Up to this many rows to skip, a page is read with a plain OFFSET (cheaper than the kept rows). */
const SKIP_DIRECTLY = 12;

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

export async function keptTotal(db: Db, key: string): Promise<number> {
  return (await keptTotals(db, [key])).get(key) ?? 0;
}

/** Kept bucket rows are read this many at a time, stopping at the bucket the offset falls in. */
const CHUNK = 4;

/** Tables of kept bucket counts (k, level, bucket, n): by day, or by a money list's sort key (lib/moneypages.ts). */
type KeptCounts = typeof dc | typeof entityMoneyCounts;

/**
 * The day the row at `offset` (from the newest end, or the oldest when `reverse`) falls on, and how
 * many rows of that day come before it in that direction. At each level the buckets are walked
 * from the end of their parent nearer the offset, a few rows at a time, so a level reads at most
 * half its buckets (years, then one year's months, then one month's days). Null when the kept
 * counts run out (a write between the total and the walk). The same walk finds the start of a deep
 * page of a list by money in entity_money_counts (`table`), whose last level is wider than 1: `day`
 * is then the first key of that last-level bucket.
 */
export async function startDay(
  db: Db,
  key: string,
  widths: readonly number[],
  reverse: boolean,
  offset: number,
  total: number,
  table: KeptCounts = dc,
): Promise<{ day: number; skip: number } | null> {
  let rest = offset;
  let size = total;
  let [lo, hi] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  for (const [i, width] of widths.entries()) {
    // Walk ascending when the offset (counted newest first unless reversed) lies nearer the oldest end.
    const flip = rest >= size / 2;
    const ascending = reverse !== flip;
    let left = flip ? size - 1 - rest : rest;
    let hit: { bucket: number; n: number } | undefined;
    let [from, to] = [lo, hi];
    while (!hit && from <= to) {
      const chunk = await db
        .select({ bucket: table.bucket, n: table.n })
        .from(table)
        .where(and(eq(table.k, key), eq(table.level, i + 1), between(table.bucket, from, to)))
        .orderBy(ascending ? asc(table.bucket) : desc(table.bucket))
        .limit(CHUNK);
      for (const b of chunk) {
        if (left < b.n) {
          hit = b;
          break;
        }
        left -= Math.max(0, b.n);
      }
      if (chunk.length < CHUNK) break;
      const last = chunk[chunk.length - 1].bucket;
      if (ascending) from = last + 1;
      else to = last - 1;
    }
    if (!hit) return null;
    rest = flip ? hit.n - 1 - left : left;
    size = hit.n;
    [lo, hi] = [hit.bucket, hit.bucket + width - 1];
  }
  return { day: lo, skip: rest };
}

/** Which rows to read: `limit` rows after skipping `offset` in list order (or reversed), from `day` on when set. */
export interface PageRead {
  reverse: boolean;
  offset: number;
  limit: number;
  /** Start at this day: rows on or before it (newest first), on or after it when `reverse`. */
  day?: number;
}

/**
 * Page `page` of the list kept under `key`: `read` returns the ids of a PageRead in its order
 * (newest first, oldest first when reversed); the ids come back in list order with the kept total.
 */
export async function keptPage(
  db: Db,
  key: string,
  widths: Widths,
  page: number,
  perPage: number,
  read: (r: PageRead) => Promise<number[]>,
): Promise<{ ids: number[]; total: number }> {
  const total = await keptTotal(db, key);
  const w = pageWindow(page, perPage, total);
  if (!w.limit) return { ids: [], total };
  const start = w.offset > SKIP_DIRECTLY ? await startDay(db, key, widths, w.reverse, w.offset, total) : null;
  const ids = await read(start ? { ...w, offset: start.skip, day: start.day } : w);
  return { ids: w.reverse ? ids.reverse() : ids, total };
}

/** The day (since 1970, UTC) of an epoch-milliseconds time, as the kept user counts bucket it. */
export const dayOfMs = (ms: number) => Math.floor(ms / 86_400_000);
