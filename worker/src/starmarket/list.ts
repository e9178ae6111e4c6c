/**
 * The two tabs of /kcb/project: applicant companies (/starmarket, /starmarket/applicants) and
 * listed companies (/starmarket/listed), 10 per page, newest acceptance first; plus the review
 * state counts of the applicant tab under its current filters (/starmarket/state_list), from the
 * kept counts of starmarket_counts.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { starmarketCompanies as m, starmarketCounts, starmarketStates } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf, pageWindow } from '../lib/pagination';
import { LISTED_STATE, STAR_PAGE_SIZE } from './constants';
import { countOf, selectStarRows, toStarRows } from './rows';
import type { StarRow } from './schemas';
import { starConditions, starOrder, type Listed, type StarFilter } from './select';

export interface StarListParams extends StarFilter {
  page: number;
  per_page?: number;
}

/** The kept count row of a tab under province / sector / state filters ('' and 0 stand for any). */
const keptCount = (db: Db, p: StarFilter, listed: Listed) =>
  db
    .select({ n: starmarketCounts.n })
    .from(starmarketCounts)
    .where(
      and(
        eq(starmarketCounts.isListed, listed),
        eq(starmarketCounts.prov, p.com_prov ?? ''),
        eq(starmarketCounts.catId, p.cat_id ?? 0),
        eq(starmarketCounts.stateId, p.state ?? 0),
      ),
    );

/**
 * A page of a tab. Without a keyword the total is one kept row (starmarket_counts) and a page in
 * the far half is read from the other end, so the last page reads what the first does; with a
 * keyword the name index gives the few matches, counted and paged in one batch.
 */
export async function listStar(db: Db, p: StarListParams, listed: Listed): Promise<{ info: StarRow[]; total: number }> {
  const perPage = p.per_page ?? STAR_PAGE_SIZE;
  const where = and(...starConditions(p, listed));
  const ids = (w: { reverse: boolean; offset: number; limit: number }) =>
    db
      .select({ id: m.mComId })
      .from(m)
      .where(where)
      .orderBy(...(w.reverse ? [asc(m.acceptanceTime), asc(m.mComId)] : starOrder()))
      .limit(w.limit)
      .offset(w.offset);
  let total: number;
  let idRows: { id: number }[];
  if (!p.keyword) {
    total = (await keptCount(db, p, listed))[0]?.n ?? 0;
    const w = pageWindow(p.page, perPage, total);
    idRows = w.limit ? await ids(w) : [];
    if (w.reverse) idRows.reverse();
  } else {
    const [rows, countRows] = await db.batch([ids({ reverse: false, offset: offsetOf(p.page, perPage), limit: perPage }), countOf(db, where)]);
    idRows = rows;
    total = countRows[0]?.n ?? 0;
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
