/**
 * Page anchors of the closed-company list (migration *_closure_page_anchors): for one filter
 * combination (the closure_counts dim/key of its total) and sort, every ANCHOR_GAP-th row of the
 * ordered list, as (sort value, com_id). Page N of the list is then a keyset seek to the anchor at
 * or before its first row, skipping fewer than ANCHOR_GAP index entries, instead of an OFFSET that
 * walks every row before the page (30,000 rows for a middle page of 60,000).
 *
 * An anchor set belongs to the closure_data_version it was built at (a counter the triggers bump on
 * every write that can move a row in an order or a filter); a stale or missing set is rebuilt in
 * one transaction by the first middle page asked for after the change, which pays one ordered pass
 * over its combination's rows, and every later middle page reads a few dozen rows.
 */
import { and, desc, sql, type SQL } from 'drizzle-orm';
import { closures } from '../db';
import type { Db } from '../env';
import { rawBatch } from '../lib/raw-batch';
import type { ClosureSort } from './constants';
import { SORT_COLUMNS } from './select';

/** Rows between two anchors: a page skips at most ANCHOR_GAP - 1 index entries. */
export const ANCHOR_GAP = 32;

/**
 * The filter combinations whose rows an index of closures holds in a sort's order (migrations 0000,
 * 0006 and 0020). Any other combination (say sector + round) would skip rows of other combinations
 * between two anchors, so it keeps every position (gap 1) and a page is read off the positions alone.
 */
const ORDERED_BY_INDEX: Record<ClosureSort, string[]> = {
  1: ['all', 'prov', 'cat', 'fund', 'prov_cat'],
  2: ['all', 'prov', 'cat', 'fund'],
  3: ['all', 'prov', 'cat', 'fund'],
};

export const gapOf = (sort: ClosureSort, dim: string) => (ORDERED_BY_INDEX[sort].includes(dim) ? ANCHOR_GAP : 1);

export interface AnchorList {
  sort: ClosureSort;
  /** The closure_counts dim and key of the filter combination ('all' / '' for no filter). */
  dim: string;
  key: string;
  /** The combination's condition on closures (no keyword). */
  where: SQL | undefined;
}

type Anchor = { v: number; com_id: number };

/** Anchors n .. n + count - 1 (in order), only if their set was built at the current data version. */
const anchorsFrom = (db: Db, l: AnchorList, n: number, count: number) =>
  db.all<Anchor>(sql`
    SELECT a.v, a.com_id FROM closure_data_version d
    JOIN closure_anchor_sets s ON s.sort = ${l.sort} AND s.dim = ${l.dim} AND s.key = ${l.key} AND s.ver = d.ver
    JOIN closure_anchors a ON a.sort = s.sort AND a.dim = s.dim AND a.key = s.key AND a.n BETWEEN ${n} AND ${n + count - 1}
    WHERE d.id = 1
    ORDER BY a.n`);

/**
 * Rebuilds the anchor set of a combination and sort in one transaction (the version recorded is
 * read inside it, so it is the version of the rows the anchors were taken from).
 */
export async function rebuildAnchors(db: Db, l: AnchorList): Promise<void> {
  const col = SORT_COLUMNS[l.sort];
  const gap = gapOf(l.sort, l.dim);
  const where = l.where ? sql`WHERE ${l.where}` : sql``;
  // The three run as one D1 batch (one transaction).
  await rawBatch(db, [
    sql`DELETE FROM closure_anchors WHERE sort = ${l.sort} AND dim = ${l.dim} AND key = ${l.key}`,
    sql`
      INSERT INTO closure_anchors (sort, dim, key, n, v, com_id)
      SELECT ${l.sort}, ${l.dim}, ${l.key}, rn / ${gap}, v, com_id FROM (
        SELECT ${col} AS v, ${closures.comId} AS com_id, row_number() OVER (ORDER BY ${col} DESC, ${closures.comId} DESC) - 1 AS rn
        FROM ${closures} ${where}
      ) WHERE rn % ${gap} = 0`,
    sql`
      INSERT INTO closure_anchor_sets (sort, dim, key, ver)
      VALUES (${l.sort}, ${l.dim}, ${l.key}, (SELECT ver FROM closure_data_version WHERE id = 1))
      ON CONFLICT (sort, dim, key) DO UPDATE SET ver = excluded.ver`,
  ]);
}

/**
 * The ids of the rows at `offset` .. offset + limit - 1 of the list in its order (sort key, then
 * com_id, both descending); null when no anchor could be had. With every position kept (gap 1)
 * they are the anchors themselves. Otherwise the page starts at anchor (v, c): first the rows of
 * sort value v with com_id <= c (an equality and a rowid range on the index), then, if the page
 * reaches past them, the rows of smaller sort values; each read stops at the page's last row.
 */
export async function anchoredIds(db: Db, l: AnchorList, offset: number, limit: number): Promise<{ id: number }[] | null> {
  const gap = gapOf(l.sort, l.dim);
  const n = Math.floor(offset / gap);
  const count = gap === 1 ? limit : 1;
  let anchors = await anchorsFrom(db, l, n, count);
  if (!anchors.length) {
    await rebuildAnchors(db, l);
    anchors = await anchorsFrom(db, l, n, count);
    if (!anchors.length) return null;
  }
  if (gap === 1) return anchors.map((a) => ({ id: a.com_id }));
  const [{ v, com_id: c }] = anchors;
  const col = SORT_COLUMNS[l.sort];
  const skip = offset - n * gap;
  const tie = await db
    .select({ id: closures.comId })
    .from(closures)
    .where(and(l.where, sql`${col} = ${v}`, sql`${closures.comId} <= ${c}`))
    .orderBy(desc(closures.comId))
    .limit(skip + limit);
  const head = tie.slice(skip);
  if (tie.length === skip + limit) return head;
  const rest = await db
    .select({ id: closures.comId })
    .from(closures)
    .where(and(l.where, sql`${col} < ${v}`))
    .orderBy(desc(col), desc(closures.comId))
    .limit(limit - head.length)
    .offset(Math.max(0, skip - tie.length));
  return [...head, ...rest];
}
