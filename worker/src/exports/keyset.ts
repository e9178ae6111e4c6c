import type { Cursor, ExportQuery, ExportRow } from './types';

/** Rows per D1 read while building a file: small enough for D1's response limits, large enough to be few round trips. */
export const READ_PAGE = 500;

const where = (q: ExportQuery, extra: string[] = []) => {
  const all = [...q.where, ...extra];
  return all.length ? `WHERE ${all.join(' AND ')}` : '';
};
const orderBy = (q: ExportQuery) => `ORDER BY ${q.key.map((k) => `${k} ${q.dir}`).join(', ')}`;
const keySelect = (q: ExportQuery) => q.key.map((k, i) => `${k} AS _k${i}`).join(', ');
const cursorOf = (q: ExportQuery, row: Record<string, unknown>): Cursor => q.key.map((_, i) => row[`_k${i}`]);

/** Rows the export would hold: the filter's count, capped at the ranking's top N. */
export async function countRows(d1: D1Database, q: ExportQuery): Promise<number> {
  const row = await d1.prepare(`SELECT COUNT(*) AS n FROM ${q.from} ${where(q)}`).bind(...q.params).first<{ n: number }>();
  const n = row?.n ?? 0;
  return q.limit === undefined ? n : Math.min(n, q.limit);
}

/**
 * The key of the row just before `offset` (one indexed OFFSET read), so a batch that starts
 * deep in the result continues by keyset from there. null: start from the top.
 */
async function startCursor(d1: D1Database, q: ExportQuery, offset: number): Promise<Cursor | null | 'past-end'> {
  if (offset === 0) return null;
  const row = await d1
    .prepare(`SELECT ${keySelect(q)} FROM ${q.from} ${where(q)} ${orderBy(q)} LIMIT 1 OFFSET ?`)
    .bind(...q.params, offset - 1)
    .first<Record<string, unknown>>();
  return row ? cursorOf(q, row) : 'past-end';
}

async function readPage(d1: D1Database, q: ExportQuery, after: Cursor | null, limit: number) {
  // Row-value comparison on the (sort key, unique id) tuple: SQLite walks the index from the cursor.
  const op = q.dir === 'DESC' ? '<' : '>';
  const extra = after ? [`(${q.key.join(', ')}) ${op} (${q.key.map(() => '?').join(', ')})`] : [];
  const sql = `SELECT ${keySelect(q)}, ${q.select} FROM ${q.from} ${q.joins ?? ''} ${where(q, extra)} ${orderBy(q)} LIMIT ?`;
  const { results } = await d1
    .prepare(sql)
    .bind(...q.params, ...(after ?? []), limit)
    .all<Record<string, unknown>>();
  return results;
}

/**
 * Reads rows offset .. offset+rows of the export in its order, READ_PAGE at a time.
 * Each row gets `_pos`, its 1-based place in the whole result (the 排名 of a ranking).
 */
export async function* readRows(d1: D1Database, q: ExportQuery, offset: number, rows: number, pageSize = READ_PAGE): AsyncGenerator<ExportRow[]> {
  const start = await startCursor(d1, q, offset);
  if (start === 'past-end') return;
  let cursor = start;
  let done = 0;
  while (done < rows) {
    const want = Math.min(pageSize, rows - done);
    const page = await readPage(d1, q, cursor, want);
    if (page.length === 0) return;
    cursor = cursorOf(q, page[page.length - 1]);
    yield page.map((r, i) => ({ ...r, _pos: offset + done + i + 1 }));
    done += page.length;
    if (page.length < want) return;
  }
}
