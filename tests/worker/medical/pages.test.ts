/**
 * The healthcare lists kept in list order (migration *_medical_list_pages; worker/src/medical/pages.ts):
 * - medical_list_items / medical_list_levels equal a fresh recount from events, news, policies,
 *   broker reports, companies and company tags, on the seeded data
 *   and after inserts, updates and deletes of each;
 * - every list a user pages (events, news, policies, broker reports, 千里马 / 独角兽, the block's
 *   companies in each sort and the TOP100, of the area and of tags) shows on its first, near,
 *   middle, deep, last and past-the-end pages exactly the rows, order and total of the
 *   straightforward ORDER BY ... LIMIT ... OFFSET; likewise the block's firm ranking with each firm's count;
 * - FA TOP20 is the 20 FA firms with the most healthcare deals, ties by all their deals, then id,
 *   with their exact counts, the same on every request.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSeed } from '../../../scripts/seed/generate';
import { HORSE_MIN, MEDICAL_SCOPE, UNICORN_MIN } from '../../../worker/src/medical/constants';
import { LIST_WIDTHS, TIE_WIDTHS, type ListCode } from '../../../worker/src/medical/pages';
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

const tagComs = (tagId: number) => `(SELECT com_id FROM medical_company_tags WHERE tag_id = ${tagId})`;

/** Each kept list as the straightforward SELECT gives it: (list, tag_id, k, item_id); one statement each (D1 caps UNION terms). */
const SOURCES = [
  `SELECT 1 AS list, 0 AS tag_id, date AS k, id AS item_id FROM invest_events WHERE scope = '${S}'`,
  'SELECT 1, t.tag_id, e.date, e.id FROM medical_company_tags t JOIN invest_events e ON e.com_id = t.com_id',
  `SELECT 2, 0, date, id FROM news WHERE scope = '${S}'`,
  'SELECT 2, t.tag_id, n.date, n.id FROM medical_company_tags t JOIN news n ON n.com_id = t.com_id',
  `SELECT 3, 0, put_time, id FROM policies WHERE scope = '${S}'`,
  'SELECT 4, 0, time, id FROM broker_reports',
  'SELECT 5, 0, total_money, id FROM companies WHERE is_medical = 1',
  'SELECT 6, 0, born_year * 100 + born_month, id FROM companies WHERE is_medical = 1',
  'SELECT 7, 0, last_invse_date, id FROM companies WHERE is_medical = 1',
  'SELECT 5, t.tag_id, c.total_money, c.id FROM medical_company_tags t JOIN companies c ON c.id = t.com_id',
  'SELECT 6, t.tag_id, c.born_year * 100 + c.born_month, c.id FROM medical_company_tags t JOIN companies c ON c.id = t.com_id',
  'SELECT 7, t.tag_id, c.last_invse_date, c.id FROM medical_company_tags t JOIN companies c ON c.id = t.com_id',
  `SELECT 8, 0, valuation, id FROM companies WHERE is_medical = 1 AND valuation >= ${HORSE_MIN} AND valuation < ${UNICORN_MIN}`,
  `SELECT 9, 0, valuation, id FROM companies WHERE is_medical = 1 AND valuation >= ${UNICORN_MIN}`,
  // Firms of the block ranking, counted afresh from the events (area: scope; tag: its companies).
  `SELECT 10, 0, COUNT(*) * 10000000 + 9999999 - i.invst_id, i.invst_id FROM invest_events e JOIN invest_event_investors i ON i.event_id = e.id
    WHERE e.scope = '${S}' AND i.invst_id > 0 AND i.invst_type = 'invst' GROUP BY i.invst_id`,
  `SELECT 10, t.tag_id, COUNT(*) * 10000000 + 9999999 - i.invst_id, i.invst_id FROM medical_company_tags t JOIN invest_events e ON e.com_id = t.com_id
    JOIN invest_event_investors i ON i.event_id = e.id WHERE i.invst_id > 0 AND i.invst_type = 'invst' GROUP BY t.tag_id, i.invst_id`,
];

type Item = [number, number, number, number];
const byKey = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3];

