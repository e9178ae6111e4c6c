/** STAR-market calls (POST /api/starmarket/...): every list, ranking, statistics, search and detail call, at its worst case. */
import type { BenchArea } from './types';

export const starmarketArea: BenchArea = {
  name: 'STAR-market',
  async pick(one) {
    const p: Record<string, number | string> = {};
    p.prov = (await one<{ p: string }>('SELECT com_prov AS p FROM starmarket_companies WHERE is_listed = 0 GROUP BY com_prov ORDER BY COUNT(*) DESC LIMIT 1')).p;
    p.cat = (await one<{ id: number }>('SELECT cat_id AS id FROM starmarket_companies WHERE is_listed = 0 GROUP BY cat_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.state = (await one<{ id: number }>('SELECT state_id AS id FROM starmarket_companies WHERE is_listed = 0 GROUP BY state_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.applicantPages = Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM starmarket_companies WHERE is_listed = 0')).n / 10);
    p.provPages = Math.ceil((await one<{ n: number }>(`SELECT COUNT(*) AS n FROM starmarket_companies WHERE is_listed = 0 AND com_prov = '${String(p.prov).replace(/'/g, "''")}'`)).n / 10);
    p.listedPages = Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM starmarket_companies WHERE is_listed = 1')).n / 10);
    p.disclosurePages = Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM disclosures')).n / 20);
    p.type = (await one<{ id: number }>('SELECT type_id AS id FROM disclosures GROUP BY type_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    // The company with the most filings and the one with the most financing records: the heaviest details.
    p.busiest = (await one<{ id: number }>('SELECT m_com_id AS id FROM disclosures GROUP BY m_com_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
    p.richest = (await one<{ id: number }>(
      'SELECT s.m_com_id AS id FROM starmarket_companies s JOIN invest_events e ON e.com_id = s.com_id GROUP BY s.m_com_id ORDER BY COUNT(*) DESC LIMIT 1',
    )).id;
    const name = (await one<{ n: string }>('SELECT com_name AS n FROM starmarket_companies ORDER BY m_com_id LIMIT 1 OFFSET 400')).n;
    p.kw3 = [...name].slice(0, 3).join('');
    p.kw2 = [...name].slice(0, 2).join('');
    p.kw1 = [...name].slice(-1).join('');
    const file = (await one<{ n: string }>('SELECT file_name AS n FROM disclosures ORDER BY id LIMIT 1 OFFSET 4000')).n;
    p.fileKw = [...file].slice(0, 4).join('');
    p.fileKwCommon = [...file].slice(-4).join('');
    return p;
  },
  calls: (p) => [
    { label: 'home', path: '/api/starmarket/home', method: 'POST', body: {} },
    { label: 'applicants page 1', path: '/api/starmarket', method: 'POST', body: {}, paged: true },
    { label: 'applicants middle page', path: '/api/starmarket', method: 'POST', body: { page: Math.ceil(Number(p.applicantPages) / 2) }, paged: true },
    { label: 'applicants last page', path: '/api/starmarket', method: 'POST', body: { page: p.applicantPages }, paged: true },
    { label: 'applicants province + sector', path: '/api/starmarket', method: 'POST', body: { com_prov: p.prov, cat_id: p.cat }, paged: true },
    { label: 'applicants biggest state p2', path: '/api/starmarket', method: 'POST', body: { state: p.state, page: 2 }, paged: true },
    { label: 'applicants keyword 3 chars', path: '/api/starmarket', method: 'POST', body: { keyword: p.kw3 }, paged: true },
    { label: 'applicants keyword 2 chars', path: '/api/starmarket', method: 'POST', body: { keyword: p.kw2 }, paged: true },
    { label: 'applicants keyword 1 char', path: '/api/starmarket', method: 'POST', body: { keyword: p.kw1 }, paged: true },
    { label: 'applicants keyword 1 char p3', path: '/api/starmarket', method: 'POST', body: { keyword: p.kw1, page: 3 }, paged: true },
    { label: 'applicants province middle page', path: '/api/starmarket', method: 'POST', body: { com_prov: p.prov, page: Math.max(1, Math.ceil(Number(p.provPages) / 2)) }, paged: true },
    { label: 'listed page 1', path: '/api/starmarket/listed', method: 'POST', body: {}, paged: true },
    { label: 'listed middle page', path: '/api/starmarket/listed', method: 'POST', body: { page: Math.ceil(Number(p.listedPages) / 2) }, paged: true },
    { label: 'listed last page', path: '/api/starmarket/listed', method: 'POST', body: { page: p.listedPages }, paged: true },
    { label: 'state_list', path: '/api/starmarket/state_list', method: 'POST', body: {} },
    { label: 'state_list province + sector', path: '/api/starmarket/state_list', method: 'POST', body: { com_prov: p.prov, cat_id: p.cat } },
    { label: 'review_timing', path: '/api/starmarket/review_timing', method: 'POST', body: {} },
    { label: 'filters', path: '/api/starmarket/filters', method: 'POST', body: {} },
    { label: 'type_list', path: '/api/starmarket/type_list', method: 'POST', body: {} },
    { label: 'amount_top', path: '/api/starmarket/amount_top', method: 'POST', body: {} },
    { label: 'valuation_top limit 100', path: '/api/starmarket/valuation_top', method: 'POST', body: { limit: 100 } },
    { label: 'invst_top', path: '/api/starmarket/invst_top', method: 'POST', body: {} },
    { label: 'invst_top limit 100', path: '/api/starmarket/invst_top', method: 'POST', body: { limit: 100 } },
    { label: 'info_disclosure page 1', path: '/api/starmarket/info_disclosure', method: 'POST', body: {}, paged: true },
    { label: 'info_disclosure last page', path: '/api/starmarket/info_disclosure', method: 'POST', body: { page: p.disclosurePages }, paged: true },
    { label: 'info_disclosure biggest type p3', path: '/api/starmarket/info_disclosure', method: 'POST', body: { type: p.type, page: 3 }, paged: true },
    { label: 'info_disclosure keyword (rare)', path: '/api/starmarket/info_disclosure', method: 'POST', body: { keyword: p.fileKw }, paged: true },
    { label: 'info_disclosure keyword (common)', path: '/api/starmarket/info_disclosure', method: 'POST', body: { keyword: p.fileKwCommon }, paged: true },
    { label: 'com_disclosure (busiest company)', path: '/api/starmarket/com_disclosure', method: 'POST', body: { m_com_id: p.busiest }, paged: true },
    { label: 'detail (most financing)', path: '/api/starmarket/detail', method: 'POST', body: { id: p.richest } },
  ],
};
