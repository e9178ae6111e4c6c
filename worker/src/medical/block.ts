/**
 * The medical-health block (医疗健康 company / firm / ranking lists): all companies with a sort,
 * investment firms by their healthcare events, and the top 100 by total funding; of the area or
 * of a tag. Each list answers `{ data, page }`.
 */
import { eq } from 'drizzle-orm';
import { companies, investFirms, medicalCompanyTags, medicalTags } from '../db';
import type { Db } from '../env';
import { offsetOf } from '../lib/pagination';
import { MEDICAL_PAGE_SIZE, MONEY_RANK_SIZE, type MedicalOrder } from './constants';
import { pageOf } from './info';
import { countOf, countQuery } from './kept';
import { COMPANY_LIST, firmEvents, LIST, pageIds, pageItems } from './pages';
import { perId } from '../lib/perId';

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
  const links = await perId(db, 'medical.companyTags', rows.map((r) => r.id), (id) =>
    db.select({ comId: medicalCompanyTags.comId, tagId: medicalCompanyTags.tagId }).from(medicalCompanyTags).where(eq(medicalCompanyTags.comId, id)),
  );
  const tagRows = await perId(db, 'medical.tags', [...new Set(links.map((l) => l.tagId))], (id) =>
    db.select({ id: medicalTags.id, pId: medicalTags.pId, name: medicalTags.name }).from(medicalTags).where(eq(medicalTags.id, id)),
  );
  const tagById = new Map(tagRows.map((t) => [t.id, t]));
  return rows.map(({ born_year, born_month, ...r }) => {
    const own = links
      .filter((l) => l.comId === r.id)
      .flatMap((l) => tagById.get(l.tagId) ?? [])
      .sort((a, b) => a.id - b.id);
    const specific = own.filter((t) => t.pId !== 0);
    return {
      ...r,
      born: born_year ? `${born_year}-${String(born_month || 1).padStart(2, '0')}` : '',
      medical_tag: (specific.length ? specific : own).map((t) => ({ tag_id: t.id, id: t.id, name: t.name })),
    };
  });
}

/** The area's (kept 'com') or a tag's (kept 'tag_com') company count. */
const companyTotal = async (db: Db, tagId?: number) => countOf(await (tagId === undefined ? countQuery(db, 'com') : countQuery(db, 'tag_com', tagId)));

/** Company rows by id, in the order of `ids`, with their tags. */
async function companiesById(db: Db, ids: number[]) {
  return withTags(db, await perId(db, 'medical.companies', ids, (id) => db.select(companyColumns).from(companies).where(eq(companies.id, id))));
}

/** The area's or a tag's companies in a block sort: the page's ids from the kept list order (pages.ts). */
export async function blockCompanies(db: Db, p: { page: number; order: MedicalOrder; tagId?: number }) {
  const total = await companyTotal(db, p.tagId);
  const ids = await pageIds(db, { list: COMPANY_LIST[p.order], tagId: p.tagId, page: p.page, total });
  return pageOf(await companiesById(db, ids), total, p.page);
}

/** 融资金额TOP100: the area's (or tag's) 100 best-funded companies, 10 a page, with their rank: pages 1-10 of sort 1. */
export async function moneyRank(db: Db, p: { page: number; tagId?: number }) {
  const offset = offsetOf(p.page, MEDICAL_PAGE_SIZE);
  const total = await companyTotal(db, p.tagId);
  const ids = offset >= MONEY_RANK_SIZE ? [] : await pageIds(db, { list: LIST.money, tagId: p.tagId, page: p.page, total });
  const data = (await companiesById(db, ids)).map((r, i) => ({ ...r, rank: offset + i + 1 }));
  return pageOf(data, Math.min(MONEY_RANK_SIZE, total), p.page);
}

/**
 * Investment firms by the number of healthcare events they took part in (of the tag's companies
 * on a tag page), most active first, the lower id first on a tie: the page's firms from the kept
 * list order (pages.ts; kept from medical_firm_counts by triggers), the total the kept 'firms' count.
 */
export async function blockFirms(db: Db, p: { page: number; tagId?: number }) {
  const total = countOf(await countQuery(db, 'firms', p.tagId ?? 0));
  const counted = await pageItems(db, { list: LIST.firm, tagId: p.tagId, page: p.page, total });
  const firms = await perId(db, 'medical.firms', counted.map((c) => c.id), (id) =>
    db.select({ id: investFirms.id, name: investFirms.name, logo: investFirms.logo, des: investFirms.des }).from(investFirms).where(eq(investFirms.id, id)),
  );
  const byId = new Map(firms.map((f) => [f.id, f]));
  const data = counted.flatMap((c) => {
    const f = byId.get(c.id);
    return f ? [{ ...f, medical_invse_num: firmEvents(c.k) }] : [];
  });
  return pageOf(data, total, p.page);
}
