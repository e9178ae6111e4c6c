/**
 * The healthcare lists in list order, kept by triggers (migration *_medical_list_pages):
 * medical_list_items holds one row per item of each list (area or tag), keyed so the list's order
 * (k DESC, item_id DESC) is its primary key read backwards; medical_list_levels counts the items per
 * bucket of k at a few widths (for a date: its decade, year, month, ten days, day). A page near either end is an index
 * seek with a short OFFSET; a deep page walks the kept buckets down to one it starts near an end of
 * (at worst k itself) and skips only the items between that end and the page, so every page reads
 * about what the first does.
 * (Raw SQL: the tables are the area's own, kept by hand-written triggers outside drizzle's schema.)
 * tests/worker/medical/pages.test.ts compares every list with the straightforward query.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../env';
import { nearEndPage, pageWindow, type EndRead } from '../db/kept/read.ts';
import { ph, type RowOf, type SelectLike } from '../lib/shaped';
import { MEDICAL_PAGE_SIZE } from './constants';

/** List codes of medical_list_items (see the migration). */
export const LIST = { event: 1, news: 2, policy: 3, broker: 4, money: 5, born: 6, invse: 7, horse: 8, unicorn: 9, firm: 10 } as const;
export type ListCode = (typeof LIST)[keyof typeof LIST];

/** The kept list of a block sort (排序方式 1 total funding, 2 founding time, 3 latest funding). */
export const COMPANY_LIST = { 1: LIST.money, 2: LIST.born, 3: LIST.invse } as const;

/** Up to this many rows to skip, a page seeks directly; deeper, it starts from the kept buckets. */
const SKIP_DIRECTLY = 40;
const DATE_WIDTHS = [100_000, 10_000, 1_000, 100, 10, 1];
const MONEY_WIDTHS = [1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1];
/**
 * The bucket widths of each list's levels 1, 2, ... (medical_list_widths, which the migration fills
 * with these numbers; pages.test.ts checks they agree): a level's bucket is k / width * width, and
 * each splits a bucket of the level above into at most about ten.
 */
export const LIST_WIDTHS: Record<ListCode, readonly number[]> = {
  [LIST.event]: DATE_WIDTHS,
  [LIST.news]: DATE_WIDTHS,
  [LIST.policy]: DATE_WIDTHS,
  [LIST.broker]: DATE_WIDTHS,
  [LIST.invse]: DATE_WIDTHS,
  [LIST.born]: [1_000, 100, 10, 1],
  [LIST.money]: MONEY_WIDTHS,
  [LIST.horse]: MONEY_WIDTHS,
  [LIST.unicorn]: MONEY_WIDTHS,
  [LIST.firm]: [1e10, 1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1],
};

/** The firm ranking's key: most healthcare events first, then the lower firm id (ids stay below 10^7). */
export const FIRM_KEY_SPAN = 10_000_000;
export const firmEvents = (k: number) => Math.floor(k / FIRM_KEY_SPAN);

/**
 * The item_id bucket widths of the company lists' ties (medical_list_ties, migration
 * *_kept_ties_and_reason_companies, which fills medical_list_tie_widths with these numbers): the
 * items of one k counted per item_id / width * width, for a page that starts inside a long run of one k.
 */
export const TIE_WIDTHS: Partial<Record<ListCode, readonly number[]>> = {
  [LIST.money]: [10_000, 1_000, 100, 10],
  [LIST.born]: [10_000, 1_000, 100, 10],
  [LIST.invse]: [10_000, 1_000, 100, 10],
  [LIST.horse]: [10_000, 1_000, 100, 10],
  [LIST.unicorn]: [10_000, 1_000, 100, 10],
};

/**
 * Lists of amounts (funding, valuation) and of event counts: a bucket holds most of its items in
 * its lowest sub-buckets (many small values under a few large ones), so a level is read from that
 * end, two sub-buckets at first.
 */
const LOW_HEAVY: ReadonlySet<ListCode> = new Set([LIST.money, LIST.horse, LIST.unicorn, LIST.firm]);

/**
 * Past this many rows to skip from the nearer end of the bucket a deep page starts in, the walk goes
 * a level down: a level reads a few of the bucket's non-empty sub-buckets.
 */
const SKIP_IN_BUCKET = 10;

type Bucket = { bucket: number; n: number };
/** A bucket (lo..hi of k, or of item_id inside one k), its item count and the page's first position in it (read order). */
type Walk = { lo: number; hi: number; n: number; at: number };
/**
 * Where a deep page starts: a bucket of k, or (`items`) a bucket of item ids inside the one k lo = hi
 * with `rest`, the items of that k from the bucket's first one (read order) to the k's last.
 */
type Start = Walk & { items?: { lo: number; hi: number; rest: number } };

/** Kept sub-buckets of one level between `from` and `to`, in order, `count` of them or all. */
type LevelRows = (from: number, to: number, asc: boolean, count?: number) => SQL;

