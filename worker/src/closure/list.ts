/**
 * The closed-company list (GET /api/closure): filters by province, round (fund status), sector and
 * company name, three sorts, 10 per page. Each filter/sort pair runs on an index of closures;
 * totals come from the trigger-kept closure_counts for every combination of province, sector and
 * round (and for a one-character keyword alone, from the name index's document count). A page near
 * either end is read from that end (the last page reads what the first does); a page deeper inside
 * a list without a keyword is a keyset seek from the kept page anchors (anchors.ts).
 */
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { closureCards, closureCounts, closures } from '../db';
import { CLOSE_KEY_SPAN, keptClosureCounts } from '../db/kept/closure.ts';
import { ftsPage, keptTotalSql, nearEndPage, offsetOf, pageWindow } from '../db/kept/read.ts';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { likeAnywhere } from '../lib/params';
import { ph, runShaped, shapedParts } from '../lib/shaped';
import { CLOSURE_PAGE_SIZE, type ClosureSort } from './constants';
import { ANCHOR_GAP, anchoredIds, gapOf } from './anchors';
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

export async function listClosures(db: Db, p: ClosureListParams): Promise<{ info: ClosureRow[]; total: number }> {
  const perPage = p.per_page ?? CLOSURE_PAGE_SIZE;
  const key = countKey(p);
  const one = key ? null : await listOneChar(db, p, perPage);
  if (one) return { info: await hydrateClosures(db, one.ids), total: one.total };
  const walk = key ? null : await oneCharPlan(db, p, perPage);
  // Built only by the paths that use it (the shaped statements bring their own).
  const where = () => walk?.where ?? closureWhere(p);
  // LIMIT and OFFSET may be SQL expressions (a page gated on the kept total, below); drizzle's
  // types say number, and it writes an SQL object as is.
  const ids = (w: { reverse: boolean; offset: number | SQL | Placeholder; limit: number | SQL | Placeholder }, shapedWhere?: SQL) =>
    db
      .select({ id: closures.comId })
      .from(closures)
      .where(shapedWhere ?? where())
      .orderBy(...(w.reverse ? [asc(SORT_COLUMNS[p.sort]), asc(closures.comId)] : closureOrder(p.sort)))
      .limit(w.limit as number)
      .offset(w.offset as number);
  // The rows of an id query with their cards, in one statement; in list order again afterwards (an
  // ORDER BY in the statement would tempt SQLite to walk closures instead of the page's few ids).
  const pageRows = (q: ReturnType<typeof ids>) => {
    const page = q.as('page');
    return db
      .select(BASE_COLUMNS)
      .from(page)
      .innerJoin(closures, eq(closures.comId, page.id))
      .leftJoin(closureCards, eq(closureCards.comId, closures.comId));
  };
  const sortKey = SORT_KEY[p.sort];
  const inListOrder = <T extends Record<typeof sortKey, number | null> & { com_id: number }>(rows: T[]) =>
    rows.sort((a, b) => (b[sortKey] ?? -Infinity) - (a[sortKey] ?? -Infinity) || b.com_id - a.com_id);
  let total: number;
  let idRows: { id: number }[];
  // A page within ANCHOR_GAP rows of either end of a list an index orders (page 1 and the last page
  // above all): its kept total and the page itself, hydrated, in one round trip (pageWindowSql
  // gates the reads from both ends on the kept total); a deeper page reads neither and goes on to
  // its anchor with the total known.
  let known: number | undefined;
  if (key && gapOf(p.sort, key.dim) !== 1) {
    // Shaped statements (lib/shaped.ts): their text is built once per isolate for each sort and
    // filter combination, and each request binds its values.
    const f = closureWhereShape(p);
    // One statement (nearEndPage): the page's rows from whichever end reads them (the other reads
    // none) with the kept total beside them; a page neither end reads gives the total alone.
    const found = await nearEndPage(
      db,
      `closure.list.ends.${p.sort}.${f.shape}`,
      () => ({ total: keptTotalSql(keptClosureCounts, { dim: ph('dim'), key: ph('key') }), end: (r) => pageRows(ids(r, f.where())) }),
      { ...f.values, dim: key.dim, key: key.key },
      { page: p.page, perPage, near: ANCHOR_GAP },
    );
    known = found.total;
    if (found.rows) return { info: await closureRowsOf(db, inListOrder(found.rows)), total: known };
  }
  if (key || walk) {
    // The total is one kept row: read it first, then the page from whichever end is nearer.
    total = walk ? walk.total : (known ?? (await countQuery(db, key!.dim, key!.key))[0]?.n ?? 0);
    const w = pageWindow(p.page, perPage, total);
    // A page deep inside a filter combination's list (no keyword) starts from its nearest anchor; a
    // combination no index orders (sector + round, say) reads every page off its kept positions.
    const anchor = key && w.limit && (gapOf(p.sort, key.dim) === 1 || w.offset >= ANCHOR_GAP);
    const anchored = anchor ? await anchoredIds(db, { sort: p.sort, dim: key.dim, key: key.key, where: where() }, offsetOf(p.page, perPage), w.limit) : null;
    if (anchored) idRows = anchored;
    else {
      idRows = w.limit ? await ids(w) : [];
      if (w.reverse) idRows.reverse();
    }
  } else {
    // A keyword's matches: the page, hydrated, with their count in one statement (shaped: the text
    // is built once per sort, filters present and way of matching).
    const f = closureWhereShape(p);
    const values = { ...f.values, offset: offsetOf(p.page, perPage), limit: perPage };
    const [rows] = await runShaped(db, [
      shapedParts(
        db,
        `closure.list.kw.${p.sort}.${f.shape}`,
        () => ({
          parts: [pageRows(ids({ reverse: false, offset: ph('offset'), limit: ph('limit') }, f.where()))],
          total: sql`(SELECT count(*) FROM ${closures} WHERE ${f.where()})`,
        }),
        values,
      ),
    ] as const);
    const base = rows.flatMap((r) => (r.part === null ? [] : [r.row]));
    return { info: await closureRowsOf(db, inListOrder(base)), total: rows[0]?.total ?? 0 };
  }
  const info = await hydrateClosures(db, idRows.map((r) => r.id));
  return { info, total };
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
