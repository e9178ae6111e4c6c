/**
 * Every STAR-market call runs on indexes: no statement walks a large table from end to end
 * (EXPLAIN QUERY PLAN of the statements the real request executed), and the rows D1 reads stay
 * within a budget (meta.rows_read of a re-run).
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { plans, recordRequest, roundTrips, rowsReadBy, type PlanStep } from '../query-recorder';
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
  // 600 companies with their stages, filings and events through every kept-row trigger: slow on a busy machine.
}, 60_000);

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

/** Beijing's today as days since the epoch, and a yyyymmdd date the same way. */
const dayNo = (v: number) => Date.UTC(Math.floor(v / 10000), (Math.floor(v / 100) % 100) - 1, v % 100) / 86_400_000;
const todayNo = () => {
  const t = new Date(Date.now() + 8 * 3_600_000);
  return Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()) / 86_400_000;
};

/**
 * The review timing straight from the stage rows: each applicant's entry date into its current
 * state (its latest dated stage of that state), sorted, and the median wait (the mean of the two
 * middle dates for an even count, rounded to the nearest day, a half up).
 */
async function timingOracle(f: { com_prov?: string; cat_id?: number }) {
  const conds = ['m.is_listed = 0', ...(f.com_prov ? ['m.com_prov = ?'] : []), ...(f.cat_id ? ['m.cat_id = ?'] : [])];
  const rows = await env.DB.prepare(
    `SELECT m.state_id AS state, (SELECT max(s.time) FROM starmarket_stages s WHERE s.m_com_id = m.m_com_id AND s.state = m.state_id AND s.time > 0) AS day
     FROM starmarket_companies m WHERE ${conds.join(' AND ')}`,
  )
    .bind(...[f.com_prov, f.cat_id].filter((v) => v !== undefined))
    .all<{ state: number; day: number | null }>();
  const byState = new Map<number, number[]>();
  for (const r of rows.results) if (r.day) byState.set(r.state, [...(byState.get(r.state) ?? []), r.day]);
  const today = todayNo();
  const out = new Map<number, [number, number]>();
  for (const [state, days] of byState) {
    days.sort((a, b) => a - b);
    const [lo, hi] = [days[Math.floor((days.length - 1) / 2)], days[Math.floor(days.length / 2)]];
    out.set(state, [days.length, Math.round(today - (dayNo(lo) + dayNo(hi)) / 2)]);
  }
  return out;
}

const TIMING_FILTERS = [{}, { com_prov: '北京' }, { com_prov: '四川' }, { cat_id: SECTOR.chip }, { com_prov: '上海', cat_id: SECTOR.bio }, { com_prov: '江苏', cat_id: SECTOR.chip }];

/** The chart's rows under each filter equal the oracle's, state by state (states with none: 0 and 0). */
async function expectTimingAsOracle(label: string) {
  for (const f of TIMING_FILTERS) {
    const want = await timingOracle(f);
    const got = ((await post('/api/starmarket/review_timing', f)).body as { data: { id: number; num: number; median_days: number }[] }).data;
    expect(got.length, label).toBeGreaterThan(5);
    for (const r of got) expect([r.num, r.median_days], `${label} ${JSON.stringify(f)} state ${r.id}`).toEqual(want.get(r.id) ?? [0, 0]);
    expect(got.filter((r) => r.num > 0).length, `${label} ${JSON.stringify(f)}`).toBe(want.size);
  }
}

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

const MIDDLE = Math.ceil(APPLICANT_PAGES / 2);

