/**
 * Every STAR-market call runs on indexes: no statement walks a large table from end to end
 * (EXPLAIN QUERY PLAN of the statements the real request executed), and the rows D1 reads stay
 * within a budget (meta.rows_read of a re-run).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { plans, recordRequest, rowsReadBy, type PlanStep } from '../query-recorder';
import { makeUser } from '../helpers';
import { makeFirm, makeStars, SECTOR, STATE, starTaxonomy, type MadeStar } from './fixtures';

const COMPANIES = 600;
const PROVS = ['北京', '上海', '广东', '江苏', '浙江', '四川'];
const STAR_TABLES = ['starmarket_companies', 'starmarket_stages', 'disclosures', 'invest_events', 'invest_event_investors', 'news', 'companies', 'policies'];

let vip: string;
let stars: MadeStar[];

beforeAll(async () => {
  vip = (await makeUser({ role: 'vip' })).token;
  await starTaxonomy();
  const firms = [await makeFirm('测试甲资本'), await makeFirm('测试乙资本'), await makeFirm('测试丙资本')];
  stars = await makeStars(
    Array.from({ length: COMPANIES }, (_, i) => {
      const state = [STATE.accepted, STATE.inquired, STATE.committee, STATE.issued, STATE.issued, STATE.terminated][i % 6];
      const day = 20200101 + (i % 5) * 10000 + (i % 12) * 100 + (i % 28);
      return {
        prov: PROVS[i % PROVS.length],
        catId: i % 2 ? SECTOR.chip : SECTOR.bio,
        state,
        stageDays: state === STATE.issued ? [day, day + 30, day + 100, day + 110, day + 120, day + 200] : state === STATE.terminated ? [day, day + 60] : [day, day + 30, day + 100].slice(0, state),
        totalMoney: i * 10,
        countMoney: state === STATE.issued ? i * 1000 : 0,
        events: [[20180101 + (i % 9) * 100, 1000, [[firms[i % 3], '测试资本'], [0, '某自然人']]]],
        news: [[20240101, `新闻${i}`]],
        filings: [[1, `招股说明书${i}`, day], [2, `问询函${i}`, day + 31], [3, `回复${i}`, day + 45]],
      };
    }),
  );
});

/** Plan steps that read one of the area's large tables from end to end without an index. */
const fullScans = (steps: PlanStep[]) =>
  steps.filter((s) => {
    const m = /^SCAN (\w+)(.*)$/.exec(s.detail);
    if (!m || /USING (COVERING )?INDEX|VIRTUAL TABLE/.test(m[2])) return false;
    if (STAR_TABLES.includes(m[1])) return true;
    const alias = new RegExp(`["\`]?(\\w+)["\`]?\\s+(?:as\\s+)?["\`]?${m[1]}["\`]?(?=\\s|$|,)`, 'i').exec(s.sql);
    return alias !== null && STAR_TABLES.includes(alias[1]);
  });

const post = (path: string, json: unknown = {}) =>
  recordRequest(path, { method: 'POST', headers: { Authorization: `Bearer ${vip}`, 'Content-Type': 'application/json' }, body: JSON.stringify(json) });

const CALLS: [string, unknown?][] = [
  ['/api/starmarket/home'],
  ['/api/starmarket', {}],
  ['/api/starmarket', { page: 7 }],
  ['/api/starmarket', { com_prov: '北京' }],
  ['/api/starmarket', { cat_id: SECTOR.chip, page: 2 }],
  ['/api/starmarket', { state: STATE.inquired }],
  ['/api/starmarket/listed', {}],
  ['/api/starmarket/listed', { com_prov: '上海', page: 3 }],
  ['/api/starmarket/state_list', {}],
  ['/api/starmarket/state_list', { com_prov: '北京' }],
  ['/api/starmarket/review_timing', {}],
  ['/api/starmarket/filters'],
  ['/api/starmarket/type_list'],
  ['/api/starmarket/amount_top', {}],
  ['/api/starmarket/valuation_top', { limit: 100 }],
  ['/api/starmarket/invst_top', {}],
  ['/api/starmarket/info_disclosure', {}],
  ['/api/starmarket/info_disclosure', { type: 2, page: 3 }],
  ['/api/starmarket/info_disclosure', { keyword: '招股' }],
  ['/api/starmarket/info_disclosure', { keyword: '招股说明书' }],
  ['/api/starmarket/info_disclosure', { keyword: '问询函1', type: 2 }],
  ['/api/starmarket', { keyword: '科' }],
  ['/api/starmarket', { keyword: '科创板' }],
  ['/api/starmarket/invst_top', { limit: 100 }],
];

/** None: file names and short names are searched through FTS5 indexes kept by triggers. */
const KNOWN_SCANS: RegExp[] = [];

/** Applicants: 4 of every 6 companies; listed (the two 'issued' of 6) 2 of 6; filings 3 per company. */
const APPLICANT_PAGES = Math.ceil((COMPANIES - COMPANIES / 3) / 10);
const LISTED_PAGES = Math.ceil(COMPANIES / 3 / 10);
const DISCLOSURE_PAGES = Math.ceil((COMPANIES * 3) / 20);

