/**
 * The closed-company list (GET /api/closure): filters by province, round (fund status), sector and
 * company name, three sorts, 10 per page. Each filter/sort pair runs on an index of closures;
 * totals come from the trigger-kept closure_counts for every combination of province, sector and
 * round (and for a one-character keyword alone, from the name index's document count). The kept-list
 * reader (db/kept/read.ts) finds every page: near either end from that end (the last page reads what
 * the first does), deeper inside a list without a keyword by a keyset seek from its page anchor.
 */
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { closureCards, closureCounts, closures } from '../db';
import { CLOSE_KEY_SPAN, keptClosureCounts } from '../db/kept/closure.ts';
import { anchoredPage, countedPage, ftsPage, inListOrder, keptTotalSql, nearEndPage, offsetOf, pageWindow, type AnchoredList } from '../db/kept/read.ts';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { likeAnywhere } from '../lib/params';
import { ph } from '../lib/shaped';
import { CLOSURE_PAGE_SIZE, type ClosureSort } from './constants';
import { countQuery, type CountDim } from './counts';
import { closureOrder, closureWhere, closureWhereShape, SORT_COLUMNS, type ClosureFilter } from './select';
import { BASE_COLUMNS, closureRowsOf, hydrateClosures, type ClosureRow } from './rows';

export interface ClosureListParams extends ClosureFilter {
  sort: ClosureSort;
  page: number;
  per_page?: number;
}

/** The one closure_counts row that answers the total, or null when the filters need a COUNT. */
function countKey(p: ClosureListParams): { dim: CountDim; key: string } | null {
  if (p.keyword) return null;
  const set: [string, string][] = [];
  if (p.com_prov !== undefined) set.push(['prov', p.com_prov]);
  if (p.cat_id !== undefined) set.push(['cat', String(p.cat_id)]);
  if (p.fund_status !== undefined) set.push(['fund', String(p.fund_status)]);
  if (set.length === 0) return { dim: 'all', key: '' };
  return { dim: set.map((s) => s[0]).join('_') as CountDim, key: set.map((s) => s[1]).join('|') };
}

const TOKEN_CHAR = /^[\p{L}\p{N}]$/u;

/**
 * A one-character keyword alone matches a large share of the names. Its total is the document
 * count of that character in closure_name_chars (one vocabulary row), and when the matches are
 * many, walking the sort's index and testing each name reads fewer rows than collecting every
 * match and sorting them: about perPage × all / matches rows instead of all the matches.
 */
async function oneCharPlan(db: Db, p: ClosureListParams, perPage: number): Promise<{ where: SQL; total: number } | null> {
  const chars = [...(p.keyword ?? '')];
  if (chars.length !== 1 || !TOKEN_CHAR.test(chars[0]) || p.com_prov !== undefined || p.cat_id !== undefined || p.fund_status !== undefined) return null;
  const [vocab, all] = await Promise.all([
    db.all<{ doc: number }>(sql`SELECT doc FROM closure_name_chars_vocab WHERE term = ${chars[0].toLowerCase()}`),
    countQuery(db, 'all', ''),
  ]);
  const total = vocab[0]?.doc ?? 0;
  const n = all[0]?.n ?? 0;
  const reach = offsetOf(p.page, perPage) + perPage;
  // Walk when reaching the page through the index costs less than reading every match.
  if (total === 0 || reach * n > total * total) return null;
  return { where: sql`${closures.comName} LIKE ${likeAnywhere(p.keyword!)} ESCAPE '\\'`, total };
}

/** A keyword closure_name_close_chars answers exactly: one Han character, letter or digit. */
const ONE_CHAR = /^[\p{Script=Han}0-9a-z]$/u;

/**
 * A one-character keyword alone in the default order (closing date): the total is the character's
 * document count (one vocabulary row) and the page is read off closure_name_close_chars in list
 * order (its rowids), from whichever end is nearer, so page 1 reads what it returns however many
 * names hold the character.
 */
