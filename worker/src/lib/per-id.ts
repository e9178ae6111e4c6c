import type { Placeholder } from 'drizzle-orm';
import type { Db } from '../env';
import { MAX_PARTS, ph, runShaped, shapedParts, type RowOf, type SelectLike } from './shaped';

/** D1 binds at most 100 parameters to one statement. */
const MAX_PARAMS = 100;

/** Parameters one part binds (its id and any constant, such as a LIMIT), per key: counted once per isolate. */
const paramsPerPart = new Map<string, number>();

/**
 * The rows of one query per id, in the order of `ids` (each id's rows in its query's order). D1
 * counts a seek by `id = ?` as the rows it returns, while `id IN (...)` also reads its list of ids,
 * so a page's rows are fetched one seek per id; the seeks are the parts of one statement (UNION ALL,
 * lib/shaped.ts, its text built once per `key` and number of ids), not one statement each: every
 * statement in a D1 batch costs its own parse, plan and bookkeeping. A statement holds as many
 * parts as shapedParts and D1's 100 parameters allow (25: a 20-row page is one statement); more ids
 * take more statements in the same round trip.
 * `query` must build the same statement for every id and call (only the id varies): its text is kept
 * per `key`, so a query whose shape depends on anything else needs a key of its own for each shape.
 */
export async function perId<Q extends SelectLike>(db: Db, key: string, ids: readonly number[], query: (id: Placeholder) => Q): Promise<RowOf<Q>[]> {
  if (ids.length === 0) return [];
  let per = paramsPerPart.get(key);
  if (per === undefined) {
    per = Math.max(1, query(ph('id')).toSQL().params.length);
    paramsPerPart.set(key, per);
  }
  const size = Math.max(1, Math.min(MAX_PARTS, Math.floor(MAX_PARAMS / per)));
  const statements = [];
  for (let from = 0; from < ids.length; from += size) {
    const chunk = ids.slice(from, from + size);
    const values = Object.fromEntries(chunk.map((id, j) => [`id${j}`, id]));
    statements.push(shapedParts(db, `perId.${key}.${chunk.length}`, () => ({ parts: chunk.map((_, j) => query(ph(`id${j}`))) }), values));
  }
  const results = await runShaped(db, statements);
  // Parts in id order (a UNION's rows carry no order of their own); the sort is stable within a part.
  return results.flatMap((rows) => rows.flatMap((r) => (r.part === null ? [] : [r])).sort((a, b) => a.part - b.part).map((r) => r.row));
}
