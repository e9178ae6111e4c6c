/**
 * The healthcare lists in list order, kept by triggers (migration *_medical_list_pages):
 * medical_list_items holds one row per item of each list (area or tag), keyed so the list's order
 * (k DESC, item_id DESC) is its primary key read backwards; medical_list_levels counts the items per
 * bucket of k at a few widths (for a date: its decade, year, month, ten days, day). A page near either end is an index
 * seek with a short OFFSET; a deep page walks the kept buckets down to one it starts near an end of
 * (at worst k itself; the one reader's bucketStart, db/kept/read/levels.ts) and skips only the items
 * between that end and the page, so every page reads about what the first does.
 * (Raw SQL: the tables are the area's own, kept by generated triggers outside drizzle's schema.)
 * tests/worker/medical/pages.test.ts compares every list with the straightforward query.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import { MEDICAL_LEVEL_WIDTHS, MEDICAL_TIE_WIDTHS } from '../db/kept/medical.ts';
import { bucketStart, extraFromEnd, nearEndPage, pageWindow, type EndRead, type KeptWalk } from '../db/kept/read.ts';
import { ph, type RowOf, type SelectLike } from '../lib/shaped';
import { MEDICAL_PAGE_SIZE } from './constants';

/** List codes of medical_list_items (see the migration). */
export const LIST = { event: 1, news: 2, policy: 3, broker: 4, money: 5, born: 6, invse: 7, horse: 8, unicorn: 9, firm: 10 } as const;
export type ListCode = (typeof LIST)[keyof typeof LIST];

/** The kept list of a block sort (排序方式 1 total funding, 2 founding time, 3 latest funding). */
export const COMPANY_LIST = { 1: LIST.money, 2: LIST.born, 3: LIST.invse } as const;

/** Up to this many rows to skip, a page seeks directly; deeper, it starts from the kept buckets. */
const SKIP_DIRECTLY = 40;
/**
 * The bucket widths of each list's levels 1, 2, ... as the declarations count them
 * (db/kept/medical.ts): a level's bucket is k / width * width, and each splits a bucket of the
 * level above into at most about ten.
 */
export const LIST_WIDTHS = Object.fromEntries(MEDICAL_LEVEL_WIDTHS.flatMap((g) => g.lists.map((list) => [list, g.widths]))) as Record<ListCode, readonly number[]>;

/** The firm ranking's key: most healthcare events first, then the lower firm id (ids stay below 10^7). */
export const FIRM_KEY_SPAN = 10_000_000;
export const firmEvents = (k: number) => Math.floor(k / FIRM_KEY_SPAN);

/**
 * The item_id bucket widths of the company lists' ties (medical_list_ties, declared in
 * db/kept/medical.ts): the items of one k counted per item_id / width * width, for a page that
 * starts inside a long run of one k.
 */
export const TIE_WIDTHS = Object.fromEntries(MEDICAL_TIE_WIDTHS.lists.map((list) => [list, MEDICAL_TIE_WIDTHS.widths])) as Partial<Record<ListCode, readonly number[]>>;

/**
 * Lists of amounts (funding, valuation) and of event counts: a bucket holds most of its items in
 * its lowest sub-buckets (many small values under a few large ones), so a level is read from that
 * end, two sub-buckets at first.
 */
const LOW_HEAVY: ReadonlySet<ListCode> = new Set([LIST.money, LIST.horse, LIST.unicorn, LIST.firm]);

/** How a deep page of a list finds the bucket it starts in (the one reader's bucket walk). */
function walkOf(list: ListCode, tagId: number): KeptWalk {
  const ties = TIE_WIDTHS[list];
  return {
    levels: { table: 'medical_list_levels', key: { list, tag_id: tagId }, widths: LIST_WIDTHS[list] },
    ties: ties && { table: 'medical_list_ties', column: 'k', widths: ties },
    lowHeavy: LOW_HEAVY.has(list),
  };
}

/**
 * Item ids of one page of a kept list whose total is known, in list order (newest / largest first,
 * the higher id first on a tie), `perPage` rows a page.
 */
export async function pageIds(db: Db, p: PageParams): Promise<number[]> {
  return (await pageItems(db, p)).map((r) => r.id);
}

type PageParams = { list: ListCode; tagId?: number; page: number; total: number; perPage?: number };

