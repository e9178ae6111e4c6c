/**
 * Every list, ranking and statistics call of the closed-company area runs on indexes: no
 * statement it executes walks a large table from end to end. Two checks on the statements the
 * real request executed: their plans (EXPLAIN QUERY PLAN; without ANALYZE statistics SQLite
 * picks plans from the schema alone, so these are the plans at any volume), and the rows D1
 * reads for them, which must stay well below the size of closures (an index walked from end to
 * end shows up there, not in the plan).
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, type ClosureSpec, makeAlbum, makeClosures, makeFirm, makeNews, makeReasons, makeTrack, SECTOR } from './fixtures';
import { fullScans, plans, recordRequest, roundTrips, rowsRead, rowsReadBy } from '../query-recorder';
import { makeUser, type TestUser } from '../helpers';

const COMPANIES = 2000;
const PROVINCES = ['北京', '上海', '广东', '浙江', '江苏', '四川', '湖北', '福建', '山东', '河南', '湖南', '安徽', '陕西', '重庆', '天津', '辽宁', '江西', '河北', '云南', '海外'];
/** Ten sector ids; 9100 (测试电商) is one of them. */
const CATS = Array.from({ length: 10 }, (_, i) => 9100 + i * 10);

let vip: TestUser;
const ids = { child: 0, parent: 0, track: 0, album: 0, com: 0 };

/**
 * 2000 companies spread like real data: 20 provinces, 10 sectors, 3 rounds, 8 child reasons
 * under 4 parents, 10 tracks, one album of 100; 30 of them with investors.
 */
beforeAll(async () => {
  vip = await makeUser({ role: 'vip', coins: 10 });
  await baseTaxonomy();
  const reasons = [await makeReasons(2), await makeReasons(2), await makeReasons(2), await makeReasons(2)];
  ids.parent = reasons[0].parent;
  ids.child = reasons[0].children[0];
  const tracks: number[] = [];
  for (let i = 0; i < 10; i++) tracks.push(await makeTrack());
  ids.track = tracks[0];
  ids.album = await makeAlbum();
  const firms = [await makeFirm(), await makeFirm(), await makeFirm()];
  const made = await makeClosures(
    Array.from({ length: COMPANIES }, (_, i): ClosureSpec => {
      const r = reasons[i % 4];
      return {
        name: i === 7 ? '小鸣共享单车' : undefined,
        prov: PROVINCES[i % PROVINCES.length],
        catId: CATS[i % CATS.length],
        seCatId: SECTOR.shopSub,
        fundStatusId: (i % 3) + 1,
        born: 20000101 + (i % 15) * 10000 + (i % 12) * 100,
        close: 20160101 + (i % 9) * 10000 + (i % 12) * 100 + (i % 28),
        totalMoney: i,
        valuation: i * 10,
        horseUnicorn: i > COMPANIES - 5 ? 2 : i > COMPANIES - 20 ? 1 : 0,
        reasons: [{ id: r.children[Math.floor(i / 4) % 2], pId: r.parent }],
        tracks: [tracks[i % 10]],
        albums: i % 20 === 0 ? [ids.album] : [],
        investors: i < 30 ? [firms[i % 3]] : [],
        team: ['张三'],
        tags: [{ id: 1, name: '共享经济' }],
      };
    }),
  );
  ids.com = made[0];
  for (let i = 0; i < 5; i++) await makeNews({ date: 20190101 + i });
  const closures = await env.DB.prepare('SELECT COUNT(*) AS n FROM closures').first<{ n: number }>();
  expect(closures!.n).toBe(COMPANIES);
}, 60_000); // seeding 2000 companies outlasts the default 10 s hook timeout on a loaded machine

