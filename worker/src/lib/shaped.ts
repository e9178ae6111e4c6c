/**
 * Statements whose SQL text is built once per isolate per shape.
 *
 * drizzle builds a statement's text on every request, walking its query tree. A shaped statement is
 * built once, with named placeholders (`sql.placeholder('name')`) where the request's values go, and
 * kept under its shape key; each request binds its own values to the kept text (worker/src/db/d1.ts).
 * A select is kept as drizzle's own prepared query (`.prepare()`): its text (`getQuery()`) and its
 * row mapping (`mapAllResult`), so rows are typed and decoded as drizzle would.
 *
 * The key must name everything that changes the text (which filters are present, the sort, the
 * direction); everything else is a value. Keys start with their module's name so two call sites
 * never share one.
 */
import { sql, type Placeholder, type Query, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { bound, runBound } from '../db/d1';
import type { Db } from '../env';

/** A drizzle select builder: its text and its selected fields. */
export interface SelectLike {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectedFields: Record<string, unknown> };
  all(): Promise<unknown[]>;
}

export type RowOf<Q> = Q extends { all(): Promise<(infer R)[]> } ? R : never;

/** A bound statement and how to read its rows. */
export interface Shaped<R> {
  readonly stmt: D1PreparedStatement;
  /** The rows of a D1 result (objects, as a D1 batch returns them). */
  read(result: D1Result): R[];
  /**
   * The rows from arrays of column values in selection order (`raw()`), for a select run alone:
   * D1 sends rows as arrays, and objects keyed by column name would only be taken apart again.
   */
  readRaw?(rows: unknown[][]): R[];
}

/** A select's public prepared form (drizzle's `SQLitePreparedQuery`): its text and its row mapping. */
interface PreparedSelect {
  getQuery(): Query;
  /** Rows as arrays of column values, in selection order, to the selection's rows. */
  mapAllResult(rows: unknown[][]): unknown;
}

