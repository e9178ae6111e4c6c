import { sql, type SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
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

// An export's statements are `sql`: each kind brings its own FROM, WHERE and select list as
// fragments, and the keyset comparison is a row value, neither of which the builder composes.
const exportQueries = {
  count: (q: ExportQuery): SQL =>
    q.distinct
      ? sql`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${q.from}${where(q)}${groupBy(q)})`
      : sql`SELECT COUNT(*) AS n FROM ${q.from}${where(q)}`,
  /** The key of the row at `offset` in the export's order: one OFFSET walk of the covering index. */
  keyAt: (q: ExportQuery, offset: number): SQL => sql`SELECT ${keySelect(q)} FROM ${q.from}${where(q)}${groupBy(q)}${orderBy(q)} LIMIT 1 OFFSET ${offset}`,
  /** Up to `limit` rows after the cursor: a row-value comparison on (sort key, unique id), so SQLite seeks the index there. */
  page: (q: ExportQuery, after: Cursor | null, limit: number): SQL => {
    const op = sql.raw(q.dir === 'DESC' ? '<' : '>');
    const extra = after ? [sql`(${list(q.key)}) ${op} (${list(after.map((v) => sql`${v}`))})`] : [];
    return sql`SELECT ${keySelect(q)}, ${q.select} FROM ${q.from} ${q.joins ?? sql``}${where(q, extra)}${groupBy(q)}${orderBy(q)} LIMIT ${limit}`;
  },
};

/** The three statements of an export as text; exported so the query-plan test checks exactly these. */
export const exportSql = {
  count: (q: ExportQuery): Statement => toStatement(exportQueries.count(q)),
  keyAt: (q: ExportQuery, offset: number): Statement => toStatement(exportQueries.keyAt(q, offset)),
  page: (q: ExportQuery, after: Cursor | null, limit: number): Statement => toStatement(exportQueries.page(q, after, limit)),
};

/** Rows the export would hold: the filter's count, capped at the ranking's top N. */
export async function countRows(db: Db, q: ExportQuery): Promise<number> {
  const n = (await db.get<{ n: number } | undefined>(exportQueries.count(q)))?.n ?? 0;
  return q.limit === undefined ? n : Math.min(n, q.limit);
}

/** The cursor just before `offset` (null: start from the top), so a batch deep in the result continues by keyset. */
async function startCursor(db: Db, q: ExportQuery, offset: number): Promise<Cursor | null | 'past-end'> {
  if (offset === 0) return null;
  const row = await db.get<Record<string, unknown> | undefined>(exportQueries.keyAt(q, offset - 1));
  return row ? cursorOf(q, row) : 'past-end';
}

/**
 * Reads rows offset .. offset+rows of the export in its order, READ_PAGE at a time.
 * Each row gets `_pos`, its 1-based place in the whole result (the 排名 of a STAR-market ranking;
 * a closed-company ranking selects its own, the place by its measure, as it may be sorted otherwise).
 */
export async function* readRows(db: Db, q: ExportQuery, offset: number, rows: number, pageSize = READ_PAGE): AsyncGenerator<ExportRow[]> {
  const start = await startCursor(db, q, offset);
  if (start === 'past-end') return;
  let cursor = start;
  let done = 0;
  while (done < rows) {
    const want = Math.min(pageSize, rows - done);
    const page = await db.all<Record<string, unknown>>(exportQueries.page(q, cursor, want));
    if (page.length === 0) return;
    cursor = cursorOf(q, page[page.length - 1]);
    yield page.map((r, i) => ({ ...r, _pos: offset + done + i + 1 }));
    done += page.length;
    if (page.length < want) return;
  }
}
