/**
 * The healthcare area's kept counts (migration *_medical_kept_counts) answer exactly what the
 * straightforward COUNT / SUM / GROUP BY over companies, events, investors, tags and news gives:
 * on the seeded data set, and again after inserts, updates and deletes of companies, events,
 * their investors, company tags, news and policies, so every trigger is exercised. Compared
 * through the API (what a user sees) and table against table.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSeed } from '../../../scripts/seed/generate';
import { CHART_FIRST_YEAR, HORSE_MIN, MEDICAL_SCOPE, UNICORN_MIN } from '../../../worker/src/medical/constants';
import { beijingDate } from '#shared/dates';
import { call, makeUser, type TestUser } from '../helpers';

const S = MEDICAL_SCOPE;
let vip: TestUser;

const all = async <T>(q: string, ...params: unknown[]) => (await env.DB.prepare(q).bind(...params).all<T>()).results;
const one = async (q: string, ...params: unknown[]) => Number(Object.values((await env.DB.prepare(q).bind(...params).first<Record<string, number>>())!)[0] ?? 0);

async function get<T = any>(path: string): Promise<T> {
  const res = await call(path, { token: vip.token });
  expect(res.status, `${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return (res.body as { data: T }).data;
}

/** Events of the area (tag 0: scope) or of a tag's companies, as the straightforward SQL selects them. */
const eventsOf = (tagId: number) =>
  tagId === 0 ? `SELECT * FROM invest_events WHERE scope = '${S}'` : `SELECT * FROM invest_events WHERE com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ${tagId})`;

/** A few tags to check: the busiest field and tag, and a small one. */
async function tagsToCheck(): Promise<number[]> {
  const rows = await all<{ tag_id: number }>('SELECT tag_id FROM medical_company_tags GROUP BY tag_id ORDER BY COUNT(*) DESC, tag_id');
  return [...new Set([rows[0], rows[1], rows[Math.floor(rows.length / 2)], rows.at(-1)].filter(Boolean).map((r) => r!.tag_id))];
}

