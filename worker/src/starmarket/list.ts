/**
 * The two tabs of /kcb/project: applicant companies (/starmarket, /starmarket/applicants) and
 * listed companies (/starmarket/listed), 10 per page, newest acceptance first; plus the review
 * state counts of the applicant tab under its current filters (/starmarket/state_list), from the
 * kept counts of starmarket_counts.
 */
import { and, asc, eq, gt, gte, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { starmarketCompanies as m, starmarketCounts, starmarketStates } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { ftsPage, keptTotal, offsetOf, pageWindow, startDay, YMD_WIDTHS, type KeptLevels } from '../db/kept/read.ts';
import { ID_SPAN } from '../db/kept/shape.ts';
import { keptStarmarketCounts } from '../db/kept/starmarket.ts';
import { partRows, ph, runShaped, shapedParts } from '../lib/shaped';
import { LISTED_STATE, STAR_PAGE_SIZE } from './constants';
import { countOf, selectStarRows, starRowsOf, toStarRows } from './rows';
import type { StarRow } from './schemas';
import { starConditions, starConditionsShape, starOrder, type Listed, type StarFilter } from './select';

export interface StarListParams extends StarFilter {
  page: number;
  per_page?: number;
}

type Num = number | Placeholder;

/** The kept count row of a tab under province / sector / state filters ('' and 0 stand for any); values or placeholders. */
const keptCountOf = (db: Db, v: { listed: Num; prov: string | Placeholder; cat: Num; state: Num }) =>
  keptTotal(db, keptStarmarketCounts, { is_listed: v.listed, prov: v.prov, cat_id: v.cat, state_id: v.state });

const keptValues = (p: StarFilter, listed: Listed) => ({ listed, prov: p.com_prov ?? '', cat: p.cat_id ?? 0, state: p.state ?? 0 });

const keptCount = (db: Db, p: StarFilter, listed: Listed) => keptCountOf(db, keptValues(p, listed));

/** Beyond this many rows to skip, a page is found through the kept day counts instead. */
const SKIP_DIRECTLY = 40;

/**
 * The kept day rows of a tab under the filters (starmarket_day_counts, kept by triggers): a deep page
 * finds the acceptance day it starts on from them (startDay, db/kept/read.ts), the tab's years, then
 * the months of one year, then the days of one month: at most 8 + 12 + 31 kept rows instead of
 * `offset` index entries.
 */
const dayLevels = (p: StarFilter, listed: Listed): KeptLevels => ({
  table: 'starmarket_day_counts',
  key: { is_listed: listed, prov: p.com_prov ?? '', cat_id: p.cat_id ?? 0, state_id: p.state ?? 0 },
  widths: YMD_WIDTHS,
});

/** A keyword the per-tab character index answers exactly: one Han character, letter or digit. */
const ONE_CHAR = /^[\p{Script=Han}0-9a-z]$/u;
/** Rowids of starmarket_name_tab_chars: acceptance_time * KEY_SPAN + m_com_id (list order; keptStarmarketPacking guards it). */
const KEY_SPAN = ID_SPAN;

/**
 * A one-character keyword and no other filter: the total is the token's document count (one
 * fts5vocab row) and the page is read off the index in list order (its rowids), so the page reads
 * what it returns however many names hold the character.
 */
async function listOneChar(db: Db, ch: string, p: StarListParams, listed: Listed, perPage: number) {
  return ftsPage(db, { index: 'starmarket_name_tab_chars', vocab: 'starmarket_name_tab_chars_vocab', term: `${listed}${ch}`, span: KEY_SPAN }, p.page, perPage);
}

/**
 * A page of a tab. Without a keyword the total is one kept row (starmarket_counts); a page in the
 * far half is read from the other end, and a page deep in either half starts at its acceptance day
 * found from the kept day counts, so every page reads about what the first does. With a keyword
 * the name index gives the few matches, counted and paged in one batch.
 */
export async function listStar(db: Db, p: StarListParams, listed: Listed): Promise<{ info: StarRow[]; total: number }> {
  const perPage = p.per_page ?? STAR_PAGE_SIZE;
  // Built only by the paths that use it (the shaped statements bring their own).
  const where = () => and(...starConditions(p, listed));
  // `shapedWhere` replaces the WHERE for a shaped statement; `from` narrows it to a start day.
  const ids = (w: { reverse: boolean; offset: number | Placeholder; limit: number | Placeholder }, shapedWhere?: SQL, from?: SQL) =>
    db
      .select({ id: m.mComId })
      .from(m)
      .where(from ? and(shapedWhere ?? where(), from) : (shapedWhere ?? where()))
      .orderBy(...(w.reverse ? [asc(m.acceptanceTime), asc(m.mComId)] : starOrder()))
      .limit(w.limit)
      .offset(w.offset);
  // The rows of an id query, hydrated in the same statement (in list order once sorted).
  const rowsOf = (q: ReturnType<typeof ids>) => starRowsOf(db, q.as('page'));
  const inOrder = <T extends { acceptance: number; mComId: number }>(rows: T[]) => rows.sort((a, b) => b.acceptance - a.acceptance || b.mComId - a.mComId);
  let total: number;
  let idRows: { id: number }[];
  // A page near the start (page 1 above all): its kept total and its rows in one statement. Only a
  // short list whose page lies in its far half reads again.
  let known: number | undefined;
  // Shaped statements (lib/shaped.ts): their text is built once per isolate for each tab and
  // filter combination, and each request binds its values.
  const f = starConditionsShape(p, listed);
  const pageRows = () => rowsOf(ids({ reverse: false, offset: ph('offset'), limit: ph('limit') }, and(...f.conditions())));
  const kept = keptValues(p, listed);
  const pageValues = { ...f.values, offset: offsetOf(p.page, perPage), limit: perPage, kprov: kept.prov, kcat: kept.cat, kstate: kept.state };
  if (!p.keyword && offsetOf(p.page, perPage) <= SKIP_DIRECTLY) {
    const [rows] = await runShaped(db, [
      shapedParts(
        db,
        `star.list.near.${listed}.${f.shape}`,
        () => ({
          parts: [pageRows()],
          total: sql`coalesce((${keptCountOf(db, { listed: ph('listed'), prov: ph('kprov'), cat: ph('kcat'), state: ph('kstate') })}), 0)`,
        }),
        pageValues,
      ),
    ] as const);
    known = rows[0]?.total ?? 0;
    if (!pageWindow(p.page, perPage, known).reverse) return { info: await toStarRows(db, inOrder(partRows(rows))), total: known };
  }
  if (!p.keyword) {
    total = known ?? (await keptCount(db, p, listed))[0]?.n ?? 0;
    const w = pageWindow(p.page, perPage, total);
    const start = w.limit && w.offset > SKIP_DIRECTLY ? await startDay(db, dayLevels(p, listed), w.reverse, w.offset, total) : null;
    idRows = !w.limit
      ? []
      : start
        ? await ids({ ...w, offset: start.skip }, undefined, w.reverse ? gte(m.acceptanceTime, start.day) : lte(m.acceptanceTime, start.day))
        : await ids(w);
    if (w.reverse) idRows.reverse();
  } else if (ONE_CHAR.test(p.keyword.toLowerCase()) && p.cat_id === undefined && p.com_prov === undefined && p.state === undefined) {
    const one = await listOneChar(db, p.keyword.toLowerCase(), p, listed, perPage);
    total = one.total;
    idRows = one.ids.map((id) => ({ id }));
  } else {
    // The few matches of the name index: counted and paged, rows included, in one round trip.
    const [found] = await runShaped(db, [
      shapedParts(db, `star.list.kw.${listed}.${f.shape}`, () => ({ parts: [pageRows()], total: sql`(${countOf(db, and(...f.conditions()))})` }), pageValues),
    ] as const);
    const rows = partRows(found);
    const countRows = [{ n: found[0]?.total ?? 0 }];
    return { info: await toStarRows(db, inOrder(rows)), total: countRows[0]?.n ?? 0 };
  }
  if (!idRows.length) return { info: [], total };
  const order = new Map(idRows.map((r, i) => [r.id, i]));
  const rows = await selectStarRows(db).where(inArray(m.mComId, idRows.map((r) => r.id)));
  rows.sort((a, b) => order.get(a.mComId)! - order.get(b.mComId)!);
  return { info: await toStarRows(db, rows), total };
}

/**
 * Every review state an applicant can be in, with the number of applicants in it under the
 * filters (keyword, sector, province); states with none are listed with 0 so the filter keeps
 * its order. Listed companies are the other tab, so state 6 is not among them. Without a keyword
 * the numbers are the kept rows of starmarket_counts (one per state).
 */
export async function stateCounts(db: Db, p: Omit<StarFilter, 'state'>): Promise<{ id: number; name: string; num: number }[]> {
  const [states, counts] = await db.batch([
    db.select().from(starmarketStates).orderBy(asc(starmarketStates.sort), asc(starmarketStates.id)),
    p.keyword
      ? db
          .select({ id: m.stateId, n: sql<number>`count(*)` })
          .from(m)
          .where(and(...starConditions(p, 0)))
          .groupBy(m.stateId)
      : db
          .select({ id: starmarketCounts.stateId, n: starmarketCounts.n })
          .from(starmarketCounts)
          .where(
            and(
              eq(starmarketCounts.isListed, 0),
              eq(starmarketCounts.prov, p.com_prov ?? ''),
              eq(starmarketCounts.catId, p.cat_id ?? 0),
              gt(starmarketCounts.stateId, 0),
            ),
          ),
  ]);
  const num = new Map(counts.map((c) => [c.id, c.n]));
  return states.filter((s) => s.id !== LISTED_STATE).map((s) => ({ id: s.id, name: s.name, num: num.get(s.id) ?? 0 }));
}

export async function requireStar(db: Db, mComId: number) {
  const row = await db.select({ id: m.mComId, name: m.comName }).from(m).where(eq(m.mComId, mComId)).get();
  if (!row) throw new ApiError('NOT_FOUND', '该科创板公司不存在');
  return row;
}
