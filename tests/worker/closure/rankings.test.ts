import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeClosure, makeClosures, makeFirm, SECTOR } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { roleTokens, type Role } from '../helpers';

let tokens: Record<Role, string | undefined>;
let bigFirm: { id: number; name: string };

/** What a ranked company was made with: enough to work out every order independently of the worker. */
interface Made {
  com_id: number;
  money: number;
  valuation: number;
  born: number;
  close: number;
  finance: boolean;
  horseUnicorn: 0 | 1 | 2;
}
const made: Made[] = [];

/** Whole months from founding to closing, a month counting once its day is reached (spec: survival time). */
const survivalOf = (m: Made) => {
  const months = (d: number) => Math.floor(d / 10000) * 12 + (Math.floor(d / 100) % 100);
  return Math.max(0, months(m.close) - months(m.born) - (m.close % 100 < m.born % 100 ? 1 : 0));
};

beforeAll(async () => {
  tokens = await roleTokens();
  await baseTaxonomy();
  bigFirm = await makeFirm('烧钱资本');
  const smallFirm = await makeFirm('谨慎资本');
  // 110 companies with money 1..110 (万元), valuation 10x; every 10th in 测试金融 / 上海.
  // Founding and closing dates are scattered (with repeats, so com_id has ties to break).
  for (let i = 1; i <= 110; i++) {
    const finance = i % 10 === 0;
    const born = 20050000 + ((i * 7) % 10) * 10000 + ((i * 5) % 12 + 1) * 100 + ((i * 3) % 28) + 1;
    const close = 20160000 + ((i * 3) % 9) * 10000 + ((i * 11) % 12 + 1) * 100 + (i % 5) + 1;
    const horseUnicorn = i > 105 ? 2 : i > 95 ? 1 : 0;
    const com_id = await makeClosure({
      name: `榜单公司${i}`,
      totalMoney: i,
      valuation: i * 10,
      born,
      close,
      catId: finance ? SECTOR.finance : SECTOR.shop,
      seCatId: finance ? SECTOR.financeSub : SECTOR.shopSub,
      prov: finance ? '上海' : '北京',
      horseUnicorn,
      investors: i <= 5 ? [bigFirm, smallFirm] : i <= 12 ? [bigFirm] : [],
    });
    made.push({ com_id, money: i, valuation: i * 10, born, close, finance, horseUnicorn });
  }
  // A company that raised nothing is not on the financing ranking.
  await makeClosure({ name: '零融资公司', totalMoney: 0 });
  // An investor outside the firm database still ranks under its recorded name.
  await makeClosure({ name: '散户公司', investors: [{ id: 424242, name: '某天使人' }] });
});

const SORT_KEYS: Record<1 | 2 | 3, (m: Made) => number> = { 1: (m) => m.close, 2: (m) => m.born, 3: survivalOf };

/** The expected ranking: the top 100 by the measure, then (with a sort) those 100 by the key, both with com_id desc on ties. */
function expected(measure: (m: Made) => number, members: (m: Made) => boolean, sort?: 1 | 2 | 3) {
  const top = made
    .filter(members)
    .sort((a, b) => measure(b) - measure(a) || b.com_id - a.com_id)
    .slice(0, 100)
    .map((m, i) => ({ ...m, rank: i + 1 }));
  if (!sort) return top;
  const key = SORT_KEYS[sort];
  return [...top].sort((a, b) => key(b) - key(a) || b.com_id - a.com_id);
}

