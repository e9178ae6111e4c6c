import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, count, makeClosure, makeReasons, makeTrack, SECTOR } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { roleTokens, type Role } from '../helpers';

let tokens: Record<Role, string | undefined>;
let reasons: { parent: number; children: number[] };
/** 35 companies in 测试省 closing on consecutive days of 2019: four pages of 10. */
const provIds: number[] = [];
let detailed: number;

beforeAll(async () => {
  tokens = await roleTokens();
  await baseTaxonomy();
  reasons = await makeReasons(2);
  const track = await makeTrack();
  for (let i = 0; i < 35; i++) {
    provIds.push(await makeClosure({ prov: '测试省', close: 20190101 + i, born: 20100101 + i * 10000 }));
  }
  detailed = await makeClosure({
    name: '小鸣共享单车',
    prov: '测试市',
    catId: SECTOR.finance,
    seCatId: SECTOR.financeSub,
    fundStatusId: 2,
    born: 20150310,
    close: 20180305,
    reasons: [{ id: reasons.children[0], pId: reasons.parent }],
    tracks: [track],
    tags: [{ id: 1, name: '共享经济' }],
    team: ['张三', '李四'],
    investors: [{ id: 77, name: '测试资本' }],
  });
  await makeClosure({ name: 'ofo小黄车', prov: '测试市', close: 20181201 });
  await makeClosure({ name: '共享充电宝甲', prov: '测试市', close: 20170101 });
});

