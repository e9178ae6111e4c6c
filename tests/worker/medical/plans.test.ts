/**
 * Every healthcare call runs on indexes: no statement it executes walks a large table from end to
 * end (EXPLAIN QUERY PLAN on the statements the real request ran, through the shared recorder), and
 * the paged lists read a small number of rows however many companies and events there are.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../helpers';
import { LARGE_TABLES, plans, recordRequest, roundTrips, rowsReadBy, type PlanStep } from '../query-recorder';
import { baseRounds, companyStatements, eventStatements, makeAtlas, makeBrokerReport, makeFirm, makeIpo, makeNews, makePolicy, nextId } from './fixtures';

/** The shared list plus the tables only this area reads in volume. */
const MEDICAL_LARGE = [...LARGE_TABLES, 'companies', 'invest_events', 'invest_event_investors', 'medical_company_tags', 'policies'];

/** `fullScans` of the recorder, over this area's list of large tables (aliases resolved the same way). */
function scansOf(steps: PlanStep[]): PlanStep[] {
  return steps.filter((step) => {
    const m = /^SCAN (\w+)(.*)$/.exec(step.detail);
    if (!m || /USING (COVERING )?INDEX|VIRTUAL TABLE/.test(m[2])) return false;
    if (MEDICAL_LARGE.includes(m[1])) return true;
    const alias = new RegExp(`["\`]?(\\w+)["\`]?\\s+(?:as\\s+)?["\`]?${m[1]}["\`]?(?=\\s|$|,)`, 'i').exec(step.sql);
    return alias !== null && MEDICAL_LARGE.includes(alias[1]);
  });
}

const MEDICAL = 1500;
const OTHER = 1500;
let vip: TestUser;
const ids = { field: 0, tag: 0 };

beforeAll(async () => {
  vip = await makeUser({ role: 'vip' });
  await baseRounds();
  const atlas = await makeAtlas(3);
  ids.field = atlas.field;
  ids.tag = atlas.tags[0];
  const firms = [];
  for (let i = 0; i < 12; i++) firms.push(await makeFirm({ fa: i < 3 }));
  const stmts: D1PreparedStatement[] = [];
  const coms: number[] = [];
  for (let i = 0; i < MEDICAL + OTHER; i++) {
    const medical = i < MEDICAL;
    const c = companyStatements({
      medical,
      prov: ['北京', '上海', '广东', '浙江'][i % 4],
      totalMoney: i * 7,
      valuation: (i % 50) * 20000,
      born: [2005 + (i % 18), (i % 12) + 1],
      lastInvse: 20100101 + (i % 15) * 10000,
      tags: medical ? [atlas.field, atlas.tags[i % 3]] : [],
    });
    coms.push(c.id);
    stmts.push(...c.stmts);
    for (let k = 0; k < 2; k++) {
      const e = eventStatements({
        comId: c.id,
        date: 20100101 + ((i + k) % 15) * 10000 + ((i % 12) + 1) * 100,
        roundId: (k % 3) + 1,
        money: 100 + i,
        scope: medical ? '医疗健康' : '',
        investors: [firms[i % 12], firms[(i + k + 1) % 12]],
      });
      stmts.push(...e.stmts);
    }
  }
  for (let i = 0; i < stmts.length; i += 1000) await env.DB.batch(stmts.slice(i, i + 1000));
  for (let i = 0; i < 40; i++) await makeNews({ comId: coms[i], date: 20240101 + i, scope: i % 2 ? '医疗健康' : '' });
  for (let i = 0; i < 5; i++) await makePolicy({ date: 20240101 + i });
  await makeBrokerReport(20240101);
  await makeIpo({ comId: coms[0], platform: 3, money: 100, valuation: '-' });
  expect(nextId()).toBeGreaterThan(MEDICAL + OTHER);
}, 120_000);

