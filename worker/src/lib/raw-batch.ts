/**
 * Raw `sql` statements (with their parameters) as one D1 batch, one transaction, through the D1
 * session the request reads with: drizzle's `db.batch` takes `db.all(sql)` only without parameters
 * (its D1 session binds a raw statement's parameters to a statement it never prepared).
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { batchBound, bound } from '../db/d1';
import type { Db } from '../env';

const dialect = new SQLiteAsyncDialect();

export async function rawBatch(db: Db, statements: SQL[]): Promise<D1Result[]> {
  return batchBound(
    db,
    statements.map((q) => bound(db, dialect.sqlToQuery(q))),
  );
}

/** One raw statement's first row, through the request's D1 session. */
export async function rawFirst<T>(db: Db, statement: SQL): Promise<T> {
  return (await bound(db, dialect.sqlToQuery(statement)).first<T>())!;
}
