import { beforeAll, describe, expect, it } from 'vitest';
import { api, dataOf, errorOf } from '../client';
import { baseTaxonomy, makeClosure, SECTOR } from './fixtures';

/** Spec §2: a link that arrives with a company name (/deathCompany?company=…) shows a visitor that company's row. */
beforeAll(async () => {
  await baseTaxonomy();
  for (let i = 0; i < 12; i++) await makeClosure({ prov: '分享省', close: 20200101 + i });
  await makeClosure({ name: '分享链接单车', prov: '分享省', close: 20190101 });
});

describe('a visitor opening a shared company link', () => {
  it('sees that company on page 1 with no login', async () => {
    const data = await dataOf(api().closure.$get({ query: { keyword: '分享链接单车' } }));
    expect(data.info.map((r) => r.com_name)).toEqual(['分享链接单车']);
    expect(data.page).toEqual({ total: 1, page: 1, per_page: 10 });
  });

  it('gets nothing more: the name with another filter, sort or page still needs login', async () => {
    for (const query of [
      { keyword: '分享', page: '2' },
      { keyword: '分享', sort: '2' },
      { keyword: '分享', com_prov: '分享省' },
      { keyword: '分享', cat_id: String(SECTOR.shop) },
    ]) {
      const err = await errorOf(api().closure.$get({ query }));
      expect([err.status, err.code], JSON.stringify(query)).toEqual([401, 'LOGIN_REQUIRED']);
    }
  });
});