async function listOneChar(db: Db, p: ClosureListParams, perPage: number): Promise<{ ids: number[]; total: number } | null> {
  const ch = (p.keyword ?? '').toLowerCase();
  if (p.sort !== 1 || !ONE_CHAR.test(ch) || p.com_prov !== undefined || p.cat_id !== undefined || p.fund_status !== undefined) return null;
  return ftsPage(db, { index: 'closure_name_close_chars', vocab: 'closure_name_chars_vocab', term: ch, span: CLOSE_KEY_SPAN }, p.page, perPage);
}

/** The BaseRow field of each sort's key (SORT_COLUMNS); NULL sorts last in a descending order, as in SQLite. */
const SORT_KEY = { 1: 'close_date', 2: 'born_date', 3: 'survival_months' } as const;

/** Rows between two page anchors: a deep page skips at most ANCHOR_GAP - 1 index entries. */
const ANCHOR_GAP = 32;

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

/** The page anchors of a filter combination (its closure_counts dim and key) in a sort's order (migration 0025). */
const anchoredList = (p: ClosureListParams, key: { dim: CountDim; key: string }, gap: number): AnchoredList => ({
  anchors: 'closure_anchors',
  sets: 'closure_anchor_sets',
  key: { sort: p.sort, dim: key.dim, key: key.key },
  version: { table: 'closure_data_version', key: { id: 1 } },
  gap,
  source: { table: closures, id: closures.comId, order: SORT_COLUMNS[p.sort], where: closureWhere(p) },
});

/** The id query of a page of the list: `limit` rows after skipping `offset`, in list order or reversed. */
const idQuery = (db: Db, p: ClosureListParams, w: { reverse: boolean; offset: number | SQL | Placeholder; limit: number | SQL | Placeholder }, where: SQL | undefined) =>
  // LIMIT and OFFSET may be SQL expressions (a page gated on the kept total); drizzle's types say
  // number, and it writes an SQL object as is.
  db
    .select({ id: closures.comId })
    .from(closures)
    .where(where)
    .orderBy(...(w.reverse ? [asc(SORT_COLUMNS[p.sort]), asc(closures.comId)] : closureOrder(p.sort)))
    .limit(w.limit as number)
    .offset(w.offset as number);

/**
 * The rows of an id query with their cards, in one statement; in list order again afterwards (an
 * ORDER BY in the statement would tempt SQLite to walk closures instead of the page's few ids).
 */
const rowsOfIds = (db: Db, q: ReturnType<typeof idQuery>) => {
  const page = q.as('page');
  return db.select(BASE_COLUMNS).from(page).innerJoin(closures, eq(closures.comId, page.id)).leftJoin(closureCards, eq(closureCards.comId, closures.comId));
};

/** Rows read from either end (in no order) put back in list order. */
const inSortOrder = <T extends Record<(typeof SORT_KEY)[ClosureSort], number | null> & { com_id: number }>(sort: ClosureSort, rows: T[]) => {
  const k = SORT_KEY[sort];
  return rows.sort((a, b) => (b[k] ?? -Infinity) - (a[k] ?? -Infinity) || b.com_id - a.com_id);
};

/**
 * A filter combination without a keyword, its total one closure_counts row. A page within
 * ANCHOR_GAP rows of either end of a list an index orders (page 1 and the last page above all) is
 * read with the total in one statement (nearEndPage); a deeper page, or any page of a combination no
 * index orders, seeks from its page anchor (anchoredPage) with the total then known.
 */
