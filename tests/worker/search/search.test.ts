/**
 * GET /api/search: companies, firms and people by Chinese name, full pinyin or initials, grouped by
 * kind; polyphonic characters read in context (银行 háng, 重庆 chóng) as pinyin-pro reads them.
 * The rows are written through the worker's own write path (searchNameRow), as the seed writes them.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchText } from '../../../worker/src/search/keys';
import { api, dataOf, errorOf } from '../client';
import { makeUser } from '../helpers';
import { makeCompany, makeFirm, makePerson, taxonomy } from '../entity/fixtures';

const ids = {} as Record<'meituan' | 'youxuan' | 'bank' | 'chongqing' | 'person' | 'zhongliang', number>;

beforeAll(async () => {
  await taxonomy();
  ids.meituan = await makeCompany('美团');
  ids.youxuan = await makeCompany('美团优选');
  ids.chongqing = await makeCompany('重庆小面');
  ids.zhongliang = await makeCompany('重量级健身');
  ids.bank = await makeFirm('招商银行');
  ids.person = await makePerson('王兴');
  for (let i = 0; i < 30; i++) await makeCompany(`美好生活${i}号`);
});

const search = (q: string) => dataOf(api().search.$get({ query: { q } }));

describe('search', () => {
  it("finds 美团 by its Chinese name, its full pinyin and its initials, first among the matches", async () => {
    for (const q of ['美团', 'meituan', 'mt', 'MeiTuan', 'mei tuan', 'meit']) {
      const r = await search(q);
      expect(r.company[0], q).toMatchObject({ id: ids.meituan, name: '美团', prov: '北京', cat_name: '测试医疗', closed: '' });
      expect(r.company.map((c) => c.id), q).toContain(ids.youxuan);
    }
  });

  it('finds a name from inside it, in characters or pinyin', async () => {
    expect((await search('优选')).company.map((c) => c.id)).toEqual([ids.youxuan]);
    expect((await search('youxuan')).company.map((c) => c.id)).toEqual([ids.youxuan]);
  });

  it('reads polyphonic characters in context: 银行 as yin hang, 重庆 as chong qing, 重量 as zhong liang', async () => {
    expect(searchText('招商银行').pinyin).toBe('zhao shang yin hang');
    expect(searchText('重庆小面').pinyin).toBe('chong qing xiao mian');
    expect(searchText('重量级健身').pinyin).toBe('zhong liang ji jian shen');
    expect((await search('zhaoshangyinhang')).investfirm.map((f) => f.id)).toEqual([ids.bank]);
    expect((await search('yinhang')).investfirm.map((f) => f.id)).toEqual([ids.bank]);
    expect((await search('zsyh')).investfirm.map((f) => f.id)).toEqual([ids.bank]);
    expect((await search('yinxing')).investfirm).toEqual([]);
    expect((await search('chongqing')).company.map((c) => c.id)).toEqual([ids.chongqing]);
    expect((await search('cqxm')).company.map((c) => c.id)).toEqual([ids.chongqing]);
    expect((await search('zhongqing')).company).toEqual([]);
    expect((await search('zhongliang')).company.map((c) => c.id)).toEqual([ids.zhongliang]);
  });

  it('groups results by kind and finds people', async () => {
    const r = await search('wangxing');
    expect(r.person).toEqual([{ id: ids.person, name: '王兴', title: '' }]);
    expect(r.company).toEqual([]);
    expect(r.investfirm).toEqual([]);
    expect((await search('王兴')).person.map((p) => p.id)).toEqual([ids.person]);
  });

  it('returns at most 5 per kind, names that start with the keyword first', async () => {
    const r = await search('mei');
    expect(r.company).toHaveLength(5);
    expect(r.company[0].id).toBe(ids.meituan);
  });

  it('refuses an empty keyword, finds nothing for punctuation, and forgets a deleted company', async () => {
    expect(await errorOf(api().search.$get({ query: { q: '  ' } }))).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg: 'q：请输入搜索关键词' });
    expect(await errorOf(api().search.$get({ query: { q: 'x'.repeat(31) } }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await search('"*:^')).toEqual({ company: [], investfirm: [], person: [] });
    await env.DB.prepare('DELETE FROM companies WHERE id = ?').bind(ids.chongqing).run();
    // Every caller's answer may come from the edge cache for up to a minute (s-maxage=60; the same
    // for everyone, lib/cache.ts); past it, the index has already forgotten the company.
    await (caches as unknown as { default: Cache }).default.delete('http://localhost/api/search?q=chongqing');
    const { token } = await makeUser();
    expect((await dataOf(api(token).search.$get({ query: { q: 'chongqing' } }))).company).toEqual([]);
  });
});
