/**
 * Names of the small reference tables a list row shows by id: sectors, rounds, STAR review states and
 * disclosure types.
 * They are written by migrations and the data import, not by users, and a page needs a few of them on
 * every request; reading them by primary key cost a D1 round trip per list page. Each isolate keeps
 * them in memory instead, read whole in one batch (a few hundred rows), and reads them again after
 * ten minutes or when a page asks for an id it does not know (a new sector appears on the next
 * request that needs it; at most once a minute, so an id that has no row does not read every time).
 */
import { disclosureTypes, rounds, sectors, starmarketStates } from '../db';
import type { Db } from '../env';

export type NameTable = 'sectors' | 'rounds' | 'starmarket_states' | 'disclosure_types';

const TABLES = { sectors, rounds, starmarket_states: starmarketStates, disclosure_types: disclosureTypes } as const;

/** How long a read of a table serves; a rename shows after at most this long. */
export const NAMES_TTL_MS = 10 * 60_000;
/** A page that asks for an id the table lacks reads the table again, but not more often than this. */
const MISS_RELOAD_MS = 60_000;

interface Kept {
  at: number;
  names: Map<number, string>;
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
  const tables = Object.keys(wanted) as T[];
  const stale = tables.filter((t) => {
    const k = kept.get(t);
    if (!k || now - k.at >= NAMES_TTL_MS) return true;
    return now - k.at >= MISS_RELOAD_MS && wanted[t].some((id) => id > 0 && !k.names.has(id));
  });
  if (stale.length) {
    const read = stale.map((t) => db.select({ id: TABLES[t].id, name: TABLES[t].name }).from(TABLES[t]));
    const results = await db.batch(read as unknown as [(typeof read)[number], ...(typeof read)[number][]]);
    stale.forEach((t, i) => kept.set(t, { at: now, names: new Map(results[i].map((r) => [r.id, r.name])) }));
  }
  return Object.fromEntries(tables.map((t) => [t, kept.get(t)!.names])) as Record<T, Map<number, string>>;
}
