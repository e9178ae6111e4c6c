/**
 * Review timing (beyond the spec): for each review state of the applicant tab, how many companies
 * sit there and the median number of days since they entered it (the date of the stage that brought
 * them to their current state, starmarket_companies.state_since), under the tab's filters.
 *
 * median(today − dᵢ) = today − median(dᵢ), so a kept distribution of entry days is enough:
 * starmarket_timing_days (kept by triggers) holds, per filter combination and state, the companies
 * per entry year, month and day. Without a keyword the chart is read as one statement of one kept row
 * per state (starmarket_timing_medians: the count and the two middle entry days of each state under
 * the filter), kept with the data version it was computed at (migration 0043: every write to the
 * companies that can move a count or a date bumps the version and clears the kept sets). The first
 * request for a filter after a write computes the medians in one statement by descending the levels:
 * the state's year rows under the filters, the months of the one or two years holding its middle
 * positions, the days of the one or two months holding them (about years + 2 × 12 + 2 × 31 kept
 * rows per state, however many companies; the running sums are windows over those few rows), and
 * keeps them. With a keyword the few matching applicants are read directly, in one batch with the
 * states.
 *
 * With an even count the median is the mean of the two middle dates; the days are rounded to the
 * nearest whole day, a half up (Math.round: 27.5 → 28, −5.5 → −5).
 */
import { and, asc, gt, sql } from 'drizzle-orm';
import { starmarketCompanies as m, starmarketStates } from '../db';
import type { Db } from '../env';
import { rawBatch } from '../lib/raw-batch';
import { dayNumber, dayOfMs } from '#shared/dates';
import { LISTED_STATE } from './constants';
import { starConditions, type StarFilter } from './select';

/** The median wait in whole days from the two middle entry dates (equal when the count is odd). */
export const medianDays = (today: number, lo: number, hi: number) => Math.round(today - (dayNumber(lo) + dayNumber(hi)) / 2);

/**
 * The data version, then for each state that has applicants under the filters its count and the
 * entry day at each middle position k = ⌊(n−1)/2⌋ and ⌊n/2⌋ (one row per distinct k), in one
 * statement: the state's year rows give its count and the year holding each middle
 * position, that year's month rows (one index range) the month, that month's day rows the day.
 * Every window runs over the few rows of one state's years, one year's months or one month's days.
 */
const medianStatement = (prov: string, cat: number) => sql`
  WITH y AS (
    SELECT state_id AS s, bucket AS b, n,
      sum(n) OVER (PARTITION BY state_id ORDER BY bucket ROWS UNBOUNDED PRECEDING) AS cum,
      sum(n) OVER (PARTITION BY state_id) AS tot
    FROM starmarket_timing_days WHERE is_listed = 0 AND prov = ${prov} AND cat_id = ${cat} AND level = 1 AND n > 0
  ),
  ks AS (
    SELECT s, tot, (tot - 1) / 2 AS k FROM y WHERE cum = tot
    UNION SELECT s, tot, tot / 2 FROM y WHERE cum = tot
  ),
  yk AS (
    SELECT ks.s, ks.tot, ks.k, y.b, ks.k - (y.cum - y.n) AS r FROM ks CROSS JOIN y WHERE y.s = ks.s AND y.cum > ks.k AND y.cum - y.n <= ks.k
  ),
  mo AS (
    SELECT yk.s, yk.tot, yk.k, yk.r, d.bucket AS b, d.n,
      sum(d.n) OVER (PARTITION BY yk.s, yk.k ORDER BY d.bucket ROWS UNBOUNDED PRECEDING) AS cum
    FROM yk CROSS JOIN starmarket_timing_days d
    WHERE d.is_listed = 0 AND d.prov = ${prov} AND d.cat_id = ${cat} AND d.level = 2 AND d.state_id = yk.s AND d.bucket BETWEEN yk.b AND yk.b + 9999 AND d.n > 0
  ),
  mk AS (SELECT s, tot, k, b, r - (cum - n) AS r FROM mo WHERE cum > r AND cum - n <= r),
  dy AS (
    SELECT mk.s, mk.tot, mk.k, mk.r, d.bucket AS b, d.n,
      sum(d.n) OVER (PARTITION BY mk.s, mk.k ORDER BY d.bucket ROWS UNBOUNDED PRECEDING) AS cum
    FROM mk CROSS JOIN starmarket_timing_days d
    WHERE d.is_listed = 0 AND d.prov = ${prov} AND d.cat_id = ${cat} AND d.level = 3 AND d.state_id = mk.s AND d.bucket BETWEEN mk.b AND mk.b + 99 AND d.n > 0
  ),
  med AS (SELECT s, tot, k, b AS day FROM dy WHERE cum > r AND cum - n <= r)
  SELECT v.ver, med.s AS state, med.tot AS total, med.k, med.day
  FROM starmarket_timing_version v LEFT JOIN med ON 1 WHERE v.id = 1`;