/** The same page as pageIds, with each item's key k. */
export async function pageItems(db: Db, p: PageParams): Promise<{ id: number; k: number }[]> {
  const tagId = p.tagId ?? 0;
  const w = pageWindow(p.page, p.perPage ?? MEDICAL_PAGE_SIZE, p.total);
  if (w.limit === 0) return [];
  const start = w.offset > SKIP_DIRECTLY ? await bucketStart(db, walkOf(p.list, tagId), w.reverse, w.offset, w.limit) : null;
  const part = (where: SQL, opposite: boolean, limit: number, offset = 0) => {
    const way = sql.raw(w.reverse !== opposite ? 'ASC' : 'DESC');
    return sql`SELECT item_id AS id, k FROM medical_list_items WHERE list = ${p.list} AND tag_id = ${tagId} AND ${where}
      ORDER BY k ${way}, item_id ${way} LIMIT ${limit} OFFSET ${offset}`;
  };
  // The page's rows, in read order, as pieces of the list each read by an index seek and LIMIT.
  const parts: { where: SQL; opposite?: boolean; limit: number; offset?: number }[] = [];
  if (!start) parts.push({ where: sql`1`, limit: w.limit, offset: w.offset });
  else {
    const { lo, hi, n, at, items } = start;
    // Past the bucket's k (read order), and within its k past its item ids.
    const pastK = w.reverse ? sql`k > ${hi}` : sql`k < ${lo}`;
    const back = extraFromEnd(start, w.limit) < at;
    // The page's first row is nearer the bucket's far end: its rows in the bucket are the bucket's
    // last n - at, read backwards from that end with a short OFFSET; a page running past the
    // bucket goes on from the next row.
    const inBucket = back ? Math.min(w.limit, n - at) : 0;
    if (!items) {
      if (back) parts.push({ where: sql`k BETWEEN ${lo} AND ${hi}`, opposite: true, limit: inBucket, offset: n - at - inBucket }, { where: pastK, limit: w.limit - inBucket });
      else parts.push({ where: w.reverse ? sql`k >= ${lo}` : sql`k <= ${hi}`, limit: w.limit, offset: at });
    } else {
      // Inside one k: its rows from the item bucket on number items.rest, then the next k's.
      const pastItems = w.reverse ? sql`k = ${lo} AND item_id > ${items.hi}` : sql`k = ${lo} AND item_id < ${items.lo}`;
      if (back) {
        const inK = Math.min(w.limit - inBucket, items.rest - n);
        parts.push(
          { where: sql`k = ${lo} AND item_id BETWEEN ${items.lo} AND ${items.hi}`, opposite: true, limit: inBucket, offset: n - at - inBucket },
          { where: pastItems, limit: inK },
          { where: pastK, limit: w.limit - inBucket - inK },
        );
      } else {
        const inK = Math.min(w.limit, items.rest - at);
        const fromItems = w.reverse ? sql`k = ${lo} AND item_id >= ${items.lo}` : sql`k = ${lo} AND item_id <= ${items.hi}`;
        parts.push({ where: fromItems, limit: inK, offset: at }, { where: pastK, limit: w.limit - inK });
      }
    }
  }
  const reads = parts.filter((x) => x.limit > 0).map((x) => sql`SELECT * FROM (${part(x.where, x.opposite ?? false, x.limit, x.offset)})`);
  const rows = reads.length ? await db.all<{ id: number; k: number }>(sql.join(reads, sql` UNION ALL `)) : [];
  // Read order: the list's (k, item_id) descending, or ascending for a reversed read.
  const sign = w.reverse ? -1 : 1;
  rows.sort((a, b) => sign * (b.k - a.k || b.id - a.id));
  return w.reverse ? rows.reverse() : rows;
}

/** medical_list_items, for building queries (migration 0039 creates it, outside drizzle's schema). */
const listItems = sqliteTable('medical_list_items', {
  list: integer('list').notNull(),
  tagId: integer('tag_id').notNull(),
  k: integer('k').notNull(),
  itemId: integer('item_id').notNull(),
});

/** A page's items (id, k) of the list and tag bound as `list` and `tag`, read from the list's start or end: a subquery to join their rows to. */
const endItems = (db: Db, r: EndRead) =>
  db
    .select({ id: listItems.itemId, k: listItems.k })
    .from(listItems)
    .where(and(eq(listItems.list, ph('list')), eq(listItems.tagId, ph('tag'))))
    .orderBy(...(r.reverse ? [asc(listItems.k), asc(listItems.itemId)] : [desc(listItems.k), desc(listItems.itemId)]))
    // An SQL LIMIT / OFFSET (pageWindowSql) is written as is; drizzle's types say number.
    .limit(r.limit as unknown as number)
    .offset(r.offset as unknown as number)
    .as('page');
export type PageItems = ReturnType<typeof endItems>;

/** A kept total: the SQL of its row (named placeholders) and their values. */
export type KeptTotal = { sql: () => SQL; values: Record<string, unknown> };

/** The kept total of medical_counts (dim, key) as a scalar subquery. */
export const countTotal = (dim: string, key: string | number = ''): KeptTotal => ({
  sql: () => sql`(SELECT n FROM medical_counts WHERE dim = ${ph('dim')} AND key = ${ph('key')})`,
  values: { dim, key: String(key) },
});

/**
 * One page of a kept list with its total. A page within SKIP_DIRECTLY rows of either end (page 1,
 * 2, the last pages: most reads) is one statement and one round trip: the kept total and the page's
 * items joined to their rows (`near`, the statement's shape: a selection that carries the item's
 * `_id` and `_k` for list order; nearEndPage), `rows` in list order. A deeper page walks the kept
 * buckets (pageItems) with the total then known: `rows` is null and `items` are the page's ids and
 * keys in list order, for the caller to read (one seek per id). `key` names the near statement's
 * shape (lib/shaped.ts).
 */
export async function listPage<Q extends SelectLike & { all(): Promise<{ _id: number; _k: number }[]> }>(
  db: Db,
  p: { key: string; list: ListCode; tagId?: number; page: number; perPage?: number; total: KeptTotal },
  near: (page: PageItems) => Q,
): Promise<{ total: number; rows: Omit<RowOf<Q>, '_id' | '_k'>[] | null; items: { id: number; k: number }[] }> {
  const perPage = p.perPage ?? MEDICAL_PAGE_SIZE;
  const found = await nearEndPage(
    db,
    p.key,
    () => ({ total: p.total.sql(), end: (r) => near(endItems(db, r)) }),
    { ...p.total.values, list: p.list, tag: p.tagId ?? 0 },
    { page: p.page, perPage, near: SKIP_DIRECTLY + 1 },
  );
  if (found.rows) {
    const rows: RowOf<Q>[] = found.rows;
    // List order: k, then the item id, both descending.
    rows.sort((a, b) => b._k - a._k || b._id - a._id);
    return { total: found.total, rows: rows.map(({ _id, _k, ...row }) => row), items: [] };
  }
  return { total: found.total, rows: null, items: await pageItems(db, { list: p.list, tagId: p.tagId, page: p.page, total: found.total, perPage }) };
}
