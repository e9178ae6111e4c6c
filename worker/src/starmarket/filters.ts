/**
 * Options of the /kcb/project filter bar: provinces and sectors that have STAR-market companies,
 * found by skipping through smc_prov_idx and smc_cat_idx (one index seek per distinct value
 * instead of reading every company). Review states with counts come from /starmarket/state_list.
 */
import { sql } from 'drizzle-orm';
import { sectors, starmarketCompanies as m } from '../db';
import type { Db } from '../env';

export async function starFilters(db: Db) {
  const [provs, cats] = await Promise.all([
    db.all<{ prov: string }>(sql`
      WITH RECURSIVE p(prov) AS (
        SELECT min(${m.comProv}) FROM ${m}
        UNION ALL
        SELECT (SELECT min(${m.comProv}) FROM ${m} WHERE ${m.comProv} > p.prov) FROM p WHERE p.prov IS NOT NULL
      )
      SELECT prov FROM p WHERE prov IS NOT NULL`),
    db.all<{ id: number; name: string }>(sql`
      WITH RECURSIVE c(id) AS (
        SELECT min(${m.catId}) FROM ${m}
        UNION ALL
        SELECT (SELECT min(${m.catId}) FROM ${m} WHERE ${m.catId} > c.id) FROM c WHERE c.id IS NOT NULL
      )
      SELECT c.id AS id, ${sectors.name} AS name FROM c JOIN ${sectors} ON ${sectors.id} = c.id WHERE c.id IS NOT NULL ORDER BY c.id`),
  ]);
  return { provinces: provs.map((r) => r.prov), sectors: cats.map((r) => ({ id: r.id, name: r.name })) };
}
