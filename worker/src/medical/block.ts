/**
 * The medical-health block (医疗健康 company / firm / ranking lists): all companies with a sort,
 * investment firms by their healthcare events, and the top 100 by total funding; of the area or
 * of a tag. Each list answers `{ data, page }`.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { companies, investFirms, medicalCompanyTags, medicalTags } from '../db';
import type { Db } from '../env';
import { offsetOf } from '../lib/pagination';
import { MEDICAL_PAGE_SIZE, MEDICAL_SCOPE, MONEY_RANK_SIZE, type MedicalOrder } from './constants';
import { pageOf } from './info';
import { medicalCompanyOrder, medicalCompanyWhere, tagCompanyIds } from './select';

const companyColumns = {
  id: companies.id,
  name: companies.name,
  logo: companies.logo,
  des: companies.des,
  total_money: companies.totalMoney,
  born_year: companies.bornYear,
  born_month: companies.bornMonth,
  last_invse_date: companies.lastInvseDate,
};

type CompanyBase = { id: number; name: string; logo: string; des: string; total_money: number; born_year: number; born_month: number; last_invse_date: number };

/** Rows with their atlas tags (the specific tags; a company tagged only with a field shows the field). */
async function withTags(db: Db, rows: CompanyBase[]) {
  const ids = rows.map((r) => r.id);
  const tags = ids.length
    ? await db
        .select({ comId: medicalCompanyTags.comId, id: medicalTags.id, pId: medicalTags.pId, name: medicalTags.name })
        .from(medicalCompanyTags)
        .innerJoin(medicalTags, eq(medicalTags.id, medicalCompanyTags.tagId))
        .where(inArray(medicalCompanyTags.comId, ids))
        .orderBy(asc(medicalCompanyTags.comId), asc(medicalTags.id))
    : [];
  return rows.map(({ born_year, born_month, ...r }) => {
    const own = tags.filter((t) => t.comId === r.id);
    const specific = own.filter((t) => t.pId !== 0);
    return {
      ...r,
      born: born_year ? `${born_year}-${String(born_month || 1).padStart(2, '0')}` : '',
      medical_tag: (specific.length ? specific : own).map((t) => ({ tag_id: t.id, id: t.id, name: t.name })),
    };
  });
}

export async function blockCompanies(db: Db, p: { page: number; order: MedicalOrder; tagId?: number }) {
  const where = medicalCompanyWhere(p.tagId);
  const [rows, total] = await db.batch([
    db
      .select(companyColumns)
      .from(companies)
      .where(where)
      .orderBy(...medicalCompanyOrder(p.order))
      .limit(MEDICAL_PAGE_SIZE)
      .offset(offsetOf(p.page, MEDICAL_PAGE_SIZE)),
    p.tagId === undefined
      ? db.select({ n: count() }).from(companies).where(where)
      : db.select({ n: count() }).from(medicalCompanyTags).where(eq(medicalCompanyTags.tagId, p.tagId)),
  ]);
  return pageOf(await withTags(db, rows), total[0]?.n ?? 0, p.page);
}

/** 融资金额TOP100: the area's (or tag's) 100 best-funded companies, 10 a page, with their rank. */
export async function moneyRank(db: Db, p: { page: number; tagId?: number }) {
  const offset = offsetOf(p.page, MEDICAL_PAGE_SIZE);
  const where = medicalCompanyWhere(p.tagId);
  const [rows, total] = await db.batch([
    db
      .select(companyColumns)
      .from(companies)
      .where(where)
      .orderBy(...medicalCompanyOrder(1))
      .limit(Math.max(0, Math.min(MEDICAL_PAGE_SIZE, MONEY_RANK_SIZE - offset)))
      .offset(offset),
    p.tagId === undefined
      ? db.select({ n: count() }).from(companies).where(where)
      : db.select({ n: count() }).from(medicalCompanyTags).where(eq(medicalCompanyTags.tagId, p.tagId)),
  ]);
  const data = (await withTags(db, offset >= MONEY_RANK_SIZE ? [] : rows)).map((r, i) => ({ ...r, rank: offset + i + 1 }));
  return pageOf(data, Math.min(MONEY_RANK_SIZE, total[0]?.n ?? 0), p.page);
}

/**
 * Investment firms by the number of healthcare events they took part in (of the tag's companies
 * on a tag page), most active first. The events drive the join (CROSS JOIN keeps SQLite from walking
 * every investor row instead); the window count gives the total in the same pass.
 * (Raw SQL: drizzle has no CROSS JOIN or window functions.)
 */
export async function blockFirms(db: Db, p: { page: number; tagId?: number }) {
  const events =
    p.tagId === undefined
      ? sql`SELECT id FROM invest_events WHERE scope = ${MEDICAL_SCOPE}`
      : sql`SELECT id FROM invest_events WHERE com_id IN ${tagCompanyIds(p.tagId)}`;
  const counted = await db.all<{ id: number; n: number; total: number }>(sql`
    SELECT i.invst_id AS id, count(*) AS n, count(*) OVER () AS total
    FROM (${events}) e CROSS JOIN invest_event_investors i ON i.event_id = e.id
    WHERE i.invst_id > 0 AND i.invst_type = 'invst'
    GROUP BY i.invst_id
    ORDER BY n DESC, i.invst_id
    LIMIT ${MEDICAL_PAGE_SIZE} OFFSET ${offsetOf(p.page, MEDICAL_PAGE_SIZE)}`);
  const firms = counted.length
    ? await db
        .select({ id: investFirms.id, name: investFirms.name, logo: investFirms.logo, des: investFirms.des })
        .from(investFirms)
        .where(inArray(investFirms.id, counted.map((c) => c.id)))
    : [];
  const byId = new Map(firms.map((f) => [f.id, f]));
  const data = counted.flatMap((c) => {
    const f = byId.get(c.id);
    return f ? [{ ...f, medical_invse_num: c.n }] : [];
  });
  // Past the last page the window has no row to carry the total: count once more.
  let total = counted[0]?.total;
  if (total === undefined && p.page > 1) {
    const r = await db.all<{ n: number }>(sql`
      SELECT count(DISTINCT i.invst_id) AS n FROM (${events}) e CROSS JOIN invest_event_investors i ON i.event_id = e.id
      WHERE i.invst_id > 0 AND i.invst_type = 'invst'`);
    total = r[0]?.n ?? 0;
  }
  return pageOf(data, total ?? 0, p.page);
}

