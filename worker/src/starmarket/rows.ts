/**
 * How a STAR-market company becomes a list row (spec §3). A page reads its companies joined to the
 * company database by primary key; the names (sector, sub-sector, review state, round) then come
 * from the small taxonomy tables for just the ids on the page. Rows read stay about three per row
 * returned plus a few dozen, instead of one more lookup per row for each name.
 */
import { eq, sql, type AnyColumn, type SQL, type Subquery } from 'drizzle-orm';
import { companies, starmarketCompanies as m } from '../db';
import type { Db } from '../env';
import { namesOf } from '../lib/names';
import { formatYmd, ymdParts } from '#shared/dates';
import type { StarRow } from './schemas';

const columns = {
  mComId: m.mComId,
  comId: m.comId,
  logo: m.comLogo,
  companyLogo: sql<string | null>`${companies.logo}`.as('company_logo'),
  name: m.comName,
  slogan: m.comSlogan,
  prov: m.comProv,
  city: m.comCity,
  catId: m.catId,
  seCatId: m.seCatId,
  stateId: m.stateId,
  acceptance: m.acceptanceTime,
  update: m.acceptanceUpdateTime,
  countMoney: m.countMoney,
  money: m.money,
  totalMoney: m.totalMoney,
  roundId: companies.roundId,
  lastInvse: companies.lastInvseDate,
};

/** The row SELECT; callers add where, order and limit, then pass the rows to `toStarRows`. */
export const selectStarRows = (db: Db) => db.select(columns).from(m).leftJoin(companies, eq(companies.id, m.comId));

/**
 * The rows of a page of ids (a subquery with an `id` column), joined to them: the page's few index
 * entries, then a seek per row, where `m_com_id IN (page)` would also fill and read a temporary list.
 */
export const starRowsOf = (db: Db, page: Subquery & { id: AnyColumn }) =>
  db.select(columns).from(page).innerJoin(m, eq(m.mComId, page.id)).leftJoin(companies, eq(companies.id, m.comId));

type Selected = Awaited<ReturnType<ReturnType<typeof selectStarRows>['all']>>[number];

/** The page's rows with their sector, state and round names (the isolate's kept reference names, lib/names.ts). */
export async function toStarRows(db: Db, rows: Selected[]): Promise<StarRow[]> {
  if (!rows.length) return [];
  const names = await namesOf(db, {
    sectors: rows.flatMap((r) => [r.catId, r.seCatId]),
    starmarket_states: rows.map((r) => r.stateId),
    rounds: rows.map((r) => r.roundId ?? 0),
  });
  const sector = names.sectors;
  const state = names.starmarket_states;
  const round = names.rounds;
  return rows.map((r) => {
    const last = ymdParts(r.lastInvse ?? 0);
    return {
      m_com_id: r.mComId,
      com_id: r.comId,
      com_logo: r.logo || r.companyLogo || '',
      com_name: r.name,
      com_slogan: r.slogan,
      com_prov: r.prov,
      com_city: r.city,
      cat_name: sector.get(r.catId) ?? '',
      se_cat_name: sector.get(r.seCatId) ?? '',
      state_id: r.stateId,
      state_sub_name: state.get(r.stateId) ?? '',
      acceptance_time: formatYmd(r.acceptance),
      acceptance_update_time: formatYmd(r.update),
      count_money: r.countMoney,
      money: r.money,
      total_money: r.totalMoney,
      invse_round_id: r.roundId ?? 0,
      invse_round_name: round.get(r.roundId ?? 0) ?? '',
      invse_year: last.y,
      invse_month: last.m,
      invse_day: last.d,
    };
  });
}

/** COUNT(*) of a selection (read through the index that drives its WHERE). */
export const countOf = (db: Db, where: SQL | undefined) => db.select({ n: sql<number>`count(*)` }).from(m).where(where);