async function filteredPage(db: Db, p: ClosureListParams, key: { dim: CountDim; key: string }, perPage: number) {
  const gap = ORDERED_BY_INDEX[p.sort].includes(key.dim) ? ANCHOR_GAP : 1;
  let total: number | undefined;
  if (gap !== 1) {
    // Shaped (lib/shaped.ts): the text is built once per isolate for each sort and filter combination.
    const f = closureWhereShape(p);
    const found = await nearEndPage(
      db,
      `closure.list.ends.${p.sort}.${f.shape}`,
      () => ({ total: keptTotalSql(keptClosureCounts, { dim: ph('dim'), key: ph('key') }), end: (r) => rowsOfIds(db, idQuery(db, p, r, f.where())) }),
      { ...f.values, dim: key.dim, key: key.key },
      { page: p.page, perPage, near: ANCHOR_GAP },
    );
    if (found.rows) return { info: await closureRowsOf(db, inSortOrder(p.sort, found.rows)), total: found.total };
    total = found.total;
  }
  total ??= (await countQuery(db, key.dim, key.key))[0]?.n ?? 0;
  // Built only here: the near-end statement above is shaped and brings its own conditions.
  const list = anchoredList(p, key, gap);
  const ids = await anchoredPage(db, list, p.page, perPage, total);
  if (ids) return { info: await hydrateClosures(db, ids), total };
  // No anchor (the list emptied between the total and the seek): the page from the nearer end.
  return { info: await hydrateClosures(db, await windowIds(db, p, perPage, total, list.source.where)), total };
}

/** The ids of a page off the sort's index from whichever end is nearer, the total known. */
async function windowIds(db: Db, p: ClosureListParams, perPage: number, total: number, where: SQL | undefined): Promise<number[]> {
  const w = pageWindow(p.page, perPage, total);
  if (!w.limit) return [];
  return inListOrder(w, await idQuery(db, p, w, where)).map((r) => r.id);
}

/** A keyword: off the list-ordered one-character index, by walking the order, or its matches counted with the page. */
async function keywordPage(db: Db, p: ClosureListParams, perPage: number) {
  const one = await listOneChar(db, p, perPage);
  if (one) return { info: await hydrateClosures(db, one.ids), total: one.total };
  const walk = await oneCharPlan(db, p, perPage);
  if (walk) return { info: await hydrateClosures(db, await windowIds(db, p, perPage, walk.total, walk.where)), total: walk.total };
  // Shaped: the text is built once per sort, filters present and way of matching.
  const f = closureWhereShape(p);
  const { total, rows } = await countedPage(
    db,
    `closure.list.kw.${p.sort}.${f.shape}`,
    () => ({ total: sql`(SELECT count(*) FROM ${closures} WHERE ${f.where()})`, page: (w) => rowsOfIds(db, idQuery(db, p, { reverse: false, ...w }, f.where())) }),
    f.values,
    { page: p.page, perPage },
  );
  return { info: await closureRowsOf(db, inSortOrder(p.sort, rows)), total };
}

/** The closed-company list: the reader (db/kept/read.ts) finds the page, this module gives the filters and the rows. */
export async function listClosures(db: Db, p: ClosureListParams): Promise<{ info: ClosureRow[]; total: number }> {
  const perPage = p.per_page ?? CLOSURE_PAGE_SIZE;
  const key = countKey(p);
  return key ? filteredPage(db, p, key, perPage) : keywordPage(db, p, perPage);
}

/**
 * Per-year closed-company counts ({ '2019': 812, ... }; JSON objects list integer keys ascending),
 * from the trigger-kept closure_counts: equal to GROUP BY close_year without reading every row.
 */
export async function yearNumbers(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ key: closureCounts.key, n: closureCounts.n })
    .from(closureCounts)
    .where(and(eq(closureCounts.dim, 'year'), sql`${closureCounts.n} > 0`));
  return Object.fromEntries(rows.map((r) => [r.key, r.n]));
}

export async function requireClosure(db: Db, comId: number): Promise<void> {
  const row = await db.select({ id: closures.comId }).from(closures).where(eq(closures.comId, comId)).get();
  if (!row) throw new ApiError('NOT_FOUND', '该公司不存在');
}
