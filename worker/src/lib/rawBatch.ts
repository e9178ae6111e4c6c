/**
 * drizzle's batch takes no raw `sql` statements: this sends raw statements (with their parameters)
 * as one D1 batch, one transaction, through the same D1 session the request reads with.
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';

const dialect = new SQLiteAsyncDialect();

/** A raw statement bound to its parameters, on the D1 session `db` reads with. */
function prepared(db: Db, q: SQL): D1PreparedStatement {
  const { sql, params } = dialect.sqlToQuery(q);
  return (db as Db & { $client: D1Database }).$client.prepare(sql).bind(...params);
}

export async function rawBatch(db: Db, statements: SQL[]): Promise<D1Result[]> {
  return (db as Db & { $client: D1Database }).$client.batch(statements.map((q) => prepared(db, q)));
}

/** One raw statement's first row, through the request's D1 session. */
export async function rawFirst<T>(db: Db, statement: SQL): Promise<T> {
  return (await prepared(db, statement).first<T>())!;
}
