/**
 * Options of the closed-company filter bars: provinces that have closed companies, sectors with
 * their sub-sectors, rounds (fund status), the list's sorts and the news list's regions and years.
 */
import { asc, sql } from 'drizzle-orm';
import { rounds, sectors } from '../db';
import type { Db } from '../env';
import { newsYears, OVERSEAS } from './news';
import { CLOSURE_SORTS } from './constants';

/**
 * Distinct provinces of closures by skipping through closures_prov_close_idx: one index seek per
 * province instead of reading every row.
 */
async function closureProvinces(db: Db): Promise<string[]> {
  const rows = await db.all<{ prov: string }>(sql`
    WITH RECURSIVE p(prov) AS (
      SELECT min(com_prov) FROM closures
      UNION ALL
      SELECT (SELECT min(com_prov) FROM closures WHERE com_prov > p.prov) FROM p WHERE p.prov IS NOT NULL
    )
    SELECT prov FROM p WHERE prov IS NOT NULL`);
  return rows.map((r) => r.prov);
}

export async function closureFilters(db: Db) {
  const [provinces, sectorRows, roundRows] = await Promise.all([
    closureProvinces(db),
    db.select().from(sectors).orderBy(asc(sectors.parentId), asc(sectors.id)),
    db.select().from(rounds).orderBy(asc(rounds.id)),
  ]);
  const top = sectorRows.filter((s) => s.parentId === 0);
  return {
    provinces,
    sectors: top.map((s) => ({
      id: s.id,
      name: s.name,
      children: sectorRows.filter((c) => c.parentId === s.id).map((c) => ({ id: c.id, name: c.name })),
    })),
    fund_statuses: roundRows.map((r) => ({ id: r.id, name: r.name })),
    sorts: CLOSURE_SORTS.map((s) => ({ id: s.id, name: s.name })),
    news_regions: [...provinces.filter((p) => p !== OVERSEAS), OVERSEAS],
    news_years: newsYears(),
  };
}
