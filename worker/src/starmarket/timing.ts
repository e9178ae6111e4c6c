/**
 * Review timing (beyond the spec): for each review state of the applicant tab, how many companies
 * sit there and the median number of days since they entered it (the time of the last stage they
 * reached), under the tab's filters. One statement: the stages of the matching applicants are read
 * by primary key, and SQLite's window functions pick the median rows per state.
 */
import { and, asc, sql } from 'drizzle-orm';
import { starmarketCompanies as m, starmarketStages as st, starmarketStates } from '../db';
import type { Db } from '../env';
import { beijingDate } from '../lib/time';
import { LISTED_STATE } from './constants';
import { starConditions, type StarFilter } from './select';

const isoDay = (v: unknown) => sql`julianday(printf('%04d-%02d-%02d', ${v} / 10000, ${v} / 100 % 100, ${v} % 100))`;

export async function reviewTiming(db: Db, p: Omit<StarFilter, 'state'>, now = Date.now()) {
  const { y, m: mo, d } = beijingDate(now);
  const today = `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const where = and(...starConditions(p, 0));
  const [states, rows] = await Promise.all([
    db.select().from(starmarketStates).orderBy(asc(starmarketStates.sort), asc(starmarketStates.id)),
    db.all<{ state_id: number; num: number; median_days: number }>(sql`
      WITH entered AS (
        SELECT ${m.stateId} AS state_id, ${st.time} AS day
        FROM ${m} JOIN ${st} ON ${st.mComId} = ${m.mComId} AND ${st.state} = ${m.stateId} AND ${st.time} > 0
        WHERE ${where}
      ),
      waited AS (
        SELECT state_id, julianday(${today}) - ${isoDay(sql.raw('day'))} AS days FROM entered WHERE day IS NOT NULL
      ),
      ranked AS (
        SELECT state_id, days,
          row_number() OVER (PARTITION BY state_id ORDER BY days) AS k,
          count(*) OVER (PARTITION BY state_id) AS n
        FROM waited
      )
      SELECT state_id, max(n) AS num, avg(days) AS median_days FROM ranked
      WHERE k IN ((n + 1) / 2, (n + 2) / 2) GROUP BY state_id`),
  ]);
  const byState = new Map(rows.map((r) => [r.state_id, r]));
  return states
    .filter((s) => s.id !== LISTED_STATE)
    .map((s) => ({ id: s.id, name: s.name, num: byState.get(s.id)?.num ?? 0, median_days: Math.round(byState.get(s.id)?.median_days ?? 0) }));
}
