/**
 * Page anchors: for a list an index orders (a condition on one table, ordered by one column then the
 * id, both descending), every `gap`-th row of the list kept as (order value, id). A deep page is then
 * a keyset seek to the anchor at or before its first row, skipping fewer than `gap` index entries,
 * instead of an OFFSET that walks every row before the page. A list no index orders (its rows lie
 * among other rows on every index) keeps every position (gap 1) and a page is read off them alone.
 *
 * The anchors are taken from the rows, not kept by triggers: a set belongs to the data version it was
 * built at (a one-row counter the source table's triggers bump on every write that can move a row in
 * an order or a filter), and a stale or missing set is rebuilt in one transaction by the first deep
 * page asked for after the change. This suits lists written in batches and paged often.
 *
 * The anchor table has the description's key columns, `n` (the anchor's number, row n × gap), `v`
 * (the order value) and the source's id column; the set table the key columns and `ver`.
 */
import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../env';
import { rawBatch } from '../../../lib/raw-batch';
import { offsetOf, pageWindow } from './window.ts';

export interface AnchoredList {
  /** The anchor table, the table of the sets' versions and the values of their key columns (one list). */
  anchors: string;
  sets: string;
  key: Readonly<Record<string, string | number>>;
  /** The data version: the `ver` column of the row of `table` that `key` picks. */
  version: { table: string; key: Readonly<Record<string, string | number>> };
  /** Rows between two anchors; 1 keeps every position (a list no index orders). */
  gap: number;
  /** The list's rows: `where` on `table`, ordered by `order` then `id`, both descending. */
  source: { table: SQLiteTable; id: SQLiteColumn; order: SQLiteColumn; where?: SQL };
}

const id = sql.identifier;
const keyMatch = (alias: string, key: AnchoredList['key']) => sql.join(Object.entries(key).map(([c, v]) => sql`${id(alias)}.${id(c)} = ${v}`), sql` AND `);
const keyOnly = (key: AnchoredList['key']) => sql.join(Object.entries(key).map(([c, v]) => sql`${id(c)} = ${v}`), sql` AND `);

type Anchor = { v: number; id: number };

/** Anchors n .. n + count - 1 (in order), only if their set was built at the current data version. */
const anchorsFrom = (db: Db, l: AnchoredList, n: number, count: number) =>
  db.all<Anchor>(sql`
    SELECT a.v, a.${id(l.source.id.name)} AS id FROM ${id(l.version.table)} d
    JOIN ${id(l.sets)} s ON ${keyMatch('s', l.key)} AND s.ver = d.ver
    JOIN ${id(l.anchors)} a ON ${keyMatch('a', l.key)} AND a.n BETWEEN ${n} AND ${n + count - 1}
    WHERE ${keyMatch('d', l.version.key)}
    ORDER BY a.n`);

/**
 * Rebuilds the anchor set of a list in one transaction (the version recorded is read inside it, so
 * it is the version of the rows the anchors were taken from).
 */
async function rebuildAnchors(db: Db, l: AnchoredList): Promise<void> {
  const { table, id: idCol, order, where } = l.source;
  const cols = Object.keys(l.key).map((c) => id(c));
  const values = Object.values(l.key).map((v) => sql`${v}`);
  const filter = where ? sql`WHERE ${where}` : sql``;
  // The three run as one D1 batch (one transaction).
  await rawBatch(db, [
    sql`DELETE FROM ${id(l.anchors)} WHERE ${keyOnly(l.key)}`,
    sql`
      INSERT INTO ${id(l.anchors)} (${sql.join(cols, sql`, `)}, n, v, ${id(idCol.name)})
      SELECT ${sql.join(values, sql`, `)}, rn / ${l.gap}, v, id FROM (
        SELECT ${order} AS v, ${idCol} AS id, row_number() OVER (ORDER BY ${order} DESC, ${idCol} DESC) - 1 AS rn
        FROM ${table} ${filter}
      ) WHERE rn % ${l.gap} = 0`,
    sql`
      INSERT INTO ${id(l.sets)} (${sql.join(cols, sql`, `)}, ver)
      VALUES (${sql.join(values, sql`, `)}, (SELECT ver FROM ${id(l.version.table)} WHERE ${keyOnly(l.version.key)}))
      ON CONFLICT (${sql.join(cols, sql`, `)}) DO UPDATE SET ver = excluded.ver`,
  ]);
}

/**
 * The ids of the rows at `offset` .. offset + limit - 1 of the list in its order; null when no
 * anchor could be had (the list emptied meanwhile). With every position kept (gap 1) they are the
 * anchors themselves. Otherwise the page starts at anchor (v, c): first the rows of order value v
 * with id <= c (an equality and a rowid range on the index), then, if the page reaches past them,
 * the rows of smaller order values; each read stops at the page's last row.
 */
async function anchoredIds(db: Db, l: AnchoredList, offset: number, limit: number): Promise<number[] | null> {
  const n = Math.floor(offset / l.gap);
  const count = l.gap === 1 ? limit : 1;
  let anchors = await anchorsFrom(db, l, n, count);
  if (!anchors.length) {
    await rebuildAnchors(db, l);
    anchors = await anchorsFrom(db, l, n, count);
    if (!anchors.length) return null;
  }
  if (l.gap === 1) return anchors.map((a) => a.id);
  const [{ v, id: c }] = anchors;
  const { table, id: idCol, order, where } = l.source;
  const skip = offset - n * l.gap;
  const tie = await db
    .select({ id: idCol })
    .from(table)
    .where(and(where, sql`${order} = ${v}`, sql`${idCol} <= ${c}`))
    .orderBy(desc(idCol))
    .limit(skip + limit);
  const head = tie.slice(skip).map((r) => r.id as number);
  if (tie.length === skip + limit) return head;
  const rest = await db
    .select({ id: idCol })
    .from(table)
    .where(and(where, sql`${order} < ${v}`))
    .orderBy(desc(order), desc(idCol))
    .limit(limit - head.length)
    .offset(Math.max(0, skip - tie.length));
  return [...head, ...rest.map((r) => r.id as number)];
}

/**
 * Page `page` of an anchored list whose total is known: the ids in list order (empty past the end),
 * or null when the anchors could not place it (the caller reads the page another way).
 */
export async function anchoredPage(db: Db, l: AnchoredList, page: number, perPage: number, total: number): Promise<number[] | null> {
  const w = pageWindow(page, perPage, total);
  if (!w.limit) return [];
  return anchoredIds(db, l, offsetOf(page, perPage), w.limit);
}