describe('burn rankings', () => {
  it('amount_top: top 100 by financing total with serial numbers, capped at 100', async () => {
    const top = api(tokens.user).closure.amount_top;
    const p1 = await dataOf(top.$get());
    expect(p1.page).toEqual({ total: 100, page: 1, per_page: 10 });
    expect(p1.info.map((r) => [r.rank, r.total_money])).toEqual(Array.from({ length: 10 }, (_, i) => [i + 1, 110 - i]));
    const all = await dataOf(top.$get({ query: { per_page: 100 } }));
    expect(all.info).toHaveLength(100);
    expect(all.info.at(-1)).toMatchObject({ rank: 100, total_money: 11 });
    const beyond = await dataOf(top.$get({ query: { page: 11 } }));
    expect(beyond.info).toEqual([]);
    const last = await dataOf(top.$get({ query: { page: 4, per_page: 30 } }));
    expect(last.info.map((r) => r.rank)).toEqual(Array.from({ length: 10 }, (_, i) => 91 + i));
    expect((await errorOf(top.$get({ query: { per_page: 101 } }))).status).toBe(400);
  });

  it('filters by sector and province', async () => {
    const fin = await dataOf(api(tokens.user).closure.amount_top.$get({ query: { cat_id: SECTOR.finance } }));
    expect(fin.page.total).toBe(11);
    expect(fin.info.map((r) => r.total_money)).toEqual([110, 100, 90, 80, 70, 60, 50, 40, 30, 20]);
    const sh = await dataOf(api(tokens.user).closure.amount_top.$get({ query: { com_prov: '上海', cat_id: SECTOR.shop } }));
    expect(sh).toEqual({ info: [], page: { total: 0, page: 1, per_page: 10 } });
  });

  it.each([1, 2, 3] as const)('amount_top sort=%i orders the same top 100 by that key; rank stays the financing rank, serial counts 1..100', async (sort) => {
    const byMeasure = await dataOf(api(tokens.user).closure.amount_top.$get({ query: { per_page: 100 } }));
    const sorted = await dataOf(api(tokens.user).closure.amount_top.$get({ query: { per_page: 100, sort } }));
    expect(sorted.page).toEqual({ total: 100, page: 1, per_page: 100 });
    const rows = sorted.info;
    const want = expected((m) => m.money, () => true, sort);
    expect(rows.map((r) => r.com_id)).toEqual(want.map((m) => m.com_id));
    expect(rows.map((r) => r.rank)).toEqual(want.map((m) => m.rank));
    expect(rows.map((r) => r.serial)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // The same members as the measure's order, each with the rank it has there.
    const rankThere = new Map(byMeasure.info.map((r) => [r.com_id, r.rank]));
    expect(new Set(rows.map((r) => r.com_id))).toEqual(new Set(rankThere.keys()));
    for (const r of rows) expect(r.rank).toBe(rankThere.get(r.com_id));
    // A real reordering: the fixture's dates do not follow the financing totals.
    expect(rows.map((r) => r.rank)).not.toEqual(want.map((_, i) => i + 1));
  });

  it('without a sort, serial and rank are the same place by the measure', async () => {
    const res = await dataOf(api(tokens.user).closure.amount_top.$get({ query: { page: 3 } }));
    expect(res.info.map((r) => [r.serial, r.rank])).toEqual(Array.from({ length: 10 }, (_, i) => [21 + i, 21 + i]));
  });

  it('pages go on through the sorted 100: page 2 continues where page 1 stopped, the last page stops at the 100th', async () => {
    const want = expected((m) => m.money, () => true, 3);
    const page = async (n: number, per_page: number) =>
      dataOf(api(tokens.user).closure.amount_top.$get({ query: { sort: 3, page: n, per_page } }));
    const p1 = await page(1, 30);
    const p2 = await page(2, 30);
    expect(p2.page).toEqual({ total: 100, page: 2, per_page: 30 });
    expect([...p1.info, ...p2.info].map((r) => r.com_id)).toEqual(want.slice(0, 60).map((m) => m.com_id));
    expect(p2.info.map((r) => r.serial)).toEqual(Array.from({ length: 30 }, (_, i) => 31 + i));
    expect(p2.info.map((r) => r.rank)).toEqual(want.slice(30, 60).map((m) => m.rank));
    const p4 = await page(4, 30);
    expect(p4.info.map((r) => r.com_id)).toEqual(want.slice(90, 100).map((m) => m.com_id));
    expect(p4.info.map((r) => r.serial)).toEqual(Array.from({ length: 10 }, (_, i) => 91 + i));
    expect((await page(5, 30)).info).toEqual([]);
  });

  it('a sort applies after the filters: 测试金融 by founding date, 千里马 by closing date', async () => {
    const fin = await dataOf(api(tokens.user).closure.amount_top.$get({ query: { cat_id: SECTOR.finance, sort: 2 } }));
    expect(fin.page.total).toBe(11);
    expect(fin.info.map((r) => r.com_id)).toEqual(expected((m) => m.money, (m) => m.finance, 2).slice(0, 10).map((m) => m.com_id));
    const horse = await dataOf(api(tokens.user).closure.valuation_top.$get({ query: { horse_unicorn: 1, sort: 1 } }));
    const want = expected((m) => m.valuation, (m) => m.horseUnicorn === 1, 1);
    expect(horse.info.map((r) => [r.com_id, r.rank, r.serial])).toEqual(want.map((m, i) => [m.com_id, m.rank, i + 1]));
  });

  it('an unknown sort is refused with the choices named', async () => {
    const res = await errorOf(api(tokens.user).closure.valuation_top.$get({ query: { sort: 4 } }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res)).toContain('排序方式只能是 1（关闭时间）、2（成立时间）或 3（存活时间）');
    // Blank is the filter bar's "no choice": the measure's order.
    const blank = await dataOf(api(tokens.user).closure.valuation_top.$get({ query: { sort: '' } }));
    expect(blank.info[0]).toMatchObject({ rank: 1, serial: 1, valuation: 1100 });
  });

  it('valuation_top ranks by valuation; horse_unicorn 1 gives 千里马 and 2 unicorns', async () => {
    const top = api(tokens.user).closure.valuation_top;
    const v = await dataOf(top.$get());
    expect(v.info[0]).toMatchObject({ rank: 1, valuation: 1100, com_name: '榜单公司110' });
    const horse = await dataOf(top.$get({ query: { horse_unicorn: 1 } }));
    expect(horse.page.total).toBe(10);
    expect(horse.info[0].valuation).toBe(1050);
    const unicorn = await dataOf(top.$get({ query: { horse_unicorn: 2 } }));
    expect(unicorn.info.map((r) => r.valuation)).toEqual([1100, 1090, 1080, 1070, 1060]);
    expect((await errorOf(top.$get({ query: { horse_unicorn: 3 } }))).status).toBe(400);
  });

  it('invst_top: firms by closed companies backed, with their biggest cases and their investment-event count', async () => {
    // Three financing events the big firm took part in (any company, closed or not).
    const ev = env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, '烧钱资本', 'invst')");
    await env.DB.batch([ev.bind(9001, bigFirm.id), ev.bind(9002, bigFirm.id), ev.bind(9003, bigFirm.id)]);
    const res = await dataOf(api(tokens.user).closure.invst_top.$get({ query: { per_page: 100 } }));
    const [first, second] = res.info;
    expect(first).toMatchObject({ rank: 1, invst_id: bigFirm.id, invst_name: '烧钱资本', closed_count: 12, count: 3, invst_logo: expect.stringContaining('firm') });
    // The 3 biggest burns among its 12 companies.
    expect(first.com.map((c) => c.com_name)).toEqual(['榜单公司12', '榜单公司11', '榜单公司10']);
    expect(second).toMatchObject({ rank: 2, invst_name: '谨慎资本', closed_count: 5, count: 0 });
    const outsider = res.info.find((f) => f.invst_id === 424242);
    expect(outsider).toMatchObject({ invst_name: '某天使人', closed_count: 1, invst_logo: '' });
    expect(res.page.total).toBe(res.info.length);
  });

  it('the cases follow the companies\' financing totals (a copy kept by triggers, never by hand)', async () => {
    const firm = await makeFirm('跟随资本');
    const [a, b] = await makeClosures([
      { name: '跟随甲', totalMoney: 10, investors: [firm] },
      { name: '跟随乙', totalMoney: 20, investors: [firm] },
    ]);
    const casesOf = async () => {
      const res = await dataOf(api(tokens.user).closure.invst_top.$get({ query: { per_page: 100 } }));
      return res.info.find((f) => f.invst_id === firm.id)!.com.map((c) => c.com_id);
    };
    expect(await casesOf()).toEqual([b, a]);
    await env.DB.prepare('UPDATE closures SET total_money = 30 WHERE com_id = ?').bind(a).run();
    expect(await casesOf()).toEqual([a, b]);
    await env.DB.prepare('UPDATE closure_investors SET total_money = 999 WHERE com_id = ?').bind(b).run();
    const copies = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM closure_investors i JOIN closures c ON c.com_id = i.com_id WHERE i.total_money <> c.total_money',
    ).first<{ n: number }>();
    expect(copies!.n).toBe(0);
  });

  it('invst_top caps at 100 firms, also on a page of 100', async () => {
    const firms = [];
    for (let i = 0; i < 101; i++) firms.push({ id: 800000 + i, name: `长尾机构${i}` });
    await makeClosures(firms.map((f) => ({ investors: [f] })));
    const res = await dataOf(api(tokens.user).closure.invst_top.$get({ query: { per_page: 100 } }));
    expect(res.info).toHaveLength(100);
    expect(res.page.total).toBe(100);
    expect(res.info[0].invst_id).toBe(bigFirm.id);
    expect((await dataOf(api(tokens.user).closure.invst_top.$get({ query: { page: 2, per_page: 100 } }))).info).toEqual([]);
  });

  it('the kept ranking totals and firm cases equal a recount after inserts, updates and deletes', async () => {
    const firm = await makeFirm('变动资本');
    const [x, y, z] = await makeClosures([
      { name: '变动甲', totalMoney: 500, valuation: 5000, prov: '上海', catId: SECTOR.finance, seCatId: SECTOR.financeSub, horseUnicorn: 1, investors: [firm] },
      { name: '变动乙', totalMoney: 400, valuation: 4000, investors: [firm, bigFirm] },
      { name: '变动丙', totalMoney: 300, valuation: 0, investors: [firm] },
    ]);
    await env.DB.batch([
      env.DB.prepare("UPDATE closures SET com_prov = '广东', horse_unicorn = 2 WHERE com_id = ?").bind(x),
      env.DB.prepare('UPDATE closures SET total_money = 0, valuation = 7000 WHERE com_id = ?').bind(y),
      env.DB.prepare("UPDATE closures SET com_name = '变动丙改名', total_money = 900 WHERE com_id = ?").bind(z),
      env.DB.prepare('DELETE FROM closure_investors WHERE com_id = ? AND invst_id = ?').bind(y, bigFirm.id),
      env.DB.prepare('DELETE FROM closures WHERE com_id = ?').bind(made[3].com_id),
    ]);
    // Straight from closures: every filter combination a ranking can be asked for.
    const straight = await env.DB.prepare(
      `WITH m AS (SELECT com_id, com_prov, cat_id, total_money, valuation, horse_unicorn FROM closures),
       combos AS (
         SELECT 'money' AS measure, 0 AS hu, CASE a WHEN 1 THEN com_prov ELSE '' END AS prov, CASE b WHEN 1 THEN cat_id ELSE 0 END AS cat, com_id
           FROM m, (SELECT 0 AS a UNION ALL SELECT 1), (SELECT 0 AS b UNION ALL SELECT 1) WHERE total_money > 0
         UNION
         SELECT 'valuation', CASE h WHEN 1 THEN horse_unicorn ELSE 0 END, CASE a WHEN 1 THEN com_prov ELSE '' END, CASE b WHEN 1 THEN cat_id ELSE 0 END, com_id
           FROM m, (SELECT 0 AS h UNION ALL SELECT 1), (SELECT 0 AS a UNION ALL SELECT 1), (SELECT 0 AS b UNION ALL SELECT 1) WHERE valuation > 0
         UNION
         SELECT 'firms', 0, '', 0, invst_id FROM closure_firm_stats WHERE invst_id > 0 AND com_count > 0
       )
       SELECT measure, hu, prov, cat, count(*) AS n FROM combos GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ).all();
    const kept = await env.DB.prepare('SELECT measure, hu, prov, cat, n FROM closure_rank_counts WHERE n != 0 ORDER BY 1, 2, 3, 4').all();
    expect(kept.results).toEqual(straight.results);
    // Every firm's kept cases equal what the ranking read before they were kept: its 3 biggest burns off
    // the investors' money index, then those companies (a company deleted without its investor rows drops out).
    const firms = await env.DB.prepare('SELECT invst_id, cases FROM closure_firm_stats ORDER BY invst_id').all<{ invst_id: number; cases: string }>();
    expect(firms.results.length).toBeGreaterThan(100);
    for (const f of firms.results) {
      const want = await env.DB.prepare(
        `SELECT c.com_id, c.com_name FROM closures c WHERE c.com_id IN (
           SELECT j.com_id FROM closure_investors j WHERE j.invst_id = ? ORDER BY j.total_money DESC, j.com_id DESC LIMIT 3)
         ORDER BY c.total_money DESC, c.com_id DESC`,
      )
        .bind(f.invst_id)
        .all();
      expect(JSON.parse(f.cases), `firm ${f.invst_id}`).toEqual(want.results);
    }
    const mine = (await dataOf(api(tokens.user).closure.invst_top.$get({ query: { per_page: 100 } }))).info.find((f) => f.invst_id === firm.id);
    expect(mine?.com.map((c) => c.com_name)).toEqual(['变动丙改名', '变动甲', '变动乙']);
    // The totals the rankings give equal min(100, a count of the rows they rank), filter by filter.
    const cases: [string, Record<string, string | number>, string][] = [
      ['amount_top', {}, 'total_money > 0'],
      ['amount_top', { com_prov: '上海' }, "total_money > 0 AND com_prov = '上海'"],
      ['amount_top', { cat_id: SECTOR.finance, com_prov: '上海' }, `total_money > 0 AND cat_id = ${SECTOR.finance} AND com_prov = '上海'`],
      ['valuation_top', {}, 'valuation > 0'],
      ['valuation_top', { horse_unicorn: 1 }, 'valuation > 0 AND horse_unicorn = 1'],
      ['valuation_top', { horse_unicorn: 2 }, 'valuation > 0 AND horse_unicorn = 2'],
      ['valuation_top', { horse_unicorn: 2, com_prov: '广东' }, "valuation > 0 AND horse_unicorn = 2 AND com_prov = '广东'"],
      ['valuation_top', { cat_id: SECTOR.shop }, `valuation > 0 AND cat_id = ${SECTOR.shop}`],
    ];
    for (const [call, query, where] of cases) {
      const n = (await env.DB.prepare(`SELECT count(*) AS n FROM closures WHERE ${where}`).first<{ n: number }>())!.n;
      const route = call === 'amount_top' ? api(tokens.user).closure.amount_top : api(tokens.user).closure.valuation_top;
      const res = await dataOf(route.$get({ query: query as never }));
      expect(res.page.total, `${call} ${JSON.stringify(query)}`).toBe(Math.min(100, n));
      const order = call === 'amount_top' ? 'total_money' : 'valuation';
      const ids = await env.DB.prepare(`SELECT com_id FROM closures WHERE ${where} ORDER BY ${order} DESC, com_id DESC LIMIT 10`).all<{ com_id: number }>();
      expect(res.info.map((r) => r.com_id), `${call} ${JSON.stringify(query)}`).toEqual(ids.results.map((r) => r.com_id));
    }
    const firmsTotal = (await dataOf(api(tokens.user).closure.invst_top.$get({ query: {} }))).page.total;
    const ranked = (await env.DB.prepare('SELECT count(*) AS n FROM closure_firm_stats WHERE invst_id > 0 AND com_count > 0').first<{ n: number }>())!.n;
    expect(firmsTotal).toBe(Math.min(100, ranked));
  });

  it('rankings need login', async () => {
    const closure = api().closure;
    for (const refused of [await errorOf(closure.amount_top.$get()), await errorOf(closure.valuation_top.$get()), await errorOf(closure.invst_top.$get())]) {
      expect(refused.status).toBe(401);
    }
  });
});
