/**
 * The healthcare calls (GET /api/medical, /medical/detail, /medical/data, /medical/vip, provinces,
 * rounds, scope) for each role: what a visitor, a user and a VIP get, and what each is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dataOf, errorOf } from '../client';
import { roleTokens, type Role } from '../helpers';
import { baseRounds, makeAtlas, makeBrokerReport, makeCompany, makeEvent, makeFirm, makeIpo, makeNews, makePolicy } from './fixtures';

let tokens: Record<Role, string | undefined>;
const w = {
  field: 0,
  t1: 0,
  t2: 0,
  other: 0,
  c1: 0,
  c2: 0,
  c3: 0,
  firm: { id: 0, name: '' },
  fa: { id: 0, name: '' },
  firstNews: 0,
};

beforeAll(async () => {
  tokens = await roleTokens();
  await baseRounds();
  const atlas = await makeAtlas(2);
  w.field = atlas.field;
  [w.t1, w.t2] = atlas.tags;
  w.other = (await makeAtlas(1)).tags[0];
  w.firm = await makeFirm();
  w.fa = await makeFirm({ fa: true });
  w.c1 = await makeCompany({ name: '测试独角兽医疗', totalMoney: 50000, valuation: 800000, tags: [w.field, w.t1], born: [2016, 3], lastInvse: 20230502 });
  w.c2 = await makeCompany({ name: '测试千里马医疗', totalMoney: 3000, valuation: 100000, tags: [w.field, w.t2], prov: '上海', born: [2020, 1], lastInvse: 20190701 });
  w.c3 = await makeCompany({ totalMoney: 1000, born: [2019, 5], lastInvse: 20200101 });
  await makeCompany({ prov: '海外', tags: [] });
  const c4 = await makeCompany({ medical: false, totalMoney: 99999 });
  await makeEvent({ comId: w.c1, date: 20190301, money: 10000, roundId: 2, investors: [w.firm, w.fa] });
  await makeEvent({ comId: w.c1, date: 20230502, money: 40000, roundId: 3, investors: [w.firm] });
  await makeEvent({ comId: w.c2, date: 20190701, money: 3000, roundId: 1 });
  await makeEvent({ comId: w.c3, date: 20200101, money: 1000, roundId: 2, investors: [w.firm] });
  await makeEvent({ comId: c4, date: 20190505, money: 99999, roundId: 2, scope: '' });
  for (let i = 0; i < 12; i++) await makeNews({ date: 20240101 + i });
  w.firstNews = await makeNews({ comId: w.c1, comName: '测试独角兽医疗', date: 20200101 });
  await makeNews({ date: 20250101, scope: '' });
  for (let i = 0; i < 3; i++) await makePolicy({ date: 20240101 + i });
  await makePolicy({ date: 20250101, scope: '' });
  await makeBrokerReport(20240101);
  await makeBrokerReport(20240201);
  await makeIpo({ comId: w.c1, platform: 3, money: 30000, valuation: '-' });
  await makeIpo({ comId: w.c2, platform: 1, money: 20000, valuation: '12.5亿人民币' });
  // Imported valuations keep their source's form: a trailing '.0', a bare figure in 万.
  await makeIpo({ comId: w.c3, platform: 2, money: 10000, valuation: '633.0亿人民币' });
  await makeIpo({ comId: w.c3, platform: 2, money: 5000, valuation: '1250000' });
});

describe('GET /api/medical (information)', () => {
  it('gives a visitor the area overview and the default event tab, newest first with round and investors', async () => {
    const d = await dataOf(api().medical.$get());
    expect(d.basic).toMatchObject({ name: '医疗健康', com_num: 4, invse_num: 4, total_money: 54000 });
    expect(d.policy).toBeUndefined();
    const events = d.event!.data;
    expect(d.event!.page).toEqual({ total: 4, page: 1, per_page: 10 });
    expect(events.map((e) => e.time)).toEqual([20230502, 20200101, 20190701, 20190301]);
    expect(events[0]).toMatchObject({ com_id: w.c1, com_name: '测试独角兽医疗', round: 'B轮', money: 40000 });
    expect(events[3].invst.map((i) => i.name)).toEqual([w.firm.name, w.fa.name]);
  });

  it('asks a visitor to log in for another tab or page 2; a user gets them', async () => {
    for (const query of [{ type: 'policy' }, { type: 'event,news' }, { type: 'event', page: 2 }]) {
      const e = await errorOf(api().medical.$get({ query }));
      expect(e).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
      expect(e.msg).toContain('登录');
    }
    const d = await dataOf(api(tokens.user).medical.$get({ query: { type: 'policy,news', page: 2 } }));
    expect(d.news!.page.total).toBe(13);
    expect(d.news!.data).toHaveLength(3);
    expect(d.news!.data.at(-1)).toMatchObject({ id: w.firstNews, year: 2020, month: 1, day: 1, com_name: '测试独角兽医疗' });
    expect(d.policy).toEqual({ data: [], page: { total: 3, page: 2, per_page: 10 } });
    const p1 = await dataOf(api(tokens.user).medical.$get({ query: { type: 'policy' } }));
    expect(p1.policy!.data.map((p) => p.put_time)).toEqual([20240103, 20240102, 20240101]);
  });

  it('keeps a tag page (tag_id) for VIP members and answers it with the tag’s own rows', async () => {
    expect(await errorOf(api().medical.$get({ query: { tag_id: w.t1 } }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    const denied = await errorOf(api(tokens.user).medical.$get({ query: { tag_id: w.t1 } }));
    expect(denied).toMatchObject({ status: 403, code: 'VIP_REQUIRED' });
    expect(denied.msg).toContain('医疗健康标签页');
    const d = await dataOf(api(tokens.vip).medical.$get({ query: { tag_id: w.t1, type: 'basic,news,event,policy' } }));
    expect(d.basic).toMatchObject({ id: w.t1, p_id: w.field, com_num: 1, invse_num: 2, total_money: 50000 });
    expect(d.basic!.desc).toContain('简介');
    expect(d.event!.data.map((e) => e.com_id)).toEqual([w.c1, w.c1]);
    expect(d.news!.data.map((n) => n.id)).toEqual([w.firstNews]);
    expect(d.policy!.page.total).toBe(3);
    const field = await dataOf(api(tokens.vip).medical.detail.$get({ query: { tag_id: w.field } }));
    expect(field.basic).toMatchObject({ com_num: 2, invse_num: 3, total_money: 53000 });
  });

  it('medical/detail: VIP only, tag_id required, unknown tag NOT_FOUND', async () => {
    expect(await errorOf(api(tokens.user).medical.detail.$get({ query: { tag_id: w.t1 } }))).toMatchObject({ code: 'VIP_REQUIRED' });
    const missing = await errorOf(api(tokens.vip).medical.detail.$get({ query: {} as { tag_id: string } }));
    expect(missing).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(missing.msg).toContain('tag_id');
    const unknown = await errorOf(api(tokens.vip).medical.detail.$get({ query: { tag_id: 999999 } }));
    expect(unknown).toMatchObject({ status: 404, code: 'NOT_FOUND', msg: '该医疗健康标签不存在' });
    expect(await errorOf(api(tokens.vip).medical.$get({ query: { tag_id: 999999 } }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('names the bad field in Chinese', async () => {
    const t = await errorOf(api(tokens.vip).medical.$get({ query: { type: 'basic,foo' } }));
    expect(t).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(t.msg).toMatch(/^type：类型 type只能是 basic、policy、news、event/);
    expect((await errorOf(api(tokens.vip).medical.$get({ query: { page: 0 } }))).msg).toContain('页码');
    expect((await errorOf(api(tokens.vip).medical.$get({ query: { tag_id: 'abc' } }))).msg).toContain('标签 tag_id');
  });
});

describe('GET /api/medical/data (typed health data)', () => {
  it('gives a visitor the unicorn tab, the event tab and broker reports on page 1', async () => {
    const u = await dataOf(api().medical.data.$get({ query: { type: 'unicorn' } }));
    expect(u.type).toBe('unicorn');
    if (u.type !== 'unicorn') throw new Error('narrowing');
    expect(u.data).toHaveLength(1);
    expect(u.data[0]).toMatchObject({ id: w.c1, valuation: 800000, event: { time: 20230502, round: 'B轮', money: 40000 } });
    const r = await dataOf(api().medical.data.$get({ query: { type: 'broker_report' } }));
    if (r.type !== 'broker_report') throw new Error('narrowing');
    expect(r.data.map((x) => x.time)).toEqual([20240201, 20240101]);
    expect(r.data[0].name).toBe('测试证券');
  });

  it('asks a visitor to log in for other tabs and later pages', async () => {
    for (const type of ['horse', 'ipo_rank', 'fa_rand', 'policy', 'news']) {
      expect(await errorOf(api().medical.data.$get({ query: { type } }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    }
    expect(await errorOf(api().medical.data.$get({ query: { type: 'unicorn', page: 2 } }))).toMatchObject({ code: 'LOGIN_REQUIRED' });
  });

  it('lists 千里马, IPOs (platform names, undisclosed valuation, figures without trailing zeros) and FA TOP20 for a user', async () => {
    const h = await dataOf(api(tokens.user).medical.data.$get({ query: { type: 'horse' } }));
    if (h.type !== 'horse') throw new Error('narrowing');
    expect(h.data.map((x) => x.id)).toEqual([w.c2]);
    expect(h.data[0].event).toMatchObject({ round: '天使轮', money: 3000 });
    const ipo = await dataOf(api(tokens.user).medical.data.$get({ query: { type: 'ipo_rank' } }));
    if (ipo.type !== 'ipo_rank') throw new Error('narrowing');
    expect(ipo.data.map((x) => [x.com_id, x.ipo_platform, x.ipo_platform_name, x.valuation_text])).toEqual([
      [w.c1, 3, '港交所', '未透露'],
      [w.c2, 1, '上交所', '12.5亿人民币'],
      [w.c3, 2, '深交所', '633亿人民币'],
      [w.c3, 2, '深交所', '125亿人民币'],
    ]);
    const fa = await dataOf(api(tokens.user).medical.data.$get({ query: { type: 'fa_rand' } }));
    if (fa.type !== 'fa_rand') throw new Error('narrowing');
    expect(fa.data[0]).toMatchObject({ id: w.fa.id, fa_total: 1, medical_fa_total: 1 });
    expect(fa.page.per_page).toBe(20);
  });

  it('refuses an unknown type, naming the field', async () => {
    const e = await errorOf(api(tokens.user).medical.data.$get({ query: { type: 'stock' } }));
    expect(e).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(e.msg).toMatch(/^type：类型 type只能是 policy、news/);
  });
});

describe('options', () => {
  it('VIP check: login required, isVip per role', async () => {
    expect(await errorOf(api().medical.vip.$get())).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    expect(await dataOf(api(tokens.user).medical.vip.$get())).toEqual({ isVip: false });
    expect(await dataOf(api(tokens.vip).medical.vip.$get())).toEqual({ isVip: true });
    expect(await dataOf(api(tokens.svip).medical.vip.$get())).toEqual({ isVip: true });
  });

  it('provinces as an in map of healthcare companies, rounds and the atlas scope list', async () => {
    const provinces = await dataOf(api().medical.provinces.$get());
    expect(provinces).toEqual({ in: { 北京: 2, 上海: 1 }, out: { 海外: 1 } });
    // GB/T 2260 order: 北京 (11) before 上海 (31).
    expect(Object.keys(provinces.in)).toEqual(['北京', '上海']);
    const rounds = await dataOf(api().medical.rounds.$get());
    expect(rounds.slice(0, 3)).toEqual([
      { id: 1, name: '天使轮' },
      { id: 2, name: 'A轮' },
      { id: 3, name: 'B轮' },
    ]);
    const scope = await dataOf(api().medical.scope.$get());
    const field = scope.find((s) => s.id === w.field)!;
    expect(field.child.map((c) => c.id)).toEqual([w.t1, w.t2]);
    expect(await errorOf(api(tokens.user).medical.scope.$get({ query: { tag_id: w.field } }))).toMatchObject({ code: 'VIP_REQUIRED' });
    const narrowed = await dataOf(api(tokens.vip).medical.scope.$get({ query: { tag_id: w.field } }));
    expect(narrowed.map((n) => n.id)).toEqual([w.field]);
    expect(narrowed[0].child.map((c) => c.id)).toEqual([w.t1, w.t2]);
  });
});

