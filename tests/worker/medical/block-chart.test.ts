/**
 * The medical-health block (GET /api/medical/block) and the financing-trend chart
 * (GET /api/medical/chart) for each role.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dataOf, errorOf } from '../client';
import { roleTokens, type Role } from '../helpers';
import { baseRounds, companyStatements, makeAtlas, makeCompany, makeEvent, makeFirm } from './fixtures';
import { env } from 'cloudflare:test';

let tokens: Record<Role, string | undefined>;
const w = { field: 0, t1: 0, t2: 0, foreign: 0, c1: 0, c2: 0, c3: 0, bulk: [] as number[], firm: { id: 0, name: '' }, firm2: { id: 0, name: '' } };
const thisYear = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();

beforeAll(async () => {
  tokens = await roleTokens();
  await baseRounds();
  const atlas = await makeAtlas(2);
  w.field = atlas.field;
  [w.t1, w.t2] = atlas.tags;
  w.foreign = (await makeAtlas(1)).tags[0];
  w.firm = await makeFirm();
  w.firm2 = await makeFirm();
  w.c1 = await makeCompany({ name: '测试甲医疗', totalMoney: 50000, tags: [w.field, w.t1], born: [2016, 3], lastInvse: 20230502 });
  w.c2 = await makeCompany({ name: '测试乙医疗', totalMoney: 3000, tags: [w.field, w.t2], born: [2021, 1], lastInvse: 20190701 });
  w.c3 = await makeCompany({ name: '测试丙医疗', totalMoney: 1000, born: [2019, 5], lastInvse: 20240101 });
  // 110 more healthcare companies (less money) so the TOP100 and the pages have an end.
  const bulk = Array.from({ length: 110 }, (_, i) => companyStatements({ totalMoney: 100 + i, born: [2010, 1], lastInvse: 20100101 }));
  await env.DB.batch(bulk.flatMap((b) => b.stmts));
  w.bulk = bulk.map((b) => b.id);
  await makeEvent({ comId: w.c1, date: 20190301, money: 10000, roundId: 2, investors: [w.firm, w.firm2] });
  await makeEvent({ comId: w.c1, date: 20230502, money: 40000, roundId: 3, investors: [w.firm] });
  await makeEvent({ comId: w.c2, date: 20190701, money: 3000, roundId: 1, investors: [w.firm2] });
  await makeEvent({ comId: w.c3, date: 20200101, money: 1000, roundId: 2, investors: [w.firm] });
  await makeEvent({ comId: w.c3, date: 20190505, money: 7777, roundId: 2, scope: '' });
});

describe('GET /api/medical/block', () => {
  it('answers each asked type with data and page; companies by total funding with their specific tags', async () => {
    const d = await dataOf(api().medical.block.$get({ query: { type: 'company,invst,invse_money_rank' } }));
    expect(d.company!.page).toEqual({ total: 113, page: 1, per_page: 10 });
    expect(d.company!.data.slice(0, 3).map((c) => c.id)).toEqual([w.c1, w.c2, w.c3]);
    expect(d.company!.data[0]).toMatchObject({ name: '测试甲医疗', total_money: 50000, born: '2016-03', medical_tag: [{ tag_id: w.t1, id: w.t1 }] });
    expect(d.invst!.data.map((f) => [f.id, f.medical_invse_num])).toEqual([
      [w.firm.id, 3],
      [w.firm2.id, 2],
    ]);
    expect(d.invst!.page.total).toBe(2);
    expect(d.invse_money_rank!.page.total).toBe(100);
    expect(d.invse_money_rank!.data.slice(0, 3).map((c) => [c.id, c.rank])).toEqual([
      [w.c1, 1],
      [w.c2, 2],
      [w.c3, 3],
    ]);
  });

  it('sorts by founding time or latest funding for a user; a visitor must log in to sort or load more', async () => {
    expect(await errorOf(api().medical.block.$get({ query: { type: 'company', order: 2 } }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect(await errorOf(api().medical.block.$get({ query: { type: 'company', page: 2 } }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    const born = await dataOf(api(tokens.user).medical.block.$get({ query: { type: 'company', order: 2 } }));
    expect(born.company!.data.slice(0, 3).map((c) => c.id)).toEqual([w.c2, w.c3, w.c1]);
    const latest = await dataOf(api(tokens.user).medical.block.$get({ query: { type: 'company', order: 3 } }));
    expect(latest.company!.data.slice(0, 3).map((c) => c.id)).toEqual([w.c3, w.c1, w.c2]);
  });

  it('load-more pages: the next page of one type, the TOP100 ends at 100, past the end is empty', async () => {
    const p12 = await dataOf(api(tokens.user).medical.block.$get({ query: { type: 'company', page: 12 } }));
    expect(p12.company!.data).toHaveLength(3);
    expect(p12.invst).toBeUndefined();
    const r10 = await dataOf(api(tokens.user).medical.block.$get({ query: { type: 'invse_money_rank', page: 10 } }));
    expect(r10.invse_money_rank!.data.map((c) => c.rank)).toEqual([91, 92, 93, 94, 95, 96, 97, 98, 99, 100]);
    const r11 = await dataOf(api(tokens.user).medical.block.$get({ query: { type: 'invse_money_rank', page: 11 } }));
    expect(r11.invse_money_rank!.data).toEqual([]);
    const f2 = await dataOf(api(tokens.user).medical.block.$get({ query: { type: 'invst', page: 2 } }));
    expect(f2.invst).toEqual({ data: [], page: { total: 2, page: 2, per_page: 10 } });
  });

  it('a tag’s lists are for VIP members and cover only the tag’s companies', async () => {
    expect(await errorOf(api().medical.block.$get({ query: { type: 'company', tag_id: w.t1 } }))).toMatchObject({ code: 'LOGIN_REQUIRED' });
    expect(await errorOf(api(tokens.user).medical.block.$get({ query: { type: 'company', tag_id: w.t1 } }))).toMatchObject({ status: 403, code: 'VIP_REQUIRED' });
    const d = await dataOf(api(tokens.vip).medical.block.$get({ query: { type: 'invst,company', tag_id: w.field } }));
    expect(d.company!.data.map((c) => c.id)).toEqual([w.c1, w.c2]);
    expect(d.company!.page.total).toBe(2);
    expect(d.invst!.data.map((f) => [f.id, f.medical_invse_num])).toEqual([
      [w.firm.id, 2],
      [w.firm2.id, 2],
    ]);
    expect(await errorOf(api(tokens.vip).medical.block.$get({ query: { type: 'company', tag_id: 999999 } }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refuses bad input naming the field', async () => {
    const noType = await errorOf(api(tokens.user).medical.block.$get({ query: {} }));
    expect(noType).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(noType.msg).toContain('列表类型 type');
    expect((await errorOf(api(tokens.user).medical.block.$get({ query: { type: 'company,people' } }))).msg).toContain('列表类型 type只能是');
    expect((await errorOf(api(tokens.user).medical.block.$get({ query: { type: 'company', order: 4 } }))).msg).toContain('排序方式 order');
  });
});

describe('GET /api/medical/chart', () => {
  it('gives everyone the yearly trend from 2010 to this year, healthcare events only', async () => {
    const d = await dataOf(api().medical.chart.$get());
    expect(Object.keys(d)).toEqual(Array.from({ length: thisYear - 2009 }, (_, i) => String(2010 + i)));
    expect(d['2019']).toEqual({ num: 2, money: 13000 });
    expect(d['2020']).toEqual({ num: 1, money: 1000 });
    expect(d['2023']).toEqual({ num: 1, money: 40000 });
    expect(d['2015']).toEqual({ num: 0, money: 0 });
  });

  it('counts the placeholders as not chosen; a visitor choosing anything must log in', async () => {
    const d = await dataOf(api().medical.chart.$get({ query: { year: '请选择时间', round: '请选择轮次', field: '请选择子领域' } }));
    expect(d['2019']).toEqual({ num: 2, money: 13000 });
    for (const query of [{ year: 2019 }, { round: 2 }, { field: w.t1 }]) {
      expect(await errorOf(api().medical.chart.$get({ query }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    }
  });

  it('by month for a chosen year, of one round, of one sub-field', async () => {
    const y = await dataOf(api(tokens.user).medical.chart.$get({ query: { year: 2019 } }));
    expect(Object.keys(y)).toHaveLength(12);
    expect(y['2019-03']).toEqual({ num: 1, money: 10000 });
    expect(y['2019-07']).toEqual({ num: 1, money: 3000 });
    expect(y['2019-05']).toEqual({ num: 0, money: 0 });
    const angel = await dataOf(api(tokens.user).medical.chart.$get({ query: { round: 1 } }));
    expect(angel['2019']).toEqual({ num: 1, money: 3000 });
    const field = await dataOf(api(tokens.user).medical.chart.$get({ query: { field: w.t1 } }));
    expect(field['2019']).toEqual({ num: 1, money: 10000 });
    expect(field['2023']).toEqual({ num: 1, money: 40000 });
  });

  it('on a tag page (VIP) the sub-field must lie within the tag', async () => {
    expect(await errorOf(api(tokens.user).medical.chart.$get({ query: { tag_id: w.field } }))).toMatchObject({ status: 403, code: 'VIP_REQUIRED' });
    const tag = await dataOf(api(tokens.vip).medical.chart.$get({ query: { tag_id: w.field } }));
    expect(tag['2019']).toEqual({ num: 2, money: 13000 });
    const sub = await dataOf(api(tokens.vip).medical.chart.$get({ query: { tag_id: w.field, field: w.t2 } }));
    expect(sub['2019']).toEqual({ num: 1, money: 3000 });
    const outside = await errorOf(api(tokens.vip).medical.chart.$get({ query: { tag_id: w.field, field: w.foreign } }));
    expect(outside).toMatchObject({ status: 400, code: 'BAD_REQUEST', field: 'field' });
    expect(outside.msg).toContain('子领域 field');
  });

  it('refuses years outside 2010..this year, naming the field', async () => {
    const early = await errorOf(api(tokens.user).medical.chart.$get({ query: { year: 2009 } }));
    expect(early).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(early.msg).toContain('时间 year最小为2010');
    expect((await errorOf(api(tokens.user).medical.chart.$get({ query: { year: thisYear + 1 } }))).msg).toContain('时间 year');
    expect((await errorOf(api(tokens.user).medical.chart.$get({ query: { round: 'x' } }))).msg).toContain('轮次 round');
    expect(await errorOf(api(tokens.user).medical.chart.$get({ query: { field: 999999 } }))).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