/**
 * The kept chart of a filter: every review state in filter order with its kept count and middle
 * entry days, and whether the kept set was computed at the current data version (a filter never
 * computed, or computed before the last write, is not fresh).
 */
const keptStatement = (prov: string, cat: number) => sql`
  SELECT st.id, st.name, t.n, t.lo, t.hi,
    coalesce((SELECT ver FROM starmarket_timing_sets WHERE prov = ${prov} AND cat_id = ${cat}) = (SELECT ver FROM starmarket_timing_version WHERE id = 1), 0) AS fresh
  FROM starmarket_states st LEFT JOIN starmarket_timing_medians t ON t.prov = ${prov} AND t.cat_id = ${cat} AND t.state_id = st.id
  ORDER BY st.sort, st.id`;

/**
 * Computes a filter's medians by the level descent and keeps them with the version they were read
 * at (replacing the filter's earlier set in one batch; a write between the read and this batch
 * leaves the set stale, and the next request computes again).
 */
async function computeMedians(db: Db, prov: string, cat: number) {
  // One row carrying the version the medians were read at, then one per state and middle position.
  const rows = await db.all<{ ver: number; state: number | null; total: number; k: number; day: number }>(medianStatement(prov, cat));
  const byState = new Map<number, { total: number; lo: number; hi: number }>();
  for (const r of rows) {
    if (r.state === null) continue;
    const got = byState.get(r.state) ?? { total: r.total, lo: 0, hi: 0 };
    if (r.k === Math.floor((r.total - 1) / 2)) got.lo = r.day;
    if (r.k === Math.floor(r.total / 2)) got.hi = r.day;
    byState.set(r.state, got);
  }
  // A filter no applicant matches (any province string can be asked for) is cheap to descend and
  // is not kept, so asking for made-up filters writes nothing.
  if (!byState.size) return byState;
  const ver = rows[0]?.ver ?? 0;
  await rawBatch(db, [
    sql`DELETE FROM starmarket_timing_medians WHERE prov = ${prov} AND cat_id = ${cat}`,
    ...[...byState].map(
      ([state, r]) => sql`INSERT INTO starmarket_timing_medians (prov, cat_id, state_id, n, lo, hi) VALUES (${prov}, ${cat}, ${state}, ${r.total}, ${r.lo}, ${r.hi})`,
    ),
    sql`INSERT INTO starmarket_timing_sets (prov, cat_id, ver) VALUES (${prov}, ${cat}, ${ver}) ON CONFLICT (prov, cat_id) DO UPDATE SET ver = excluded.ver`,
  ]);
  return byState;
}

export async function reviewTiming(db: Db, p: Omit<StarFilter, 'state'>, now = Date.now()) {
  const today = dayOfMs(now);
  const byState = new Map<number, { total: number; lo: number; hi: number }>();
  let states: { id: number; name: string }[];
  if (p.keyword) {
    // The few applicants whose name holds the keyword, read directly, with the states: one round trip.
    const [s, rows] = await db.batch([
      db.select({ id: starmarketStates.id, name: starmarketStates.name }).from(starmarketStates).orderBy(asc(starmarketStates.sort), asc(starmarketStates.id)),
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
    // The kept set: one statement of one row per state; computed again only after the data changed.
    const prov = p.com_prov ?? '';
    const cat = p.cat_id ?? 0;
    const rows = await db.all<{ id: number; name: string; n: number | null; lo: number | null; hi: number | null; fresh: number }>(keptStatement(prov, cat));
    states = rows.map((r) => ({ id: r.id, name: r.name }));
    if (rows[0]?.fresh) {
      for (const r of rows) if (r.n !== null && r.lo !== null && r.hi !== null) byState.set(r.id, { total: r.n, lo: r.lo, hi: r.hi });
    } else {
      for (const [state, r] of await computeMedians(db, prov, cat)) byState.set(state, r);
    }
  }
  return states
    .filter((s) => s.id !== LISTED_STATE)
    .map((s) => {
      const r = byState.get(s.id);
      return { id: s.id, name: s.name, num: r?.total ?? 0, median_days: r && r.lo && r.hi ? medianDays(today, r.lo, r.hi) : 0 };
    });
}
