/**
 * Review timing (beyond the spec): for each review state of the applicant tab, how many companies
 * sit there and the average number of days since they entered it (the date of the stage that
 * brought them to their current state), under the tab's filters. Without a keyword it is one
 * statement over starmarket_timing, kept by triggers (one row per state: n and the sum of the entry
 * dates as Julian days); with a keyword the few matching applicants are read directly.
 * The average, not the median: a median needs every date in order, which no handful of kept rows
 * can give; the chart says 平均.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { starmarketCompanies as m, starmarketStates, starmarketTiming as t } from '../db';
import type { Db } from '../env';
import { beijingDate } from '../lib/time';
import { LISTED_STATE } from './constants';
import { starConditions, type StarFilter } from './select';

/** The Julian day of a yyyymmdd integer (as the migration's triggers compute it). */
const julian = (v: unknown) => sql`julianday(printf('%04d-01-01', ${v} / 10000), printf('%+d months', ${v} / 100 % 100 - 1), printf('%+d days', ${v} % 100 - 1))`;

export async function reviewTiming(db: Db, p: Omit<StarFilter, 'state'>, now = Date.now()) {
  const { y, m: mo, d } = beijingDate(now);
  const today = Date.UTC(y, mo - 1, d) / 86_400_000 + 2_440_587.5;
  const [states, rows] = await db.batch([
    db.select().from(starmarketStates).orderBy(asc(starmarketStates.sort), asc(starmarketStates.id)),
    p.keyword
      ? db
          .select({ id: m.stateId, n: sql<number>`count(*)`, daySum: sql<number>`sum(${julian(m.stateSince)})` })
          .from(m)
          .where(and(...starConditions(p, 0), gt(m.stateSince, 0)))
          .groupBy(m.stateId)
      : db
          .select({ id: t.stateId, n: t.n, daySum: t.daySum })
          .from(t)
          .where(and(eq(t.isListed, 0), eq(t.prov, p.com_prov ?? ''), eq(t.catId, p.cat_id ?? 0))),
  ]);
  const byState = new Map(rows.filter((r) => r.n > 0).map((r) => [r.id, r]));
  return states
    .filter((s) => s.id !== LISTED_STATE)
    .map((s) => {
      const r = byState.get(s.id);
      return { id: s.id, name: s.name, num: r?.n ?? 0, avg_days: r ? Math.round(today - r.daySum / r.n) : 0 };
    });
}
