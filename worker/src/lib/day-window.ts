/**
 * Finding a page of a date-ordered list from kept year / month / day counts (the news and policy
 * lists; the same idea as the STAR list's starmarket_day_counts). A list's kept counts are rows of
 * (level, bucket, n): level 1 = years (bucket yyyy0000), 2 = months (yyyymm00), 3 = days (yyyymmdd).
 * The total under a date range is the sum of its year rows; the days a page spans are found by
 * walking years, then the months of the years the page touches, then the days of those months, so
 * a page reads a few dozen kept rows plus the rows of the days it spans, at any depth.
 */
import { pageWindow } from './pagination';

export interface DayBucket {
  bucket: number;
  n: number;
}

/** Kept rows of one level within [lo, hi] (inclusive yyyymmdd bounds), in any order. */
export type FetchLevel = (level: 2 | 3, lo: number, hi: number) => Promise<DayBucket[]>;

const WIDTH = { 1: 10_000, 2: 100, 3: 1 } as const;

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
  /** The days the page spans, and how many rows of those days (in read order) come before it. */
  lo: number;
  hi: number;
  skip: number;
  limit: number;
}

/** Every date. */
export const ANY_DAY = { lo: 0, hi: 99_999_999 } as const;

/** Up to this many rows to skip, a page is read straight off its index (when `direct` allows). */
export const SKIP_DIRECTLY = 40;

/**
 * Where page `page` of `perPage` rows sits, newest first, given the year rows of the list under a
 * date range that covers whole years (`years`, any order) and a way to read the month and day rows.
 * With `direct` (the list's rows come from one index in list order), a page near either end skips
 * the walk: its range is the whole of `within` and it skips its few rows on the index.
 */
export async function dayPage(
  years: DayBucket[],
  fetch: FetchLevel,
  page: number,
  perPage: number,
  direct?: { lo: number; hi: number },
): Promise<DayPage> {
  const total = totalOf(years);
  const w = pageWindow(page, perPage, total);
  const none = { total, empty: true, reverse: false, lo: 0, hi: 0, skip: 0, limit: 0 };
  if (!w.limit) return none;
  if (direct && w.offset <= SKIP_DIRECTLY) return { total, empty: false, reverse: w.reverse, lo: direct.lo, hi: direct.hi, skip: w.offset, limit: w.limit };
  // Positions are counted in read order: newest first, or oldest first for a reversed read.
  const order = (b: DayBucket[]) => [...b].filter((x) => x.n > 0).sort((a, z) => (w.reverse ? a.bucket - z.bucket : z.bucket - a.bucket));
  let first = w.offset;
  let last = w.offset + w.limit - 1;
  let buckets = order(years);
  let lo = 0;
  let hi = 0;
  for (const level of [1, 2, 3] as const) {
    if (level > 1) buckets = order(await fetch(level as 2 | 3, lo, hi));
    let acc = 0;
    let a = -1;
    let z = -1;
    let before = 0;
    for (let i = 0; i < buckets.length; i++) {
      const n = buckets[i].n;
      if (a < 0 && first < acc + n) {
        a = i;
        before = acc;
      }
      if (a >= 0 && last < acc + n) {
        z = i;
        break;
      }
      acc += n;
    }
    if (a < 0) return none;
    if (z < 0) z = buckets.length - 1;
    first -= before;
    last -= before;
    lo = Math.min(buckets[a].bucket, buckets[z].bucket);
    hi = Math.max(buckets[a].bucket, buckets[z].bucket) + WIDTH[level] - 1;
  }
  return { total, empty: false, reverse: w.reverse, lo, hi, skip: first, limit: w.limit };
}

/**
 * The same page as dayPage, placed by its first row alone: the days it reads run from that row's day
 * to the end of `within` in read order (`lo`..the day newest first, the day..`hi` for a reversed
 * read), which a list read off an index in date order stops at after `skip` + `limit` rows. The walk
 * reads the months of one year and the days of one month, where dayPage reads those of every year
 * and month the page spans (two of each for a page across a year's end). `within` covers whole years, as `years` does.
 */
export async function dayStart(years: DayBucket[], fetch: FetchLevel, page: number, perPage: number, within: { lo: number; hi: number }): Promise<DayPage> {
  const total = totalOf(years);
  const w = pageWindow(page, perPage, total);
  const none = { total, empty: true, reverse: false, lo: 0, hi: 0, skip: 0, limit: 0 };
  if (!w.limit) return none;
  if (w.offset <= SKIP_DIRECTLY) return { total, empty: false, reverse: w.reverse, lo: within.lo, hi: within.hi, skip: w.offset, limit: w.limit };
  // Positions are counted in read order: newest first, or oldest first for a reversed read.
  const order = (b: DayBucket[]) => [...b].filter((x) => x.n > 0).sort((a, z) => (w.reverse ? a.bucket - z.bucket : z.bucket - a.bucket));
  let at = w.offset;
  let buckets = order(years);
  let [lo, hi] = [0, 0];
  for (const level of [1, 2, 3] as const) {
    if (level > 1) buckets = order(await fetch(level as 2 | 3, lo, hi));
    const hit = buckets.find((b) => {
      if (at < b.n) return true;
      at -= b.n;
      return false;
    });
    if (!hit) return none;
    [lo, hi] = [hit.bucket, hit.bucket + WIDTH[level] - 1];
  }
  return { total, empty: false, reverse: w.reverse, lo: w.reverse ? lo : within.lo, hi: w.reverse ? within.hi : lo, skip: at, limit: w.limit };
}
