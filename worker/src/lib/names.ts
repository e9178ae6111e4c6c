/**
 * Names of the small reference tables a list row shows by id: sectors, rounds, STAR review states,
 * disclosure types and the healthcare atlas tags (with their parent field).
 * They are written by migrations and the data import, not by users, and a page needs a few of them on
 * every request; reading them by primary key cost a D1 round trip per list page. Each isolate keeps
 * them in memory instead, read whole in one batch (a few hundred rows), and reads them again after
 * ten minutes or when a page asks for an id it does not know (a new sector appears on the next
 * request that needs it; at most once a minute, so an id that has no row does not read every time).
 */
import { sql } from 'drizzle-orm';
import { disclosureTypes, medicalTags, rounds, sectors, starmarketStates } from '../db';
import type { Db } from '../env';

export type NameTable = 'sectors' | 'rounds' | 'starmarket_states' | 'disclosure_types' | 'medical_tags';

/**
 * Each table's id, name and parent (0 where a table has no parents). The constant is named: D1 hands
 * back a row keyed by column name, and a column named "0" would come first.
 */
const TABLES = {
  sectors: { id: sectors.id, name: sectors.name, parent: sectors.parentId },
  rounds: { id: rounds.id, name: rounds.name, parent: sql<number>`0`.as('parent') },
  starmarket_states: { id: starmarketStates.id, name: starmarketStates.name, parent: sql<number>`0`.as('parent') },
  disclosure_types: { id: disclosureTypes.id, name: disclosureTypes.name, parent: sql<number>`0`.as('parent') },
  medical_tags: { id: medicalTags.id, name: medicalTags.name, parent: medicalTags.pId },
} as const;
const FROM = { sectors, rounds, starmarket_states: starmarketStates, disclosure_types: disclosureTypes, medical_tags: medicalTags } as const;

/** How long a read of a table serves; a rename shows after at most this long. */
export const NAMES_TTL_MS = 10 * 60_000;
/** A page that asks for an id the table lacks reads the table again, but not more often than this. */
const MISS_RELOAD_MS = 60_000;

interface Kept {
  at: number;
  names: Map<number, string>;
  parents: Map<number, number>;
}

const kept = new Map<NameTable, Kept>();

/** Forgets every kept table (tests that rewrite reference rows in place). */
export function forgetNames(): void {
  kept.clear();
}

/**
 * The names of `ids` in each table, as id → name maps (an unknown id is absent). One D1 round trip
 * when a table is not kept yet, is older than NAMES_TTL_MS or lacks one of the ids; none otherwise.
 */
export async function namesOf<T extends NameTable>(db: Db, wanted: Record<T, number[]>, now = Date.now()): Promise<Record<T, Map<number, string>>> {
  const tables = await keptTables(db, wanted, now);
  return Object.fromEntries(Object.entries<Kept>(tables).map(([t, k]) => [t, k.names])) as Record<T, Map<number, string>>;
}

/** As namesOf, with each table's parents too (id → parent id; 0 for a top-level row). */
export async function keptTables<T extends NameTable>(db: Db, wanted: Record<T, number[]>, now = Date.now()): Promise<Record<T, Readonly<Kept>>> {
  const tables = Object.keys(wanted) as T[];
  const stale = tables.filter((t) => {
    const k = kept.get(t);
    if (!k || now - k.at >= NAMES_TTL_MS) return true;
    return now - k.at >= MISS_RELOAD_MS && wanted[t].some((id) => id > 0 && !k.names.has(id));
  });
  if (stale.length) {
    const read = stale.map((t) => db.select(TABLES[t] as (typeof TABLES)['sectors']).from(FROM[t]));
    const results = await db.batch(read as unknown as [(typeof read)[number], ...(typeof read)[number][]]);
    stale.forEach((t, i) =>
      kept.set(t, { at: now, names: new Map(results[i].map((r) => [r.id, r.name])), parents: new Map(results[i].map((r) => [r.id, Number(r.parent)])) }),
    );
  }
  return Object.fromEntries(tables.map((t) => [t, kept.get(t)!])) as Record<T, Kept>;
}
