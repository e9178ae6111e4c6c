/**
 * Turns rows into multi-row INSERT statements with literal values (no bound parameters,
 * so a statement is not limited to D1's 100 parameters). Statements stay under D1's
 * 100 KB statement limit and hold at most `rowsPerStatement` rows.
 */
export type Value = string | number | null;

export type Row = Record<string, Value>;

export interface SqlSink {
  /** Rows of one table; the first row's keys (snake_case column names) name the columns. */
  insert(table: string, rows: readonly Row[]): void;
  statements: string[];
  /** Rows written per table, in insertion order. */
  counts: Record<string, number>;
}

const MAX_STATEMENT_BYTES = 90_000;

function literal(v: Value): string {
  if (v === null) return 'NULL';
  if (typeof v === 'number') {
    // Seed values are integers (ids, yyyymmdd, 万元, ms); a fraction or NaN is a generator bug.
    if (!Number.isSafeInteger(v)) throw new Error(`seed: non-integer value ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/** UTF-8 length without an encoder: CJK text is 3 bytes per char. */
function byteLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) n += s.charCodeAt(i) > 0x7ff ? 2 : 1;
  return n;
}

export function createSqlSink(rowsPerStatement = 200): SqlSink {
  const statements: string[] = [];
  const counts: Record<string, number> = {};
  return {
    statements,
    counts,
    insert(table, rows) {
      counts[table] = (counts[table] ?? 0) + rows.length;
      if (!rows.length) return;
      const columns = Object.keys(rows[0]);
      const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n`;
      let parts: string[] = [];
      let bytes = byteLength(head);
      const flush = () => {
        if (parts.length) statements.push(head + parts.join(',\n'));
        parts = [];
        bytes = byteLength(head);
      };
      for (const row of rows) {
        const tuple = `(${columns.map((c) => {
          const v = row[c];
          if (v === undefined) throw new Error(`seed: ${table} row lacks ${c}`);
          return literal(v);
        }).join(', ')})`;
        const size = byteLength(tuple) + 2;
        if (parts.length >= rowsPerStatement || (parts.length && bytes + size > MAX_STATEMENT_BYTES)) flush();
        parts.push(tuple);
        bytes += size;
      }
      flush();
    },
  };
}
