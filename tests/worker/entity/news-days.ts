/**
 * Shared by the news / policy page tests (entity and closed-company): the kept tables of migration
 * *_news_policy_day_counts recounted from scratch, the seed, and the rows-read budget of a page.
 */
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { generateSeed } from '../../../scripts/seed/generate';
import { fullScans, plans, recordRequest, rowsRead, rowsReadBy } from '../query-recorder';

export const all = async <T>(q: string, ...params: unknown[]) => (await env.DB.prepare(q).bind(...params).all<T>()).results;

export async function seed(scale = 0.1) {
  const s = generateSeed({ scale });
  for (let i = 0; i < s.statements.length; i += 100) await env.DB.batch(s.statements.slice(i, i + 100).map((x) => env.DB.prepare(x)));
}

const LEVELS = `(SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v`;
const bucket = (d: string) => `CASE v.lv WHEN 1 THEN ${d} / 10000 * 10000 WHEN 2 THEN ${d} / 100 * 100 ELSE ${d} END`;
/** Closed-company news under each sector filter that covers it: its sector and that sector's parent. */
const SECS = `(SELECT cat_id AS sec, date, prov FROM news WHERE is_closure = 1
    UNION ALL SELECT x.parent_id, n.date, n.prov FROM news n JOIN sectors x ON x.id = n.cat_id WHERE n.is_closure = 1 AND x.parent_id <> 0 AND x.parent_id <> n.cat_id)`;
/** Every news row under every (list, key) it belongs to, straight from news, sectors and medical_company_tags (one query per list). */
const NEWS_KEYS = [
  `SELECT 'all' AS l, '' AS k, date FROM news`,
  `SELECT 'scope' AS l, scope AS k, date FROM news WHERE scope <> ''`,
  `SELECT 'tag' AS l, CAST(t.tag_id AS TEXT) AS k, n.date FROM news n JOIN medical_company_tags t ON t.com_id = n.com_id`,
  `SELECT 'scope_tag' AS l, n.scope || '|' || t.tag_id AS k, n.date FROM news n JOIN medical_company_tags t ON t.com_id = n.com_id WHERE n.scope <> ''`,
  `SELECT 'c' AS l, '' AS k, date FROM news WHERE is_closure = 1`,
  `SELECT 'c_prov' AS l, prov AS k, date FROM news WHERE is_closure = 1`,
  `SELECT 'c_sec' AS l, CAST(s.sec AS TEXT) AS k, s.date FROM ${SECS} s`,
  `SELECT 'c_prov_sec' AS l, s.prov || '|' || s.sec AS k, s.date FROM ${SECS} s`,
];
const POLICY_KEYS = [
  `SELECT '' AS r, '' AS s, put_time FROM policies`,
  `SELECT region AS r, '' AS s, put_time FROM policies WHERE region <> ''`,
  `SELECT '' AS r, scope AS s, put_time FROM policies WHERE scope <> ''`,
  `SELECT region AS r, scope AS s, put_time FROM policies WHERE region <> '' AND scope <> ''`,
];

const line = (r: unknown) => Object.values(r as object).join(' ');
const sorted = (rows: string[]) => [...rows].sort();

/** The kept tables equal a fresh recount (rows a delete left at 0 count as absent). */
export async function expectKeptMatches() {
  const news: string[] = [];
  for (const q of NEWS_KEYS) news.push(...(await all(`SELECT k.l, k.k, v.lv, ${bucket('k.date')} AS b, COUNT(*) FROM (${q}) k, ${LEVELS} GROUP BY 1, 2, 3, 4`)).map(line));
  expect(sorted((await all('SELECT list, key, level, bucket, n FROM news_day_counts WHERE n <> 0')).map(line))).toEqual(sorted(news));
  expect((await all('SELECT tag_id, news_id, date, scope FROM news_tags ORDER BY 1, 2')).map(line)).toEqual(
    (await all('SELECT t.tag_id, n.id, n.date, n.scope FROM news n JOIN medical_company_tags t ON t.com_id = n.com_id ORDER BY 1, 2')).map(line),
  );
  expect((await all('SELECT sec, news_id, date, prov FROM news_closure_secs ORDER BY 1, 2')).map(line)).toEqual(
    (await all(`SELECT s.sec, n.id, n.date, n.prov FROM (${SECS.replace('cat_id AS sec, date, prov', 'cat_id AS sec, id AS nid').replace('x.parent_id, n.date, n.prov', 'x.parent_id, n.id')}) s JOIN news n ON n.id = s.nid ORDER BY 1, 2`)).map(line),
  );
  const pol: string[] = [];
  for (const q of POLICY_KEYS) pol.push(...(await all(`SELECT p.r, p.s, v.lv, ${bucket('p.put_time')} AS b, COUNT(*) FROM (${q}) p, ${LEVELS} GROUP BY 1, 2, 3, 4`)).map(line));
  expect(sorted((await all('SELECT region, scope, level, bucket, n FROM policy_day_counts WHERE n <> 0')).map(line))).toEqual(sorted(pol));
}

/** Pages worth checking of a list of `total` rows: first, second, middle, deep, last two, past the end. */
export function pagesOf(total: number, perPage: number): number[] {
  const last = Math.max(1, Math.ceil(total / perPage));
  return [...new Set([1, 2, 3, Math.ceil(last / 3), Math.ceil(last / 2), Math.ceil((2 * last) / 3), last - 1, last, last + 1].filter((p) => p >= 1))];
}

/** A request's rows read stay within the budget of a paged call (3 x rows returned + 100), and no statement scans a large table. */
export async function expectWithinBudget(path: string, token: string) {
  const r = await recordRequest(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(r.status, path).toBe(200);
  const n = ((r.body as { data: { info: unknown[] } }).data.info ?? []).length;
  const read = await rowsRead(r.statements);
  if (read > 3 * n + 100) console.log(path, JSON.stringify(await rowsReadBy(r.statements), null, 1), JSON.stringify(await plans(r.statements)));
  expect(read, `${path}: ${read} rows read for ${n} rows`).toBeLessThanOrEqual(3 * n + 100);
  expect((await plans(r.statements)).flatMap(fullScans), path).toEqual([]);
  return { read, n };
}
