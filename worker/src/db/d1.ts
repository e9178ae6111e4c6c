/**
 * The D1 binding's own `prepare` / `batch`, for the few places drizzle's API cannot serve: a
 * statement whose text is built once per isolate and bound per request (lib/shaped.ts), raw
 * statements sent as one batch (lib/raw-batch.ts). Everything else reaches D1 through drizzle.
 * Statements run on the D1 session the request's drizzle instance runs on, so they read and write
 * with the same bookmark.
 */
import { fillPlaceholders, type Query } from 'drizzle-orm';
import type { Db } from '../env';

/** The D1 session (or binding) under a drizzle instance: drizzle's `$client`. */
const d1Of = (db: Db): D1Database => (db as Db & { $client: D1Database }).$client;

/** A built statement bound to its parameters, named placeholders filled from `values`. */
export function bound(db: Db, query: Query, values: Record<string, unknown> = {}): D1PreparedStatement {
  return d1Of(db)
    .prepare(query.sql)
    .bind(...fillPlaceholders(query.params, values));
}

/** Bound statements in one round trip: one D1 batch (one transaction) when more than one. */
export async function runBound(db: Db, statements: readonly D1PreparedStatement[]): Promise<D1Result[]> {
  return statements.length === 1 ? [await statements[0].all()] : batchBound(db, statements);
}

/** Bound statements as one D1 batch (one transaction), however many. */
export async function batchBound(db: Db, statements: readonly D1PreparedStatement[]): Promise<D1Result[]> {
  return d1Of(db).batch([...statements]);
}
