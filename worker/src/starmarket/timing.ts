/**
 * Review timing (beyond the spec): for each review state of the applicant tab, how many companies
 * sit there and the median number of days since they entered it (the date of the stage that brought
 * them to their current state, starmarket_companies.state_since), under the tab's filters.
 *
 * median(today − dᵢ) = today − median(dᵢ), so a kept distribution of entry days is enough:
 * starmarket_timing_days (kept by triggers) holds, per filter combination and state, the companies
 * per entry month and per entry day. Without a keyword one statement reads the month rows of every
 * state under the filters, keeps the one or two months holding the middle position(s), and returns
 * the day rows of those months only (about months + 2 × 31 rows per state, however many companies).
 * With a keyword the few matching applicants are read directly.
 *
 * With an even count the median is the mean of the two middle dates; the days are rounded to the
 * nearest whole day, a half up (Math.round: 27.5 → 28, −5.5 → −5).
 */
import { and, asc, gt, sql } from 'drizzle-orm';
import { starmarketCompanies as m, starmarketStates, starmarketTimingDays as t } from '../db';
import type { Db } from '../env';
import { beijingDate } from '../lib/time';
import { LISTED_STATE } from './constants';
import { starConditions, type StarFilter } from './select';

/** Days since the Unix epoch of a yyyymmdd integer (Date.UTC rolls over as julianday does). */
export const dayNumber = (v: number) => Date.UTC(Math.floor(v / 10000), (Math.floor(v / 100) % 100) - 1, v % 100) / 86_400_000;

/** The median wait in whole days from the two middle entry dates (equal when the count is odd). */
export const medianDays = (today: number, lo: number, hi: number) => Math.round(today - (dayNumber(lo) + dayNumber(hi)) / 2);

/** One day row of a month that holds a middle position: `before` companies come in earlier months. */
interface DayRow {
  state: number;
  total: number;
  before: number;
  day: number;
  n: number;
}

/** The state's middle entry dates (0-based positions ⌊(n−1)/2⌋ and ⌊n/2⌋) from its day rows. */
function middleDates(rows: DayRow[]): { total: number; lo: number; hi: number } | null {
  if (!rows.length) return null;
  const total = rows[0].total;
  const [loAt, hiAt] = [Math.floor((total - 1) / 2), Math.floor(total / 2)];
  let lo = 0;
  let hi = 0;
  // Rows come month by month, each month's days in order; a month's count starts at its `before`.
  let month = -1;
  let seen = 0;
  for (const r of rows) {
    if (Math.floor(r.day / 100) !== month) {
      month = Math.floor(r.day / 100);
      seen = r.before;
    }
    if (!lo && loAt < seen + r.n) lo = r.day;
    if (!hi && hiAt < seen + r.n) hi = r.day;
    seen += r.n;
  }
  return lo && hi ? { total, lo, hi } : null;
}

export async function reviewTiming(db: Db, p: Omit<StarFilter, 'state'>, now = Date.now()) {
  const { y, m: mo, d } = beijingDate(now);
  const today = Date.UTC(y, mo - 1, d) / 86_400_000;
  const prov = p.com_prov ?? '';
  const cat = p.cat_id ?? 0;
  const [states, rows] = await Promise.all([
    db.select().from(starmarketStates).orderBy(asc(starmarketStates.sort), asc(starmarketStates.id)),
    p.keyword
      ? db
          .select({ state: m.stateId, day: m.stateSince })
          .from(m)
          .where(and(...starConditions(p, 0), gt(m.stateSince, 0)))
      : // CROSS JOIN keeps the few middle months as the outer loop (SQLite does not reorder it).
        db.all<DayRow>(sql`
          WITH months AS MATERIALIZED (
            SELECT ${t.stateId} AS state, ${t.bucket} AS bucket, ${t.n} AS n,
              sum(${t.n}) OVER (PARTITION BY ${t.stateId} ORDER BY ${t.bucket}) AS upto,
              sum(${t.n}) OVER (PARTITION BY ${t.stateId}) AS total
            FROM ${t}
            WHERE ${t.isListed} = 0 AND ${t.prov} = ${prov} AND ${t.catId} = ${cat} AND ${t.level} = 2 AND ${t.n} > 0
          ),
          middle AS MATERIALIZED (
            SELECT state, bucket, total, upto - n AS before FROM months
            WHERE upto > (total - 1) / 2 AND upto - n <= total / 2
          )
          SELECT middle.state AS state, middle.total AS total, middle.before AS before, ${t.bucket} AS day, ${t.n} AS n
          FROM middle CROSS JOIN ${t}
            ON ${t.isListed} = 0 AND ${t.prov} = ${prov} AND ${t.catId} = ${cat} AND ${t.stateId} = middle.state
            AND ${t.level} = 3 AND ${t.bucket} BETWEEN middle.bucket AND middle.bucket + 99 AND ${t.n} > 0
          ORDER BY middle.state, ${t.bucket}`),
  ]);
  const byState = new Map<number, { total: number; lo: number; hi: number }>();
  if (p.keyword) {
    const days = new Map<number, number[]>();
    for (const r of rows as { state: number; day: number }[]) days.set(r.state, [...(days.get(r.state) ?? []), r.day]);
    for (const [state, list] of days) {
      list.sort((a, b) => a - b);
      byState.set(state, { total: list.length, lo: list[Math.floor((list.length - 1) / 2)], hi: list[Math.floor(list.length / 2)] });
    }
  } else {
    const grouped = new Map<number, DayRow[]>();
    for (const r of rows as DayRow[]) grouped.set(r.state, [...(grouped.get(r.state) ?? []), r]);
    for (const [state, list] of grouped) {
      const mid = middleDates(list);
      if (mid) byState.set(state, mid);
    }
  }
  return states
    .filter((s) => s.id !== LISTED_STATE)
    .map((s) => {
      const r = byState.get(s.id);
      return { id: s.id, name: s.name, num: r?.total ?? 0, median_days: r ? medianDays(today, r.lo, r.hi) : 0 };
    });
}
