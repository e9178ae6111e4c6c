import type { Db } from '../env';

/**
 * One query per id, sent as one batch, rows concatenated in the order of `ids`. D1 counts a seek by
 * `id = ?` as the rows it returns, while `id IN (...)` also reads its list of ids, so a page's rows
 * are fetched this way.
 */
export async function perId<T>(db: Db, ids: readonly number[], query: (id: number) => { all(): Promise<T[]> } & object): Promise<T[]> {
  if (ids.length === 0) return [];
  const queries = ids.map(query) as unknown as Parameters<Db['batch']>[0];
  const results = (await db.batch(queries)) as unknown as T[][];
  return results.flat();
}