async function expectTablesMatch() {
  const rowsOf = async (q: string) => (await env.DB.prepare(q).raw<Item>()) as Item[];
  const items = await rowsOf('SELECT list, tag_id, k, item_id FROM medical_list_items');
  expect(items.length).toBeGreaterThan(1000);
  const source: Item[] = [];
  for (const q of SOURCES) source.push(...(await rowsOf(q)));
  expect(items.sort(byKey).map((r) => r.join(' '))).toEqual(source.sort(byKey).map((r) => r.join(' ')));
  // Levels: the items counted per bucket of k at each width, recounted here from the source rows.
  const levels = new Map<string, number>();
  for (const [list, tag, k] of source) {
    for (const [i, width] of LIST_WIDTHS[list as ListCode].entries()) {
      const key = [list, tag, i + 1, Math.floor(k / width) * width].join(' ');
      levels.set(key, (levels.get(key) ?? 0) + 1);
    }
  }
  const widths = (await env.DB.prepare('SELECT list, level, width FROM medical_list_widths ORDER BY 1, 2').raw<number[]>()) as number[][];
  expect(widths.map((r) => r.join(' '))).toEqual(Object.entries(LIST_WIDTHS).flatMap(([l, ws]) => ws.map((w, i) => `${l} ${i + 1} ${w}`)));
  const kept = (await env.DB.prepare('SELECT list, tag_id, level, bucket, n FROM medical_list_levels').raw<number[]>()) as number[][];
  expect(kept.map((r) => `${r.slice(0, 4).join(' ')} ${r[4]}`).sort()).toEqual([...levels].map(([k, n]) => `${k} ${n}`).sort());
  // Ties: the items of each k of a company list counted per item_id bucket, recounted likewise.
  const ties = new Map<string, number>();
  for (const [list, tag, k, id] of source) {
    for (const [i, width] of (TIE_WIDTHS[list as ListCode] ?? []).entries()) {
      const key = [list, tag, k, i + 1, Math.floor(id / width) * width].join(' ');
      ties.set(key, (ties.get(key) ?? 0) + 1);
    }
  }
  expect(ties.size).toBeGreaterThan(1000);
  const tieWidths = (await env.DB.prepare('SELECT list, level, width FROM medical_list_tie_widths ORDER BY 1, 2').raw<number[]>()) as number[][];
  expect(tieWidths.map((r) => r.join(' '))).toEqual(Object.entries(TIE_WIDTHS).flatMap(([l, ws]) => ws!.map((w, i) => `${l} ${i + 1} ${w}`)));
  const keptTies = (await env.DB.prepare('SELECT list, tag_id, k, level, bucket, n FROM medical_list_ties').raw<number[]>()) as number[][];
  expect(keptTies.map((r) => `${r.slice(0, 5).join(' ')} ${r[5]}`).sort()).toEqual([...ties].map(([k, n]) => `${k} ${n}`).sort());
}

interface ListCase {
  name: string;
  path: (page: number) => string;
  /** The answer's list ({ data, page }) inside the response data. */
  pick: (d: any) => { data: { id?: number; com_id?: number }[]; page: { total: number } };
  /** The straightforward query: ids in list order. */
  oracle: string;
  /** Pages beyond which the list is empty (TOP100). */
  cap?: number;
  /** The oracle's second column, compared with this field of each row (the firms' event counts). */
  also?: string;
}

const pick = (key: string) => (d: any) => d[key];
const self = (d: any) => d;
const companySql = (where: string, order: string) => `SELECT id FROM companies WHERE ${where} ORDER BY ${order}, id DESC`;
const ORDERS = { 1: 'total_money DESC', 2: 'born_year DESC, born_month DESC', 3: 'last_invse_date DESC' } as const;