const PAGED: [string, Record<string, unknown>][] = [
  ['/api/starmarket', {}],
  ['/api/starmarket', { page: 7 }],
  ['/api/starmarket', { page: APPLICANT_PAGES }],
  ['/api/starmarket', { com_prov: '北京', page: 2 }],
  ['/api/starmarket', { com_prov: '上海', cat_id: SECTOR.chip }],
  ['/api/starmarket', { cat_id: SECTOR.chip, page: 3 }],
  ['/api/starmarket', { state: STATE.inquired }],
  ['/api/starmarket', { state: STATE.accepted, com_prov: '北京', cat_id: SECTOR.bio }],
  ['/api/starmarket/listed', {}],
  ['/api/starmarket/listed', { page: LISTED_PAGES }],
  ['/api/starmarket/listed', { com_prov: '江苏', page: 3 }],
  ['/api/starmarket/info_disclosure', {}],
  ['/api/starmarket/info_disclosure', { page: DISCLOSURE_PAGES }],
  ['/api/starmarket/info_disclosure', { type: 2, page: 3 }],
  ['/api/starmarket/info_disclosure', { keyword: '招股说明书59' }],
];

describe('STAR-market query plans', () => {
  it('no call walks a large table without an index', async () => {
    const found: string[] = [];
    const calls: [string, unknown][] = [
      ...CALLS.map(([p, j]): [string, unknown] => [p, j ?? {}]),
      ['/api/starmarket/detail', { id: stars[5].mComId }],
      ['/api/starmarket/com_disclosure', { m_com_id: stars[5].mComId }],
    ];
    for (const [path, json] of calls) {
      const r = await post(path, json);
      expect(r.status, `${path} ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      for (const steps of await plans(r.statements)) {
        for (const s of fullScans(steps)) if (!KNOWN_SCANS.some((k) => k.test(s.sql))) found.push(`${path} ${JSON.stringify(json)}: ${s.detail} in ${s.sql}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('a page reads at most 3 rows per row returned plus 100, its total included, on the last page too', async () => {
    const over: string[] = [];
    // A selective keyword (a company's own number, through the trigram index). A keyword every name
    // contains ('科创' here) still reads all its matches: see the report of issue 15.
    const calls: [string, Record<string, unknown>][] = [...PAGED, ['/api/starmarket', { keyword: String(stars[5].mComId) }]];
    for (const [path, json] of calls) {
      const r = await post(path, json);
      const body = r.body as { data: { info: unknown[]; page: { total: number } } };
      const returned = body.data.info.length;
      expect(returned, `${path} ${JSON.stringify(json)}`).toBeGreaterThan(0);
      const by = await rowsReadBy(r.statements);
      const read = by.reduce((n, s) => n + s.rows, 0);
      if (read > 3 * returned + 100) over.push(`${path} ${JSON.stringify(json)}: ${read} rows read for ${returned} rows\n${by.map((s) => `  ${s.rows} ${s.sql.slice(0, 140)}`).join('\n')}`);
    }
    expect(over).toEqual([]);
  });

  it('state counts and the institution ranking read kept rows', async () => {
    for (const json of [{}, { com_prov: '北京' }, { com_prov: '北京', cat_id: SECTOR.chip }]) {
      const r = await post('/api/starmarket/state_list', json);
      expect(r.status).toBe(200);
      expect((await rowsReadBy(r.statements)).reduce((n, s) => n + s.rows, 0), JSON.stringify(json)).toBeLessThanOrEqual(40);
    }
    const firms = await post('/api/starmarket/invst_top', { limit: 100 });
    const n = (firms.body as { data: unknown[] }).data.length;
    expect(n).toBeGreaterThan(0);
    expect((await rowsReadBy(firms.statements)).reduce((x, s) => x + s.rows, 0)).toBeLessThanOrEqual(3 * n * 4 + 100);
  });

  it('rankings read from the head of their index; the review timing reads each applicant\'s stages once', async () => {
    const top = await post('/api/starmarket/valuation_top', { limit: 100 });
    expect((top.body as { data: unknown[] }).data).toHaveLength(100);
    expect((await rowsReadBy(top.statements)).reduce((n, s) => n + s.rows, 0)).toBeLessThanOrEqual(3 * 100 + 100);
    const amount = await post('/api/starmarket/amount_top', {});
    expect((await rowsReadBy(amount.statements)).reduce((n, s) => n + s.rows, 0)).toBeLessThanOrEqual(3 * 10 + 100);
    // 400 applicants with up to 6 stages each: the chart's one statement reads each applicant's
    // index entry, row and stage rows once (no re-reads per state or per median).
    const timing = await post('/api/starmarket/review_timing', {});
    const applicants = COMPANIES - COMPANIES / 3;
    expect((await rowsReadBy(timing.statements)).reduce((n, s) => n + s.rows, 0)).toBeLessThanOrEqual(15 * applicants);
  });
});
