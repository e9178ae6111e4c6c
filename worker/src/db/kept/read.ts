/**
 * Reading a kept list, for every area (the one module that finds a page; an area keeps only its
 * filters and its row shape, and passes descriptions, never functions this module calls back):
 *  - the total of a key comes from the list's declaration (its table, its key columns, level 0 of a
 *    levelled list): keptTotal, keptTotalSql;
 *  - a page near either end is read from the nearer end with that total in one statement
 *    (nearEndPage, read/window.ts); pageWindow says which end and how far;
 *  - a deep page of a levelled list (a KeptLevels: table, key values, bucket widths) walks down its
 *    bucket levels to the day its first row is on and returns where to read (keptStart, dayStart,
 *    read/levels.ts; by money, moneyStart, read/money.ts); the area runs that read on its index;
 *  - a deep page of a list an index orders, without bucket levels, seeks from a page anchor taken
 *    from the rows at the current data version (anchoredPage, read/anchors.ts);
 *  - a list with no kept total (a keyword's matches) reads its page and count in one statement
 *    (countedPage), or off an FTS index in list order (ftsPage, read/fts.ts).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../env';
import type { KeptList } from './shape.ts';

export { countedPage, inListOrder, nearEndPage, offsetOf, pageWindow, pageWindowSql, type EndRead, type Window } from './read/window.ts';
export { anchoredPage, type AnchoredList } from './read/anchors.ts';
export {
  ANY_DAY,
  bucketStart,
  DAY_WIDTHS,
  dayBound,
  dayStart,
  extraFromEnd,
  keptReads,
  keptStart,
  levelRows,
  pageRows,
  SKIP_DIRECTLY,
  startDay,
  totalOf,
  YMD_CHUNKS,
  YMD_WIDTHS,
  type BucketStart,
  type DayBucket,
  type DayPage,
  type KeptLevels,
  type KeptWalk,
  type PageRead,
} from './read/levels.ts';
export { dayList, keptTotals, msDayBound, msDayLimit, userList, usersRows } from './read/personal.ts';
export { ftsPage, type FtsList } from './read/fts.ts';
export { keyRow, moneyCode, moneyStart, MONEY_WIDTHS, sortKey, type MoneyRead, type Ties } from './read/money.ts';

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
