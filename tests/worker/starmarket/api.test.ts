/**
 * Every STAR-market call and each of its rules per role: visitors see the home data and page 1
 * of the applicant list with default filters only; the listed tab, rankings and detail need login;
 * the disclosure search is for members while a company's own filings are for any logged-in user;
 * a non-VIP sees one financing record with the true count; page sizes are capped; bad input is a
 * BAD_REQUEST naming the field and unknown ids a NOT_FOUND, never a 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STAR_PAGE_SIZE } from '../../../worker/src/starmarket/constants';
import { reviewTiming } from '../../../worker/src/starmarket/timing';
import { api, dataOf, errorOf } from '../client';
import { call, db, makeUser } from '../helpers';
import { makeFirm, makeRule, makeStar, makeStars, SECTOR, STATE, starTaxonomy, type MadeStar } from './fixtures';

let user: string;
let vip: string;
let firm: number;
let a: MadeStar; // applicant under inquiry, with financing, news and filings
let b: MadeStar; // listed
let c: MadeStar; // terminated
const PROV = '测试北京';

beforeAll(async () => {
  [user, vip] = (await Promise.all([makeUser(), makeUser({ role: 'vip' })])).map((u) => u.token);
  await starTaxonomy();
  firm = await makeFirm('测试红杉', 'https://logo.example.com/hs.png');
  a = await makeStar({
    name: '测试芯科',
    prov: PROV,
    state: STATE.inquired,
    stageDays: [20250110, 20250201],
    totalMoney: 90000,
    events: [
      [20200105, 5000, [[firm, '测试红杉'], [0, '某自然人'], [firm + 1000, '测试甲'], [firm + 1001, '测试乙']]],
      [20220301, 20000, [[firm, '测试红杉']]],
    ],
    news: Array.from({ length: 7 }, (_, i): [number, string] => [20250101 + i, `测试芯科新闻${i + 1}`]),
    filings: Array.from({ length: 7 }, (_, i): [number, string, number] => [i % 2 ? 2 : 1, `测试芯科文件${i + 1}`, 20250111 + i]),
  });
  b = await makeStar({
    name: '测试生科',
    prov: '测试上海',
    catId: SECTOR.bio,
    state: STATE.issued,
    stageDays: [20230101, 20230201, 20230501, 20230510, 20230601, 20230701],
    countMoney: 3_000_000,
    totalMoney: 120000,
    events: [[20210101, 8000, [[firm, '测试红杉']]]],
  });
  c = await makeStar({ name: '测试终止', prov: PROV, state: STATE.terminated, stageDays: [20230101, 20230301], totalMoney: 1000 });
  // 12 more applicants in PROV, accepted later than a, so a is on page 2 of PROV's applicants.
  await makeStars(Array.from({ length: 12 }, (_, i) => ({ prov: PROV, state: STATE.accepted, acceptance: 20250301 + i, totalMoney: 100 + i })));
  await makeRule('上海证券交易所科创板股票上市规则', 20190301);
  await makeRule('科创板首次公开发行股票注册管理办法', 20190302);
});

const ROW_KEYS = [
  'm_com_id', 'com_id', 'com_logo', 'com_name', 'com_slogan', 'com_prov', 'com_city', 'cat_name', 'se_cat_name', 'state_id', 'state_sub_name',
  'acceptance_time', 'acceptance_update_time', 'count_money', 'money', 'total_money', 'invse_round_id', 'invse_round_name', 'invse_year', 'invse_month', 'invse_day',
].sort();

describe('home', () => {
  it('a visitor gets the newest applications, listings and rules', async () => {
    const home = await dataOf(api().starmarket.home.$post());
    expect(home.com.every((r) => r.state_id !== STATE.issued)).toBe(true);
    expect(home.com.map((r) => r.acceptance_time)).toEqual([...home.com.map((r) => r.acceptance_time)].sort().reverse());
    expect(home.listed.map((r) => r.com_name)).toContain('测试生科');
    expect(home.rule.map((r) => r.title)).toEqual(['科创板首次公开发行股票注册管理办法', '上海证券交易所科创板股票上市规则']);
    const parts = await Promise.all([dataOf(api().starmarket.home.com.$post()), dataOf(api().starmarket.home.listed.$post()), dataOf(api().starmarket.home.rule.$post())]);
    expect(parts).toEqual([home.com, home.listed, home.rule]);
  });
});

describe('applicant and listed tabs', () => {
  it('a visitor gets page 1 with the default filters, rows with every field of the spec', async () => {
    const page = await dataOf(api().starmarket.$post({ json: {} }));
    expect(page.page).toEqual({ total: 14, page: 1, per_page: STAR_PAGE_SIZE });
    expect(page.info).toHaveLength(STAR_PAGE_SIZE);
    expect(Object.keys(page.info[0]).sort()).toEqual(ROW_KEYS);
    expect(page.info.every((r) => r.state_id !== STATE.issued)).toBe(true);
  });

  it('a visitor changing a filter, the page, the page size or the tab is asked to log in', async () => {
    for (const json of [{ com_prov: PROV }, { page: 2 }, { per_page: 5 }, { keyword: '芯' }, { state: 2 }]) {
      const err = await errorOf(api().starmarket.$post({ json }));
      expect(err, JSON.stringify(json)).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    }
    expect(await errorOf(api().starmarket.listed.$post({ json: {} }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect(await errorOf(api().starmarket.state_list.$post({ json: { com_prov: PROV } }))).toMatchObject({ code: 'LOGIN_REQUIRED' });
  });

  it('a logged-in user filters by province, sector, keyword and state, and pages', async () => {
    const p2 = await dataOf(api(user).starmarket.$post({ json: { com_prov: PROV, page: 2 } }));
    expect(p2.page.total).toBe(14);
    // Page 2: the two earliest of the 12 accepted in March, then a (January 2025), then c (2023).
    expect(p2.info.map((r) => r.m_com_id).slice(2)).toEqual([a.mComId, c.mComId]);
    const row = p2.info[2];
    expect(row).toMatchObject({ com_prov: PROV, cat_name: '测试芯片', se_cat_name: '测试设计', state_sub_name: '已问询', acceptance_time: '2025-01-10', acceptance_update_time: '2025-02-01' });
    expect(row).toMatchObject({ total_money: 90000, invse_round_id: 3, invse_round_name: 'B轮', invse_year: 2022, invse_month: 3, invse_day: 1 });
    const kw = await dataOf(api(user).starmarket.applicants.$post({ json: { keyword: '芯科' } }));
    expect(kw.info.map((r) => r.m_com_id)).toEqual([a.mComId]);
    const stopped = await dataOf(api(user).starmarket.$post({ json: { state: STATE.terminated } }));
    expect(stopped.info.map((r) => r.m_com_id)).toEqual([c.mComId]);
    const bio = await dataOf(api(user).starmarket.$post({ json: { cat_id: SECTOR.bio } }));
    expect(bio.page.total).toBe(0);
    const listed = await dataOf(api(user).starmarket.listed.$post({ json: { cat_id: SECTOR.bio } }));
    expect(listed.info.map((r) => r.m_com_id)).toEqual([b.mComId]);
    expect(listed.info[0]).toMatchObject({ count_money: 3_000_000, money: 90000, state_sub_name: '已发行' });
  });

  it('state counts follow the filters and list every applicant state in order', async () => {
    const all = await dataOf(api().starmarket.state_list.$post({ json: {} }));
    expect(all.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 7, 8]);
    expect(all.find((s) => s.id === 1)?.num).toBe(12);
    const prov = await dataOf(api(user).starmarket.state_list.$post({ json: { com_prov: PROV } }));
    expect(prov.filter((s) => s.num > 0).map((s) => [s.name, s.num])).toEqual([['已受理', 12], ['已问询', 1], ['终止', 1]]);
    const kw = await dataOf(api(user).starmarket.state_list.$post({ json: { com_prov: PROV, keyword: '芯科' } }));
    expect(kw.filter((s) => s.num > 0).map((s) => [s.name, s.num])).toEqual([['已问询', 1]]);
  });

  it('filter options and disclosure types', async () => {
    const f = await dataOf(api().starmarket.filters.$post());
    expect(f.provinces).toEqual(expect.arrayContaining([PROV, '测试上海']));
    expect(f.sectors).toEqual(expect.arrayContaining([{ id: SECTOR.chip, name: '测试芯片' }, { id: SECTOR.bio, name: '测试生物' }]));
    const types = await dataOf(api().starmarket.type_list.$post());
    expect(types.slice(0, 2)).toEqual([{ id: 1, name: '招股说明书' }, { id: 2, name: '审核问询函' }]);
  });
});

describe('rankings', () => {
  it('need login; top 10 by default, up to 100 with limit', async () => {
    expect(await errorOf(api().starmarket.amount_top.$post({ json: {} }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    const top = await dataOf(api(user).starmarket.amount_top.$post({ json: {} }));
    expect(top).toHaveLength(10);
    expect(top.slice(0, 2).map((r) => [r.rank, r.com_name])).toEqual([[1, '测试生科'], [2, '测试芯科']]);
    expect(await dataOf(api(user).starmarket.amount_top.$post({ json: { limit: 100 } }))).toHaveLength(15);
    const err = await errorOf(api(user).starmarket.amount_top.$post({ json: { limit: 101 } }));
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST', field: 'limit' });
  });

  it('opening market value ranks listed companies only', async () => {
    const top = await dataOf(api(user).starmarket.valuation_top.$post({ json: { limit: 100 } }));
    expect(top.map((r) => r.m_com_id)).toEqual([b.mComId]);
  });

  it('the institution ranking counts financing events in STAR companies, with case companies', async () => {
    const firms = await dataOf(api(user).starmarket.invst_top.$post({ json: {} }));
    expect(firms[0]).toMatchObject({ rank: 1, invst_id: firm, invst_name: '测试红杉', invst_logo: 'https://logo.example.com/hs.png', count: 3 });
    expect(firms[0].com).toEqual([{ com_id: b.comId, com_name: '测试生科' }, { com_id: a.comId, com_name: '测试芯科' }]);
    // Investors outside the firm database (invst_id 0) are not ranked.
    expect(firms.some((f) => f.invst_id === 0)).toBe(false);
  });
});

describe('detail', () => {
  it('needs login; unknown ids are NOT_FOUND in Chinese', async () => {
    expect(await errorOf(api().starmarket.detail.$post({ json: { id: a.mComId } }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    const err = await errorOf(api(user).starmarket.detail.$post({ json: { id: 999_999 } }));
    expect(err).toMatchObject({ status: 404, code: 'NOT_FOUND', msg: '该科创板公司不存在' });
  });

  it('a non-VIP sees one financing record with the true count; a VIP sees all, newest first', async () => {
    const mine = await dataOf(api(user).starmarket.detail.$post({ json: { id: a.mComId } }));
    expect(mine.count_invse_num).toBe(2);
    expect(mine.com_invse.map((e) => e.date)).toEqual(['2022-03-01']);
    const full = await dataOf(api(vip).starmarket.detail.$post({ json: { id: a.mComId } }));
    expect(full.count_invse_num).toBe(2);
    expect(full.com_invse.map((e) => [e.date, e.round, e.money, e.investevents_id])).toEqual([
      ['2022-03-01', 'B轮', 20000, a.eventIds[1]],
      ['2020-01-05', 'B轮', 5000, a.eventIds[0]],
    ]);
    expect(full.com_invse[1].investors).toEqual([
      { id: firm, name: '测试红杉' },
      { id: null, name: '某自然人' },
      { id: firm + 1000, name: '测试甲' },
      { id: firm + 1001, name: '测试乙' },
    ]);
  });

  it('gives the card, project info, stages in order and news newest first', async () => {
    const d = await dataOf(api(user).starmarket.detail.$post({ json: { id: a.mComId } }));
    expect(d.com_info).toMatchObject({
      com_name: '测试芯科',
      com_registered_name: '测试芯科股份有限公司',
      com_id: a.comId,
      planIssueCapital: 12.5,
      state_sub_name: '已问询',
      organization_name: '测试证券',
      representative: '张三、李四',
      accountant: '王五',
      lawyer: '赵六',
      evaluator_firm: '测试评估',
      evaluator: '钱七',
      acceptance_time: '2025-01-10',
      com_url: 'https://example.com',
      com_born_year: 2012,
      com_born_month: 5,
      cat_name: '测试芯片',
      se_cat_name: '测试设计',
      com_des: '一家做芯片的测试公司',
    });
    expect(d.star_market_state.map((s) => [s.id, s.time, s.state])).toEqual([
      [1, '2025-01-10', 1], [2, '2025-02-01', 2], [3, '', 3], [4, '', 4], [5, '', 5], [6, '', 6],
    ]);
    expect(d.com_news.map((n) => n.title)).toEqual(Array.from({ length: 7 }, (_, i) => `测试芯科新闻${7 - i}`));
    const stopped = await dataOf(api(user).starmarket.detail.$post({ json: { id: c.mComId } }));
    expect(stopped.star_market_state.map((s) => s.state)).toEqual([1, 8]);
    expect(stopped.com_invse).toEqual([]);
    expect(stopped.count_invse_num).toBe(0);
  });
});

describe('information disclosure', () => {
  it('the search page is for members; a company\'s own filings for any logged-in user, 5 a page', async () => {
    expect(await errorOf(api().starmarket.com_disclosure.$post({ json: { m_com_id: a.mComId } }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect(await errorOf(api(user).starmarket.info_disclosure.$post({ json: {} }))).toMatchObject({ status: 403, code: 'VIP_REQUIRED' });
    const own = await dataOf(api(user).starmarket.com_disclosure.$post({ json: { m_com_id: a.mComId } }));
    expect(own.page).toEqual({ total: 7, page: 1, per_page: 5 });
    expect(own.info.map((r) => r.file_name)).toEqual(['测试芯科文件7', '测试芯科文件6', '测试芯科文件5', '测试芯科文件4', '测试芯科文件3']);
    expect(own.info[0]).toMatchObject({ disclosure_time: '2025-01-17', com_name: '测试芯科', type_name: '招股说明书' });
    const second = await dataOf(api(user).starmarket.com_disclosure.$post({ json: { m_com_id: a.mComId, page: 2 } }));
    expect(second.info).toHaveLength(2);
    expect(await errorOf(api(user).starmarket.com_disclosure.$post({ json: { m_com_id: a.mComId, per_page: 6 } }))).toMatchObject({ status: 400, field: 'per_page' });
    expect(await errorOf(api(vip).starmarket.info_disclosure.$post({ json: { m_com_id: a.mComId, per_page: 6 } }))).toMatchObject({ status: 400, field: 'per_page' });
    const viaSearch = await dataOf(api(vip).starmarket.info_disclosure.$post({ json: { m_com_id: a.mComId } }));
    expect(viaSearch).toEqual(own);
    expect(await errorOf(api(user).starmarket.com_disclosure.$post({ json: { m_com_id: 999_999 } }))).toMatchObject({ status: 404, code: 'NOT_FOUND', msg: '该科创板公司不存在' });
  });

  it('a VIP searches by type and file name, 20 a page', async () => {
    const all = await dataOf(api(vip).starmarket.info_disclosure.$post({ json: {} }));
    expect(all.page).toEqual({ total: 7, page: 1, per_page: 20 });
    const typed = await dataOf(api(vip).starmarket.info_disclosure.$post({ json: { type: 2, keyword: '文件' } }));
    expect(typed.info.map((r) => r.file_name)).toEqual(['测试芯科文件6', '测试芯科文件4', '测试芯科文件2']);
    expect(await errorOf(api(vip).starmarket.info_disclosure.$post({ json: { per_page: 21 } }))).toMatchObject({ status: 400, field: 'per_page' });
  });
});

describe('review timing', () => {
  it('counts the applicants per state and the median days since they entered it (kept rows)', async () => {
    // 2025-03-01 Beijing: a entered 已问询 on 2025-02-01 (28 days); c was terminated 2023-03-01 (731 days);
    // the 12 accepted ones were accepted 2025-03-01 .. 03-12 (days 0, -1 .. -11): an even count, so the
    // mean of the two middle ones (-5 and -6), -5.5, rounded half up to -5.
    const rows = await reviewTiming(db(), { com_prov: PROV }, Date.UTC(2025, 1, 28, 20));
    const by = Object.fromEntries(rows.map((r) => [r.name, [r.num, r.median_days]]));
    expect(by['已问询']).toEqual([1, 28]);
    expect(by['终止']).toEqual([1, 731]);
    expect(by['已受理']).toEqual([12, -5]);
    // The keyword path reads the matching companies themselves and agrees with the kept rows.
    const named = await reviewTiming(db(), { com_prov: PROV, keyword: '测试' }, Date.UTC(2025, 1, 28, 20));
    expect(named.map((r) => [r.name, r.num, r.median_days])).toEqual(rows.map((r) => [r.name, r.num, r.median_days]));
    expect(by['上市委会议']).toEqual([0, 0]);
    const viaApi = await dataOf(api(user).starmarket.review_timing.$post({ json: { com_prov: PROV } }));
    expect(viaApi.map((r) => [r.name, r.num])).toEqual(rows.map((r) => [r.name, r.num]));
    expect(await errorOf(api().starmarket.review_timing.$post({ json: {} }))).toMatchObject({ code: 'LOGIN_REQUIRED' });
  });
});

describe('bad input', () => {
  it('wrong types, negative pages and oversized pages are BAD_REQUEST naming the field', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/starmarket', { page: -1 }, 'page'],
      ['/api/starmarket', { per_page: 11 }, 'per_page'],
      ['/api/starmarket', { cat_id: 'abc' }, 'cat_id'],
      ['/api/starmarket/listed', { page: 'x' }, 'page'],
      ['/api/starmarket/detail', { id: 'abc' }, 'id'],
      ['/api/starmarket/detail', {}, 'id'],
      ['/api/starmarket/info_disclosure', { page: 0 }, 'page'],
      ['/api/starmarket/amount_top', { limit: -3 }, 'limit'],
    ];
    for (const [path, json, field] of cases) {
      const res = await call(path, { token: vip, json });
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', field });
      expect(res.body.msg).toMatch(new RegExp(`^${field}：`));
    }
    const malformed = await call('/api/starmarket/detail', { token: vip, body: '{', headers: { 'Content-Type': 'application/json' } });
    expect(malformed.status).toBe(400);
  });

  it('every call is in the OpenAPI document', async () => {
    const doc = (await call('/api/openapi.json')).body;
    for (const p of ['', '/home', '/home/com', '/home/listed', '/home/rule', '/applicants', '/listed', '/amount_top', '/valuation_top', '/invst_top', '/info_disclosure', '/com_disclosure', '/detail', '/state_list', '/type_list', '/filters', '/review_timing']) {
      expect(doc.paths[`/api/starmarket${p}`]?.post, p).toBeTruthy();
    }
    expect(doc.paths['/api/export/starmarket_company_down'].post).toBeTruthy();
  });
});