const CALLS = () => [
  '/api/medical',
  '/api/medical?type=policy,news,event&page=2',
  `/api/medical?type=basic,policy,news,event&tag_id=${ids.tag}`,
  `/api/medical/detail?type=basic,news,event&tag_id=${ids.field}&page=3`,
  '/api/medical/data?type=policy',
  '/api/medical/data?type=news&page=2',
  '/api/medical/data?type=event&page=5',
  '/api/medical/data?type=broker_report',
  '/api/medical/data?type=fa_rand',
  '/api/medical/data?type=ipo_rank',
  '/api/medical/data?type=horse',
  '/api/medical/data?type=unicorn&page=2',
  '/api/medical/block?type=company,invst,invse_money_rank',
  '/api/medical/block?type=company&order=2&page=4',
  '/api/medical/block?type=company&order=3',
  `/api/medical/block?type=invst,company&tag_id=${ids.tag}&order=2`,
  `/api/medical/block?type=invse_money_rank&tag_id=${ids.field}&page=3`,
  '/api/medical/chart',
  '/api/medical/chart?year=2019&round=2',
  `/api/medical/chart?field=${ids.tag}`,
  `/api/medical/chart?tag_id=${ids.field}&field=${ids.tag}&year=2020`,
  '/api/medical/provinces',
  '/api/medical/rounds',
  '/api/medical/scope',
  `/api/medical/scope?tag_id=${ids.field}`,
  '/api/medical/vip',
];

