/**
 * A row written only when a condition holds as the statement runs: the guarded statements of a
 * drizzle batch (coins/: "this batch wrote the ledger row", "the wallet UPDATE just before changed
 * a row"). An INSERT of VALUES takes no WHERE, so it is an INSERT … SELECT of the row's values.
 */
import { getTableColumns, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';

type RowValues<T extends SQLiteTable> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQLWrapper };

/** A column's value in the SELECT: the given one, else the column's default, else NULL. */
function valueOf(column: SQLiteColumn, given: unknown): SQL {
  if (given !== undefined) return is(given, SQL) ? given : typeof (given as SQLWrapper)?.getSQL === 'function' ? sql`${given as SQLWrapper}` : sql`${sql.param(given, column)}`;
  const fallback = column.defaultFn?.() ?? column.default;
  if (fallback === undefined || fallback === null) return sql`NULL`;
  return is(fallback, SQL) ? fallback : sql`${sql.param(fallback, column)}`;
}

/**
 * INSERT INTO `table` one row of `values` (SQL expressions or subqueries allowed) only when `when`
 * holds. drizzle's insert-select names every column of the table in order, so the columns not given
 * take their default (an autoincrement key: NULL, the next id).
 */
export function insertWhen<T extends SQLiteTable>(db: Db, table: T, values: RowValues<T>, when: SQL) {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const row = Object.fromEntries(Object.entries(columns).map(([key, column]) => [key, valueOf(column, (values as Record<string, unknown>)[key]).as(column.name)]));
  // drizzle's builder has no FROM-less SELECT: one row of a one-row subquery. The row is built
  // from the table's columns at run time, which the insert-select's types cannot follow.
  return db.insert(table).select(db.select(row).from(sql`(SELECT 1)`).where(when) as never);
}
