/**
 * The shape of a kept list: one declaration says which source rows a kept table counts and under
 * which keys; the generator (sql.ts, `npm run db:kept`) derives the triggers that keep it, the
 * recount that checks it and the rebuild that repairs it. Nothing here touches a database, so the
 * worker, the tests in workerd and the Node script share it (imports carry their .ts extension for
 * Node's type stripping).
 */

/** An SQL expression over one row of a source table (`NEW.x`, `OLD.x` or `src.x`). */
export type Expr = string;

/** A source row as expressions: `r.close_date` is the column of the row the trigger sees. */
export type Row = Readonly<Record<string, Expr>>;

/**
 * One kept row's key: an expression per key column of the kept table, or several alternatives for a
 * column (the row is counted under every combination: a company counts under its province and
 * under '' for "any province").
 */
export type KeyTuple = readonly (Expr | readonly Expr[])[];

export interface KeptSource {
  /** Names the generated triggers: kept_<table>_<name>_ai / _ad / _au (on the joined table: _j_ai / _j_ad / _j_au). */
  name: string;
  /** The table whose inserts, deletes and updates move the counts. */
  table: string;
  /**
   * Pairs each source row with every row of another table that `on` matches: the list counts one
   * per pair, and `when`, `keys`, `weight`, `sums`, `values` and `levels.order` read both rows (`j`
   * the joined one). Triggers on both tables keep it, each pairing its row with the other table as
   * it stands. `key` is the joined table's primary key and `self` the source's (absent: rowid), to
   * tell two pairs apart when they name the same kept row.
   */
  join?: { table: string; key: readonly string[]; self?: readonly string[]; on: (r: Row, j: Row) => Expr };
  /** Rows counted at all (absent: every row). */
  when?: (r: Row, j: Row) => Expr;
  /**
   * The kept rows one source row adds to (each at most once, however many tuples name it). With
   * `levels`, the values of the key columns before the level and bucket columns.
   */
  keys: (r: Row, j: Row) => KeyTuple[];
  /** What a row adds (absent: 1, a count; an amount column makes the kept row a sum). */
  weight?: (r: Row, j: Row) => Expr;
  /** What a row adds to each of the list's `sums` columns (a column left out: 0). */
  sums?: Readonly<Record<string, (r: Row, j: Row) => Expr>>;
  /** A mirror list's copied columns, in the order of the list's `mirror.values`. */
  values?: (r: Row, j: Row) => Expr[];
  /**
   * Bucket levels of the list's order: a row adds to level 0 (the total, bucket 0; `total: false`
   * leaves it out, the total being the sum of level 1) and to each width w at bucket
   * `order / w * w`, so a deep page finds its first row by walking down the levels.
   */
  levels?: { order: (r: Row, j: Row) => Expr; widths: readonly number[]; total?: boolean };
  /**
   * Count each distinct value of `same` once (a company with two reasons of one parent counts once
   * under the parent); `self` is the source table's primary key, to tell the row itself from others.
   * The keys must depend only on `same`. Not with `join`.
   */
  distinct?: { same: readonly string[]; self: readonly string[] };
}

/** Ranges the packed sort keys need (an id past its span would collide with the next day's). */
export interface KeptRange {
  column: string;
  min: number;
  max: number;
}

export interface KeptPacking {
  /** Names the generated guard triggers: kept_pack_<name>_ai / _au. */
  name: string;
  table: string;
  /** What is packed, for the error message and the docs (e.g. 'close_date × 10^7 + com_id'). */
  packs: string;
  ranges: readonly KeptRange[];
}

export interface KeptList {
  /** The kept table: its key columns (its primary key) and a count column (`n` unless `count` says). */
  table: string;
  columns: readonly string[];
  /** The count column when it is not `n` (a table readers already know by another name). */
  count?: string;
  /**
   * Columns of the same rows kept by hand-written triggers that are not counts (a top-3 list as
   * JSON): the generator leaves the triggers whose names start with one of `triggers` alone, keeps
   * the columns through a rebuild (counts are zeroed, not deleted) and runs `rebuild` after it.
   */
  others?: { columns: readonly string[]; triggers: readonly string[]; rebuild: readonly string[] };
  /** Whether a kept row whose count falls to 0 is deleted (sparse keys) or kept. */
  zeros: 'keep' | 'delete';
  /** Further columns of the kept row that add up with the count (each source's `sums` say what a row adds). */
  sums?: readonly string[];
  /**
   * A kept table with no count: every row is one source row (or pair) under its key, carrying the
   * `values` columns the sources' `values` give. An insert upserts the row, a delete deletes it, an
   * update does both. No two source rows may give one key; no levels, weights, sums or distinct.
   */
  mirror?: { values: readonly string[] };
  /**
   * A kept table several declarations share (one per family of keys): the SQL condition on a kept
   * row that says it is this declaration's. Only the triggers of its own source tables that write
   * the table are this declaration's; a table with no `owns` is the declaration's alone.
   */
  owns?: Expr;
  sources: readonly KeptSource[];
}

/**
 * The id part of a packed (yyyymmdd, id) sort key: `day × ID_SPAN + id`, the rowid of an FTS index
 * that gives its matches in list order. Ids stay below it, days below 10^8 (KeptPacking guards both).
 */
export const ID_SPAN = 10_000_000;

/** Bucket widths of a yyyymmdd order: years, months, days (the declarations count by them, read/levels.ts walks them). */
export const YMD_WIDTHS = [10_000, 100, 1] as const;

/** Bucket widths of a day number (days since 1970): blocks of 512 days, of 16 days, days. */
export const DAY_WIDTHS = [512, 16, 1] as const;

/** The ranges of a packed (yyyymmdd, id) key. */
export const dayIdRanges = (day: string, id: string): readonly KeptRange[] => [
  { column: id, min: 0, max: ID_SPAN - 1 },
  { column: day, min: 0, max: 99_999_999 },
];

/**
 * The bulk path of the closed-company import (worker/src/import/closure.ts): inside one D1 batch it
 * puts a row into `table`, inserts new companies with their links, adds the set-based deltas of
 * those rows (bulkDeltaSql) and deletes the row again. While the row is there, the generated
 * triggers on `sources` (and the hand-written card, case and money triggers on them) do nothing;
 * SQLite runs one write transaction at a time, so no other writer ever sees the row.
 */
export const KEPT_BULK = { table: 'kept_bulk', sources: ['closures', 'closure_company_types', 'closure_investors'], id: 'com_id' } as const;

/** The WHEN clause of a trigger that stands aside for the bulk path. */
export const BULK_IDLE = `NOT EXISTS (SELECT 1 FROM \`${KEPT_BULK.table}\`)`;

/** A string as an SQL literal. */
export const lit = (s: string | number): Expr => (typeof s === 'number' ? String(s) : `'${s.replaceAll("'", "''")}'`);

/** An integer column as the TEXT key closure_counts and friends store. */
export const text = (e: Expr): Expr => `CAST(${e} AS TEXT)`;

/** Expressions joined with a separator ('|' between the values of a filter combination). */
export const joined = (sep: string, ...parts: Expr[]): Expr => parts.join(` || ${lit(sep)} || `);

/** The columns a declaration reads of a row, as expressions prefixed with `alias.`. */
export function rowOf(alias: string, used?: Set<string>): Row {
  return new Proxy({} as Row, {
    get(_, col) {
      if (typeof col !== 'string') throw new Error('a kept declaration reads columns by name');
      used?.add(col);
      return `${alias}.\`${col}\``;
    },
  });
}
