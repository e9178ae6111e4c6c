/**
 * Closed-company benchmark: the list, ranking and statistics calls against the deterministic
 * seed at BENCH_SCALE (default 10), in workerd with the real D1.
 * For each call it prints p50 / p99 latency of BENCH_RUNS requests through the worker's fetch,
 * the D1 rows read per request (meta.rows_read of the request's read statements) and any plan
 * step that walks a large table without an index. Prints figures; asserts only that calls succeed.
 *
 *   npx vitest run --config tests/bench/closure.vitest.config.ts
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSeed } from '../../scripts/seed/generate';
import { fullScans, plans, recordRequest, rowsReadBy } from '../worker/query-recorder';
import { makeUser } from '../worker/helpers';

const benchEnv = env as unknown as { BENCH_SCALE?: string; BENCH_RUNS?: string };
const SCALE = Number(benchEnv.BENCH_SCALE ?? 10);
const RUNS = Number(benchEnv.BENCH_RUNS ?? 40);

let token = '';
const pick: Record<string, number | string> = {};

const one = async <T>(sql: string) => (await env.DB.prepare(sql).first<T>())!;

beforeAll(async () => {
  const t0 = Date.now();
  const seed = generateSeed({ scale: SCALE });
  for (let i = 0; i < seed.statements.length; i += 100) {
    await env.DB.batch(seed.statements.slice(i, i + 100).map((s) => env.DB.prepare(s)));
  }
  console.log(`seeded scale ${SCALE} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${seed.counts.closures} closures, ${seed.counts.closure_investors} closure_investors, ${seed.counts.comments} comments, ${seed.counts.incense_records} incense records, ${seed.counts.news} news`);
  token = (await makeUser({ role: 'vip' })).token;
  // The biggest members of each kind: the worst case a page of that kind meets.
  pick.track = (await one<{ id: number }>('SELECT tag_id AS id FROM closure_company_tracks GROUP BY tag_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
  pick.album = (await one<{ id: number }>('SELECT album_id AS id FROM closure_company_albums GROUP BY album_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
  pick.child = (await one<{ id: number }>('SELECT type_id AS id FROM closure_company_types GROUP BY type_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
  pick.rareChild = (await one<{ id: number }>('SELECT type_id AS id FROM closure_company_types GROUP BY type_id ORDER BY COUNT(*) ASC LIMIT 1')).id;
  pick.parent = (await one<{ id: number }>('SELECT p_id AS id FROM closure_company_types GROUP BY p_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
  pick.com = (await one<{ id: number }>("SELECT target_id AS id FROM comments WHERE target_type = 'com' GROUP BY target_id ORDER BY COUNT(*) DESC LIMIT 1")).id;
  pick.incenseCom = (await one<{ id: number }>('SELECT item_id AS id FROM incense_records WHERE type = 1 GROUP BY item_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
  pick.prov = (await one<{ p: string }>('SELECT com_prov AS p FROM closures GROUP BY com_prov ORDER BY COUNT(*) DESC LIMIT 1')).p;
  pick.cat = (await one<{ id: number }>('SELECT cat_id AS id FROM closures GROUP BY cat_id ORDER BY COUNT(*) DESC LIMIT 1')).id;
  pick.sector = (await one<{ name: string }>(`SELECT name FROM sectors WHERE id = ${pick.cat}`)).name;
  // Keywords a user would type: parts of a real name in the middle of the table.
  const name = (await one<{ n: string }>('SELECT com_name AS n FROM closures ORDER BY com_id LIMIT 1 OFFSET 1000')).n;
  pick.kw3 = [...name].slice(0, 3).join('');
  pick.kw2 = [...name].slice(0, 2).join('');
  pick.kw1 = [...name].slice(-1).join('');
  pick.lastPage = Math.ceil((await one<{ n: number }>('SELECT COUNT(*) AS n FROM closures')).n / 10);
}, 1_800_000);

const CALLS: [label: string, path: () => string, method?: string][] = [
  ['list: default page 1', () => '/api/closure'],
  ['list: page 50, sort 2', () => '/api/closure?page=50&sort=2'],
  ['list: last page', () => `/api/closure?page=${pick.lastPage}`],
  ['list: biggest province, sort 3', () => `/api/closure?com_prov=${encodeURIComponent(String(pick.prov))}&sort=3`],
  ['list: province + sector', () => `/api/closure?com_prov=${encodeURIComponent(String(pick.prov))}&cat_id=${pick.cat}`],
  ['list: keyword 3 chars (trigram)', () => `/api/closure?keyword=${encodeURIComponent(String(pick.kw3))}`],
  ['list: keyword 2 chars (chars index)', () => `/api/closure?keyword=${encodeURIComponent(String(pick.kw2))}`],
  ['list: keyword 1 char (chars index)', () => `/api/closure?keyword=${encodeURIComponent(String(pick.kw1))}`],
  ['list: keyword 2 chars + province', () => `/api/closure?keyword=${encodeURIComponent(String(pick.kw2))}&com_prov=${encodeURIComponent(String(pick.prov))}`],
  ['year_number', () => '/api/closure/year_number'],
  ['filters', () => '/api/closure/filters'],
  ['closure_type', () => '/api/closure/closure_type'],
  ['com_comment (busiest company)', () => `/api/closure/com_comment?com_id=${pick.com}`],
  ['closure_type_Delegate (biggest child)', () => `/api/closure/closure_type_Delegate?type_id=${pick.child}`],
  ['closure_type_Delegate (rarest child)', () => `/api/closure/closure_type_Delegate?type_id=${pick.rareChild}`],
  ['closure_type_Delegate (biggest parent)', () => `/api/closure/closure_type_Delegate?type_id=${pick.parent}`],
  ['closure_type_list (biggest child) p1', () => `/api/closure/closure_type_list?type_id=${pick.child}`],
  ['closure_type_list (biggest parent) p5', () => `/api/closure/closure_type_list?type_id=${pick.parent}&page=5`],
  ['amount_top p1', () => '/api/closure/amount_top'],
  ['amount_top sector+province', () => `/api/closure/amount_top?cat_id=${pick.cat}&com_prov=${encodeURIComponent(String(pick.prov))}`],
  ['valuation_top per_page 100', () => '/api/closure/valuation_top?per_page=100'],
  ['valuation_top 千里马', () => '/api/closure/valuation_top?horse_unicorn=1'],
  ['valuation_top unicorn', () => '/api/closure/valuation_top?horse_unicorn=2'],
  ['invst_top per_page 100', () => '/api/closure/invst_top?per_page=100'],
  ['death_track_list (biggest)', () => `/api/closure/death_track_list?item_id=${pick.track}`],
  ['death_album_list (biggest) p3', () => `/api/closure/death_album_list?item_id=${pick.album}&page=3`],
  ['death_track_statistics (biggest)', () => `/api/closure/death_track_statistics?item_id=${pick.track}`, 'POST'],
  ['death_track_com_statistics (track)', () => `/api/closure/death_track_com_statistics?item_id=${pick.track}`, 'POST'],
  ['death_track_com_statistics (album)', () => `/api/closure/death_track_com_statistics?item_id=${pick.album}&type=2`, 'POST'],
  ['news_list', () => '/api/closure/news_list'],
  ['news_list 海外 + year', () => `/api/closure/news_list?com_prov=${encodeURIComponent('海外')}&year=2019`],
  ['news_list sector + keyword', () => `/api/closure/news_list?cat_id=${encodeURIComponent(String(pick.sector))}&keyword=${encodeURIComponent('科技')}`],
  ['incense_top companies', () => '/api/closure/incense_top'],
  ['incense_top reasons', () => '/api/closure/incense_top?type=2'],
  ['incense_list (busiest company)', () => `/api/closure/incense_list?type=1&item_id=${pick.incenseCom}`],
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

describe(`closed-company calls at scale ${SCALE}`, () => {
  it('prints latency and rows read per call', async () => {
    const lines: string[] = [];
    const pad = (s: string | number, n: number) => String(s).padEnd(n);
    lines.push(`${pad('call', 42)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('rows read', 11)}full scans`);
    for (const [label, path, method = 'GET'] of CALLS) {
      const url = new URL(path(), 'http://localhost');
      const init = { method, headers: { Authorization: `Bearer ${token}` } };
      const first = await SELF.fetch(url, init);
      expect(first.status, `${label}: ${await first.text()}`).toBe(200);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await SELF.fetch(url, init);
        await res.arrayBuffer();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const recorded = await recordRequest(path(), init);
      const read = await rowsReadBy(recorded.statements);
      const scans = (await plans(recorded.statements)).flatMap(fullScans);
      const total = read.reduce((s, r) => s + r.rows, 0);
      lines.push(
        `${pad(label, 42)}${pad(percentile(times, 50).toFixed(1), 9)}${pad(percentile(times, 99).toFixed(1), 9)}${pad(total, 11)}${scans.map((s) => s.detail).join('; ') || '-'}`,
      );
    }
    console.log(
      `\nclosed-company calls, scale ${SCALE}, ${RUNS} runs each (latency in workerd through the worker's fetch); keywords ${pick.kw3} / ${pick.kw2} / ${pick.kw1}\n${lines.join('\n')}`,
    );
  });
});
