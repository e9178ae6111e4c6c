/**
 * What every kind's import shares: the rows a request carries, the outcome it answers with, the
 * per-row error, and writing many rows in D1's limits (at most 100 bound parameters a statement).
 */
import type { BatchItem } from 'drizzle-orm/batch';
import { eq, getTableColumns, getTableName, sql, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import { CellError, type Cell } from './values';
import { searchNames } from '../db';
import type { searchNameRow } from '../search/keys';
import { importBatches, importChanges, importIds } from './tables';

export interface ImportRow {
  /** The row's line in the file (the header is line 1), for the rejects file. */
  line: number;
  values: Cell[];
}

export interface Reject {
  line: number;
  /** The column's header as the file has it, or '' for a reason about the whole row. */
  column: string;
  reason: string;
}

export interface RowChange {
  line: number;
  name: string;
  action: 'insert' | 'update';
  /** The fields an update changes (labels); every field for an insert. */
  fields: string[];
}

export interface RowsOutcome {
  imported: number;
  updated: number;
  unchanged: number;
  rejects: Reject[];
  /** Field label -> rows whose value was a documented default (the file had no value for it). */
  defaulted: Record<string, number>;
  /** Investors named in the file that are not in the firm database and were left out (no --create-firms). */
  firms_missing: string[];
  firms_created: string[];
  changes: RowChange[];
}

export interface RowsOptions {
  /** The batch the writes are recorded under; 0 with dryRun. */
  batchId: number;
  dryRun: boolean;
  createFirms: boolean;
}

/** A row's problem in one column: the row goes to the rejects file and nothing of it is written. */
export class RowError extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a cell reader; its CellError becomes the row's RowError in that column. */
export function inColumn<T>(column: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof CellError) throw new RowError(column, e.message);
    throw e;
  }
}

/** Each row read by `read`; a row whose reading throws a RowError goes to the outcome's rejects instead. */
export function readRows<V>(rows: ImportRow[], o: RowsOutcome, read: (row: ImportRow) => V): { line: number; v: V }[] {
  const good: { line: number; v: V }[] = [];
  for (const row of rows) {
    try {
      good.push({ line: row.line, v: read(row) });
    } catch (e) {
      if (!(e instanceof RowError)) throw e;
      o.rejects.push({ line: row.line, column: e.column, reason: e.message });
    }
  }
  return good;
}

export const emptyOutcome = (): RowsOutcome => ({ imported: 0, updated: 0, unchanged: 0, rejects: [], defaulted: {}, firms_missing: [], firms_created: [], changes: [] });

/** D1 binds at most this many parameters to one statement. */
export const MAX_PARAMS = 100;

/** D1 refuses a statement longer than 100 KB; an insert's rows stay below this many bytes of JSON. */
const MAX_JSON_BYTES = 90_000;

const utf8 = new TextEncoder();

/**
 * INSERTs of `rows`, one statement per set of columns the rows give (and per 90 KB of them): the
 * rows travel as one JSON text read with json_each. One statement rather than one per few rows
 * matters: SQLite compiles every trigger of the table into each statement it prepares, and for the
 * closed-company tables that compiling costs more than the inserts. The JSON is an SQL literal, not
 * a bound parameter (drizzle's D1 batch drops the parameters of a raw statement).
 */