// Not the typed client: each call runs through app.fetch with a recording D1 binding (SELF takes no
// env of ours), and the calls are a table of URLs walked generically.
const CALLS: [string, string?][] = [
  ['/api/closure'],
  ['/api/closure?sort=2&page=3'],
  ['/api/closure?sort=3'],
  ['/api/closure?com_prov=北京'],
  ['/api/closure?cat_id=9100&sort=2'],
  ['/api/closure?fund_status=1&sort=3'],
  ['/api/closure?com_prov=北京&cat_id=9100'],
  ['/api/closure?keyword=共享单车'],
  ['/api/closure?keyword=测试公司1&com_prov=北京&sort=2'],
  ['/api/closure?keyword=鸣&com_prov=上海'],
  ['/api/closure?keyword=共享'],
  ['/api/closure?keyword=单'],
  ['/api/closure/year_number'],
  ['/api/closure/filters'],
  ['/api/closure/closure_type'],
  ['/api/closure/com_comment?com_id=COM'],
  ['/api/closure/closure_type_comment?type_id=CHILD'],
  ['/api/closure/closure_type_Delegate?type_id=CHILD'],
  ['/api/closure/closure_type_Delegate?type_id=PARENT'],
  ['/api/closure/closure_type_list?type_id=CHILD&page=2'],
  ['/api/closure/closure_type_list?type_id=PARENT'],
  ['/api/closure/amount_top'],
  ['/api/closure/amount_top?cat_id=9100&page=2'],
  ['/api/closure/amount_top?com_prov=北京'],
  ['/api/closure/valuation_top'],
  ['/api/closure/valuation_top?horse_unicorn=2&com_prov=北京'],
  ['/api/closure/amount_top?sort=1'],
  ['/api/closure/amount_top?sort=3&page=2'],
  ['/api/closure/amount_top?cat_id=9100&com_prov=北京&sort=2'],
  ['/api/closure/valuation_top?sort=2&page=10'],
  ['/api/closure/valuation_top?horse_unicorn=1&sort=3'],
  ['/api/closure/valuation_top?com_prov=上海&sort=1&page=3'],
  ['/api/closure/invst_top?per_page=100'],
  ['/api/closure/death_track'],
  ['/api/closure/death_album'],
  ['/api/closure/death_track_list?item_id=TRACK'],
  ['/api/closure/death_album_list?item_id=ALBUM&page=2'],
  ['/api/closure/death_track_statistics?item_id=TRACK', 'POST'],
  ['/api/closure/death_track_com_statistics?item_id=TRACK', 'POST'],
  ['/api/closure/death_track_com_statistics?item_id=ALBUM&type=2', 'POST'],
  ['/api/closure/news_list'],
  ['/api/closure/news_list?com_prov=海外&year=2019'],
  ['/api/closure/news_list?cat_id=测试电商&keyword=公司'],
  ['/api/closure/incense_top'],
  ['/api/closure/incense_top?type=2'],
  ['/api/closure/incense_list?type=1&item_id=COM'],
];

/**
 * The one call allowed to scan closures: a keyword without any letter or digit (nothing for the
 * name indexes to look up, so LIKE over the rows). Kept here so a new scan anywhere else fails.
 */
const NO_TOKEN_KEYWORD = `/api/closure?keyword=${encodeURIComponent('%')}`;

const fill = (path: string) =>
  path.replace('COM', String(ids.com)).replace('CHILD', String(ids.child)).replace('PARENT', String(ids.parent)).replace('TRACK', String(ids.track)).replace('ALBUM', String(ids.album));

/**
 * Rows a call may read: well below one pass over closures. A list legitimately reads its own
 * slice (a track is 1/10 of the companies, a parent reason 1/4) plus ~250 rows to hydrate a page.
 */
const BUDGET = COMPANIES / 2;

