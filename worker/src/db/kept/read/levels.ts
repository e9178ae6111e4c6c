/**
 * Finding where a deep page of a newest-first list starts, from its kept bucket levels: one descent
 * through a few dozen kept rows (the list's top-level buckets, then the buckets of one, then the
 * days of one) gives the day (or, for a list by money, the key bucket) its first row falls on and
 * how many rows of it come before, so every page reads about what the first does however long the
 * list is. A levelled kept table has rows (key columns…, level, bucket, n): level 0 bucket 0 is the
 * total (when kept), level i the buckets floor(order / w) * w of the i-th width.
 */
import { and, asc, between, desc, eq, gt, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { integer, sqliteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../env';
import { DAY_WIDTHS, YMD_WIDTHS } from '../shape.ts';
import { inListOrder, offsetOf, pageWindow, type Window } from './window.ts';

// The widths the declarations count by (shape.ts), walked here.
export { DAY_WIDTHS, YMD_WIDTHS };

/**
 * Buckets of a yyyymmdd list's levels read at a time from the end nearer the page: twelve years,
 * seven months (half a year and one), sixteen days (half a month and one), so a walk reads about
 * half of each level's buckets instead of all of them, most often in one read a level.
 */
export const YMD_CHUNKS = [12, 7, 16] as const;

/**
 * One list of a levelled kept table: the table, the values of its key columns, its bucket widths
 * and, with `chunks`, how many buckets of each level a walk reads at a time from the nearer end
 * (absent: a level's buckets under the one found above at once, one round trip a level).
 */
export interface KeptLevels {
  table: string;
  key: Readonly<Record<string, string | number>>;
  widths: readonly number[];
  chunks?: readonly number[];
}

export interface DayBucket {
  bucket: number;
  n: number;
}

/** The level and bucket columns every levelled kept table has (its key columns come from the description). */
const levelled = (table: string) =>
  sqliteTable(table, { level: integer('level').notNull(), bucket: integer('bucket').notNull(), n: integer('n').notNull() });

const keyWhere = (list: KeptLevels): SQL[] => Object.entries(list.key).map(([c, v]) => sql`${sql.identifier(c)} = ${v}`);

/**
 * The kept bucket rows of `list` at `level` within [lo, hi] (inclusive): every one, in any order, or
 * with `first` in bucket order, the first `first.limit` of them (all without a limit). One index range,
 * a query a batch can hold.
 */
export function levelRows(db: Db, list: KeptLevels, level: number, lo: number, hi: number, first?: { ascending: boolean; limit?: number }) {
  const t = levelled(list.table);
  const q = db
    .select({ bucket: t.bucket, n: t.n })
    .from(t)
    .where(and(...keyWhere(list), eq(t.level, level), between(t.bucket, lo, hi)));
  if (!first) return q;
  const ordered = q.orderBy(first.ascending ? asc(t.bucket) : desc(t.bucket));
  return first.limit === undefined ? ordered : ordered.limit(first.limit);
}

/** The kept total row of a list that keeps one (level 0, bucket 0); none when nothing was counted. */
export function levelTotal(db: Db, list: KeptLevels) {
  const t = levelled(list.table);
  return db
    .select({ n: t.n })
    .from(t)
    .where(and(...keyWhere(list), eq(t.level, 0), eq(t.bucket, 0)));
}

/** The rows counted in a level's buckets (a row left at 0 or below by deletes counts nothing). */
export const totalOf = (buckets: DayBucket[]) => buckets.reduce((s, y) => s + Math.max(0, y.n), 0);

/**
 * The day the row at `offset` (from the newest end, or the oldest when `reverse`) falls on, and how
 * many rows of that day come before it in that direction. At each level the buckets under the one
 * found above are walked from the end nearer the offset, so a level reads about half its buckets
 * when read the list's `chunks` at a time, stopping at the bucket the offset falls in; without
 * chunks a level's buckets are read at once (one round trip), and `top` gives level 1's when the
 * caller has them already. Null when the kept counts run out (a write between the total and the walk). With
 * widths whose last is wider than 1 (a list by money, money.ts), `day` is the first key of that
 * last-level bucket.
 */
export async function startDay(
  db: Db,
  list: KeptLevels,
  reverse: boolean,
  offset: number,
  total: number,
  top?: DayBucket[],
): Promise<{ day: number; skip: number; n: number } | null> {
  let rest = offset;
  let size = total;
  let [lo, hi] = [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
  for (const [i, width] of list.widths.entries()) {
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
    const chunk = i === 0 && top ? undefined : list.chunks?.[i];
    if (chunk === undefined) {
      const all = i === 0 && top ? top : await levelRows(db, list, i + 1, lo, hi);
      hit = [...all].sort((a, z) => (ascending ? a.bucket - z.bucket : z.bucket - a.bucket)).find(holds);
    } else {
      let [from, to] = [lo, hi];
      while (!hit && from <= to) {
        const rows = await levelRows(db, list, i + 1, from, to, { ascending, limit: chunk });
        hit = rows.find(holds);
        if (rows.length < chunk) break;
        const last = rows[rows.length - 1].bucket;
        if (ascending) from = last + 1;
        else to = last - 1;
      }
    }
    if (!hit) return null;
    rest = flip ? hit.n - 1 - left : left;
    size = hit.n;
    [lo, hi] = [hit.bucket, hit.bucket + width - 1];
  }
  return { day: lo, skip: rest, n: size };
}

/** Which rows to read: `limit` rows after skipping `offset` in list order (or reversed), from `day` on when set. */
export interface PageRead extends Window {
  /** Start at this day: rows on or before it (newest first), on or after it when `reverse`. */
  day?: number;
  /** With `day`: 'from' (the default) as above; 'on' that day's rows only; 'past' the rows after it in read order. */
  bound?: 'from' | 'on' | 'past';
}

/** The condition a PageRead puts on a yyyymmdd (or any day-valued) column; none without a day. */
export function dayBound(col: SQLiteColumn, r: PageRead): SQL | undefined {
  if (r.day === undefined) return undefined;
  if (r.bound === 'on') return eq(col, r.day);
  if (r.bound === 'past') return r.reverse ? gt(col, r.day) : lt(col, r.day);
  return r.reverse ? gte(col, r.day) : lte(col, r.day);
}

/** Up to this many rows to skip, a page of a list with a kept total row is read with a plain OFFSET (cheaper than the kept rows). */
const KEPT_SKIP_DIRECTLY = 12;

/**
 * Where page `page` of a list with a kept total row starts: the total, and the read that gives its
 * rows (null past the end). The caller reads `limit` rows after skipping `offset` from `day` on off
 * the list's index (newest first, oldest first when `reverse`) and puts them in list order
 * (inListOrder). `known` is the kept total when the caller has read it already (nearEndPage).
 */
export async function keptStart(db: Db, list: KeptLevels, page: number, perPage: number, known?: number): Promise<{ total: number; read: PageRead | null }> {
  const { total, read } = await keptStartOf(db, list, page, perPage, known);
  return { total, read };
}

async function keptStartOf(db: Db, list: KeptLevels, page: number, perPage: number, known?: number) {
  let total = known ?? 0;
  let top: DayBucket[] | undefined;
  if (known === undefined) {
    // A page that may start deep reads the top level's rows (a few dozen at most) with the total, in
    // one round trip; the walk then reads each lower level under its bucket.
    const deep = offsetOf(page, perPage) > KEPT_SKIP_DIRECTLY;
    const [totalRows, topRows] = deep
      ? await db.batch([levelTotal(db, list), levelRows(db, list, 1, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)])
      : [await levelTotal(db, list), []];
    total = totalRows[0]?.n ?? 0;
    top = topRows;
  }
  const w = pageWindow(page, perPage, total);
  if (!w.limit) return { total, read: null, start: null };
  // A page that starts past KEPT_SKIP_DIRECTLY from either end starts past it from the front too: `deep` held, `top` was read.
  const start = w.offset > KEPT_SKIP_DIRECTLY ? await startDay(db, list, w.reverse, w.offset, total, top) : null;
  return { total, read: start ? { ...w, offset: start.skip, day: start.day } : w, start };
}

/**
 * As keptStart, for a list whose days hold many rows: when the page's first row lies nearer the far
 * end of its day than its start (counting the rows of the day past the page), the day's part of the
 * page is read from that far end and the rest from the next day on, two reads a batch can hold,
 * instead of skipping the day's earlier rows. `reads` come in list order (each read's rows put in
 * list order, then joined: pageRows); empty past the end.
 */
export async function keptReads(db: Db, list: KeptLevels, page: number, perPage: number, known?: number): Promise<{ total: number; reads: PageRead[] }> {
  const { total, read, start } = await keptStartOf(db, list, page, perPage, known);
  if (!read) return { total, reads: [] };
  if (!start) return { total, reads: [read] };
  const inDay = Math.min(read.limit, start.n - start.skip);
  const far = start.n - start.skip - inDay;
  if (far >= start.skip) return { total, reads: [read] };
  const onDay: PageRead = { reverse: !read.reverse, offset: far, limit: inDay, day: start.day, bound: 'on' };
  const past: PageRead[] = read.limit > inDay ? [{ reverse: read.reverse, offset: 0, limit: read.limit - inDay, day: start.day, bound: 'past' }] : [];
  return { total, reads: read.reverse ? [...past, onDay] : [onDay, ...past] };
}

/** The rows of each read (`results`, in the order of `reads`), joined in list order. */
export const pageRows = <T>(reads: PageRead[], results: T[][]): T[] => reads.flatMap((r, i) => inListOrder(r, results[i] ?? []));

/** Where a page of a yyyymmdd list without a kept total row (the total is the sum of its year rows) starts. */
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
 * Where page `page` of `perPage` rows sits, newest first, given the year rows of the list (`years`,
 * any order, read by the caller with its first page; `within` covers the same years). The days it
 * reads run from its first row's day to the end of `within` in read order (`lo`..the day newest
 * first, the day..`hi` for a reversed read), which a list read off an index in date order stops at
 * after `skip` + `limit` rows; a page near either end reads all of `within`, skipping its few rows.
 */
export async function dayStart(db: Db, list: KeptLevels, years: DayBucket[], page: number, perPage: number, within: { lo: number; hi: number }): Promise<DayPage> {
  const total = totalOf(years);
  const w = pageWindow(page, perPage, total);
  if (!w.limit) return { total, empty: true, reverse: false, lo: 0, hi: 0, skip: 0, limit: 0 };
  const whole = { total, empty: false, reverse: w.reverse, lo: within.lo, hi: within.hi, skip: w.offset, limit: w.limit };
  if (w.offset <= SKIP_DIRECTLY) return whole;
  // The year rows are at hand (the total is their sum): the walk reads the months of one year and the days of one month.
  const start = await startDay(db, list, w.reverse, w.offset, total, years);
  if (!start) return whole;
  return { ...whole, lo: w.reverse ? start.day : within.lo, hi: w.reverse ? within.hi : start.day, skip: start.skip };
}

/**
 * A levelled list whose order key k runs long (amounts, counts, dates of a busy list): its bucket
 * levels of k (`levels`; a bucket splits the one above into at most about ten) and, with `ties`,
 * bucket levels of the item ids inside one k, kept in `ties.table` under the same key columns plus
 * `ties.column` = k. `lowHeavy`: a bucket holds most of its items in its lowest sub-buckets (many
 * small values under a few large ones), so each level is read from that end, two sub-buckets at first.
 */
export interface KeptWalk {
  levels: KeptLevels;
  ties?: { table: string; column: string; widths: readonly number[] };
  lowHeavy?: boolean;
}

/** A bucket (lo..hi of k, or of item id inside one k), its item count and the page's first position in it (read order). */
export type BucketWalk = { lo: number; hi: number; n: number; at: number };
/**
 * Where a deep page starts: a bucket of k, or (`items`) a bucket of item ids inside the one k lo = hi
 * with `rest`, the items of that k from the bucket's first one (read order) to the k's last.
 */
export type BucketStart = BucketWalk & { items?: { lo: number; hi: number; rest: number } };

/**
 * Past this many rows to skip from the nearer end of the bucket a deep page starts in, the walk goes
 * a level down: a level reads a few of the bucket's non-empty sub-buckets.
 */
const SKIP_IN_BUCKET = 10;

/**
 * The sub-bucket of `s` at the next level (`width`) holding the page's first row, with its
 * position there. At level 1 and at a k's first item id level (`whole`) the buckets are read whole
 * (a few rows). Below, they are read a few at a time from whichever end of the part not yet read
 * is nearer the page by count: about as many as even counts over its sub-buckets would need, then
 * again from the nearer end of what is left, until the page's (a low-heavy list starts with two
 * from its low end). Null when the counts do not place it.
 */
async function levelDown(db: Db, list: KeptLevels, level: number, s: BucketWalk, reverse: boolean, whole: boolean, lowHeavy: boolean): Promise<BucketWalk | null> {
  const width = list.widths[level - 1];
  let [from, to, left] = [s.lo, s.hi, s.n];
  if (whole) {
    // In read order (level 1's n is not known yet).
    let at = s.at;
    for (const b of await levelRows(db, list, level, from, to, { ascending: reverse })) {
      if (at < b.n) return { lo: b.bucket, hi: b.bucket + width - 1, n: b.n, at };
      at -= Math.max(0, b.n);
    }
    return null;
  }
  // The page's first row counted from the low end (ascending k or item id) of the part not yet read.
  let low = reverse ? s.at : s.n - 1 - s.at;
  const placed = (b: DayBucket, fromLow: number): BucketWalk => ({ lo: b.bucket, hi: b.bucket + width - 1, n: b.n, at: reverse ? fromLow : b.n - 1 - fromLow });
  for (let first = true; from <= to; first = false) {
    const ascending = first && lowHeavy ? true : low < left / 2;
    let d = ascending ? low : left - 1 - low;
    const slots = Math.floor((to - from) / width) + 1;
    const count = first && lowHeavy ? 2 : Math.ceil((slots * (d + 1)) / Math.max(1, left)) + 1;
    const buckets = await levelRows(db, list, level, from, to, { ascending, limit: count });
    for (const b of buckets) {
      if (d < b.n) return placed(b, ascending ? d : b.n - 1 - d);
      d -= Math.max(0, b.n);
      left -= Math.max(0, b.n);
      if (ascending) low -= Math.max(0, b.n);
    }
    if (buckets.length < count) return null;
    const last = buckets[buckets.length - 1].bucket;
    [from, to] = ascending ? [last + 1, to] : [from, last - 1];
  }
  return null;
}

/** Rows read past the page's own when it is read from the far end of its bucket (the bucket's last n - at rows, then on). */
export const extraFromEnd = (s: { n: number; at: number }, limit: number) => Math.max(0, s.n - s.at - limit);
const nearEnough = (s: BucketWalk, limit: number) => Math.min(s.at, extraFromEnd(s, limit)) <= SKIP_IN_BUCKET;

/**
 * The bucket a page of `limit` rows at `offset` (from the list's start, or its end when `reverse`)
 * starts in: the list's level-1 buckets, then the level-2 buckets inside the one the offset falls
 * in, and so on (levelDown), down to width 1 (k itself) or to a bucket whose nearer end lies within
 * SKIP_IN_BUCKET rows of the page; inside a long run of one k, on down its item id buckets (`ties`)
 * the same way. The caller reads the page on its own index from the nearer end of that bucket
 * (extraFromEnd says which). Null when the counts do not place it (keys below 0, which no list has).
 */
export async function bucketStart(db: Db, walk: KeptWalk, reverse: boolean, offset: number, limit: number): Promise<BucketStart | null> {
  let s: BucketWalk | null = { lo: 0, hi: Number.MAX_SAFE_INTEGER, n: 0, at: offset };
  for (let level = 1; level <= walk.levels.widths.length; level++) {
    s = await levelDown(db, walk.levels, level, s, reverse, level === 1, walk.lowHeavy ?? false);
    if (!s) return null;
    if (nearEnough(s, limit)) return s;
  }
  if (!walk.ties) return s;
  const k = s.lo;
  const ties: KeptLevels = { table: walk.ties.table, key: { ...walk.levels.key, [walk.ties.column]: k }, widths: walk.ties.widths };
  let t: BucketWalk | null = { lo: 0, hi: Number.MAX_SAFE_INTEGER, n: s.n, at: s.at };
  for (let level = 1; level <= ties.widths.length; level++) {
    t = await levelDown(db, ties, level, t, reverse, level === 1, false);
    if (!t) return null;
    if (nearEnough(t, limit)) break;
  }
  if (t.hi === Number.MAX_SAFE_INTEGER) return s;
  return { lo: k, hi: k, n: t.n, at: t.at, items: { lo: t.lo, hi: t.hi, rest: s.n - s.at + t.at } };
}
