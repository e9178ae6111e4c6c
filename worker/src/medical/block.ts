/**
 * The medical-health block (医疗健康 company / firm / ranking lists): all companies with a sort,
 * investment firms by their healthcare events, and the top 100 by total funding; of the area or
 * of a tag. Each list answers `{ data, page }`.
 */
import { eq, sql } from 'drizzle-orm';
import { companies, investFirms, medicalCompanyTags } from '../db';
import type { Db } from '../env';
import { offsetOf } from '../db/kept/read.ts';
import { MEDICAL_PAGE_SIZE, MONEY_RANK_SIZE, type MedicalOrder } from './constants';
import { pageOf } from './info';
import { countOf, countQuery } from './kept';
import { COMPANY_LIST, countTotal, firmEvents, LIST, listPage, type ListCode } from './pages';
import { keptTables } from '../lib/names';
import { perId } from '../lib/per-id';

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

/**
 * A company's atlas tag ids as one JSON array (its links, off their primary key). The company's id is
 * written out in full: drizzle leaves the table name off a one-table select's columns. The tags
 * themselves come from the isolate's kept reference tables, not once per link.
 */
const tagIdsOf = sql<string>`(SELECT json_group_array(l.tag_id) FROM ${medicalCompanyTags} l WHERE l.com_id = ${sql.identifier('companies')}.${sql.identifier('id')})`;

const companyWithTags = { ...companyColumns, tags: tagIdsOf };

type CompanyBase = { id: number; name: string; logo: string; des: string; total_money: number; born_year: number; born_month: number; last_invse_date: number; tags: string };

/**
 * The API rows: born as yyyy-mm, and the specific tags (a company tagged only with a field shows the
 * field). Tag names and fields come from the isolate's kept reference tables (lib/names.ts), so a page
 * costs no round trip for them; a new tag shows within a minute, a renamed one within ten.
 */
async function companyRows(db: Db, rows: CompanyBase[]) {
  const links = rows.map((r) => ({ ...r, tagIds: JSON.parse(r.tags) as number[] }));
  const { medical_tags: tags } = await keptTables(db, { medical_tags: links.flatMap((r) => r.tagIds) });
  return links.map(({ born_year, born_month, tags: _, tagIds, ...r }) => {
    const own = tagIds.flatMap((id) => (tags.names.has(id) ? [{ id, pId: tags.parents.get(id) ?? 0, name: tags.names.get(id)! }] : [])).sort((a, b) => a.id - b.id);
    const specific = own.filter((t) => t.pId !== 0);
    return {
      ...r,
      born: born_year ? `${born_year}-${String(born_month || 1).padStart(2, '0')}` : '',
      medical_tag: (specific.length ? specific : own).map((t) => ({ tag_id: t.id, id: t.id, name: t.name })),
    };
  });
}

/** The area's (kept 'com') or a tag's (kept 'tag_com') company count. */
const companyTotal = (tagId?: number) => (tagId === undefined ? countTotal('com') : countTotal('tag_com', tagId));

/** A page of a company list (a block sort or the funding ranking) with its kept total, each company with its tags. */
async function companyPage(db: Db, list: ListCode, p: { page: number; tagId?: number }) {
  const { total, rows, items } = await listPage(
    db,
    { key: 'medical.page.companies', list, tagId: p.tagId, page: p.page, total: companyTotal(p.tagId) },
    (page) => db.select({ ...companyWithTags, _id: page.id, _k: page.k }).from(page).innerJoin(companies, eq(companies.id, page.id)),
  );
  const deep = () => perId(db, 'medical.companies', items.map((i) => i.id), (id) => db.select(companyWithTags).from(companies).where(eq(companies.id, id)));
  return { total, rows: await companyRows(db, rows ?? (await deep())) };
}

/**
 * The company lists of one block request (one page, one tag), each read once: sort 1 and
 * 融资金额TOP100 are the same kept list (LIST.money), and /health asks for both on page 1.
 */
export function companyLists(db: Db, p: { page: number; tagId?: number }) {
  const read = new Map<ListCode, ReturnType<typeof companyPage>>();
  return (list: ListCode) => {
    let page = read.get(list);
    if (!page) read.set(list, (page = companyPage(db, list, p)));
    return page;
  };
}
type CompanyLists = ReturnType<typeof companyLists>;

/** The area's or a tag's companies in a block sort: the page's ids from the kept list order (pages.ts). */
export async function blockCompanies(lists: CompanyLists, p: { page: number; order: MedicalOrder }) {
  const { total, rows } = await lists(COMPANY_LIST[p.order]);
  return pageOf(rows, total, p.page);
}

/** 融资金额TOP100: the area's (or tag's) 100 best-funded companies, 10 a page, with their rank: pages 1-10 of sort 1. */
export async function moneyRank(db: Db, lists: CompanyLists, p: { page: number; tagId?: number }) {
  const offset = offsetOf(p.page, MEDICAL_PAGE_SIZE);
  if (offset >= MONEY_RANK_SIZE) {
    const total = countOf(await (p.tagId === undefined ? countQuery(db, 'com') : countQuery(db, 'tag_com', p.tagId)));
    return pageOf([], Math.min(MONEY_RANK_SIZE, total), p.page);
  }
  const { total, rows } = await lists(LIST.money);
  return pageOf(rows.map((r, i) => ({ ...r, rank: offset + i + 1 })), Math.min(MONEY_RANK_SIZE, total), p.page);
}

const firmColumns = { id: investFirms.id, name: investFirms.name, logo: investFirms.logo, des: investFirms.des };

export async function blockFirms(db: Db, p: { page: number; tagId?: number }) {
  const found = await listPage(
    db,
    { key: 'medical.page.firms', list: LIST.firm, tagId: p.tagId, page: p.page, total: countTotal('firms', p.tagId ?? 0) },
    (page) => db.select({ ...firmColumns, key: sql<number>`${page.k}`.as('firm_key'), _id: page.id, _k: page.k }).from(page).innerJoin(investFirms, eq(investFirms.id, page.id)),
  );
  const { total, items } = found;
  const deep = async () => {
    const firms = new Map((await perId(db, 'medical.firms', items.map((i) => i.id), (id) => db.select(firmColumns).from(investFirms).where(eq(investFirms.id, id)))).map((f) => [f.id, f]));
    return items.flatMap((c) => {
      const f = firms.get(c.id);
      return f ? [{ ...f, key: c.k }] : [];
    });
  };
  const rows = found.rows ?? (await deep());
  return pageOf(rows.map(({ key, ...f }) => ({ ...f, medical_invse_num: firmEvents(key) })), total, p.page);
}
