/** The healthcare area's selector options: provinces of its companies and the funding rounds. */
import { asc, count, eq } from 'drizzle-orm';
import { companies, rounds } from '../db';
import type { Db } from '../env';

/** Provinces of healthcare companies: the spec's 'in' map, province -> number of companies. */
export async function medicalProvinces(db: Db) {
  const rows = await db
    .select({ prov: companies.prov, n: count() })
    .from(companies)
    .where(eq(companies.isMedical, 1))
    .groupBy(companies.prov)
    .orderBy(asc(companies.prov));
  return { in: Object.fromEntries(rows.filter((r) => r.prov).map((r) => [r.prov, r.n])) as Record<string, number> };
}

export const listRounds = (db: Db) => db.select({ id: rounds.id, name: rounds.name }).from(rounds).orderBy(asc(rounds.id));