interface Kept {
  query: Query;
  /** A select's row mapping; none for raw SQL (rows as D1 names them). */
  rows?: PreparedSelect;
  /** The select's column count. */
  width?: number;
  /** shapedParts with a total column first. */
  counted?: boolean;
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

/**
 * A select builder's prepared query: drizzle's public `.prepare()`, which builds the text once. Only
 * its text and row mapping are kept; each request binds the text on its own D1 session.
 */
const preparedOf = (q: SelectLike) => (q as SelectLike & { prepare(): PreparedSelect }).prepare();

/** A row whose every column is null: drizzle maps it without decoding, one key per selected field. */
const NULL_ROW = new Proxy([], { get: () => null }) as unknown[];
/** The column count of a flat selection. */
const widthOf = (rows: PreparedSelect) => Object.keys((rows.mapAllResult([NULL_ROW]) as object[])[0]).length;

/** D1 returns objects keyed by column name: two columns of one name would collapse into one. */
function valuesOf(key: string, obj: Record<string, unknown>, expected: number): unknown[] {
  const values = Object.values(obj);
  if (values.length !== expected) throw new Error(`shaped ${key}: ${expected} columns selected, ${values.length} named apart`);
  return values;
}

/** A drizzle select (flat selection), built once per `key`; its rows typed and decoded as drizzle's own. */
export function shapedSelect<Q extends SelectLike>(db: Db, key: string, build: () => Q, values: Record<string, unknown>): Shaped<RowOf<Q>> {
  const k = keep(key, () => {
    const rows = preparedOf(build());
    return { query: rows.getQuery(), rows, width: widthOf(rows) };
  });
  const rows = k.rows!;
  const width = k.width!;
  return {
    stmt: bound(db, k.query, values),
    read: (result) => rows.mapAllResult((result.results as Record<string, unknown>[]).map((obj) => valuesOf(key, obj, width))) as RowOf<Q>[],
    readRaw: (raw) => rows.mapAllResult(raw) as RowOf<Q>[],
  };
}

/** D1 allows 5 terms in one compound SELECT (a sixth fails: "too many terms in compound SELECT"). */
const COMPOUND_TERMS = 5;
/** Parts in one shapedParts statement: 5 groups of 5, the groups themselves 5 terms. */
export const MAX_PARTS = COMPOUND_TERMS * COMPOUND_TERMS;

/** A row of shapedParts: which part it came from and the total beside it; part null: no part had rows. */
export type PartRow<R> = { part: number; total: number | null; row: R } | { part: null; total: number | null; row: null };

/** The selected rows of shapedParts' result, without the row that carries only the total. */
export const partRows = <R>(rows: readonly PartRow<R>[]): R[] => rows.flatMap((r) => (r.part === null ? [] : [r.row]));

/**
 * Selects of one selection as one statement, built once per `key`: their rows (UNION ALL, each part
 * keeping its own ORDER BY and LIMIT) tagged with the part each came from, and with `total` that
 * scalar beside every row, or on one row of its own (part null) when no part has rows. Each
 * statement in a D1 batch costs its own parse and plan, so a page read from either end with its
 * kept total is one statement rather than three.
 */
export function shapedParts<Q extends SelectLike>(db: Db, key: string, build: () => { parts: Q[]; total?: SQL }, values: Record<string, unknown>): Shaped<PartRow<RowOf<Q>>> {
  const k = keep(key, () => {
    const { parts, total } = build();
    if (parts.length > MAX_PARTS) throw new Error(`shaped ${key}: ${parts.length} parts, at most ${MAX_PARTS}`);
    const arms = parts.map((q, i) => sql`SELECT *, ${sql.raw(String(i))} AS _part FROM (${q})`);
    // D1 allows 5 terms in a compound SELECT: more parts go in groups of 5, each group a subquery term.
    const groups: SQL[] = [];
    for (let i = 0; i < arms.length; i += COMPOUND_TERMS) groups.push(sql.join(arms.slice(i, i + COMPOUND_TERMS), sql` UNION ALL `));
    const union = groups.length === 1 ? groups[0] : sql.join(groups.map((g) => sql`SELECT * FROM (${g})`), sql` UNION ALL `);
    const whole = total === undefined ? union : sql`SELECT c._total, r.* FROM (SELECT ${total} AS _total) c LEFT JOIN (${union}) r ON 1`;
    const rows = preparedOf(parts[0]);
    return { query: dialect.sqlToQuery(whole), rows, width: widthOf(rows), counted: total !== undefined };
  });
  const rows = k.rows!;
  const counted = Boolean(k.counted);
  const width = k.width! + 1 + (counted ? 1 : 0);
  // Columns in order: the total (when counted), the part's selection, the part number.
  const partRow = (v: unknown[]): PartRow<RowOf<Q>> => {
    const total = counted ? (v.shift() as number | null) : null;
    const part = v.pop() as number | null;
    return part === null ? { part, total, row: null } : { part, total, row: (rows.mapAllResult([v]) as RowOf<Q>[])[0] };
  };
  return {
    stmt: bound(db, k.query, values),
    read: (result) => (result.results as Record<string, unknown>[]).map((obj) => partRow(valuesOf(key, obj, width))),
    readRaw: (raw) => raw.map((v) => partRow([...v])),
  };
}

/** Raw SQL built once per `key`; rows as D1 returns them (keyed by column name or alias). */
export function shapedSql<R>(db: Db, key: string, build: () => SQL, values: Record<string, unknown>): Shaped<R> {
  const k = keep(key, () => ({ query: dialect.sqlToQuery(build()) }));
  return { stmt: bound(db, k.query, values), read: (result) => result.results as R[] };
}

type Results<T extends readonly Shaped<unknown>[]> = { [I in keyof T]: T[I] extends Shaped<infer R> ? R[] : never };

/** Runs shaped statements in one round trip (one D1 batch when more than one) and reads their rows. */
export async function runShaped<T extends readonly Shaped<unknown>[]>(db: Db, statements: T): Promise<Results<T>> {
  const only = statements.length === 1 ? statements[0] : undefined;
  if (only?.readRaw) return [only.readRaw(await only.stmt.raw())] as unknown as Results<T>;
  const results = await runBound(
    db,
    statements.map((s) => s.stmt),
  );
  return statements.map((s, i) => s.read(results[i])) as Results<T>;
}
