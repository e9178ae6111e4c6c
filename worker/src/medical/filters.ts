/** The healthcare area's selector options: provinces of its companies and the funding rounds. */
import { asc } from 'drizzle-orm';
import { rounds } from '../db';
import type { Db } from '../env';
import { PROVINCES } from './constants';
import { countsOf } from './kept';

/**
 * Provinces of healthcare companies: the spec's 'in' map (province -> number of companies, in
 * GB/T 2260 order), and 'out' for companies registered abroad (海外 and the like). From the kept
 * per-province counts (one row a province).
 */
export async function medicalProvinces(db: Db) {
  const rows = await countsOf(db, 'prov');
  const byName = new Map(rows.filter((r) => r.key).map((r) => [r.key, Number(r.n)]));
  const domestic: readonly string[] = PROVINCES;
  return {
    in: Object.fromEntries(PROVINCES.filter((p) => byName.has(p)).map((p) => [p, byName.get(p)!])) as Record<string, number>,
    out: Object.fromEntries([...byName].filter(([p]) => !domestic.includes(p))) as Record<string, number>,
  };
}

export const listRounds = (db: Db) => db.select({ id: rounds.id, name: rounds.name }).from(rounds).orderBy(asc(rounds.id));