/**
 * The sub-bucket of `s` at the next level (`width`) holding the page's first row, with its
 * position there. At level 1 and at a k's first item id level (`whole`) the buckets are read whole
 * (a few rows). Below, they are read a few at a time from whichever end of the part not yet read
 * is nearer the page by count: about as many as even counts over its sub-buckets would need, then
 * again from the nearer end of what is left, until the page's (a LOW_HEAVY list starts with two
 * from its low end). Null when the counts do not place it.
 */
async function levelDown(db: Db, s: Walk, width: number, reverse: boolean, whole: boolean, rows: LevelRows, lowHeavy = false): Promise<Walk | null> {
  let [from, to, left] = [s.lo, s.hi, s.n];
  if (whole) {
    // In read order (level 1's n is not known yet).
    let at = s.at;
    for (const b of await db.all<Bucket>(rows(from, to, reverse))) {
      if (at < b.n) return { lo: b.bucket, hi: b.bucket + width - 1, n: b.n, at };
      at -= Math.max(0, b.n);
    }
    return null;
  }
  // The page's first row counted from the low end (ascending k or item id) of the part not yet read.
  let low = reverse ? s.at : s.n - 1 - s.at;
  const placed = (b: Bucket, fromLow: number): Walk => ({ lo: b.bucket, hi: b.bucket + width - 1, n: b.n, at: reverse ? fromLow : b.n - 1 - fromLow });
  for (let first = true; from <= to; first = false) {
    const asc = first && lowHeavy ? true : low < left / 2;
    let d = asc ? low : left - 1 - low;
    const slots = Math.floor((to - from) / width) + 1;
    const count = first && lowHeavy ? 2 : Math.ceil((slots * (d + 1)) / Math.max(1, left)) + 1;
    const buckets = await db.all<Bucket>(rows(from, to, asc, count));
    for (const b of buckets) {
      if (d < b.n) return placed(b, asc ? d : b.n - 1 - d);
      d -= Math.max(0, b.n);
      left -= Math.max(0, b.n);
      if (asc) low -= Math.max(0, b.n);
    }
    if (buckets.length < count) return null;
    const last = buckets[buckets.length - 1].bucket;
    [from, to] = asc ? [last + 1, to] : [from, last - 1];
  }
  return null;
}

/** Rows read past the page's own when it is read from the far end of its bucket (the bucket's last n - at rows, then on). */
const extraFromEnd = (s: { n: number; at: number }, limit: number) => Math.max(0, s.n - s.at - limit);
const nearEnough = (s: Walk, limit: number) => Math.min(s.at, extraFromEnd(s, limit)) <= SKIP_IN_BUCKET;

/**
 * The bucket a page starts in: the list's level-1 buckets, then the level-2 buckets inside the one
 * the offset falls in, and so on (levelDown), down to width 1 (k itself) or to a bucket whose nearer
 * end (pageItems reads from it) lies within SKIP_IN_BUCKET rows of the page; inside a long run of
 * one k of a company list, on down its item id buckets (medical_list_ties) the same way. Null when
 * the counts do not place it (keys below 0, which no list has).
 */
async function startBucket(db: Db, list: ListCode, tagId: number, reverse: boolean, offset: number, limit: number): Promise<Start | null> {
  const order = (asc: boolean) => sql.raw(asc ? 'ASC' : 'DESC');
  const upTo = (count?: number) => (count === undefined ? sql`` : sql`LIMIT ${count}`);
  let s: Walk | null = { lo: 0, hi: Number.MAX_SAFE_INTEGER, n: 0, at: offset };
  for (const [i, width] of LIST_WIDTHS[list].entries()) {
    const rows: LevelRows = (from, to, asc, count) => sql`SELECT bucket, n FROM medical_list_levels
      WHERE list = ${list} AND tag_id = ${tagId} AND level = ${i + 1} AND bucket BETWEEN ${from} AND ${to} ORDER BY bucket ${order(asc)} ${upTo(count)}`;
    s = await levelDown(db, s, width, reverse, i === 0, rows, LOW_HEAVY.has(list));
    if (!s) return null;
    if (nearEnough(s, limit)) return s;
  }
  const k = s.lo;
  let t: Walk | null = { lo: 0, hi: Number.MAX_SAFE_INTEGER, n: s.n, at: s.at };
  for (const [i, width] of (TIE_WIDTHS[list] ?? []).entries()) {
    const rows: LevelRows = (from, to, asc, count) => sql`SELECT bucket, n FROM medical_list_ties
      WHERE list = ${list} AND tag_id = ${tagId} AND k = ${k} AND level = ${i + 1} AND bucket BETWEEN ${from} AND ${to} ORDER BY bucket ${order(asc)} ${upTo(count)}`;
    t = await levelDown(db, t, width, reverse, i === 0, rows);
    if (!t) return null;
    if (nearEnough(t, limit)) break;
  }
  if (t.hi === Number.MAX_SAFE_INTEGER) return s;
  return { lo: k, hi: k, n: t.n, at: t.at, items: { lo: t.lo, hi: t.hi, rest: s.n - s.at + t.at } };
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
  const start = w.offset > SKIP_DIRECTLY ? await startBucket(db, p.list, tagId, w.reverse, w.offset, w.limit) : null;
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