function listCases(tags: number[]): ListCase[] {
  const cases: ListCase[] = [
    { name: 'events', path: (p) => `/api/medical/data?type=event&page=${p}`, pick: self, oracle: `SELECT id FROM invest_events WHERE scope = '${S}' ORDER BY date DESC, id DESC` },
    { name: 'news', path: (p) => `/api/medical/data?type=news&page=${p}`, pick: self, oracle: `SELECT id FROM news WHERE scope = '${S}' ORDER BY date DESC, id DESC` },
    { name: 'policies', path: (p) => `/api/medical?type=policy&page=${p}`, pick: pick('policy'), oracle: `SELECT id FROM policies WHERE scope = '${S}' ORDER BY put_time DESC, id DESC` },
    { name: 'broker reports', path: (p) => `/api/medical/data?type=broker_report&page=${p}`, pick: self, oracle: 'SELECT id FROM broker_reports ORDER BY time DESC, id DESC' },
    {
      name: 'horse',
      path: (p) => `/api/medical/data?type=horse&page=${p}`,
      pick: self,
      oracle: companySql(`is_medical = 1 AND valuation >= ${HORSE_MIN} AND valuation < ${UNICORN_MIN}`, 'valuation DESC'),
    },
    { name: 'unicorn', path: (p) => `/api/medical/data?type=unicorn&page=${p}`, pick: self, oracle: companySql(`is_medical = 1 AND valuation >= ${UNICORN_MIN}`, 'valuation DESC') },
    {
      name: 'firms',
      path: (p) => `/api/medical/block?type=invst&page=${p}`,
      pick: pick('invst'),
      oracle: `SELECT i.invst_id AS id, COUNT(*) AS n FROM invest_events e JOIN invest_event_investors i ON i.event_id = e.id
        WHERE e.scope = '${S}' AND i.invst_id > 0 AND i.invst_type = 'invst' GROUP BY i.invst_id ORDER BY n DESC, i.invst_id`,
      also: 'medical_invse_num',
    },
    { name: 'top100', path: (p) => `/api/medical/block?type=invse_money_rank&page=${p}`, pick: pick('invse_money_rank'), oracle: companySql('is_medical = 1', ORDERS[1]), cap: 10 },
  ];
  for (const o of [1, 2, 3] as const) {
    cases.push({ name: `companies order ${o}`, path: (p) => `/api/medical/block?type=company&order=${o}&page=${p}`, pick: pick('company'), oracle: companySql('is_medical = 1', ORDERS[o]) });
  }
  for (const t of tags) {
    cases.push(
      {
        name: `tag ${t} events`,
        path: (p) => `/api/medical/detail?tag_id=${t}&type=event&page=${p}`,
        pick: pick('event'),
        oracle: `SELECT id FROM invest_events WHERE com_id IN ${tagComs(t)} ORDER BY date DESC, id DESC`,
      },
      {
        name: `tag ${t} firms`,
        path: (p) => `/api/medical/block?tag_id=${t}&type=invst&page=${p}`,
        pick: pick('invst'),
        oracle: `SELECT i.invst_id AS id, COUNT(*) AS n FROM invest_events e JOIN invest_event_investors i ON i.event_id = e.id
          WHERE e.com_id IN ${tagComs(t)} AND i.invst_id > 0 AND i.invst_type = 'invst' GROUP BY i.invst_id ORDER BY n DESC, i.invst_id`,
        also: 'medical_invse_num',
      },
      { name: `tag ${t} news`, path: (p) => `/api/medical/detail?tag_id=${t}&type=news&page=${p}`, pick: pick('news'), oracle: `SELECT id FROM news WHERE com_id IN ${tagComs(t)} ORDER BY date DESC, id DESC` },
      {
        name: `tag ${t} top100`,
        path: (p) => `/api/medical/block?tag_id=${t}&type=invse_money_rank&page=${p}`,
        pick: pick('invse_money_rank'),
        oracle: companySql(`id IN ${tagComs(t)}`, ORDERS[1]),
        cap: 10,
      },
    );
    for (const o of [1, 2, 3] as const) {
      cases.push({
        name: `tag ${t} companies order ${o}`,
        path: (p) => `/api/medical/block?tag_id=${t}&type=company&order=${o}&page=${p}`,
        pick: pick('company'),
        oracle: companySql(`id IN ${tagComs(t)}`, ORDERS[o]),
      });
    }
  }
  return cases;
}

/** The busiest field, the busiest tag and a small tag. */
async function tagsToCheck(): Promise<number[]> {
  const rows = await all<{ tag_id: number }>('SELECT tag_id FROM medical_company_tags GROUP BY tag_id ORDER BY COUNT(*) DESC, tag_id');
  return [...new Set([rows[0], rows[1], rows.at(-1)].filter(Boolean).map((r) => r!.tag_id))];
}

async function expectPagesMatch() {
  for (const c of listCases(await tagsToCheck())) {
    const key = (r: Record<string, unknown>) => (c.also ? `${r.id} ${r.n}` : r.id);
    const want = (await all<Record<string, unknown>>(c.oracle)).map(key);
    const listed = c.cap ? want.slice(0, c.cap * 10) : want;
    const pages = Math.max(1, Math.ceil(listed.length / 10));
    const check = [1, 2, 5, 6, 7, Math.floor(pages / 3), Math.floor(pages / 2), Math.ceil(pages / 2) + 1, pages - 6, pages - 1, pages, pages + 1];
    for (const page of [...new Set(check)].filter((p) => p >= 1)) {
      const list = c.pick(await get(c.path(page)));
      const got = list.data.map((r: any) => (c.also ? `${r.id} ${r[c.also]}` : (r.id ?? r.com_id)));
      expect([c.name, page, got]).toEqual([c.name, page, listed.slice((page - 1) * 10, page * 10)]);
      expect([c.name, list.page.total]).toEqual([c.name, listed.length]);
    }
  }
}

