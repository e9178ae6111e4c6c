/**
 * Reading a kept list, for every area: the total of a key comes from the list's declaration (its
 * table, its key columns, level 0 of a levelled list); a page near either end is read from the
 * nearer end with that total in one statement (nearEndPage); a deep page of a levelled list walks
 * down its bucket levels to the day its first row is on (startDay, keptPage, keptRowsPage). An area
 * keeps only its filters and its row shape.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../env';
import type { KeptList } from './shape.ts';

export { nearEndPage, offsetOf, pageWindow, pageWindowSql, type EndRead } from '../../lib/pagination';
export { keptPage, keptRowsPage, startDay } from '../../lib/day-window';

/** A value of each key column of the list (a bound value or a shaped statement's placeholder). */
export type KeptKey = Readonly<Record<string, string | number | Placeholder>>;

/** The key columns a total is read by: all of them, less the level and bucket of a levelled list. */
function totalColumns(list: KeptList): { keys: readonly string[]; levels: readonly string[] } {
  if (list.sources.some((s) => s.levels?.total === false)) throw new Error(`${list.table} keeps no total row: sum its level 1`);
  const levelled = list.sources.some((s) => s.levels);
  return levelled ? { keys: list.columns.slice(0, -2), levels: list.columns.slice(-2) } : { keys: list.columns, levels: [] };
}

function totalWhere(list: KeptList, key: KeptKey): SQL {
  const { keys, levels } = totalColumns(list);
  const missing = keys.filter((c) => !(c in key));
  if (missing.length) throw new Error(`${list.table}: a total needs ${missing.join(', ')}`);
  return sql.join([...keys.map((c) => sql`${sql.identifier(c)} = ${key[c]}`), ...levels.map((c) => sql`${sql.identifier(c)} = 0`)], sql` AND `);
}

/** The kept total of one key, as an SQL scalar (NULL when nothing was ever counted under it). */
export const keptTotalSql = (list: KeptList, key: KeptKey): SQL =>
  sql`(SELECT ${sql.identifier('n')} FROM ${sql.identifier(list.table)} WHERE ${totalWhere(list, key)})`;

/** The query of one kept total, for use inside db.batch(); the row is absent when nothing was ever counted. */
export const keptTotal = (db: Db, list: KeptList, key: KeptKey) =>
  db
    .select({ n: sql<number>`${sql.identifier('n')}` })
    .from(sql`${sql.identifier(list.table)}`)
    .where(totalWhere(list, key));