describe('query plans and rows read of the closed-company calls', () => {
  it.each(CALLS)('%s uses indexes only', async (path, method = 'GET') => {
    const res = await recordRequest(fill(path), { method, headers: { Authorization: `Bearer ${vip.token}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.statements.length).toBeGreaterThan(0);
    const scans = (await plans(res.statements)).flatMap(fullScans);
    expect(scans.map((s) => `${s.detail}  <-  ${s.sql}`)).toEqual([]);
    const read = await rowsReadBy(res.statements);
    const total = read.reduce((sum, r) => sum + r.rows, 0);
    expect(total, read.map((r) => `${r.rows}  ${r.sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n')).toBeLessThan(BUDGET);
  });

  it('a keyword of punctuation only is the one documented pass over closures', async () => {
    const res = await recordRequest(NO_TOKEN_KEYWORD, { headers: { Authorization: `Bearer ${vip.token}` } });
    expect(res.status).toBe(200);
    expect(await rowsRead(res.statements)).toBeGreaterThanOrEqual(COMPANIES);
  });
});

/**
 * Paged calls: rows read ≤ 3 × rows returned + 100, totals included, on the first and
 * the last page alike (kept counts; the far half of a list is read from its other end; a page's
 * related lists are one closure_cards row per company).
 */
const PAGED: string[] = [
  '/api/closure',
  '/api/closure?page=2',
  `/api/closure?page=${COMPANIES / 10}`,
  `/api/closure?page=${COMPANIES / 10 - 3}&sort=2`,
  '/api/closure?com_prov=北京&cat_id=9100',
  '/api/closure?com_prov=北京&cat_id=9100&page=10',
  '/api/closure?com_prov=北京&fund_status=1&sort=3',
  '/api/closure?cat_id=9100&fund_status=2',
  '/api/closure?keyword=共享单车',
  '/api/closure/death_track_list?item_id=TRACK',
  `/api/closure/death_track_list?item_id=TRACK&page=${COMPANIES / 10 / 10}`,
  '/api/closure/death_album_list?item_id=ALBUM&page=10',
  '/api/closure/closure_type_list?type_id=CHILD&page=2',
  '/api/closure/invst_top?per_page=100',
  '/api/closure/amount_top?per_page=100',
  '/api/closure/amount_top?per_page=100&sort=3',
  '/api/closure/valuation_top?per_page=100&sort=2&cat_id=9100',
  '/api/closure/com_comment?com_id=COM',
  '/api/closure/incense_list?type=1&item_id=COM',
];

describe('rows read of paged closed-company calls', () => {
  it.each(PAGED)('%s reads at most 3 rows per row returned plus 100', async (path) => {
    const res = await recordRequest(fill(path), { headers: { Authorization: `Bearer ${vip.token}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const returned = (res.body as { data: { info: unknown[] } }).data.info.length;
    const read = await rowsReadBy(res.statements);
    const total = read.reduce((sum, r) => sum + r.rows, 0);
    expect(total, `${returned} rows returned\n${read.map((r) => `${r.rows}  ${r.sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n')}`).toBeLessThanOrEqual(3 * returned + 100);
  });

  it('the last page holds the oldest closings, in order, as the first page holds the newest', async () => {
    const last = await recordRequest(`/api/closure?page=${COMPANIES / 10}`, { headers: { Authorization: `Bearer ${vip.token}` } });
    const rows = (last.body as { data: { info: { com_change_close_date: string }[] } }).data.info;
    expect(rows).toHaveLength(10);
    const oldest = await env.DB.prepare('SELECT close_date FROM closures ORDER BY close_date ASC, com_id ASC LIMIT 1').first<{ close_date: number }>();
    const dates = rows.map((r) => r.com_change_close_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates[9].replace(/-/g, '')).toBe(String(oldest!.close_date));
  });

  it('track and album statistics read their kept rows, not the companies of the item', async () => {
    for (const path of ['/api/closure/death_track_statistics?item_id=TRACK', '/api/closure/death_track_com_statistics?item_id=TRACK', '/api/closure/death_track_com_statistics?item_id=ALBUM&type=2']) {
      const res = await recordRequest(fill(path), { method: 'POST', headers: { Authorization: `Bearer ${vip.token}` } });
      expect(res.status).toBe(200);
      expect(await rowsRead(res.statements), path).toBeLessThanOrEqual(100);
    }
  });
});

/**
 * Pages deep inside a list: neither end is near, so the page is a keyset seek from the
 * kept page anchors (db/kept/read/anchors.ts), never an OFFSET over the rows before it. Each page must
 * hold exactly the rows, in the order, that the straightforward OFFSET query gives.
 */
const SORT_SQL = { 1: 'close_date', 2: 'born_date', 3: 'survival_months' } as const;
const MIDDLE: { path: string; where: string; sort: 1 | 2 | 3; page: number }[] = [
  { path: '/api/closure?page=100', where: '1', sort: 1, page: 100 },
  { path: '/api/closure?page=57&sort=2', where: '1', sort: 2, page: 57 },
  { path: '/api/closure?page=133&sort=3', where: '1', sort: 3, page: 133 },
  { path: '/api/closure?com_prov=北京&page=5', where: "com_prov = '北京'", sort: 1, page: 5 },
  { path: '/api/closure?com_prov=北京&cat_id=9100&page=6&sort=2', where: "com_prov = '北京' AND cat_id = 9100", sort: 2, page: 6 },
  { path: '/api/closure?fund_status=2&page=33&sort=3', where: 'fund_status_id = 2', sort: 3, page: 33 },
  { path: '/api/closure?cat_id=9110&fund_status=1&page=4', where: 'cat_id = 9110 AND fund_status_id = 1', sort: 1, page: 4 },
];

const expectedIds = async (m: (typeof MIDDLE)[number]) =>
  (
    await env.DB.prepare(`SELECT com_id FROM closures WHERE ${m.where} ORDER BY ${SORT_SQL[m.sort]} DESC, com_id DESC LIMIT 10 OFFSET ?`)
      .bind((m.page - 1) * 10)
      .all<{ com_id: number }>()
  ).results.map((r) => r.com_id);

const expectedTotal = async (m: (typeof MIDDLE)[number]) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM closures WHERE ${m.where}`).first<{ n: number }>())!.n;

const pageOf = (res: { body: unknown }) => (res.body as { data: { info: { com_id: number }[]; page: { total: number } } }).data;

describe('middle pages from the page anchors', () => {
  it.each(MIDDLE)('$path: the OFFSET query’s rows, read from an anchor within 3 × rows + 100', async (m) => {
    const headers = { Authorization: `Bearer ${vip.token}` };
    // The first middle page after a change builds the combination's anchors; the next ones use them.
    expect((await recordRequest(m.path, { headers })).status).toBe(200);
    const res = await recordRequest(m.path, { headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = pageOf(res);
    expect(page.info.map((r) => r.com_id)).toEqual(await expectedIds(m));
    expect(page.page.total).toBe(await expectedTotal(m));
    expect(page.info).toHaveLength(10);
    const read = await rowsReadBy(res.statements);
    const total = read.reduce((sum, r) => sum + r.rows, 0);
    expect(total, read.map((r) => `${r.rows}  ${r.sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n')).toBeLessThanOrEqual(3 * 10 + 100);
    expect(res.statements.some((s) => /\bclosure_anchors\b/.test(s.sql))).toBe(true);
    expect((await plans(res.statements)).flatMap(fullScans)).toEqual([]);
  });

  it('every page of a filtered list, walked through, is the OFFSET query’s page', async () => {
    const m = { path: '', where: "com_prov = '上海'", sort: 3 as const, page: 1 };
    const total = await expectedTotal(m);
    for (let page = 1; page <= Math.ceil(total / 10); page++) {
      const res = await recordRequest(`/api/closure?com_prov=上海&sort=3&page=${page}`, { headers: { Authorization: `Bearer ${vip.token}` } });
      expect(pageOf(res).info.map((r) => r.com_id), `page ${page}`).toEqual(await expectedIds({ ...m, page }));
    }
  });

  it('after a company moves in the order, the next middle page rebuilds the anchors and still matches', async () => {
    const m = MIDDLE[0];
    const headers = { Authorization: `Bearer ${vip.token}` };
    await recordRequest(m.path, { headers });
    // Move the page's first company to the newest closing date, and one from far behind into the page's range.
    const before = pageOf(await recordRequest(m.path, { headers })).info.map((r) => r.com_id);
    const moved = before[0];
    const { close_date: oldDate } = (await env.DB.prepare('SELECT close_date FROM closures WHERE com_id = ?').bind(moved).first<{ close_date: number }>())!;
    await env.DB.prepare('UPDATE closures SET close_date = 20241231 WHERE com_id = ?').bind(moved).run();
    try {
      const after = await recordRequest(m.path, { headers });
      const ids = pageOf(after).info.map((r) => r.com_id);
      expect(ids).toEqual(await expectedIds(m));
      expect(ids).not.toContain(moved);
      expect(ids.slice(1)).toEqual(before.slice(1));
      // And a second read uses the rebuilt anchors within the budget.
      const again = await recordRequest(m.path, { headers });
      expect(pageOf(again).info.map((r) => r.com_id)).toEqual(ids);
      expect(await rowsRead(again.statements)).toBeLessThanOrEqual(3 * 10 + 100);
    } finally {
      await env.DB.prepare('UPDATE closures SET close_date = ? WHERE com_id = ?').bind(oldDate, moved).run();
    }
    expect(pageOf(await recordRequest(m.path, { headers })).info.map((r) => r.com_id)).toEqual(before);
  });
});

/**
 * A page within ANCHOR_GAP rows of either end (the first and the last pages above all) of a list an
 * index orders is one round trip: the kept total and the page from both ends, each end's read gated in SQL on that
 * total. The pages must be the OFFSET query's, and past the end is empty with the right total.
 */
describe('pages near either end in one round trip', () => {
  const LISTS: { query: string; where: string; sort: 1 | 2 | 3 }[] = [
    { query: '', where: '1', sort: 1 },
    { query: 'sort=2', where: '1', sort: 2 },
    { query: 'sort=3', where: '1', sort: 3 },
    { query: 'com_prov=北京', where: "com_prov = '北京'", sort: 1 },
    { query: 'fund_status=2&sort=3', where: 'fund_status_id = 2', sort: 3 },
    { query: 'com_prov=北京&cat_id=9100', where: "com_prov = '北京' AND cat_id = 9100", sort: 1 },
  ];
  it.each(LISTS)('?$query: first, second, last three and past-the-end pages', async (l) => {
    const headers = { Authorization: `Bearer ${vip.token}` };
    const total = await expectedTotal({ path: '', where: l.where, sort: l.sort, page: 1 });
    const last = Math.ceil(total / 10);
    for (const page of [1, 2, last - 2, last - 1, last, last + 1]) {
      const res = await recordRequest(`/api/closure?${l.query}&page=${page}`, { headers });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = pageOf(res);
      expect(data.info.map((r) => r.com_id), `page ${page}`).toEqual(await expectedIds({ path: '', where: l.where, sort: l.sort, page }));
      expect(data.page.total).toBe(total);
      // The session and the reference names are read once and then kept per isolate (auth/session.ts, lib/names.ts).
      const own = res.statements.filter((s) => !/^select "(sessions|id)"\."?(id|name)/.test(s.sql) && !/\bfrom "(sectors|rounds)"$/.test(s.sql));
      expect(roundTrips(own), `page ${page}: ${own.map((s) => s.sql.slice(0, 80)).join('\n')}`).toBe(1);
      expect(await rowsRead(res.statements)).toBeLessThanOrEqual(3 * 10 + 100);
    }
  });

  it('a ranking by its measure: the page of its top 100 and the kept total in one round trip', async () => {
    const headers = { Authorization: `Bearer ${vip.token}` };
    for (const [path, offset] of [['/api/closure/amount_top?per_page=100', 0], ['/api/closure/amount_top?per_page=20&page=3', 40], ['/api/closure/valuation_top?per_page=20&page=2&cat_id=9100', 20]] as const) {
      await recordRequest(path, { headers });
      const res = await recordRequest(path, { headers });
      const data = (res.body as { data: { info: { com_id: number; rank: number }[]; page: { total: number } } }).data;
      const [measure, where] = path.includes('valuation') ? ['valuation', 'valuation > 0 AND cat_id = 9100'] : ['total_money', 'total_money > 0'];
      const want = await env.DB.prepare(`SELECT com_id FROM closures WHERE ${where} ORDER BY ${measure} DESC, com_id DESC LIMIT ? OFFSET ?`).bind(data.info.length || 1, offset).all<{ com_id: number }>();
      expect(data.info.map((r) => r.com_id), path).toEqual(want.results.map((r) => r.com_id));
      expect(data.info[0].rank).toBe(offset + 1);
      const { n } = (await env.DB.prepare(`SELECT count(*) AS n FROM closures WHERE ${where}`).first<{ n: number }>())!;
      expect(data.page.total).toBe(Math.min(100, n));
      expect(roundTrips(res.statements), path).toBe(1);
    }
  });

  it('a deeper page reads the total once and goes on to its anchor', async () => {
    const headers = { Authorization: `Bearer ${vip.token}` };
    await recordRequest('/api/closure?page=100', { headers });
    const res = await recordRequest('/api/closure?page=100', { headers });
    expect(pageOf(res).info.map((r) => r.com_id)).toEqual(await expectedIds(MIDDLE[0]));
    // The total comes with the (empty) two-ended read; nothing after it reads the kept count again.
    expect(res.statements.filter((s) => /\bclosure_counts\b/.test(s.sql))).toHaveLength(1);
  });
});

describe('top-100 rankings in another order', () => {
  it('amount_top sort=3 lists the top 100 by financing in survival order, with their ranks by financing', async () => {
    const res = await recordRequest('/api/closure/amount_top?per_page=100&sort=3', { headers: { Authorization: `Bearer ${vip.token}` } });
    const data = (res.body as { data: { info: { com_id: number; rank: number; serial: number }[]; page: { total: number } } }).data;
    const top = (
      await env.DB.prepare('SELECT com_id, survival_months AS s FROM closures WHERE total_money > 0 ORDER BY total_money DESC, com_id DESC LIMIT 100').all<{ com_id: number; s: number }>()
    ).results;
    const expected = [...top].sort((a, b) => b.s - a.s || b.com_id - a.com_id);
    expect(data.info.map((r) => r.com_id)).toEqual(expected.map((r) => r.com_id));
    expect(data.info.map((r) => r.rank)).toEqual(expected.map((r) => top.indexOf(r) + 1));
    expect(data.info.map((r) => r.serial)).toEqual(expected.map((_, i) => i + 1));
    expect(data.page.total).toBe(100);
  });
});

describe('a one-character keyword in the default order, off the list-ordered name index', () => {
  const get = (query: string) => recordRequest(`/api/closure?${query}`, { headers: { Authorization: `Bearer ${vip.token}` } });
  /** The straightforward query: every name holding the character, newest closing first. */
  const straight = async (ch: string, page: number) => {
    const like = `%${ch}%`;
    const total = (await env.DB.prepare('SELECT COUNT(*) AS n FROM closures WHERE com_name LIKE ?').bind(like).first<{ n: number }>())!.n;
    const rows = await env.DB.prepare('SELECT com_id FROM closures WHERE com_name LIKE ? ORDER BY close_date DESC, com_id DESC LIMIT 10 OFFSET ?')
      .bind(like, (page - 1) * 10)
      .all<{ com_id: number }>();
    return { total, ids: rows.results.map((r) => r.com_id) };
  };
  const expectAsStraight = async (label: string) => {
    for (const ch of ['测', '鸣', '1', '改']) {
      const { total } = await straight(ch, 1);
      const last = Math.max(1, Math.ceil(total / 10));
      for (const page of new Set([1, 2, Math.ceil(last / 2), last - 1, last].filter((x) => x >= 1))) {
        const res = await get(`keyword=${encodeURIComponent(ch)}&page=${page}`);
        const data = pageOf(res);
        const want = await straight(ch, page);
        expect(data.page.total, `${label} ${ch} page ${page}`).toBe(want.total);
        expect(data.info.map((r) => r.com_id), `${label} ${ch} page ${page}`).toEqual(want.ids);
      }
    }
  };

  it('pages and totals equal the LIKE query, and page 1 reads what it returns, before and after writes', async () => {
    await expectAsStraight('seeded');
    const res = await get(`keyword=${encodeURIComponent('测')}`);
    expect(pageOf(res).page.total).toBe(COMPANIES - 1); // every name but 小鸣共享单车
    const read = (await rowsReadBy(res.statements)).reduce((n, s) => n + s.rows, 0);
    expect(read).toBeLessThanOrEqual(3 * 10 + 100);
    const [a, b, c] = (await env.DB.prepare('SELECT com_id FROM closures ORDER BY com_id LIMIT 3 OFFSET 100').all<{ com_id: number }>()).results.map((r) => r.com_id);
    await env.DB.batch([
      env.DB.prepare("UPDATE closures SET com_name = '改名鸣谢公司' WHERE com_id = ?").bind(a),
      env.DB.prepare('UPDATE closures SET close_date = 20301231 WHERE com_id = ?').bind(b),
      env.DB.prepare('DELETE FROM closures WHERE com_id = ?').bind(c),
    ]);
    await makeClosures([{ name: '新增鸣改公司', close: 20100101 }]);
    await expectAsStraight('after a rename, a new closing date, a delete and an insert');
    // The other orders keep their own plan and agree with the LIKE query too.
    const bornFirst = pageOf(await get(`keyword=${encodeURIComponent('鸣')}&sort=2`));
    const want = await env.DB.prepare("SELECT com_id FROM closures WHERE com_name LIKE '%鸣%' ORDER BY born_date DESC, com_id DESC LIMIT 10").all<{ com_id: number }>();
    expect(bornFirst.info.map((r) => r.com_id)).toEqual(want.results.map((r) => r.com_id));
  });
});
