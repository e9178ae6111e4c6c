import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { beijingDate } from '#shared/dates';
import { baseTaxonomy, makeNews, SECTOR } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { makeUser, type TestUser } from '../helpers';

let u: TestUser;
const thisYear = beijingDate().y;

beforeAll(async () => {
  u = await makeUser();
  await baseTaxonomy();
  await makeNews({ title: '北京电商2019', prov: '北京', catId: SECTOR.shop, date: 20190510, comName: '小鸣单车' });
  await makeNews({ title: '海外电商2020', prov: '海外', catId: SECTOR.shopSub, date: 20200101, comName: 'Overseas Inc' });
  await makeNews({ title: '上海金融2011', prov: '上海', catId: SECTOR.finance, date: 20110303, comName: '老牌网贷' });
  await makeNews({ title: '上海金融2008', prov: '上海', catId: SECTOR.finance, date: 20080808, comName: '更老网贷' });
  await makeNews({ title: '今年新闻', prov: '北京', catId: SECTOR.shop, date: thisYear * 10000 + 101, comName: '今年公司' });
  await makeNews({ title: '非死亡公司新闻', prov: '北京', date: 20190511, isClosure: 0 });
  for (let i = 0; i < 22; i++) await makeNews({ title: `批量${i}`, prov: '广东', date: 20150101 + i });
});

const titles = async (query: Record<string, string | number>) => {
  const data = await dataOf(api(u.token).closure.news_list.$get({ query }));
  return data.info.map((n) => n.title);
};

describe('GET /api/closure/news_list', () => {
  it('lists closed-company news only, newest first, 20 per page, with the row fields', async () => {
    const res = await dataOf(api(u.token).closure.news_list.$get());
    expect(res.page).toEqual({ total: 27, page: 1, per_page: 20 });
    expect(res.info[0]).toMatchObject({ title: '今年新闻', com_prov: '北京', cat_name: '测试电商', time: `${thisYear}-01-01`, source: '测试来源' });
    expect(res.info[0]).toHaveProperty('main_url');
    const p2 = await dataOf(api(u.token).closure.news_list.$get({ query: { page: 2 } }));
    expect(p2.info).toHaveLength(7);
    expect(p2.info.at(-1)?.title).toBe('上海金融2008');
  });

  it('filters by region, including 海外', async () => {
    expect(await titles({ com_prov: '海外' })).toEqual(['海外电商2020']);
    expect(await titles({ com_prov: '上海' })).toEqual(['上海金融2011', '上海金融2008']);
  });

  it('filters by industry name, covering its sub-sectors', async () => {
    expect(await titles({ cat_id: '测试电商', com_prov: '海外' })).toEqual(['海外电商2020']);
    expect(await titles({ cat_id: '测试金融' })).toEqual(['上海金融2011', '上海金融2008']);
    expect(await titles({ cat_id: '没有这个行业' })).toEqual([]);
  });

  it('filters by year, the current year, and 2012以前', async () => {
    expect(await titles({ year: '2019' })).toEqual(['北京电商2019']);
    expect(await titles({ year: String(thisYear) })).toEqual(['今年新闻']);
    expect(await titles({ year: '2012以前' })).toEqual(['上海金融2011', '上海金融2008']);
    for (const year of ['2011', String(thisYear + 1), 'abc']) {
      const res = await errorOf(api(u.token).closure.news_list.$get({ query: { year } }));
      expect(res.status, year).toBe(400);
      expect(res.field).toBe('year');
    }
  });

  it('searches the company name', async () => {
    expect(await titles({ keyword: '网贷' })).toEqual(['上海金融2011', '上海金融2008']);
    expect(await titles({ keyword: 'overseas' })).toEqual(['海外电商2020']);
    expect(await titles({ keyword: '单车', year: '2020' })).toEqual([]);
  });

  it('needs login', async () => {
    expect((await errorOf(api().closure.news_list.$get())).status).toBe(401);
  });

  it('the unfiltered total follows inserts, deletes and news moving in or out of the closed-company list', async () => {
    const total = async () => (await dataOf(api(u.token).closure.news_list.$get())).page.total;
    const before = await total();
    await makeNews({ title: '计数用', prov: '北京', date: 20180101 });
    expect(await total()).toBe(before + 1);
    await env.DB.prepare("UPDATE news SET is_closure = 0 WHERE title = '计数用'").run();
    expect(await total()).toBe(before);
    await env.DB.prepare("UPDATE news SET is_closure = 1 WHERE title = '非死亡公司新闻'").run();
    expect(await total()).toBe(before + 1);
    await env.DB.prepare("DELETE FROM news WHERE title IN ('计数用', '非死亡公司新闻')").run();
    expect(await total()).toBe(before);
    const counted = await env.DB.prepare('SELECT COUNT(*) AS n FROM news WHERE is_closure = 1').first<{ n: number }>();
    expect(await total()).toBe(counted!.n);
  });
});
