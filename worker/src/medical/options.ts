/** The healthcare area's selector options: provinces of its companies and the funding rounds. */
import { asc, count, eq } from 'drizzle-orm';
import { companies, rounds } from '../db';
import type { Db } from '../env';
import { PROVINCES } from './constants';

/**
 * Provinces of healthcare companies: the spec's 'in' map (province -> number of companies, in
 * GB/T 2260 order), and 'out' for companies registered abroad (海外 and the like).
 */
export async function medicalProvinces(db: Db) {
  const rows = await db.select({ prov: companies.prov, n: count() }).from(companies).where(eq(companies.isMedical, 1)).groupBy(companies.prov);
  const byName = new Map(rows.filter((r) => r.prov).map((r) => [r.prov, r.n]));
  const domestic: readonly string[] = PROVINCES;
  return {
    in: Object.fromEntries(PROVINCES.filter((p) => byName.has(p)).map((p) => [p, byName.get(p)!])) as Record<string, number>,
    out: Object.fromEntries([...byName].filter(([p]) => !domestic.includes(p))) as Record<string, number>,
  };
}

export const listRounds = (db: Db) => db.select({ id: rounds.id, name: rounds.name }).from(rounds).orderBy(asc(rounds.id));
