import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../env';
import type { AccessLevel } from '../lib/route';

/** One column of an export file: the Chinese header, its width in characters and how the cell is typed. */
export interface ExportColumn {
  key: string;
  header: string;
  width: number;
  /** number: a numeric cell; date: a yyyymmdd integer written as an Excel date; text: a string. */
  type: 'number' | 'date' | 'text';
}

export type ExportRow = Record<string, unknown>;

/** The values of the sort key (last one unique) of the row a read continues after. */
export type Cursor = unknown[];

/**
 * The rows of an export as drizzle SQL pieces the keyset reader assembles:
 * `SELECT <key>, <select> FROM <from> <joins> WHERE <where> ORDER BY <key> <dir>`.
 * The key's last expression must be unique, so (key) is a total order and keyset reads never skip or repeat.
 * (SQL fragments rather than a query builder: the reader adds row-value cursor comparisons, COUNT
 * wrappers and OFFSET probes to the same pieces, which drizzle's builder cannot compose.)
 */
export interface ExportQuery {
  from: SQL;
  /** LEFT JOINs used only for the file's columns, left out of counts. */
  joins?: SQL;
  where: SQL[];
  key: SQL[];
  dir: 'ASC' | 'DESC';
  select: SQL;
  /** Rankings export at most this many rows (the top N). */
  limit?: number;
  /**
   * `from` may hold a company more than once (a parent reason's link rows, one per child):
   * rows are grouped by the key, so each key is one row of the export.
   */
  distinct?: boolean;
}

/** Slice of the result a request asks for: the page buttons of the download dialog send page + per_page. */
export interface ExportSlice {
  page?: number;
  per_page?: number;
  /** Without page: export only the first `limit` rows (the check's `number`: what the user will download). */
  limit?: number;
}

/** Who asked for the export: the API worker passes the signed-in user, the export worker the job's owner. */
export interface ExportWho {
  userId: number;
}

export interface ExportKind<P extends ExportSlice = ExportSlice> {
  name: string;
  /** Least role allowed to export this kind (the reason company list is VIP-only on the site). */
  level: Exclude<AccessLevel, 'public'>;
  params: z.ZodType<P>;
  columns: ExportColumn[];
  /** What one row is, in the check's message (default 家公司). */
  unit?: string;
  /** The price rule shown when the kind costs nothing at any tier (a user's own data); absent, the tier's price applies. */
  free?: string;
  /** Sheet and file title, e.g. 死亡公司数据 or 赛道-共享单车. */
  title(db: Db, params: P, who: ExportWho): Promise<string>;
  /**
   * May read small lookup tables (is this reason a parent?) to pick the indexed way to the rows.
   * A kind of the user's own data scopes its rows to `who`.
   */
  query(params: P, db: Db, who: ExportWho): ExportQuery | Promise<ExportQuery>;
}
