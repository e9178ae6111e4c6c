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
import { fullScans, plans, recordRequest, rowsRead, rowsReadBy } from '../query-recorder';
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
 * Paged calls (issue 15): rows read ≤ 3 × rows returned + 100, totals included, on the first and
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
