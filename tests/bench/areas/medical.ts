/**
 * Healthcare calls (GET /api/medical*): every list, ranking, statistics, chart and option call, of
 * the area and of the busiest tag, on the first, middle and last pages. Paged calls count the items
 * of every list in the answer ({ data, page } per type).
 */
import type { BenchArea } from './types';

/** Items of a healthcare answer: the rows of each `{ data: [...] }` list in it, 1 for anything else. */
export function medicalItems(body: unknown): number {
  const data = (body as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return 0;
  if (Array.isArray((data as { data?: unknown }).data)) return ((data as { data: unknown[] }).data).length;
  let n = 0;
  for (const v of Object.values(data)) if (v && typeof v === 'object' && Array.isArray((v as { data?: unknown }).data)) n += (v as { data: unknown[] }).data.length;
  return n || 1;
}

export const medicalArea: BenchArea = {
  name: 'healthcare',
  items: medicalItems,
  async pick(one) {
    const p: Record<string, number | string> = {};
    const S = "'医疗健康'";
    p.eventPages = Math.ceil((await one<{ n: number }>(`SELECT COUNT(*) AS n FROM invest_events WHERE scope = ${S}`)).n / 10);
    p.newsPages = Math.ceil((await one<{ n: number }>(`SELECT COUNT(*) AS n FROM news WHERE scope = ${S}`)).n / 10);
    p.policyPages = Math.ceil((await one<{ n: number }>(`SELECT COUNT(*) AS n FROM policies WHERE scope = ${S}`)).n / 10);
    p.brokerPages = Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM broker_reports')).n / 10);
    p.comPages = Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM companies WHERE is_medical = 1')).n / 10);
    p.horsePages = Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM companies WHERE is_medical = 1 AND valuation >= 70000 AND valuation < 700000')).n / 10);
    p.firmPages = Math.ceil(
      (await one<{ n: number }>(`SELECT COUNT(DISTINCT i.invst_id) AS n FROM invest_events e JOIN invest_event_investors i ON i.event_id = e.id WHERE e.scope = ${S} AND i.invst_id > 0 AND i.invst_type = 'invst'`)).n / 10,
    );
    // The busiest atlas field and the busiest specific tag under it.
    p.field = (await one<{ id: number }>('SELECT t.tag_id AS id FROM medical_company_tags t JOIN medical_tags m ON m.id = t.tag_id WHERE m.p_id = 0 GROUP BY t.tag_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.tag = (await one<{ id: number }>(`SELECT t.tag_id AS id FROM medical_company_tags t JOIN medical_tags m ON m.id = t.tag_id WHERE m.p_id = ${p.field} GROUP BY t.tag_id ORDER BY COUNT(*) DESC LIMIT 1`)).id;
    p.tagEventPages = Math.ceil(
      (await one<{ n: number }>(`SELECT COUNT(*) AS n FROM invest_events WHERE com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${p.field})`)).n / 10,
    );
    p.tagComPages = Math.ceil((await one<{ n: number }>(`SELECT COUNT(*) AS n FROM medical_company_tags WHERE tag_id = ${p.field}`)).n / 10);
    p.tagNewsPages = Math.ceil(
      (await one<{ n: number }>(`SELECT COUNT(*) AS n FROM news WHERE com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${p.field})`)).n / 10,
    );
    p.tagFirmPages = Math.ceil(
      (
        await one<{ n: number }>(
          `SELECT COUNT(DISTINCT i.invst_id) AS n FROM invest_events e JOIN invest_event_investors i ON i.event_id = e.id WHERE e.com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${p.field}) AND i.invst_id > 0 AND i.invst_type = 'invst'`,
        )
      ).n / 10,
    );
    p.year = (await one<{ y: number }>(`SELECT date / 10000 AS y FROM invest_events WHERE scope = ${S} GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1`)).y;
    return p;
  },
  calls: (p) => {
    const mid = (n: number | string) => Math.max(1, Math.ceil(Number(n) / 2));
    return [
      { label: 'home info (basic, event)', path: '/api/medical', paged: true },
      { label: 'info policy, news, event p2', path: '/api/medical?type=policy,news,event&page=2', paged: true },
      { label: 'data event p1', path: '/api/medical/data?type=event', paged: true },
      { label: 'data event middle page', path: `/api/medical/data?type=event&page=${mid(p.eventPages)}`, paged: true },
      { label: 'data event last page', path: `/api/medical/data?type=event&page=${p.eventPages}`, paged: true },
      { label: 'data news middle page', path: `/api/medical/data?type=news&page=${mid(p.newsPages)}`, paged: true },
      { label: 'data news last page', path: `/api/medical/data?type=news&page=${p.newsPages}`, paged: true },
      { label: 'data policy last page', path: `/api/medical/data?type=policy&page=${p.policyPages}`, paged: true },
      { label: 'data broker_report middle page', path: `/api/medical/data?type=broker_report&page=${mid(p.brokerPages)}`, paged: true },
      { label: 'data fa_rand (FA TOP20)', path: '/api/medical/data?type=fa_rand', paged: true },
      { label: 'data ipo_rank', path: '/api/medical/data?type=ipo_rank', paged: true },
      { label: 'data unicorn', path: '/api/medical/data?type=unicorn', paged: true },
      { label: 'data horse middle page', path: `/api/medical/data?type=horse&page=${mid(p.horsePages)}`, paged: true },
      { label: 'block company, invst, top100', path: '/api/medical/block?type=company,invst,invse_money_rank', paged: true },
      { label: 'block company order 2 middle page', path: `/api/medical/block?type=company&order=2&page=${mid(p.comPages)}`, paged: true },
      { label: 'data policy middle page', path: `/api/medical/data?type=policy&page=${mid(p.policyPages)}`, paged: true },
      { label: 'block company order 1 middle page', path: `/api/medical/block?type=company&order=1&page=${mid(p.comPages)}`, paged: true },
      { label: 'block company order 3 middle page', path: `/api/medical/block?type=company&order=3&page=${mid(p.comPages)}`, paged: true },
      { label: 'block company order 3 last page', path: `/api/medical/block?type=company&order=3&page=${p.comPages}`, paged: true },
      { label: 'block invst middle page', path: `/api/medical/block?type=invst&page=${mid(p.firmPages)}`, paged: true },
      { label: 'block invst last page', path: `/api/medical/block?type=invst&page=${p.firmPages}`, paged: true },
      { label: 'block top100 p10', path: '/api/medical/block?type=invse_money_rank&page=10', paged: true },
      { label: 'tag: detail basic, news, event', path: `/api/medical/detail?tag_id=${p.field}&type=basic,news,event`, paged: true },
      { label: 'tag: event middle page', path: `/api/medical/detail?tag_id=${p.field}&type=event&page=${mid(p.tagEventPages)}`, paged: true },
      { label: 'tag: event last page', path: `/api/medical/detail?tag_id=${p.field}&type=event&page=${p.tagEventPages}`, paged: true },
      { label: 'tag: block invst, company', path: `/api/medical/block?tag_id=${p.field}&type=invst,company`, paged: true },
      { label: 'tag: news middle page', path: `/api/medical/detail?tag_id=${p.field}&type=news&page=${mid(p.tagNewsPages)}`, paged: true },
      { label: 'tag: block invst middle page', path: `/api/medical/block?tag_id=${p.field}&type=invst&page=${mid(p.tagFirmPages)}`, paged: true },
      { label: 'tag: block company order 1 middle page', path: `/api/medical/block?tag_id=${p.field}&type=company&order=1&page=${mid(p.tagComPages)}`, paged: true },
      { label: 'tag: block company order 3 middle page', path: `/api/medical/block?tag_id=${p.field}&type=company&order=3&page=${mid(p.tagComPages)}`, paged: true },
      { label: 'tag: block top100 p7', path: `/api/medical/block?tag_id=${p.field}&type=invse_money_rank&page=7`, paged: true },
      { label: 'tag: block company order 2 last page', path: `/api/medical/block?tag_id=${p.field}&type=company&order=2&page=${p.tagComPages}`, paged: true },
      { label: 'chart (years)', path: '/api/medical/chart' },
      { label: 'chart year + round', path: `/api/medical/chart?year=${p.year}&round=4` },
      { label: 'chart field', path: `/api/medical/chart?field=${p.tag}` },
      { label: 'tag: chart field + year', path: `/api/medical/chart?tag_id=${p.field}&field=${p.tag}&year=${p.year}` },
      { label: 'provinces', path: '/api/medical/provinces' },
      { label: 'rounds', path: '/api/medical/rounds' },
      { label: 'scope', path: '/api/medical/scope' },
      { label: 'tag: scope', path: `/api/medical/scope?tag_id=${p.field}` },
    ];
  },
};