describe('healthcare query plans', () => {
  it('no call walks a large table from end to end', async () => {
    for (const url of CALLS()) {
      const r = await recordRequest(url, { headers: { Authorization: `Bearer ${vip.token}` } });
      expect(r.status, `${url}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      const scans = (await plans(r.statements)).flatMap(scansOf);
      expect(scans.map((s) => `${url}: ${s.detail} in ${s.sql}`)).toEqual([]);
    }
  });

  it('the paged lists and top tabs read few rows (an index in order, not every event or company)', async () => {
    const LIGHT: [string, number][] = [
      ['/api/medical/data?type=event&page=5', 300],
      ['/api/medical/data?type=unicorn&page=2', 400],
      ['/api/medical/data?type=horse', 400],
      ['/api/medical/data?type=policy', 100],
      ['/api/medical/data?type=broker_report', 50],
      ['/api/medical/data?type=ipo_rank', 50],
      ['/api/medical/block?type=company&order=3', 300],
    ];
    for (const [url, limit] of LIGHT) {
      const r = await recordRequest(url, { headers: { Authorization: `Bearer ${vip.token}` } });
      expect(r.status).toBe(200);
      // Totals are kept counts (one row), so every statement counts here, totals included.
      const reads = await rowsReadBy(r.statements);
      const total = reads.reduce((n, s) => n + s.rows, 0);
      expect(total, `${url}: ${JSON.stringify(reads)}`).toBeLessThan(limit);
    }
  });

  it('every paged call reads at most 3 × its items + 100 rows, first, middle and last page; statistics read kept rows', async () => {
    // 3,000 healthcare events (300 pages), 1,500 companies, 12 firms: an OFFSET or a COUNT would read thousands.
    const items = (body: any) => {
      const d = body.data;
      if (Array.isArray(d.data)) return d.data.length;
      return Object.values(d).reduce((n: number, v: any) => n + (Array.isArray(v?.data) ? v.data.length : 0), 0) as number;
    };
    const PAGED = [
      '/api/medical',
      '/api/medical/data?type=event',
      '/api/medical/data?type=event&page=150',
      '/api/medical/data?type=event&page=300',
      '/api/medical/data?type=news&page=2',
      '/api/medical/data?type=horse&page=3',
      '/api/medical/data?type=fa_rand',
      '/api/medical/data?type=unicorn&page=3',
      '/api/medical/block?type=company,invst,invse_money_rank',
      '/api/medical/block?type=company&order=1&page=75',
      '/api/medical/block?type=company&order=2&page=70',
      '/api/medical/block?type=company&order=3&page=150',
      '/api/medical/block?type=invse_money_rank&page=10',
      '/api/medical/block?type=invst&page=2',
      `/api/medical/detail?type=basic,news,event&tag_id=${ids.field}`,
      `/api/medical/detail?type=event&tag_id=${ids.field}&page=150`,
      `/api/medical/detail?type=event&tag_id=${ids.tag}&page=50`,
      `/api/medical/block?type=invst,company&tag_id=${ids.field}`,
      `/api/medical/block?type=company&order=2&tag_id=${ids.field}&page=80`,
      `/api/medical/block?type=company&order=1&tag_id=${ids.tag}&page=50`,
      `/api/medical/block?type=invse_money_rank&tag_id=${ids.tag}&page=7`,
    ];
    const over: string[] = [];
    for (const url of PAGED) {
      const r = await recordRequest(url, { headers: { Authorization: `Bearer ${vip.token}` } });
      expect(r.status, url).toBe(200);
      const n = items(r.body);
      const reads = await rowsReadBy(r.statements);
      const read = reads.reduce((s, x) => s + x.rows, 0);
      expect(n, url).toBeGreaterThan(0);
      if (read > 3 * n + 100) over.push(`${url}: ${n} items, ${read} rows: ${JSON.stringify(reads.map((x) => [x.rows, x.sql.replace(/\s+/g, ' ').slice(0, 90)]))}`);
    }
    expect(over).toEqual([]);
    const STATS: [string, number][] = [
      ['/api/medical/chart', 30],
      ['/api/medical/chart?year=2019&round=2', 30],
      [`/api/medical/chart?tag_id=${ids.field}&field=${ids.tag}&year=2020`, 40],
      ['/api/medical/provinces', 40],
      ['/api/medical?type=basic', 10],
      [`/api/medical/detail?type=basic&tag_id=${ids.field}`, 10],
    ];
    for (const [url, limit] of STATS) {
      const r = await recordRequest(url, { headers: { Authorization: `Bearer ${vip.token}` } });
      expect(r.status, url).toBe(200);
      const reads = await rowsReadBy(r.statements);
      expect(reads.reduce((s, x) => s + x.rows, 0), `${url}: ${JSON.stringify(reads)}`).toBeLessThanOrEqual(limit);
    }
  });

  it('a page near an end is one round trip with its total; sort 1 and 融资金额TOP100 asked together read their one list once', async () => {
    const auth = { headers: { Authorization: `Bearer ${vip.token}` } };
    // The entity event lists and /news read the same kind of page (their data is here too).
    const entity = ['/api/investevent?page=2', `/api/investevent?scope=${encodeURIComponent('医疗健康')}&page=3`, '/api/news'];
    for (const url of ['/api/medical/data?type=news&page=2', '/api/medical/data?type=event&page=3', '/api/medical/data?type=horse', '/api/medical/block?type=invst&page=2', ...entity]) {
      const r = await recordRequest(url, auth);
      expect(r.status, url).toBe(200);
      expect(roundTrips(r.statements), url).toBe(1);
    }
    // Both lists are one page of companies with their tag ids, read once; the tags' names and fields
    // come from the isolate's kept reference tables (read by the first call). One round trip, not four.
    expect((await recordRequest('/api/medical/block?type=company,invse_money_rank', auth)).status).toBe(200);
    const both = await recordRequest('/api/medical/block?type=company,invse_money_rank', auth);
    expect(both.status).toBe(200);
    expect(roundTrips(both.statements)).toBe(1);
    const d = (both.body as { data: { company: { data: { id: number }[] }; invse_money_rank: { data: { id: number; rank: number }[] } } }).data;
    expect(d.company.data.length).toBe(10);
    expect(d.invse_money_rank.data.map((r) => r.id)).toEqual(d.company.data.map((r) => r.id));
    expect(d.invse_money_rank.data.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
