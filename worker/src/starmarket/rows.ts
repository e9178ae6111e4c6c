/**
 * How a STAR-market company becomes a list row (spec §3): one SELECT over the company with its
 * sector names, review state, and the company database's logo and latest financing, joined by
 * primary key, so a page of rows costs one index read per row and join.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { companies, rounds, sectors, starmarketCompanies as m, starmarketStates } from '../db';
import type { Db } from '../env';
import { formatYmd } from '../lib/time';
import type { StarRow } from './schemas';

const s1 = alias(sectors, 'cat');
const s2 = alias(sectors, 'se_cat');

const columns = {
  mComId: m.mComId,
  comId: m.comId,
  logo: m.comLogo,
  companyLogo: companies.logo,
  name: m.comName,
  slogan: m.comSlogan,
  prov: m.comProv,
  city: m.comCity,
  // D1 names result columns by name, so same-named columns of joined tables get their own names.
  catName: sql<string>`${s1.name}`.as('cat_name'),
  seCatName: sql<string>`${s2.name}`.as('se_cat_name'),
  stateId: m.stateId,
  stateName: sql<string>`${starmarketStates.name}`.as('state_name'),
  acceptance: m.acceptanceTime,
  update: m.acceptanceUpdateTime,
  countMoney: m.countMoney,
  money: m.money,
  totalMoney: m.totalMoney,
  roundId: companies.roundId,
  roundName: sql<string>`${rounds.name}`.as('round_name'),
  lastInvse: companies.lastInvseDate,
};

/** The row SELECT with its joins; callers add where, order and limit. */
export function selectStarRows(db: Db) {
  return db
    .select(columns)
    .from(m)
    .leftJoin(s1, eq(s1.id, m.catId))
    .leftJoin(s2, eq(s2.id, m.seCatId))
    .leftJoin(starmarketStates, eq(starmarketStates.id, m.stateId))
    .leftJoin(companies, eq(companies.id, m.comId))
    .leftJoin(rounds, eq(rounds.id, companies.roundId));
}

type Selected = { [K in keyof typeof columns]: unknown } & Record<string, unknown>;

export function toStarRow(r: Selected): StarRow {
  const last = Number(r.lastInvse ?? 0);
  return {
    m_com_id: Number(r.mComId),
    com_id: Number(r.comId),
    com_logo: String(r.logo || r.companyLogo || ''),
    com_name: String(r.name),
    com_slogan: String(r.slogan ?? ''),
    com_prov: String(r.prov),
    com_city: String(r.city),
    cat_name: String(r.catName ?? ''),
    se_cat_name: String(r.seCatName ?? ''),
    state_id: Number(r.stateId),
    state_sub_name: String(r.stateName ?? ''),
    acceptance_time: formatYmd(Number(r.acceptance)),
    acceptance_update_time: formatYmd(Number(r.update)),
    count_money: Number(r.countMoney ?? 0),
    money: Number(r.money ?? 0),
    total_money: Number(r.totalMoney ?? 0),
    invse_round_id: Number(r.roundId ?? 0),
    invse_round_name: String(r.roundName ?? ''),
    invse_year: last ? Math.floor(last / 10000) : 0,
    invse_month: last ? Math.floor(last / 100) % 100 : 0,
    invse_day: last ? last % 100 : 0,
  };
}

/** COUNT(*) of a selection (read through the index that drives its WHERE). */
export const countOf = (db: Db, where: SQL | undefined) => db.select({ n: sql<number>`count(*)` }).from(m).where(where);