export function insertChunks<T extends SQLiteTable>(db: Db, table: T, rows: T['$inferInsert'][], onConflict?: string): BatchItem<'sqlite'>[] {
  const cols = getTableColumns(table) as Record<string, Column>;
  const groups = new Map<string, { keys: string[]; rows: string[] }>();
  for (const row of rows as Record<string, unknown>[]) {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined && k in cols);
    const sig = keys.join(',');
    if (!groups.has(sig)) groups.set(sig, { keys, rows: [] });
    groups.get(sig)!.rows.push(JSON.stringify(keys.map((k) => cols[k].mapToDriverValue(row[k]))));
  }
  const out: BatchItem<'sqlite'>[] = [];
  for (const { keys, rows: group } of groups.values()) {
    const head = `INSERT INTO "${getTableName(table)}" (${keys.map((k) => `"${cols[k].name}"`).join(', ')}) SELECT ${keys.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ')} FROM json_each(`;
    const tail = `) WHERE true${onConflict ? ` ${onConflict}` : ''}`;
    let part: string[] = [];
    let bytes = 0;
    const flush = () => {
      if (part.length) out.push(db.run(sql.raw(`${head}'${`[${part.join(',')}]`.replaceAll("'", "''")}'${tail}`)));
      part = [];
      bytes = 0;
    };
    for (const r of group) {
      const n = utf8.encode(r).length + 1;
      if (bytes + n > MAX_JSON_BYTES) flush();
      part.push(r);
      bytes += n;
    }
    flush();
  }
  return out;
}

/** Values for `column IN (...)` in slices that leave room for a few more parameters. */
export function slices<T>(values: T[], size = MAX_PARAMS - 10): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** The change rows of a batch: the first change of a row in a batch is kept (it holds the row as it was). */
export function changeRows(db: Db, batchId: number, rows: Omit<typeof importChanges.$inferInsert, 'batchId'>[]): BatchItem<'sqlite'>[] {
  return insertChunks(db, importChanges, rows.map((r) => ({ ...r, batchId })), 'ON CONFLICT DO NOTHING');
}

/** The batch's running totals, in the same D1 batch as the writes they count. */
export function countBatch(db: Db, batchId: number, o: RowsOutcome): BatchItem<'sqlite'> {
  return db
    .update(importBatches)
    .set({
      imported: sql`${importBatches.imported} + ${o.imported}`,
      updated: sql`${importBatches.updated} + ${o.updated}`,
      unchanged: sql`${importBatches.unchanged} + ${o.unchanged}`,
      rejected: sql`${importBatches.rejected} + ${o.rejects.length}`,
    })
    .where(eq(importBatches.id, batchId));
}

export function addDefault(o: RowsOutcome, label: string) {
  o.defaulted[label] = (o.defaulted[label] ?? 0) + 1;
}

/**
 * Reserves `n` new ids of `table` in one statement and returns the first: past both the table's
 * largest id and every range reserved before, so concurrent requests never share one.
 */
export async function reserveIds(db: Db, table: 'companies' | 'invest_firms' | 'starmarket_companies' | 'invest_events', idColumn: string, n: number): Promise<number> {
  if (n === 0) return 0;
  // Raw SQL: an upsert whose values and update both read the table's max and RETURNING the start of the range.
  const max = sql`(SELECT coalesce(max(${sql.identifier(idColumn)}), 0) + 1 FROM ${sql.identifier(table)})`;
  const [row] = await db
    .insert(importIds)
    .values({ name: table, next: sql`${max} + ${n}` })
    .onConflictDoUpdate({ target: importIds.name, set: { next: sql`max(${importIds.next}, ${max}) + ${n}` } })
    .returning({ next: importIds.next });
  return row.next - n;
}

/** Search rows are upserted, never replaced: REPLACE would skip the delete trigger and leave the old name in the index. */
export function searchUpserts(db: Db, rows: (typeof searchNames.$inferInsert)[]): BatchItem<'sqlite'>[] {
  const set = ['name', 'pinyin', 'initials', 'head', 'tail'].map((c) => `"${c}" = excluded."${c}"`).join(', ');
  return insertChunks(db, searchNames, rows, `ON CONFLICT ("id") DO UPDATE SET ${set}`);
}

/** A search row (search/keys.ts searchNameRow) as the table's insert. */
export const searchInsert = (s: ReturnType<typeof searchNameRow>): typeof searchNames.$inferInsert => ({ id: s.id, kind: s.kind, refId: s.ref_id, name: s.name, pinyin: s.pinyin, initials: s.initials, head: s.head, tail: s.tail });
