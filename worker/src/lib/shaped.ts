/**
 * Statements whose SQL text is built once per isolate per shape.
 *
 * drizzle builds a statement's text on every request, walking its query tree; for a list page that
 * was about a quarter of the request's CPU in the runtime (`npm run bench -- profile`). A shaped
 * statement is built once, with named placeholders (`sql.placeholder('name')`) where the request's
 * values go, and kept under its shape key; each request binds its own values to the kept text.
 *
 * The key must name everything that changes the text (which filters are present, the sort, the
 * direction); everything else is a value. Keys start with their module's name so two call sites
 * never share one. A select's rows are mapped by drizzle's own decoders, as drizzle would.
 */
import { Column, fillPlaceholders, is, SQL, sql, type Placeholder } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';

/** A drizzle select builder: its text and its selected fields. */
interface SelectLike {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectedFields: Record<string, unknown> };
  all(): Promise<unknown[]>;
}

type RowOf<Q> = Q extends { all(): Promise<(infer R)[]> } ? R : never;

/** A bound statement and how to read its rows. */
export interface Shaped<R> {
  readonly stmt: D1PreparedStatement;
  /** The rows of a D1 result (objects, as D1 returns them). */
  read(result: D1Result): R[];
}

interface Kept {
  sql: string;
  params: unknown[];
  /** A select's field names and decoders, in column order; none for raw SQL (rows as D1 names them). */
  fields?: { name: string; decode: (v: unknown) => unknown }[];
}

const kept = new Map<string, Kept>();
/** Shapes are few (a module's filters × sorts); the bound only stops a runaway key. */
const MAX_SHAPES = 2_000;
const dialect = new SQLiteAsyncDialect();

/** A named placeholder for a shaped statement's value. */
export const ph = <N extends string>(name: N): Placeholder<N> => sql.placeholder(name);

function keep(key: string, make: () => Kept): Kept {
  let k = kept.get(key);
  if (!k) {
    k = make();
    if (kept.size >= MAX_SHAPES) kept.clear();
    kept.set(key, k);
  }
  return k;
}

type Decoder = { mapFromDriverValue(v: unknown): unknown };

/** A selected field's decoder, as drizzle's mapResultRow picks it. */
function decoderOf(key: string, field: unknown): (v: unknown) => unknown {
  let decoder: Decoder;
  if (is(field, Column)) decoder = field;
  else if (is(field, SQL)) decoder = (field as unknown as { decoder: Decoder }).decoder;
  else if (is(field, SQL.Aliased)) decoder = (field.sql as unknown as { decoder: Decoder }).decoder;
  else throw new Error(`shaped ${key}: only flat selections of columns and SQL are supported`);
  return (v) => decoder.mapFromDriverValue(v);
}

const clientOf = (db: Db) => (db as Db & { $client: D1Database }).$client;

function bind(db: Db, k: Kept, values: Record<string, unknown>): D1PreparedStatement {
  return clientOf(db)
    .prepare(k.sql)
    .bind(...fillPlaceholders(k.params, values));
}

/** A drizzle select (flat selection), built once per `key`; its rows typed and decoded as drizzle's own. */
export function shapedSelect<Q extends SelectLike>(db: Db, key: string, build: () => Q, values: Record<string, unknown>): Shaped<RowOf<Q>> {
  const k = keep(key, () => {
    const q = build();
    // Flat selections only, in the selection's order (drizzle's own column order).
    const fields = Object.entries(q._.selectedFields).map(([name, field]) => ({ name, decode: decoderOf(key, field) }));
    return { ...q.toSQL(), fields };
  });
  const fields = k.fields!;
  return {
    stmt: bind(db, k, values),
    read(result) {
      return (result.results as Record<string, unknown>[]).map((obj) => {
        // D1 returns objects keyed by column name: two columns of one name would collapse into one.
        const values = Object.values(obj);
        if (values.length !== fields.length) throw new Error(`shaped ${key}: ${fields.length} columns selected, ${values.length} named apart`);
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) row[fields[i].name] = values[i] === null ? null : fields[i].decode(values[i]);
        return row as RowOf<Q>;
      });
    },
  };
}

/** Raw SQL built once per `key`; rows as D1 returns them (keyed by column name or alias). */
export function shapedSql<R>(db: Db, key: string, build: () => SQL, values: Record<string, unknown>): Shaped<R> {
  const k = keep(key, () => dialect.sqlToQuery(build()));
  return { stmt: bind(db, k, values), read: (result) => result.results as R[] };
}

type Results<T extends readonly Shaped<unknown>[]> = { [I in keyof T]: T[I] extends Shaped<infer R> ? R[] : never };

/** Runs shaped statements in one round trip (one D1 batch when more than one) and reads their rows. */
export async function runShaped<T extends readonly Shaped<unknown>[]>(db: Db, statements: T): Promise<Results<T>> {
  const results = statements.length === 1 ? [await statements[0].stmt.all()] : await clientOf(db).batch(statements.map((s) => s.stmt));
  return statements.map((s, i) => s.read(results[i])) as Results<T>;
}
