/**
 * drizzle's batch takes no raw `sql` statements: this sends raw statements (with their parameters)
 * as one D1 batch, one transaction, through the same D1 session the request reads with.
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';

const dialect = new SQLiteAsyncDialect();

export async function rawBatch(db: Db, statements: SQL[]): Promise<D1Result[]> {
  const client = (db as Db & { $client: D1Database }).$client;
  return client.batch(
    statements.map((q) => {
      const { sql, params } = dialect.sqlToQuery(q);
      return client.prepare(sql).bind(...params);
    }),
  );
}

/** One raw statement's first row, through the request's D1 session. */
export async function rawFirst<T>(db: Db, statement: SQL): Promise<T> {
  const client = (db as Db & { $client: D1Database }).$client;
  const { sql, params } = dialect.sqlToQuery(statement);
  return (await client.prepare(sql).bind(...params).first<T>())!;
}
