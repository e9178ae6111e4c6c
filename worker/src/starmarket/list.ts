/**
 * The two tabs of /kcb/project: applicant companies (/starmarket, /starmarket/applicants) and
 * listed companies (/starmarket/listed), 10 per page, newest acceptance first; plus the review
 * state counts of the applicant tab under its current filters (/starmarket/state_list).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { starmarketCompanies as m, starmarketStates } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { offsetOf } from '../lib/pagination';
import { LISTED_STATE, STAR_PAGE_SIZE } from './constants';
import { countOf, selectStarRows, toStarRows } from './rows';
import type { StarRow } from './schemas';
import { starConditions, starOrder, type Listed, type StarFilter } from './select';

export interface StarListParams extends StarFilter {
  page: number;
  per_page?: number;
}

export async function listStar(db: Db, p: StarListParams, listed: Listed): Promise<{ info: StarRow[]; total: number }> {
  const perPage = p.per_page ?? STAR_PAGE_SIZE;
  const where = and(...starConditions(p, listed));
  // The page's ids first (the rows skipped by OFFSET are read from the index only), then those rows.
  const pageIds = db.select({ id: m.mComId }).from(m).where(where).orderBy(...starOrder()).limit(perPage).offset(offsetOf(p.page, perPage));
  const [rows, countRows] = await db.batch([
    selectStarRows(db).where(inArray(m.mComId, pageIds)).orderBy(...starOrder()),
    countOf(db, where),
  ]);
  return { info: await toStarRows(db, rows), total: countRows[0]?.n ?? 0 };
}

/**
 * Every review state an applicant can be in, with the number of applicants in it under the
 * filters (keyword, sector, province); states with none are listed with 0 so the filter keeps
 * its order. Listed companies are the other tab, so state 6 is not among them.
 */
export async function stateCounts(db: Db, p: Omit<StarFilter, 'state'>): Promise<{ id: number; name: string; num: number }[]> {
  const [states, counts] = await db.batch([
    db.select().from(starmarketStates).orderBy(asc(starmarketStates.sort), asc(starmarketStates.id)),
    db
      .select({ id: m.stateId, n: sql<number>`count(*)` })
      .from(m)
      .where(and(...starConditions(p, 0)))
      .groupBy(m.stateId),
  ]);
  const num = new Map(counts.map((c) => [c.id, c.n]));
  return states.filter((s) => s.id !== LISTED_STATE).map((s) => ({ id: s.id, name: s.name, num: num.get(s.id) ?? 0 }));
}

export async function requireStar(db: Db, mComId: number) {
  const row = await db.select({ id: m.mComId, name: m.comName }).from(m).where(eq(m.mComId, mComId)).get();
  if (!row) throw new ApiError('NOT_FOUND', '该科创板公司不存在');
  return row;
}
