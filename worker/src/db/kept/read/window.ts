/**
 * Where a page sits in a list whose total is known, and a page near either end read with its kept
 * total in one statement. Pages in the far half of a list are read from the other end (the reversed
 * order, a short OFFSET), so the last page costs what the first does.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../../env';
import { partRows, ph, runShaped, shapedParts, type RowOf, type SelectLike } from '../../../lib/shaped';

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;

/** A page's rows: `limit` after skipping `offset`, from the list's start, or from its end when `reverse`. */
export interface Window {
  reverse: boolean;
  offset: number;
  limit: number;
}

/** `limit` 0 means the page is past the end. The caller reverses the rows of a reversed read (inListOrder). */
export function pageWindow(page: number, perPage: number, total: number): Window {
  const offset = offsetOf(page, perPage);
  if (offset >= total) return { reverse: false, offset, limit: 0 };
  const end = Math.min(offset + perPage, total);
  if (offset <= total - end) return { reverse: false, offset, limit: end - offset };
  return { reverse: true, offset: total - end, limit: end - offset };
}

/** The rows of a read in list order (a reversed read's rows come oldest first). */
export const inListOrder = <T>(read: { reverse: boolean } | null, rows: T[]): T[] => (read?.reverse ? rows.reverse() : rows);

/**
 * pageWindow in SQL, for a page read in the same round trip as its kept total (`n`, an SQL scalar
 * such as a subquery of the kept row): the page is read from both ends at once, and each read's
 * LIMIT is 0 (no row read) unless pageWindow would pick that end. With `near`, neither end reads a
 * page that starts `near` rows or more from it (a deeper page is found another way, with the total
 * then known). `offset` is the page's first row and `stop` offset + per_page, numbers or the
 * placeholders of a shaped statement (lib/shaped.ts). Pass `start.limit` / `end.limit` and the
 * offsets to the two reads; the end's rows come in reverse order.
 */
export function pageWindowSql(offset: number | Placeholder, stop: number | Placeholder, n: SQL, near?: number | Placeholder) {
  // Each expression reads the kept total once, as `t` of a one-row subquery: written out in place
  // of `t`, the total's subquery would run (and read its row) once for every mention.
  const once = (expr: SQL) => sql`(SELECT ${expr} FROM (SELECT coalesce(${n}, 0) AS t))`;
  const t = sql`t`;
  const end = sql`min(${stop}, ${t})`;
  const fromStart = near === undefined ? sql`` : sql` AND ${offset} < ${near}`;
  const fromEnd = near === undefined ? sql`` : sql` AND ${t} - ${end} < ${near}`;
  return {
    start: { offset, limit: once(sql`CASE WHEN ${offset} < ${t} AND ${offset} <= ${t} - ${end}${fromStart} THEN ${end} - ${offset} ELSE 0 END`) },
    end: {
      offset: once(sql`max(0, ${t} - ${end})`),
      limit: once(sql`CASE WHEN ${offset} < ${t} AND ${offset} > ${t} - ${end}${fromEnd} THEN ${end} - ${offset} ELSE 0 END`),
    },
  };
}

/** The page's window in the list's order from the list's start or its end (the end's rows come newest-last). */
export type EndRead = { reverse: boolean; offset: number | SQL | Placeholder; limit: SQL };

/**
 * A page within `near` rows of either end of a list (any page without `near`) whose total is one
 * kept scalar, read with that total in one statement and one round trip. `shape` describes the
 * statement: `total` (an SQL subquery of the kept row) and `end`, the page's read from the list's
 * start or from its end (pageWindowSql gates both on the total, so only the end pageWindow would
 * pick reads rows). The description is built once per `key` (shapedParts keeps its text; whether
 * `near` is given is part of the key). `rows` come in no particular order (the caller sorts them
 * into list order), and are null when the page lies deeper than `near` from both ends: the caller
 * finds it another way with the total then known. Past the end, `rows` is empty.
 */
export async function nearEndPage<Q extends SelectLike>(
  db: Db,
  key: string,
  shape: () => { total: SQL; end: (r: EndRead) => Q },
  values: Record<string, unknown>,
  at: { page: number; perPage: number; near?: number },
): Promise<{ total: number; rows: RowOf<Q>[] | null }> {
  const offset = offsetOf(at.page, at.perPage);
  const statement = shapedParts(
    db,
    key,
    () => {
      const { total, end } = shape();
      const w = pageWindowSql(ph('_offset'), ph('_stop'), total, at.near === undefined ? undefined : ph('_near'));
      return { parts: [end({ reverse: false, ...w.start }), end({ reverse: true, ...w.end })], total: sql`coalesce(${total}, 0)` };
    },
    { ...values, _offset: offset, _stop: offset + at.perPage, _near: at.near },
  );
  const [rows] = await runShaped(db, [statement] as const);
  const total = rows[0]?.total ?? 0;
  const found = partRows(rows);
  return { total, rows: found.length || !pageWindow(at.page, at.perPage, total).limit ? found : null };
}

/**
 * A page of a list with no kept total (a keyword's matches): the page's rows and their count in one
 * statement and one round trip, `shape` built once per `key` as nearEndPage's: `total` the count (an
 * SQL scalar) and `page` the read of `limit` rows after skipping `offset` in list order.
 */
export async function countedPage<Q extends SelectLike>(
  db: Db,
  key: string,
  shape: () => { total: SQL; page: (w: { offset: Placeholder; limit: Placeholder }) => Q },
  values: Record<string, unknown>,
  at: { page: number; perPage: number },
): Promise<{ total: number; rows: RowOf<Q>[] }> {
  const statement = shapedParts(
    db,
    key,
    () => {
      const { total, page } = shape();
      return { parts: [page({ offset: ph('_offset'), limit: ph('_limit') })], total };
    },
    { ...values, _offset: offsetOf(at.page, at.perPage), _limit: at.perPage },
  );
  const [rows] = await runShaped(db, [statement] as const);
  return { total: rows[0]?.total ?? 0, rows: partRows(rows) };
}