async function expectTablesMatch() {
  const v = (rows: object[]) => rows.map((r) => Object.values(r));
  // medical_firm_counts = investors per firm and type over the area's and each tag's events.
  expect(v(await all('SELECT tag_id, invst_id, invst_type, n FROM medical_firm_counts WHERE n <> 0 ORDER BY 1, 2, 3'))).toEqual(
    v(
      await all(`SELECT g, i.invst_id, i.invst_type, COUNT(*) FROM (SELECT 0 AS g, id FROM invest_events WHERE scope = '${S}'
        UNION ALL SELECT t.tag_id, e.id FROM medical_company_tags t JOIN invest_events e ON e.com_id = t.com_id) x
        JOIN invest_event_investors i ON i.event_id = x.id WHERE i.invst_id > 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    ),
  );
  // medical_trend per month and round = the events grouped the same way.
  expect(v(await all('SELECT tag_id, year, month, round_id, n, money FROM medical_trend WHERE month > 0 AND round_id > 0 AND n <> 0 ORDER BY 1, 2, 3, 4'))).toEqual(
    v(
      await all(`SELECT g, date / 10000, date / 100 % 100, round_id, COUNT(*), SUM(money) FROM (SELECT 0 AS g, * FROM invest_events WHERE scope = '${S}'
        UNION ALL SELECT t.tag_id, e.* FROM medical_company_tags t JOIN invest_events e ON e.com_id = t.com_id) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
    ),
  );
}

async function expectApiMatches() {
  const thisYear = beijingDate().y;
  // The area's banner and list totals.
  const home = await get('/api/medical?type=basic,policy,news,event');
  expect(home.basic.com_num).toBe(await one('SELECT COUNT(*) FROM companies WHERE is_medical = 1'));
  expect(home.basic.invse_num).toBe(await one(`SELECT COUNT(*) FROM (${eventsOf(0)})`));
  expect(home.basic.total_money).toBe(await one(`SELECT coalesce(SUM(money), 0) FROM (${eventsOf(0)})`));
  expect(home.policy.page.total).toBe(await one('SELECT COUNT(*) FROM policies WHERE scope = ?', S));
  expect(home.news.page.total).toBe(await one('SELECT COUNT(*) FROM news WHERE scope = ?', S));
  expect(home.event.page.total).toBe(home.basic.invse_num);
  // Typed tabs.
  expect((await get('/api/medical/data?type=broker_report')).page.total).toBe(await one('SELECT COUNT(*) FROM broker_reports'));
  expect((await get('/api/medical/data?type=ipo_rank')).page.total).toBe(await one('SELECT COUNT(*) FROM medical_ipos'));
  expect((await get('/api/medical/data?type=unicorn')).page.total).toBe(await one('SELECT COUNT(*) FROM companies WHERE is_medical = 1 AND valuation >= ?', UNICORN_MIN));
  expect((await get('/api/medical/data?type=horse')).page.total).toBe(
    await one('SELECT COUNT(*) FROM companies WHERE is_medical = 1 AND valuation >= ? AND valuation < ?', HORSE_MIN, UNICORN_MIN),
  );
  // FA TOP20 (a random draw of FA firms, pages.test.ts) = the correlated counts over each firm's event rows.
  const fa = await get('/api/medical/data?type=fa_rand');
  const faCounts = new Map(
    (
      await all<{ id: number; m: number; t: number }>(`SELECT f.id,
        (SELECT count(*) FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id WHERE i.invst_id = f.id AND e.scope = '${S}') AS m,
        (SELECT count(*) FROM invest_event_investors i WHERE i.invst_id = f.id) AS t
        FROM invest_firms f WHERE f.is_fa = 1`)
    ).map((r) => [r.id, [r.m, r.t]]),
  );
  expect(fa.data.length).toBe(Math.min(20, faCounts.size));
  for (const r of fa.data) expect([r.id, r.medical_fa_total, r.fa_total]).toEqual([r.id, ...faCounts.get(r.id)!]);
  // The block: companies and firms with their totals; firm ranking page 1 and 2.
  const firmsSql = (tagId: number) => `SELECT i.invst_id AS id, COUNT(*) AS n FROM (${eventsOf(tagId)}) e JOIN invest_event_investors i ON i.event_id = e.id
    WHERE i.invst_id > 0 AND i.invst_type = 'invst' GROUP BY i.invst_id ORDER BY n DESC, i.invst_id`;
  for (const page of [1, 2]) {
    const block = await get(`/api/medical/block?type=company,invst,invse_money_rank&page=${page}`);
    expect(block.company.page.total).toBe(home.basic.com_num);
    expect(block.invse_money_rank.page.total).toBe(Math.min(100, home.basic.com_num));
    const firms = await all<{ id: number; n: number }>(firmsSql(0));
    expect(block.invst.page.total).toBe(firms.length);
    expect(block.invst.data.map((f: any) => [f.id, f.medical_invse_num])).toEqual(firms.slice((page - 1) * 10, page * 10).map((f) => [f.id, f.n]));
  }
  // Provinces.
  const prov = await get('/api/medical/provinces');
  const byProv = Object.fromEntries((await all<{ p: string; n: number }>("SELECT prov AS p, COUNT(*) AS n FROM companies WHERE is_medical = 1 AND prov <> '' GROUP BY prov")).map((r) => [r.p, r.n]));
  expect({ ...prov.in, ...prov.out }).toEqual(byProv);
  // The chart: by year, by year and round, by month, by month and round.
  const rounds = await all<{ round_id: number }>(`SELECT round_id FROM (${eventsOf(0)}) GROUP BY round_id ORDER BY COUNT(*) DESC LIMIT 1`);
  const busyYear = await one(`SELECT date / 10000 FROM (${eventsOf(0)}) GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1`);
  const trend = async (tagId: number, q: string, year?: number, round?: number) => {
    const bucket = year === undefined ? 'date / 10000' : 'date / 100 % 100';
    const from = year === undefined ? CHART_FIRST_YEAR * 10000 + 101 : year * 10000 + 101;
    const to = year === undefined ? thisYear * 10000 + 1231 : year * 10000 + 1231;
    const rows = await all<{ k: number; n: number; m: number }>(
      `SELECT ${bucket} AS k, COUNT(*) AS n, SUM(money) AS m FROM (${eventsOf(tagId)}) WHERE date BETWEEN ${from} AND ${to} ${round ? `AND round_id = ${round}` : ''} GROUP BY 1`,
    );
    const got = await get<Record<string, { num: number; money: number }>>(`/api/medical/chart?${q}`);
    for (const [label, v] of Object.entries(got)) {
      const k = year === undefined ? Number(label) : Number(label.slice(5));
      const r = rows.find((x) => x.k === k);
      expect([label, v.num, v.money]).toEqual([label, r?.n ?? 0, r?.m ?? 0]);
    }
    expect(Object.values(got).reduce((s, v) => s + v.num, 0)).toBe(rows.reduce((s, r) => s + r.n, 0));
  };
  const r = rounds[0]?.round_id ?? 1;
  await trend(0, '');
  await trend(0, `round=${r}`, undefined, r);
  await trend(0, `year=${busyYear}`, busyYear);
  await trend(0, `year=${busyYear}&round=${r}`, busyYear, r);
  // Tags: banner, lists, block and chart.
  for (const tag of await tagsToCheck()) {
    const d = await get(`/api/medical/detail?tag_id=${tag}&type=basic,news,event`);
    expect(d.basic.com_num).toBe(await one('SELECT COUNT(*) FROM medical_company_tags WHERE tag_id = ?', tag));
    expect(d.basic.invse_num).toBe(await one(`SELECT COUNT(*) FROM (${eventsOf(tag)})`));
    expect(d.basic.total_money).toBe(await one(`SELECT coalesce(SUM(money), 0) FROM (${eventsOf(tag)})`));
    expect(d.event.page.total).toBe(d.basic.invse_num);
    expect(d.news.page.total).toBe(await one('SELECT COUNT(*) FROM news WHERE com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ?)', tag));
    const b = await get(`/api/medical/block?tag_id=${tag}&type=company,invst`);
    expect(b.company.page.total).toBe(d.basic.com_num);
    const firms = await all<{ id: number; n: number }>(firmsSql(tag));
    expect(b.invst.page.total).toBe(firms.length);
    expect(b.invst.data.map((f: any) => [f.id, f.medical_invse_num])).toEqual(firms.slice(0, 10).map((f) => [f.id, f.n]));
    await trend(tag, `tag_id=${tag}`);
    await trend(tag, `tag_id=${tag}&field=${tag}&year=${busyYear}`, busyYear);
  }
}

/** Every page of the event lists holds the rows the plain ORDER BY ... OFFSET gives. */
async function expectEventPagesMatch(tagId: number) {
  const total = await one(`SELECT COUNT(*) FROM (${eventsOf(tagId)})`);
  const pages = Math.ceil(total / 10);
  for (const page of [1, 2, Math.floor(pages / 3), Math.floor(pages / 2), pages - 1, pages, pages + 1]) {
    if (page < 1) continue;
    const path = tagId === 0 ? `/api/medical/data?type=event&page=${page}` : `/api/medical/detail?tag_id=${tagId}&type=event&page=${page}`;
    const data = await get(path);
    const list = tagId === 0 ? data : data.event;
    const want = await all<{ id: number }>(`SELECT id FROM (${eventsOf(tagId)}) ORDER BY date DESC, id DESC LIMIT 10 OFFSET ${(page - 1) * 10}`);
    expect([page, list.data.map((e: any) => e.id)]).toEqual([page, want.map((r) => r.id)]);
    expect(list.page.total).toBe(total);
  }
}

beforeAll(async () => {
  const seed = generateSeed({ scale: 0.1 });
  for (let i = 0; i < seed.statements.length; i += 100) await env.DB.batch(seed.statements.slice(i, i + 100).map((s) => env.DB.prepare(s)));
  vip = await makeUser({ role: 'vip' });
}, 600_000);

describe('healthcare kept counts', () => {
  it('equal the straightforward counts on the seeded data', async () => {
    expect(await one(`SELECT COUNT(*) FROM invest_events WHERE scope = '${S}'`)).toBeGreaterThan(100);
    await expectTablesMatch();
    await expectApiMatches();
  });

  it('page through the events exactly as ORDER BY date DESC, id DESC with OFFSET does, first to past the last', async () => {
    await expectEventPagesMatch(0);
    await expectEventPagesMatch((await tagsToCheck())[0]);
  });

  it('stay equal after inserts, updates and deletes of companies, events, investors, tags, news and policies', async () => {
    const com = (await all<{ id: number }>('SELECT id FROM companies WHERE is_medical = 1 ORDER BY id LIMIT 1 OFFSET 3'))[0].id;
    const other = (await all<{ id: number }>('SELECT com_id AS id FROM medical_company_tags ORDER BY com_id DESC LIMIT 1'))[0].id;
    const free = (await all<{ id: number }>('SELECT id FROM medical_tags WHERE id NOT IN (SELECT tag_id FROM medical_company_tags WHERE com_id = ?) ORDER BY id', com)).map((r) => r.id);
    const firms = (await all<{ id: number }>("SELECT id FROM invest_firms ORDER BY id LIMIT 3")).map((r) => r.id);
    const fa = (await all<{ id: number }>('SELECT id FROM invest_firms WHERE is_fa = 1 ORDER BY id LIMIT 1'))[0].id;
    const run = (q: string, ...p: unknown[]) => env.DB.prepare(q).bind(...p);
    await env.DB.batch([
      // A new healthcare event with three investors (one FA, one unknown) and another outside the area.
      run('INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (990001, ?, 4, 1234, 20240305, ?)', com, S),
      run("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (990001, ?, 'a', 'invst'), (990001, ?, 'b', 'invst'), (990001, ?, 'fa', 'com'), (990001, 0, 'x', 'person')", firms[0], firms[1], fa),
      run("INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (990002, ?, 5, 99, 20230105, '')", other),
      run("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (990002, ?, 'a', 'invst')", firms[0]),
      // Tags added to a company, then one moved to another tag and one removed elsewhere.
      run('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?), (?, ?)', com, free[0], com, free[1]),
    ]);
    await env.DB.batch([
      run('UPDATE invest_events SET date = 20190101, round_id = 2, money = 7 WHERE id = 990001'),
      run('UPDATE invest_event_investors SET invst_id = ? WHERE event_id = 990002', firms[2]),
      run('UPDATE invest_events SET scope = ?, com_id = ? WHERE id = 990002', S, com),
      run('UPDATE medical_company_tags SET tag_id = ? WHERE com_id = ? AND tag_id = ?', free[2], com, free[1]),
      run('DELETE FROM medical_company_tags WHERE rowid = (SELECT rowid FROM medical_company_tags WHERE com_id = ? LIMIT 1)', other),
      // Companies: a valuation into the unicorn band and a province change; one leaves the area.
      run("UPDATE companies SET valuation = ?, prov = '西藏' WHERE id = ?", UNICORN_MIN + 1, com),
      run('UPDATE companies SET is_medical = 0 WHERE id = ?', other),
      // News and policies in and out of the area.
      run("INSERT INTO news (id, title, url, com_id, scope, date) VALUES (990001, 't', 'u', ?, ?, 20240101)", com, S),
      run('UPDATE news SET com_id = ? WHERE id = 990001', other),
      run("UPDATE news SET scope = '' WHERE id = (SELECT id FROM news WHERE scope = ? ORDER BY id LIMIT 1)", S),
      run("UPDATE policies SET scope = '' WHERE id = (SELECT id FROM policies WHERE scope = ? ORDER BY id LIMIT 1)", S),
      run('DELETE FROM broker_reports WHERE id = (SELECT MIN(id) FROM broker_reports)'),
      // Deletes: an investor row, a whole event with its investors still present, the investors of another.
      run('DELETE FROM invest_event_investors WHERE event_id = 990001 AND invst_id = ?', firms[0]),
      run('DELETE FROM invest_events WHERE id = (SELECT id FROM invest_events WHERE scope = ? ORDER BY id LIMIT 1 OFFSET 7)', S),
      run('DELETE FROM invest_event_investors WHERE event_id = (SELECT id FROM invest_events WHERE scope = ? ORDER BY id LIMIT 1 OFFSET 9)', S),
    ]);
    await expectTablesMatch();
    await expectApiMatches();
    await expectEventPagesMatch(0);
  });
});