/** FA TOP20 as the straightforward ORDER BY gives it, on every one of four calls. */
async function expectFaRanking() {
  const want = await all<{ id: number; m: number; t: number }>(`SELECT f.id,
    (SELECT count(*) FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id WHERE i.invst_id = f.id AND e.scope = '${S}') AS m,
    (SELECT count(*) FROM invest_event_investors i WHERE i.invst_id = f.id) AS t
    FROM invest_firms f WHERE f.is_fa = 1 ORDER BY m DESC, t DESC, f.id LIMIT 20`);
  expect(want.length).toBeGreaterThan(0);
  for (let i = 0; i < 4; i++) {
    const fa = await get('/api/medical/data?type=fa_rand');
    expect(fa.data.map((r: any) => [r.id, r.medical_fa_total, r.fa_total])).toEqual(want.map((r) => [r.id, r.m, r.t]));
    expect(fa.page.total).toBe(want.length);
  }
}

beforeAll(async () => {
  const seed = generateSeed({ scale: 0.1 });
  for (let i = 0; i < seed.statements.length; i += 100) await env.DB.batch(seed.statements.slice(i, i + 100).map((s) => env.DB.prepare(s)));
  vip = await makeUser({ role: 'vip' });
}, 600_000);

describe('healthcare lists kept in list order', () => {
  it('equal a fresh recount on the seeded data', async () => {
    expect(await one(`SELECT COUNT(*) FROM invest_events WHERE scope = '${S}'`)).toBeGreaterThan(500);
    await expectTablesMatch();
  });

  it('page every list as the straightforward ORDER BY ... OFFSET does, first to past the last', async () => {
    await expectPagesMatch();
  });

  it('FA TOP20 ranks FA firms by healthcare deals, ties by all deals, then id, the same on every call', async () => {
    // 40 more FA firms: pairs with the same healthcare deals, one of each pair with more deals in
    // other areas (the seed's busiest FAs have more healthcare deals, so these rank among the top only
    // when they have more). In each pair the one with more deals has the higher id, so only the
    // all-deals count puts it first.
    const medical = (await all<{ id: number }>('SELECT id FROM invest_events WHERE scope = ? ORDER BY id LIMIT 400', S)).map((r) => r.id);
    const other = (await all<{ id: number }>("SELECT id FROM invest_events WHERE scope = '' ORDER BY id LIMIT 400")).map((r) => r.id);
    const top = await get('/api/medical/data?type=fa_rand');
    const busiest = Math.max(...top.data.map((r: any) => r.medical_fa_total));
    const ids = Array.from({ length: 40 }, (_, i) => 980001 + i);
    const rows: string[] = [];
    ids.forEach((id, i) => {
      const m = busiest + 1 + Math.floor(i / 2);
      for (let j = 0; j < m; j++) rows.push(`(${medical[(i * 7 + j) % medical.length]}, ${id}, 'FA${id}', 'invst')`);
      for (let j = 0; j < 1 + (i % 2) * 3; j++) rows.push(`(${other[(i * 5 + j) % other.length]}, ${id}, 'FA${id}', 'invst')`);
    });
    const stmts = [env.DB.prepare(`INSERT INTO invest_firms (id, name, is_fa) VALUES ${ids.map((id) => `(${id}, 'FA${id}', 1)`).join(', ')}`)];
    for (let i = 0; i < rows.length; i += 200) stmts.push(env.DB.prepare(`INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES ${rows.slice(i, i + 200).join(', ')}`));
    await env.DB.batch(stmts);
    const fa = await get('/api/medical/data?type=fa_rand');
    // The 20 new firms with the most healthcare deals; within each pair the one with more deals overall first.
    expect(fa.data.map((r: any) => r.id)).toEqual(ids.slice(20).reverse());
    expect(fa.data[0]).toMatchObject({ medical_fa_total: busiest + 20, fa_total: busiest + 20 + 4 });
    expect(fa.data[1]).toMatchObject({ medical_fa_total: busiest + 20, fa_total: busiest + 20 + 1 });
    await expectFaRanking();
  });

  it('page the company sorts and 千里马 as the OFFSET query does on every page, with long runs of one key inside and across pages', async () => {
    // 150 companies sharing one total, founding month and latest round, ids spread over the item id
    // buckets (medical_list_ties): pages start at every position inside each run, nearer either end.
    const [mid] = await all<{ money: number; born_year: number; born_month: number; last: number }>(
      'SELECT total_money AS money, born_year, born_month, last_invse_date AS last FROM companies WHERE is_medical = 1 ORDER BY total_money LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM companies WHERE is_medical = 1)',
    );
    const [busy] = await tagsToCheck();
    const ids = Array.from({ length: 150 }, (_, i) => 600_000 + ((i * 7919) % 150_000));
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare(
          "INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month, total_money, valuation, last_invse_date, is_medical) VALUES (?, 'tie', 'tie', '北京', '北京', 1, 1, ?, ?, ?, ?, ?, 1)",
        ).bind(id, mid.born_year, mid.born_month, mid.money, HORSE_MIN + 5, mid.last),
      ).concat(ids.filter((_, i) => i % 2 === 0).map((id) => env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(id, busy))),
    );
    // The 千里马 list: the same run of one valuation.
    const horses = (await all<{ id: number }>(companySql(`is_medical = 1 AND valuation >= ${HORSE_MIN} AND valuation < ${UNICORN_MIN}`, 'valuation DESC'))).map((r) => r.id);
    for (let page = 1; page <= Math.ceil(horses.length / 10) + 1; page++) {
      const list = await get(`/api/medical/data?type=horse&page=${page}`);
      expect(['horse', page, list.data.map((r: any) => r.id)]).toEqual(['horse', page, horses.slice((page - 1) * 10, page * 10)]);
    }
    for (const [tag, where] of [
      [undefined, 'is_medical = 1'],
      [busy, `id IN ${tagComs(busy)}`],
    ] as const) {
      for (const o of [1, 2, 3] as const) {
        const want = (await all<{ id: number }>(companySql(where, ORDERS[o]))).map((r) => r.id);
        for (let page = 1; page <= Math.ceil(want.length / 10) + 1; page++) {
          const list = (await get(`/api/medical/block?type=company&order=${o}&page=${page}${tag === undefined ? '' : `&tag_id=${tag}`}`)).company;
          expect([tag, o, page, list.data.map((r: any) => r.id)]).toEqual([tag, o, page, want.slice((page - 1) * 10, page * 10)]);
          expect(list.page.total).toBe(want.length);
        }
      }
    }
    await expectTablesMatch();
  });

  it('stay equal after inserts, updates and deletes of events, news, policies, reports, companies, tags and firms', async () => {
    const coms = (await all<{ id: number }>('SELECT id FROM companies WHERE is_medical = 1 ORDER BY id LIMIT 4 OFFSET 5')).map((r) => r.id);
    const outside = (await all<{ id: number }>('SELECT id FROM companies WHERE is_medical = 0 ORDER BY id LIMIT 1'))[0].id;
    const [busy] = await tagsToCheck();
    const free = (await all<{ id: number }>('SELECT id FROM medical_tags WHERE id NOT IN (SELECT tag_id FROM medical_company_tags WHERE com_id = ?) ORDER BY id', coms[0])).map((r) => r.id);
    const fas = (await all<{ id: number }>('SELECT id FROM invest_firms WHERE is_fa = 1 ORDER BY id LIMIT 1')).map((r) => r.id);
    const plain = (await all<{ id: number }>('SELECT id FROM invest_firms WHERE is_fa = 0 ORDER BY id LIMIT 2')).map((r) => r.id);
    const run = (q: string, ...p: unknown[]) => env.DB.prepare(q).bind(...p);
    await env.DB.batch([
      // Events and news: new ones (in and out of the area), then moved in time, company and scope.
      run('INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (990001, ?, 4, 1234, 20240305, ?)', coms[0], S),
      run("INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (990002, ?, 5, 99, 20230105, '')", outside),
      run("INSERT INTO news (id, title, url, com_id, scope, date) VALUES (990001, 't', 'u', ?, ?, 20240101), (990002, 't', 'u', ?, '', 20220101)", coms[1], S, outside),
      run("INSERT INTO policies (id, title, scope, put_time) VALUES (990001, 'p', ?, 20200202)", S),
      run("INSERT INTO broker_reports (id, name, title, url, time) VALUES (990001, 'b', 't', 'u', 20210303)"),
      // A new healthcare company, and tags added to companies.
      run(
        "INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month, total_money, valuation, last_invse_date, is_medical) VALUES (990001, 'n', 'n', '北京', '北京', 1, 1, 2011, 3, 5000, ?, 20220202, 1)",
        HORSE_MIN + 5,
      ),
      run('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?), (?, ?), (990001, ?)', coms[0], free[0], coms[0], busy === free[1] ? free[2] : free[1], busy),
      // Investors of the block's firm ranking: new rows on a healthcare event and on the new one.
      run(
        "INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (990001, ?, 'a', 'invst'), (990001, ?, 'b', 'invst'), (990002, ?, 'c', 'invst')",
        plain[1],
        fas[0],
        plain[1],
      ),
      // FA firms: a new one, one no longer FA, one made FA.
      run("INSERT INTO invest_firms (id, name, is_fa) VALUES (990001, 'fa', 1), (990003, 'fa3', 1), (990004, 'fa4', 1)"),
      run('UPDATE invest_firms SET is_fa = 0 WHERE id = ?', fas[0]),
      run('UPDATE invest_firms SET is_fa = 1 WHERE id = ?', plain[0]),
    ]);
    await env.DB.batch([
      run('UPDATE invest_events SET date = 20190101 WHERE id = 990001'),
      run('UPDATE invest_events SET scope = ?, com_id = ? WHERE id = 990002', S, coms[1]),
      run('UPDATE news SET com_id = ?, date = 20240601 WHERE id = 990001', coms[2]),
      run('UPDATE news SET scope = ? WHERE id = 990002', S),
      run("UPDATE news SET scope = '' WHERE id = (SELECT id FROM news WHERE scope = ? ORDER BY id LIMIT 1)", S),
      run('UPDATE policies SET put_time = 20250505 WHERE id = 990001'),
      run("UPDATE policies SET scope = '' WHERE id = (SELECT id FROM policies WHERE scope = ? ORDER BY id LIMIT 1)", S),
      run('UPDATE broker_reports SET time = 20100101 WHERE id = 990001'),
      run('DELETE FROM broker_reports WHERE id = (SELECT MIN(id) FROM broker_reports)'),
      // Companies: sort keys and valuation bands change; one leaves the area; one is deleted.
      run('UPDATE companies SET total_money = total_money + 77777, born_year = 1999, born_month = 12, last_invse_date = 20250101, valuation = ? WHERE id = ?', UNICORN_MIN + 1, coms[1]),
      run('UPDATE companies SET valuation = ? WHERE id = 990001', HORSE_MIN - 1),
      run('UPDATE companies SET is_medical = 0 WHERE id = ?', coms[2]),
      run('DELETE FROM companies WHERE id = ?', coms[3]),
      // Tags: one moved, one removed.
      run('UPDATE medical_company_tags SET tag_id = ? WHERE com_id = ? AND tag_id = ?', free[3], coms[0], free[0]),
      run('DELETE FROM medical_company_tags WHERE rowid = (SELECT rowid FROM medical_company_tags WHERE tag_id = ? ORDER BY com_id LIMIT 1 OFFSET 2)', busy),
      // Investors: one moves to another firm, one is removed.
      run('UPDATE invest_event_investors SET invst_id = ? WHERE event_id = 990001 AND invst_id = ?', plain[0], fas[0]),
      run('DELETE FROM invest_event_investors WHERE rowid = (SELECT rowid FROM invest_event_investors WHERE invst_type = ? ORDER BY rowid LIMIT 1 OFFSET 5)', 'invst'),
      // Deletes of events and news, and of an FA firm.
      run('DELETE FROM invest_events WHERE id = (SELECT id FROM invest_events WHERE scope = ? ORDER BY id LIMIT 1 OFFSET 7)', S),
      run('DELETE FROM news WHERE id = (SELECT id FROM news WHERE scope = ? ORDER BY id LIMIT 1 OFFSET 3)', S),
      // (FA firms without investor rows: a ranked firm without its invest_firms row would not be shown.)
      run('DELETE FROM invest_firms WHERE id = 990004'),
      run('UPDATE invest_firms SET id = 990002 WHERE id = 990003'),
    ]);
    await expectTablesMatch();
    await expectPagesMatch();
    await expectFaRanking();
  });
});
