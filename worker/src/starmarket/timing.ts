/**
 * Review timing (beyond the spec): for each review state of the applicant tab, how many companies
 * sit there and the median number of days since they entered it (the date of the stage that brought
 * them to their current state, starmarket_companies.state_since), under the tab's filters.
 *
 * median(today − dᵢ) = today − median(dᵢ), so a kept distribution of entry days is enough:
 * starmarket_timing_days (kept by triggers) holds, per filter combination and state, the companies
 * per entry year, month and day. Without a keyword three round trips of plain index reads (the
 * months and days one primary-key seek per middle bucket, in one batch) find each state's median
 * dates: the year rows of every state under the filters, the months of the one or two years holding
 * each state's middle positions, the days of the one or two months holding them (about years + 12
 * + 31 rows per state, however many companies; window functions would cost D1 several reads a row).
 * With a keyword the few matching applicants are read directly.
 *
 * With an even count the median is the mean of the two middle dates; the days are rounded to the
 * nearest whole day, a half up (Math.round: 27.5 → 28, −5.5 → −5).
 */
import { and, asc, between, eq, gt } from 'drizzle-orm';
import { starmarketCompanies as m, starmarketStates, starmarketTimingDays as t } from '../db';
import type { Db } from '../env';
import { beijingDate } from '../lib/time';
import { LISTED_STATE } from './constants';
import { starConditions, type StarFilter } from './select';

/** Days since the Unix epoch of a yyyymmdd integer (Date.UTC rolls over as julianday does). */
export const dayNumber = (v: number) => Date.UTC(Math.floor(v / 10000), (Math.floor(v / 100) % 100) - 1, v % 100) / 86_400_000;

/** The median wait in whole days from the two middle entry dates (equal when the count is odd). */
export const medianDays = (today: number, lo: number, hi: number) => Math.round(today - (dayNumber(lo) + dayNumber(hi)) / 2);

/** A bucket that holds a middle position of its state: `before` of the state's dates come earlier. */
interface Range {
  state: number;
  lo: number;
  hi: number;
  before: number;
}

const WIDTH = { 1: 10_000, 2: 100, 3: 1 } as const;

/**
 * One level of the descent: the state's buckets inside the given ranges (in order), and of those the
 * ones holding the middle positions ⌊(n−1)/2⌋ and ⌊n/2⌋ (0-based) of `total[state]`.
 */
function middles(rows: { state: number; bucket: number; n: number }[], ranges: Range[], total: Map<number, number>, level: 1 | 2 | 3): Range[] {
  const out: Range[] = [];
  const sorted = [...rows].sort((a, b) => a.state - b.state || a.bucket - b.bucket);
  for (const r of ranges) {
    const t = total.get(r.state) ?? 0;
    const want = [Math.floor((t - 1) / 2), Math.floor(t / 2)];
    let seen = r.before;
    for (const b of sorted) {
      if (b.state !== r.state || b.bucket < r.lo || b.bucket > r.hi || b.n <= 0) continue;
      if (want.some((w) => w >= seen && w < seen + b.n) && !out.some((o) => o.state === r.state && o.lo === b.bucket)) {
        out.push({ state: r.state, lo: b.bucket, hi: b.bucket + WIDTH[level] - 1, before: seen });
      }
      seen += b.n;
    }
  }
  return out;
}

export async function reviewTiming(db: Db, p: Omit<StarFilter, 'state'>, now = Date.now()) {
  const { y, m: mo, d } = beijingDate(now);
  const today = Date.UTC(y, mo - 1, d) / 86_400_000;
  const prov = p.com_prov ?? '';
  const cat = p.cat_id ?? 0;
  const combo = and(eq(t.isListed, 0), eq(t.prov, prov), eq(t.catId, cat));
  const statesQuery = db.select().from(starmarketStates).orderBy(asc(starmarketStates.sort), asc(starmarketStates.id));
  const byState = new Map<number, { total: number; lo: number; hi: number }>();
  let states: Awaited<typeof statesQuery>;
  if (p.keyword) {
    const [s, rows] = await Promise.all([
      statesQuery,
      db
        .select({ state: m.stateId, day: m.stateSince })
        .from(m)
        .where(and(...starConditions(p, 0), gt(m.stateSince, 0))),
    ]);
    states = s;
    const days = new Map<number, number[]>();
    for (const r of rows) days.set(r.state, [...(days.get(r.state) ?? []), r.day]);
    for (const [state, list] of days) {
      list.sort((a, b) => a - b);
      byState.set(state, { total: list.length, lo: list[Math.floor((list.length - 1) / 2)], hi: list[Math.floor(list.length / 2)] });
    }
  } else {
    // Years of every state, then the months of the one or two years holding each state's middle,
    // then the days of the one or two months holding it: plain index reads, no sort, no window.
    // One primary-key seek per range, sent as one batch (an OR of ranges would walk the whole level;
    // D1 caps the terms of a compound SELECT).
    const rangeQuery = (level: 1 | 2 | 3, r?: Range) =>
      db
        .select({ state: t.stateId, bucket: t.bucket, n: t.n })
        .from(t)
        .where(and(combo, eq(t.level, level), r ? and(eq(t.stateId, r.state), between(t.bucket, r.lo, r.hi)) : undefined))
        .orderBy(asc(t.stateId), asc(t.bucket));
    const levelRows = async (level: 1 | 2 | 3, ranges: Range[] | null) => {
      if (!ranges) return rangeQuery(level);
      const [first, ...rest] = ranges.map((r) => rangeQuery(level, r));
      return (await db.batch([first, ...rest])).flat();
    };
    const [s, years] = await Promise.all([statesQuery, levelRows(1, null)]);
    states = s;
    const total = new Map<number, number>();
    for (const y of years) if (y.n > 0) total.set(y.state, (total.get(y.state) ?? 0) + y.n);
    const all = [...total.keys()].map((state) => ({ state, lo: 0, hi: 99_999_999, before: 0 }));
    const inYears = middles(years, all, total, 1);
    const months = inYears.length ? await levelRows(2, inYears) : [];
    const inMonths = middles(months, inYears, total, 2);
    const days = inMonths.length ? await levelRows(3, inMonths) : [];
    const inDays = middles(days, inMonths, total, 3);
    for (const [state, n] of total) {
      const mine = inDays.filter((d) => d.state === state);
      const at = (pos: number) => mine.find((d) => {
        const row = days.find((x) => x.state === state && x.bucket === d.lo);
        return row !== undefined && pos >= d.before && pos < d.before + row.n;
      })?.lo;
      const lo = at(Math.floor((n - 1) / 2));
      const hi = at(Math.floor(n / 2));
      if (lo && hi) byState.set(state, { total: n, lo, hi });
    }
  }
  return states
    .filter((s) => s.id !== LISTED_STATE)
    .map((s) => {
      const r = byState.get(s.id);
      return { id: s.id, name: s.name, num: r?.total ?? 0, median_days: r ? medianDays(today, r.lo, r.hi) : 0 };
    });
}