const PAGED: [string, Record<string, unknown>][] = [
  ['/api/starmarket', {}],
  ['/api/starmarket', { page: 7 }],
  ['/api/starmarket', { page: MIDDLE }],
  ['/api/starmarket', { page: MIDDLE + 1 }],
  ['/api/starmarket', { page: MIDDLE - 3, cat_id: SECTOR.chip }],
  ['/api/starmarket/listed', { page: Math.ceil(LISTED_PAGES / 2) }],
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
    // contains ('科创' here) still reads all its matches (FTS5 counts every match it walks).
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

  it('a page near the start joins its rows to its ids: no temporary list of ids, four rows a row and the kept total', async () => {
    const found: string[] = [];
    for (const [path, json, skipped] of [
      ['/api/starmarket', {}, 0],
      ['/api/starmarket', { com_prov: '北京', page: 2 }, 10],
      ['/api/starmarket/listed', {}, 0],
    ] as const) {
      const r = await post(path, json);
      const returned = (r.body as { data: { info: unknown[] } }).data.info.length;
      const page = r.statements.filter((x) => /starmarket_companies/.test(x.sql));
      const read = (await rowsReadBy(page)).reduce((n, x) => n + x.rows, 0);
      const lists = (await plans(page)).flat().filter((x) => /LIST SUBQUERY/.test(x.detail));
      // Per row an index entry, the row, its company and its pass through the page's part, plus the kept
      // total and the index entries skipped: `m_com_id IN (page)` also wrote and read a list of the ids.
      if (read > 4 * returned + skipped + 1 || lists.length) found.push(`${path} ${JSON.stringify(json)}: ${read} rows read for ${returned}; ${lists.map((x) => x.detail).join('; ')}`);
    }
    expect(found).toEqual([]);
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
    // One kept row and one firm row per firm, the case companies included (kept JSON).
    expect((await rowsReadBy(firms.statements)).reduce((x, s) => x + s.rows, 0)).toBeLessThanOrEqual(3 * n + 100);
  });

  it('rankings read from the head of their index; the review timing reads a few kept rows per state', async () => {
    const top = await post('/api/starmarket/valuation_top', { limit: 100 });
    expect((top.body as { data: unknown[] }).data).toHaveLength(100);
    expect((await rowsReadBy(top.statements)).reduce((n, s) => n + s.rows, 0)).toBeLessThanOrEqual(3 * 100 + 100);
    const amount = await post('/api/starmarket/amount_top', {});
    expect((await rowsReadBy(amount.statements)).reduce((n, s) => n + s.rows, 0)).toBeLessThanOrEqual(3 * 10 + 100);
    // 400 applicants with up to 6 stages each. The first request of a filter after the data changed
    // descends the kept year, month and day rows in one statement and keeps the answer; every later
    // one reads one kept row per state in one statement, whatever the number of companies.
    await env.DB.prepare("UPDATE starmarket_companies SET com_slogan = com_slogan || '' WHERE m_com_id = (SELECT min(m_com_id) FROM starmarket_companies)").run();
    await env.DB.prepare('UPDATE starmarket_companies SET state_since = state_since WHERE m_com_id = (SELECT min(m_com_id) FROM starmarket_companies)').run();
    for (const json of [{}, { com_prov: '北京' }, { com_prov: '北京', cat_id: SECTOR.chip }]) {
      const first = await post('/api/starmarket/review_timing', json);
      const states = (first.body as { data: unknown[] }).data.length;
      const years = await env.DB.prepare('SELECT count(*) AS n FROM starmarket_timing_days WHERE is_listed = 0 AND prov = ? AND cat_id = ? AND level = 1')
        .bind((json as { com_prov?: string }).com_prov ?? '', (json as { cat_id?: number }).cat_id ?? 0)
        .first<{ n: number }>();
      const reads = first.statements.filter((s) => /^\s*(select|with)\b/i.test(s.sql) && /starmarket_timing/.test(s.sql));
      expect(reads.map((s) => (/starmarket_timing_days/.test(s.sql) ? 'descent' : 'kept')), JSON.stringify(json)).toEqual(['kept', 'descent']);
      const computed = (await rowsReadBy(first.statements)).reduce((n, s) => n + s.rows, 0);
      // Each level's rows read a few times over (the windows' sorts), never the companies.
      expect(computed, JSON.stringify(json)).toBeLessThanOrEqual(8 * (states + years!.n + states * (2 * 12 + 2 * 31)));
      const again = await post('/api/starmarket/review_timing', json);
      expect(again.body).toEqual(first.body);
      const kept = again.statements.filter((s) => /starmarket_timing/.test(s.sql));
      // A filter no applicant matches is not kept (made-up filters write nothing): it descends again, reading nothing.
      const none = (first.body as { data: { num: number }[] }).data.every((r) => r.num === 0);
      expect(kept, JSON.stringify(json)).toHaveLength(none ? 2 : 1);
      if (none) expect(again.statements.some((s) => /^\s*(insert|delete)/i.test(s.sql)), JSON.stringify(json)).toBe(false);
      expect((await rowsReadBy(kept)).reduce((n, s) => n + s.rows, 0), JSON.stringify(json)).toBeLessThanOrEqual(3 * states + 10);
    }
  });

  it('a deep page found through the kept day counts holds exactly the rows an OFFSET read gives', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/starmarket', {}, 'is_listed = 0'],
      ['/api/starmarket', { com_prov: '北京' }, "is_listed = 0 AND com_prov = '北京'"],
      ['/api/starmarket', { cat_id: SECTOR.chip, state: STATE.inquired }, `is_listed = 0 AND cat_id = ${SECTOR.chip} AND state_id = ${STATE.inquired}`],
      ['/api/starmarket/listed', {}, 'is_listed = 1'],
    ];
    for (const [path, filters, where] of cases) {
      const total = (await env.DB.prepare(`SELECT count(*) AS n FROM starmarket_companies WHERE ${where}`).first<{ n: number }>())!.n;
      const pages = Math.ceil(total / 10);
      // Every page of the two biggest lists (offsets in the near and far half of each year, month and day), a sample of the others.
      const every = path === '/api/starmarket' && Object.keys(filters).length <= 1;
      const sample = every ? Array.from({ length: pages }, (_, i) => i + 1) : [2, 5, Math.floor(pages / 2), Math.ceil(pages / 2) + 1, pages - 4, pages - 1, pages];
      for (const page of new Set(sample.filter((x) => x >= 1))) {
        const r = await post(path, { ...filters, page });
        const got = (r.body as { data: { info: { m_com_id: number }[] } }).data.info.map((x) => x.m_com_id);
        const want = await env.DB.prepare(`SELECT m_com_id FROM starmarket_companies WHERE ${where} ORDER BY acceptance_time DESC, m_com_id DESC LIMIT 10 OFFSET ?`)
          .bind((page - 1) * 10)
          .all<{ m_com_id: number }>();
        expect(got, `${path} ${JSON.stringify(filters)} page ${page}`).toEqual(want.results.map((x) => x.m_com_id));
      }
    }
  });

  it('a one-character keyword every name holds: its total is one vocab row and its pages read what they return, in list order', async () => {
    for (const [path, listed] of [['/api/starmarket', 0], ['/api/starmarket/listed', 1]] as const) {
      const all = await env.DB.prepare(`SELECT m_com_id FROM starmarket_companies WHERE is_listed = ? AND com_name LIKE '%科%' ORDER BY acceptance_time DESC, m_com_id DESC`)
        .bind(listed)
        .all<{ m_com_id: number }>();
      const ids = all.results.map((r) => r.m_com_id);
      expect(ids.length).toBeGreaterThan(100);
      const pages = Math.ceil(ids.length / 10);
      for (const page of [1, 3, pages - 2, pages]) {
        const r = await post(path, { keyword: '科', page });
        const body = r.body as { data: { info: { m_com_id: number }[]; page: { total: number } } };
        expect(body.data.page.total).toBe(ids.length);
        expect(body.data.info.map((x) => x.m_com_id), `${path} page ${page}`).toEqual(ids.slice((page - 1) * 10, page * 10));
        const read = (await rowsReadBy(r.statements)).reduce((n, x) => n + x.rows, 0);
        expect(read, `${path} page ${page}`).toBeLessThanOrEqual(3 * body.data.info.length + 100);
      }
    }
  });

  it('the review timing median equals a median taken straight from the stage rows, for every state and filter, before and after stage writes', async () => {
    await expectTimingAsOracle('seeded');
    // Applicants (not the issued ones) at index i are in state [accepted, inquired, committee, -, -, terminated][i % 6].
    const [a, b, c, e] = [stars[1], stars[7], stars[2], stars[5]];
    await env.DB.batch([
      // A later stage of the same state: the entry date moves forward.
      env.DB.prepare("INSERT INTO starmarket_stages (m_com_id, seq, state_sub_name, time, state) VALUES (?, 20, '已问询', 20240620, ?)").bind(a.mComId, STATE.inquired),
      // The stage that brought b to its state gets another date.
      env.DB.prepare('UPDATE starmarket_stages SET time = 20231111 WHERE m_com_id = ? AND state = ?').bind(b.mComId, STATE.inquired),
      // c loses the stage of its current state: no entry date, it leaves the chart.
      env.DB.prepare('DELETE FROM starmarket_stages WHERE m_com_id = ? AND state = ?').bind(c.mComId, STATE.committee),
      // e moves to another state whose stage it already has.
      env.DB.prepare('UPDATE starmarket_companies SET state_id = ? WHERE m_com_id = ?').bind(STATE.accepted, e.mComId),
    ]);
    // A new applicant with its stages.
    const [fresh] = await makeStars([{ prov: '北京', catId: SECTOR.chip, state: STATE.inquired, stageDays: [20240105, 20240301] }]);
    const since = await env.DB.prepare('SELECT m_com_id, state_since FROM starmarket_companies WHERE m_com_id IN (?, ?, ?, ?) ORDER BY m_com_id').bind(a.mComId, b.mComId, c.mComId, fresh.mComId).all();
    expect(since.results).toEqual(
      [
        { m_com_id: a.mComId, state_since: 20240620 },
        { m_com_id: b.mComId, state_since: 20231111 },
        { m_com_id: c.mComId, state_since: 0 },
        { m_com_id: fresh.mComId, state_since: 20240301 },
      ].sort((x, y) => x.m_com_id - y.m_com_id),
    );
    await expectTimingAsOracle('after stage inserts, updates and deletes');
    await env.DB.batch([
      env.DB.prepare('DELETE FROM starmarket_stages WHERE m_com_id = ?').bind(fresh.mComId),
      env.DB.prepare('DELETE FROM starmarket_companies WHERE m_com_id = ?').bind(fresh.mComId),
    ]);
    await expectTimingAsOracle('after deleting the new applicant');
  });

  it('the kept day counts, timing rows and firm cases stay equal to a recount after updates and deletes', async () => {
    const [x, y, z] = [stars[10], stars[11], stars[12]];
    await env.DB.batch([
      env.DB.prepare("UPDATE starmarket_companies SET com_prov = '四川', acceptance_time = 20210315 WHERE m_com_id = ?").bind(x.mComId),
      env.DB.prepare('UPDATE starmarket_companies SET state_id = ?, is_listed = 0 WHERE m_com_id = ?').bind(STATE.accepted, y.mComId),
      env.DB.prepare("UPDATE starmarket_stages SET time = 20220202 WHERE m_com_id = ? AND seq = 1").bind(y.mComId),
      env.DB.prepare("UPDATE starmarket_companies SET com_name = '改名测试公司' WHERE m_com_id = ?").bind(stars[COMPANIES - 1].mComId),
      env.DB.prepare('DELETE FROM starmarket_companies WHERE m_com_id = ?').bind(z.mComId),
      env.DB.prepare('DELETE FROM starmarket_stages WHERE m_com_id = ?').bind(z.mComId),
    ]);
    const since = `coalesce((SELECT max(s.time) FROM starmarket_stages s WHERE s.m_com_id = m.m_com_id AND s.state = m.state_id AND s.time > 0), 0)`;
    const kept = await env.DB.prepare('SELECT count(*) AS n FROM starmarket_companies m WHERE state_since != ' + since).first<{ n: number }>();
    expect(kept!.n).toBe(0);
    const days = await env.DB.prepare(
      `SELECT l.lv AS level, CASE l.lv WHEN 1 THEN acceptance_time / 10000 * 10000 WHEN 2 THEN acceptance_time / 100 * 100 ELSE acceptance_time END AS bucket, count(*) AS n
       FROM starmarket_companies, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) l WHERE is_listed = 0 AND com_prov = '四川' GROUP BY 1, 2 ORDER BY 1, 2`,
    ).all();
    const keptDays = await env.DB.prepare("SELECT level, bucket, n FROM starmarket_day_counts WHERE is_listed = 0 AND prov = '四川' AND cat_id = 0 AND state_id = 0 AND n != 0 ORDER BY 1, 2").all();
    expect(keptDays.results).toEqual(days.results);
    const timing = await env.DB.prepare(
      `SELECT state_id, l.lv AS level, CASE l.lv WHEN 1 THEN state_since / 10000 * 10000 WHEN 2 THEN state_since / 100 * 100 ELSE state_since END AS bucket, count(*) AS n
       FROM starmarket_companies, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) l WHERE is_listed = 0 AND com_prov = '四川' AND state_since > 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    ).all();
    const keptTiming = await env.DB.prepare(
      "SELECT state_id, level, bucket, n FROM starmarket_timing_days WHERE is_listed = 0 AND prov = '四川' AND cat_id = 0 AND n != 0 ORDER BY 1, 2, 3",
    ).all();
    expect(keptTiming.results).toEqual(timing.results);
    await expectTimingAsOracle('after updates and deletes');
    const firmsNow = (await post('/api/starmarket/invst_top', { limit: 100 })).body as { data: { invst_id: number; com: { com_id: number; com_name: string }[] }[] };
    for (const f of firmsNow.data) {
      const want = await env.DB.prepare(
        `SELECT s.com_id, s.com_name FROM starmarket_firm_links x JOIN starmarket_companies s ON s.m_com_id = x.m_com_id WHERE x.invst_id = ? ORDER BY x.total_money DESC, x.m_com_id DESC LIMIT 3`,
      )
        .bind(f.invst_id)
        .all();
      expect(f.com, `firm ${f.invst_id}`).toEqual(want.results);
    }
    expect(JSON.stringify(firmsNow.data)).toContain('改名测试公司');
    // The per-tab character index follows the rename, the move to the other tab and the delete.
    for (const [path, listed] of [['/api/starmarket', 0], ['/api/starmarket/listed', 1]] as const) {
      const like = await env.DB.prepare("SELECT count(*) AS n FROM starmarket_companies WHERE is_listed = ? AND com_name LIKE '%科%'").bind(listed).first<{ n: number }>();
      const r = (await post(path, { keyword: '科' })).body as { data: { page: { total: number } } };
      expect(r.data.page.total, path).toBe(like!.n);
      const renamed = (await post(path, { keyword: '改' })).body as { data: { info: { m_com_id: number }[] } };
      expect(renamed.data.info.map((x) => x.m_com_id)).toEqual(listed === 0 ? [stars[COMPANIES - 1].mComId] : []);
    }
  });
});

/**
 * Disclosures without a keyword: the kept total, the page from whichever end pageWindow picks
 * (both ends' reads gated in SQL on that total) and the type names in one round trip. Every page
 * equals the straightforward ORDER BY … LIMIT / OFFSET, ties on the filing day included.
 */
describe('disclosure pages without a keyword', () => {
  const FILTERS: { json: Record<string, number>; where: string }[] = [
    { json: {}, where: '1' },
    { json: { type: 2 }, where: 'type_id = 2' },
    { json: { per_page: 7 }, where: '1' },
  ];
  it.each(FILTERS)('$json: first, middle, last and past-the-end pages in one round trip', async (f) => {
    const perPage = f.json.per_page ?? 20;
    const { n } = (await env.DB.prepare(`SELECT count(*) AS n FROM disclosures WHERE ${f.where}`).first<{ n: number }>())!;
    const last = Math.ceil(n / perPage);
    for (const page of [1, 2, Math.ceil(last / 2), last - 1, last, last + 1]) {
      const r = await post('/api/starmarket/info_disclosure', { ...f.json, page });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const data = (r.body as { data: { info: { id: number }[]; page: { total: number } } }).data;
      const want = await env.DB.prepare(`SELECT id FROM disclosures WHERE ${f.where} ORDER BY disclosure_time DESC, id DESC LIMIT ? OFFSET ?`)
        .bind(perPage, (page - 1) * perPage)
        .all<{ id: number }>();
      expect(data.info.map((x) => x.id), `page ${page}`).toEqual(want.results.map((x) => x.id));
      expect(data.page.total).toBe(n);
      const own = r.statements.filter((x) => !/^select "sessions"/.test(x.sql));
      expect(roundTrips(own), `page ${page}`).toBe(1);
    }
  });
});

describe('the disclosure search by a 3+ character keyword, off the list-ordered trigram index', () => {
  /** The straightforward query: every file name holding the keyword, newest first. */
  const straight = async (kw: string, page: number) => {
    const like = `%${kw}%`;
    const total = (await env.DB.prepare('SELECT count(*) AS n FROM disclosures WHERE file_name LIKE ?').bind(like).first<{ n: number }>())!.n;
    const rows = await env.DB.prepare('SELECT id FROM disclosures WHERE file_name LIKE ? ORDER BY disclosure_time DESC, id DESC LIMIT 20 OFFSET ?')
      .bind(like, (page - 1) * 20)
      .all<{ id: number }>();
    return { total, ids: rows.results.map((r) => r.id) };
  };
  const expectAsStraight = async (label: string) => {
    for (const kw of ['招股说', '说明书', '招股说明书1', '问询函12', '改名文件', '并不存在的文件']) {
      const { total } = await straight(kw, 1);
      const last = Math.max(1, Math.ceil(total / 20));
      for (const page of new Set([1, 2, Math.ceil(last / 2), last - 1, last].filter((x) => x >= 1))) {
        const r = await post('/api/starmarket/info_disclosure', { keyword: kw, page });
        const data = (r.body as { data: { info: { id: number; file_name: string }[]; page: { total: number } } }).data;
        const want = await straight(kw, page);
        expect(data.page.total, `${label} ${kw} page ${page}`).toBe(want.total);
        expect(data.info.map((x) => x.id), `${label} ${kw} page ${page}`).toEqual(want.ids);
      }
    }
  };

  it('pages and totals equal the LIKE query; a 3-character keyword reads what it returns; before and after writes', async () => {
    await expectAsStraight('seeded');
    const r = await post('/api/starmarket/info_disclosure', { keyword: '招股说' });
    const data = (r.body as { data: { info: unknown[]; page: { total: number } } }).data;
    expect(data.page.total).toBeGreaterThan(500);
    expect((await rowsReadBy(r.statements)).reduce((n, s) => n + s.rows, 0)).toBeLessThanOrEqual(3 * data.info.length + 100);
    const ids = (await env.DB.prepare('SELECT id FROM disclosures ORDER BY id LIMIT 3 OFFSET 50').all<{ id: number }>()).results.map((x) => x.id);
    await env.DB.batch([
      env.DB.prepare("UPDATE disclosures SET file_name = '改名文件招股说' WHERE id = ?").bind(ids[0]),
      env.DB.prepare('UPDATE disclosures SET disclosure_time = 20300101 WHERE id = ?').bind(ids[1]),
      env.DB.prepare('DELETE FROM disclosures WHERE id = ?').bind(ids[2]),
      env.DB.prepare("INSERT INTO disclosures (m_com_id, type_id, file_name, url, disclosure_time) SELECT m_com_id, 1, '新增的招股说明书1', '', 20010101 FROM disclosures LIMIT 1"),
    ]);
    await expectAsStraight('after a rename, a new date, a delete and an insert');
  });

  it('a keyword with many matches is counted once, then its total is one kept row and a deep page starts at a kept anchor, until a filing changes', async () => {
    const kw = '招股说明';
    const read = async (page: number) => {
      const r = await post('/api/starmarket/info_disclosure', { keyword: kw, page });
      const data = (r.body as { data: { info: { id: number }[]; page: { total: number } } }).data;
      return { data, rows: (await rowsReadBy(r.statements)).reduce((n, s) => n + s.rows, 0) };
    };
    const first = await read(1);
    const want = await straight(kw, 1);
    expect(first.data.page.total).toBe(want.total);
    expect(want.total).toBeGreaterThan(300);
    // The first count reads one index row per match.
    expect(first.rows).toBeGreaterThan(want.total);
    // Every page, the middle ones too (they start at a kept anchor), reads what it returns.
    const last = Math.ceil(want.total / 20);
    for (const page of [1, 2, 3, Math.ceil(last / 2), Math.ceil(last / 2) + 1, last - 2, last - 1, last, last + 1]) {
      const next = await read(page);
      expect(next.data.page.total).toBe(want.total);
      expect(next.data.info.map((x) => x.id), `page ${page}`).toEqual((await straight(kw, page)).ids);
      expect(next.rows, `page ${page}`).toBeLessThanOrEqual(3 * next.data.info.length + 100);
    }
    // Per page of 7 (anchors every 20 matches fall inside pages): every page equals the straightforward one.
    const like = `%${kw}%`;
    for (let page = 1; page <= Math.ceil(want.total / 7); page += 3) {
      const r = await post('/api/starmarket/info_disclosure', { keyword: kw, page, per_page: 7 });
      const got = (r.body as { data: { info: { id: number }[] } }).data.info.map((x) => x.id);
      const rows = await env.DB.prepare('SELECT id FROM disclosures WHERE file_name LIKE ? ORDER BY disclosure_time DESC, id DESC LIMIT 7 OFFSET ?').bind(like, (page - 1) * 7).all<{ id: number }>();
      expect(got, `per_page 7 page ${page}`).toEqual(rows.results.map((x) => x.id));
    }
    // A 3-character keyword: its total is one vocabulary row; its first deep page keeps the anchors, the next ones read what they return.
    const three = '招股说';
    const threeTotal = (await straight(three, 1)).total;
    const mid = Math.ceil(threeTotal / 40);
    await post('/api/starmarket/info_disclosure', { keyword: three, page: mid });
    for (const page of [mid, mid + 1, mid + 5]) {
      const r = await post('/api/starmarket/info_disclosure', { keyword: three, page });
      const data = (r.body as { data: { info: { id: number }[]; page: { total: number } } }).data;
      expect(data.page.total).toBe(threeTotal);
      expect(data.info.map((x) => x.id), `${three} page ${page}`).toEqual((await straight(three, page)).ids);
      expect((await rowsReadBy(r.statements)).reduce((n, s) => n + s.rows, 0), `${three} page ${page}`).toBeLessThanOrEqual(3 * data.info.length + 100);
    }
    // A new filing, a rename away and a delete each change the total the next search shows.
    const ids = (await env.DB.prepare("SELECT id FROM disclosures WHERE file_name LIKE '%招股说明%' ORDER BY id LIMIT 2").all<{ id: number }>()).results.map((x) => x.id);
    const steps: [string, D1PreparedStatement][] = [
      ['insert', env.DB.prepare("INSERT INTO disclosures (m_com_id, type_id, file_name, url, disclosure_time) SELECT m_com_id, 1, '补充招股说明', '', 20350101 FROM disclosures LIMIT 1")],
      ['rename', env.DB.prepare("UPDATE disclosures SET file_name = '改名的文件' WHERE id = ?").bind(ids[0])],
      ['delete', env.DB.prepare('DELETE FROM disclosures WHERE id = ?').bind(ids[1])],
    ];
    for (const [label, change] of steps) {
      await change.run();
      for (const page of [1, Math.ceil(last / 2)]) {
        const after = await read(page);
        const truth = await straight(kw, page);
        expect(after.data.page.total, `${label} page ${page}`).toBe(truth.total);
        expect(after.data.info.map((x) => x.id), `${label} page ${page}`).toEqual(truth.ids);
      }
    }
  });
});
