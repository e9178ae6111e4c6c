import { sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Cursor, ExportQuery, ExportRow } from './types';

/** Rows per D1 read while building a file: small enough for D1's response limits, large enough to be few round trips. */
export const READ_PAGE = 500;

export interface Statement {
  sql: string;
  params: unknown[];
}

const dialect = new SQLiteAsyncDialect();
const toStatement = (q: SQL): Statement => dialect.sqlToQuery(q);

const list = (parts: SQL[]) => sql.join(parts, sql`, `);
const where = (q: ExportQuery, extra: SQL[] = []) => {
  const all = [...q.where, ...extra];
  return all.length ? sql` WHERE ${sql.join(all, sql` AND `)}` : sql``;
};
const groupBy = (q: ExportQuery) => (q.distinct ? sql` GROUP BY ${list(q.key)}` : sql``);
const orderBy = (q: ExportQuery) => sql` ORDER BY ${list(q.key.map((k) => sql`${k} ${sql.raw(q.dir)}`))}`;
const keySelect = (q: ExportQuery) => list(q.key.map((k, i) => sql`${k} AS ${sql.raw(`_k${i}`)}`));
const cursorOf = (q: ExportQuery, row: Record<string, unknown>): Cursor => q.key.map((_, i) => row[`_k${i}`]);

/** The three statements of an export; exported so the query-plan test checks exactly these. */
export const exportSql = {
  count: (q: ExportQuery): Statement =>
    toStatement(
      q.distinct
        ? sql`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${q.from}${where(q)}${groupBy(q)})`
        : sql`SELECT COUNT(*) AS n FROM ${q.from}${where(q)}`,
    ),
  /** The key of the row at `offset` in the export's order: one OFFSET walk of the covering index. */
  keyAt: (q: ExportQuery, offset: number): Statement =>
    toStatement(sql`SELECT ${keySelect(q)} FROM ${q.from}${where(q)}${groupBy(q)}${orderBy(q)} LIMIT 1 OFFSET ${offset}`),
  /** Up to `limit` rows after the cursor: a row-value comparison on (sort key, unique id), so SQLite seeks the index there. */
  page: (q: ExportQuery, after: Cursor | null, limit: number): Statement => {
    const op = sql.raw(q.dir === 'DESC' ? '<' : '>');
    const extra = after ? [sql`(${list(q.key)}) ${op} (${list(after.map((v) => sql`${v}`))})`] : [];
    return toStatement(sql`SELECT ${keySelect(q)}, ${q.select} FROM ${q.from} ${q.joins ?? sql``}${where(q, extra)}${groupBy(q)}${orderBy(q)} LIMIT ${limit}`);
  },
};

const prepare = (d1: D1Database, s: Statement) => d1.prepare(s.sql).bind(...s.params);

/** Rows the export would hold: the filter's count, capped at the ranking's top N. */
export async function countRows(d1: D1Database, q: ExportQuery): Promise<number> {
  const n = (await prepare(d1, exportSql.count(q)).first<{ n: number }>())?.n ?? 0;
  return q.limit === undefined ? n : Math.min(n, q.limit);
}

/** The cursor just before `offset` (null: start from the top), so a batch deep in the result continues by keyset. */
async function startCursor(d1: D1Database, q: ExportQuery, offset: number): Promise<Cursor | null | 'past-end'> {
  if (offset === 0) return null;
  const row = await prepare(d1, exportSql.keyAt(q, offset - 1)).first<Record<string, unknown>>();
  return row ? cursorOf(q, row) : 'past-end';
}

/**
 * Reads rows offset .. offset+rows of the export in its order, READ_PAGE at a time.
 * Each row gets `_pos`, its 1-based place in the whole result (the 排名 of a STAR-market ranking;
 * a closed-company ranking selects its own, the place by its measure, as it may be sorted otherwise).
 */
export async function* readRows(d1: D1Database, q: ExportQuery, offset: number, rows: number, pageSize = READ_PAGE): AsyncGenerator<ExportRow[]> {
  const start = await startCursor(d1, q, offset);
  if (start === 'past-end') return;
  let cursor = start;
  let done = 0;
  while (done < rows) {
    const want = Math.min(pageSize, rows - done);
    const { results: page } = await prepare(d1, exportSql.page(q, cursor, want)).all<Record<string, unknown>>();
    if (page.length === 0) return;
    cursor = cursorOf(q, page[page.length - 1]);
    yield page.map((r, i) => ({ ...r, _pos: offset + done + i + 1 }));
    done += page.length;
    if (page.length < want) return;
  }
}