describe('GET /api/closure: the closed-company list', () => {
  it('gives a visitor page 1 with 10 rows, the total of all closed companies, edge-cacheable', async () => {
    const res = await api().closure.$get();
    const { info, page } = await dataOf(res);
    expect(info).toHaveLength(10);
    expect(page).toEqual({ total: await count('SELECT COUNT(*) AS n FROM closures'), page: 1, per_page: 10 });
    // Latest closing first.
    const dates = info.map((r) => r.com_change_close_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The same for every visitor: public for the edge cache (lib/cache.ts; tests/worker/starmarket/edge.test.ts).
    expect(res.headers.get('Cache-Control')).toMatch(/^public, .*s-maxage=\d+/);
  });

  it('refuses a visitor any other page, filter or sort with LOGIN_REQUIRED (a company name alone is a shared link: shared-link.test.ts)', async () => {
    for (const query of [{ page: 2 }, { com_prov: '测试省' }, { cat_id: SECTOR.shop }, { fund_status: 1 }, { sort: 2 }, { keyword: '共享', page: 2 }]) {
      const err = await errorOf(api().closure.$get({ query }));
      expect(err.status, JSON.stringify(query)).toBe(401);
      expect(err.code).toBe('LOGIN_REQUIRED');
    }
    // The defaults spelled out are still the defaults.
    await dataOf(api().closure.$get({ query: { page: 1, sort: 1, com_prov: '' } }));
  });

  it('stops a logged-in non-VIP at page 3 with VIP_REQUIRED; VIP and SVIP go on', async () => {
    const q = { com_prov: '测试省' };
    await dataOf(api(tokens.user).closure.$get({ query: { ...q, page: 3 } }));
    const refused = await errorOf(api(tokens.user).closure.$get({ query: { ...q, page: 4 } }));
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('VIP_REQUIRED');
    expect(refused.msg).toBe('非VIP会员最多查看前3页，请开通会员');
    for (const role of ['vip', 'svip'] as const) {
      const data = await dataOf(api(tokens[role]).closure.$get({ query: { ...q, page: 4 } }));
      expect(data.info).toHaveLength(5);
      expect(data.page).toEqual({ total: 35, page: 4, per_page: 10 });
    }
  });

  it('filters by province, sector and round, and sorts by closing date, founding date and survival', async () => {
    const list = api(tokens.user).closure;
    const byClose = await dataOf(list.$get({ query: { com_prov: '测试省' } }));
    expect(byClose.info.map((r) => r.com_id)).toEqual([...provIds].reverse().slice(0, 10));
    const byBorn = await dataOf(list.$get({ query: { com_prov: '测试省', sort: 2 } }));
    expect(byBorn.info[0].com_id).toBe(provIds[34]);
    // Born 2010 + i years, closed 2019: the earliest-born lived longest.
    const bySurvival = await dataOf(list.$get({ query: { com_prov: '测试省', sort: 3 } }));
    expect(bySurvival.info[0].com_id).toBe(provIds[0]);

    const finance = await dataOf(list.$get({ query: { cat_id: SECTOR.finance } }));
    expect(finance.info.map((r) => r.com_id)).toEqual([detailed]);
    const both = await dataOf(list.$get({ query: { cat_id: SECTOR.finance, fund_status: 2, com_prov: '测试市' } }));
    expect(both.page.total).toBe(1);
    const none = await dataOf(list.$get({ query: { cat_id: SECTOR.finance, fund_status: 3 } }));
    expect(none).toEqual({ info: [], page: { total: 0, page: 1, per_page: 10 } });
  });

  it('finds companies by any part of the name, with short and long keywords', async () => {
    const names = async (keyword: string) =>
      (await dataOf(api(tokens.user).closure.$get({ query: { keyword } }))).info.map((r) => r.com_name).sort();
    expect(await names('共享')).toEqual(['共享充电宝甲', '小鸣共享单车']);
    expect(await names('共享单车')).toEqual(['小鸣共享单车']);
    expect(await names('OFO小')).toEqual(['ofo小黄车']);
    expect(await names('黄')).toEqual(['ofo小黄车']);
    expect(await names('OF')).toEqual(['ofo小黄车']);
    expect(await names('o小')).toEqual(['ofo小黄车']);
    expect(await names('车甲')).toEqual([]);
    expect(await names('%')).toEqual([]);
    const withTotal = await dataOf(api(tokens.user).closure.$get({ query: { keyword: '共享充电', com_prov: '测试市' } }));
    expect(withTotal.page.total).toBe(1);
  });

  it('returns the spec row: dates, names, survival, reasons, team, tags and investors', async () => {
    const row = (await dataOf(api(tokens.user).closure.$get({ query: { keyword: '小鸣共享' } }))).info[0];
    expect(row).toMatchObject({
      com_id: detailed,
      com_name: '小鸣共享单车',
      logo: `https://logo.example/${detailed}.png`,
      com_change_close_date: '2018-03-05',
      born: '2015-03',
      cat_name: '测试金融',
      se_cat_name: '测试网贷',
      com_prov: '测试市',
      com_fund_status_name: 'A轮',
      // 2015-03-10 to 2018-03-05: the 36th month is not complete.
      survival: { years: 2, months: 11 },
      incense_total: 0,
      closure_type: [{ id: reasons.children[0], p_id: reasons.parent, name: `测试子原因${reasons.children[0]}` }],
      com_tag: [{ tag_id: 1, tag_name: '共享经济' }],
      com_invst: [{ invst_id: 77, invst_name: '测试资本' }],
    });
    expect(row.com_team.map((t) => t.name)).toEqual(['张三', '李四']);
    expect(row.com_des).toContain('简介');
  });

  it('rejects malformed parameters with BAD_REQUEST naming the field', async () => {
    const res = await errorOf(api(tokens.user).closure.$get({ query: { sort: 4 } }));
    expect(res.status).toBe(400);
    expect(res.field).toBe('sort');
    expect((await errorOf(api(tokens.user).closure.$get({ query: { page: 0 } }))).field).toBe('page');
  });
});

describe('derived counts', () => {
  it('year_number equals GROUP BY of the closing year over the rows, and is edge-cacheable', async () => {
    const res = await api().closure.year_number.$get();
    const years = await dataOf(res);
    const grouped = await env.DB.prepare('SELECT close_date / 10000 AS y, COUNT(*) AS n FROM closures GROUP BY y').all<{ y: number; n: number }>();
    expect(years).toEqual(Object.fromEntries(grouped.results.map((r) => [String(r.y), r.n])));
    expect(years['2019']).toBeGreaterThanOrEqual(35);
    expect(res.headers.get('Cache-Control')).toBe('public, s-maxage=60');
  });

  it('keeps the counts in step when companies are inserted, moved and deleted', async () => {
    const id = await makeClosure({ prov: '计数省', close: 20130505 });
    const total = async () => (await dataOf(api(tokens.user).closure.$get({ query: { com_prov: '计数省' } }))).page.total;
    expect(await total()).toBe(1);
    await env.DB.prepare("UPDATE closures SET com_prov = '计数省乙', close_date = 20140101 WHERE com_id = ?").bind(id).run();
    expect(await total()).toBe(0);
    expect((await dataOf(api().closure.year_number.$get()))['2013'] ?? 0).toBe(await count('SELECT COUNT(*) AS n FROM closures WHERE close_date / 10000 = 2013'));
    await env.DB.prepare('DELETE FROM closures WHERE com_id = ?').bind(id).run();
    const all = await dataOf(api().closure.$get());
    expect(all.page.total).toBe(await count('SELECT COUNT(*) AS n FROM closures'));
    // The name indexes follow the row: the deleted company is no longer found.
    const res = await dataOf(api(tokens.user).closure.$get({ query: { keyword: `测试公司${id}` } }));
    expect(res.info).toEqual([]);
  });

  it('finds a renamed company by its new name only, with short and long keywords', async () => {
    const id = await makeClosure({ name: '旧名字甲' });
    await env.DB.prepare("UPDATE closures SET com_name = '新称呼乙' WHERE com_id = ?").bind(id).run();
    const ids = async (keyword: string) =>
      (await dataOf(api(tokens.user).closure.$get({ query: { keyword } }))).info.map((r) => r.com_id);
    expect(await ids('旧名')).toEqual([]);
    expect(await ids('旧名字')).toEqual([]);
    expect(await ids('称呼')).toEqual([id]);
    expect(await ids('新称呼乙')).toEqual([id]);
  });

  it('survival_months is computed by the database from the dates and cannot be written', async () => {
    const id = await makeClosure({ born: 20200115, close: 20210114 });
    const row = await env.DB.prepare('SELECT survival_months AS m, close_year AS y FROM closures WHERE com_id = ?').bind(id).first<{ m: number; y: number }>();
    expect(row).toEqual({ m: 11, y: 2021 });
    await expect(env.DB.prepare('UPDATE closures SET survival_months = 99 WHERE com_id = ?').bind(id).run()).rejects.toThrow();
  });
});

describe('GET /api/closure/filters', () => {
  it('lists the provinces with closed companies, sectors with sub-sectors, rounds, sorts and news options', async () => {
    const d = await dataOf(api().closure.filters.$get());
    expect(d.provinces).toEqual((await env.DB.prepare('SELECT DISTINCT com_prov AS p FROM closures ORDER BY p').all<{ p: string }>()).results.map((r) => r.p));
    expect(d.sectors).toContainEqual({ id: SECTOR.shop, name: '测试电商', children: [{ id: SECTOR.shopSub, name: '测试社区电商' }] });
    expect(d.fund_statuses).toContainEqual({ id: 2, name: 'A轮' });
    expect(d.sorts).toEqual([
      { id: 1, name: '按关闭时间' },
      { id: 2, name: '按成立时间' },
      { id: 3, name: '按存活时间' },
    ]);
    expect(d.news_regions.at(-1)).toBe('海外');
    expect(d.news_years.at(-1)).toBe('2012以前');
    expect(d.news_years.at(-2)).toBe('2012');
  });
});
