/**
 * /api/closure/news_list with a company-name keyword reads news_closure_names (a per-character FTS5
 * index of closed-company news in list order, with industry, province and "unsure name" tokens, kept
 * by triggers): on the seeded data plus names with punctuation, latin letters of both cases and a
 * name longer than the indexed 64 characters, every keyword and filter gives the same rows, order
 * and total as the straightforward LIKE / COUNT(*) / OFFSET query on the first, middle, last pages
 * and past the end; again after inserts, updates and deletes, with the index equal to a fresh
 * rebuild and the kept counts equal to a recount; and an industry of 8,000 closed-company news (the
 * size of the biggest at 10x the demo data) with 229 matches reads at most 3 x its rows + 100 on
 * every page for a two-character keyword (kept total; a three-character one, counted, is printed).
 */
import { env } from 'cloudflare:test';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../worker/src/db';
import type { Db } from '../../../worker/src/env';
import { KEEP_TOTAL_FROM, listNews, listNewsPlain, type NewsParams } from '../../../worker/src/closure/news';
import { makeUser } from '../helpers';
import { all, expectWithinBudget, pagesOf, seed } from '../entity/news-days';
import { recordRequest, rowsRead } from '../query-recorder';

const db = () => drizzle(env.DB, { schema }) as unknown as Db;
let token = '';
const picks = { parent: '', parentId: 0, child: '', childId: 0, prov: '', year: '', ch: '', two: '', three: '' };
const LONG = `${'长'.repeat(70)}科技`;

beforeAll(async () => {
  await seed(0.1);
  token = (await makeUser({ role: 'vip' })).token;
  const [parent] = await all<{ id: number; name: string }>(
    `SELECT s.id, s.name FROM news n JOIN sectors c ON c.id = n.cat_id JOIN sectors s ON s.id = CASE WHEN c.parent_id = 0 THEN c.id ELSE c.parent_id END
     WHERE n.is_closure = 1 GROUP BY s.id ORDER BY COUNT(*) DESC LIMIT 1`,
  );
  picks.parent = parent.name;
  picks.parentId = parent.id;
  const [child] = await all<{ id: number; name: string }>('SELECT id, name FROM sectors WHERE parent_id = ? ORDER BY id LIMIT 1', parent.id);
  picks.child = child.name;
  picks.childId = child.id;
  picks.prov = (await all<{ prov: string }>("SELECT prov FROM news WHERE is_closure = 1 AND prov NOT IN ('', '海外') GROUP BY prov ORDER BY COUNT(*) DESC LIMIT 1"))[0].prov;
  picks.year = String((await all<{ y: number }>('SELECT date / 10000 AS y FROM news WHERE is_closure = 1 GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1'))[0].y);
  // Keywords from real names: the commonest last character, and the start of a name with news.
  const names = await all<{ com_name: string }>("SELECT com_name FROM news WHERE is_closure = 1 AND com_name <> '' ORDER BY id");
  const freq = new Map<string, number>();
  for (const { com_name } of names) freq.set(com_name.at(-1)!, (freq.get(com_name.at(-1)!) ?? 0) + 1);
  picks.ch = [...freq].sort((a, b) => b[1] - a[1])[0][0];
  const named = names.find((n) => [...n.com_name].length >= 3)!.com_name;
  picks.two = [...named].slice(0, 2).join('');
  picks.three = [...named].slice(0, 3).join('');
  // Names the index is unsure of (punctuation, a name past 64 characters), latin letters of both
  // cases, a keyword split by punctuation (科·技: the phrase matches, LIKE does not), an open news item.
  const add = [
    ['美团·点评科技', picks.childId, picks.prov, 20190505],
    ['ABC科技', picks.parentId, picks.prov, 20190506],
    ['abc数据', picks.childId, '海外', 20180101],
    ['数科·技术', picks.parentId, picks.prov, 20190507],
    [LONG, picks.parentId, picks.prov, 20100101],
    ['Ab科技', picks.parentId, '', 20110101],
  ] as const;
  await env.DB.batch(
    add.map(([name, cat, prov, date], i) =>
      env.DB.prepare("INSERT INTO news (id, title, url, com_name, cat_id, prov, date, is_closure) VALUES (?, ?, 'https://x/k', ?, ?, ?, ?, 1)").bind(991001 + i, `关停${i}`, name, cat, prov, date),
    ),
  );
  await env.DB.prepare("INSERT INTO news (id, title, url, com_name, cat_id, prov, date, is_closure) VALUES (991100, '开放', 'https://x/o', 'ABC科技', ?, ?, 20190508, 0)").bind(picks.parentId, picks.prov).run();
}, 600_000);

const keywords = () => [picks.ch, picks.two, picks.three, '科技', 'abc', 'ABC', 'b科', '长长长', '科·技', '·', '没有这个名字'];
const filters = (): Omit<NewsParams, 'page' | 'per_page' | 'keyword'>[] => [
  {},
  { cat_id: picks.parent },
  { cat_id: picks.child },
  { com_prov: picks.prov },
  { com_prov: '海外' },
  { com_prov: picks.prov, cat_id: picks.parent },
  { year: picks.year },
  { year: '2012以前' },
  { cat_id: picks.parent, year: '2019' },
  { cat_id: '没有这个行业' },
];

async function expectLikeOracle() {
  for (const keyword of keywords()) {
    for (const f of filters()) {
      for (const perPage of [20, 3]) {
        const first = await listNewsPlain(db(), { ...f, keyword, page: 1, per_page: perPage });
        for (const page of pagesOf(first.total, perPage)) {
          const q = { ...f, keyword, page, per_page: perPage };
          expect(await listNews(db(), q), JSON.stringify(q)).toEqual(await listNewsPlain(db(), q));
        }
      }
    }
  }
}

/** The index equals a rebuild from news: every closed-company news item under its key, and each token's news. */
async function expectIndexMatches() {
  const key = 'date * 10000000 + id';
  const ids = async (match: string) => (await all<{ k: number }>('SELECT rowid AS k FROM news_closure_names WHERE news_closure_names MATCH ? ORDER BY rowid', match)).map((r) => r.k);
  const fresh = async (where: string, ...params: unknown[]) => (await all<{ k: number }>(`SELECT ${key} AS k FROM news n WHERE is_closure = 1 AND ${where} ORDER BY 1`, ...params)).map((r) => r.k);
  expect((await all<{ k: number }>('SELECT rowid AS k FROM news_closure_names ORDER BY rowid')).map((r) => r.k)).toEqual(await fresh('1'));
  expect(await ids(`tags : s${picks.parentId}`)).toEqual(await fresh('(cat_id = ? OR cat_id IN (SELECT id FROM sectors WHERE parent_id = ?))', picks.parentId, picks.parentId));
  expect(await ids(`tags : s${picks.childId}`)).toEqual(await fresh('cat_id = ?', picks.childId));
  expect(await ids(`tags : "p${picks.prov}"`)).toEqual(await fresh('prov = ?', picks.prov));
  expect(await ids('tags : d')).toEqual(await fresh("(com_name GLOB '*[^0-9A-Za-z一-龥]*' OR length(com_name) > 64)"));
  // On names of plain characters the phrase is exactly LIKE (the others are tagged d and confirmed with LIKE).
  expect(await ids('chars : "科 技" NOT tags : d')).toEqual(await fresh("com_name LIKE '%科技%' AND NOT (com_name GLOB '*[^0-9A-Za-z一-龥]*' OR length(com_name) > 64)"));
  // The kept counts: per character and pair of each plain name, lower-cased, under each filter covering the news.
  const counts = new Map<string, number>();
  const news = await all<{ com_name: string; cat_id: number; prov: string; parent: number | null }>(
    "SELECT n.com_name, n.cat_id, n.prov, s.parent_id AS parent FROM news n LEFT JOIN sectors s ON s.id = n.cat_id WHERE n.is_closure = 1 AND NOT (n.com_name GLOB '*[^0-9A-Za-z一-龥]*' OR length(n.com_name) > 64)",
  );
  for (const r of news) {
    const chars = [...r.com_name.toLowerCase()];
    const grams = new Set([...chars, ...chars.slice(1).map((c, i) => chars[i] + c)]);
    const secs = ['', `s${r.cat_id}`, ...(r.parent && r.parent !== r.cat_id ? [`s${r.parent}`] : [])];
    const provs = ['', ...(/^[\u4e00-\u9fa5]+$/.test(r.prov) ? [`p${r.prov}`] : [])];
    for (const g of grams) for (const pv of provs) for (const sc of secs) counts.set(`${g} ${pv}${sc}`, (counts.get(`${g} ${pv}${sc}`) ?? 0) + 1);
  }
  const kept = await all<{ gram: string; filt: string; n: number }>('SELECT gram, filt, n FROM news_name_counts WHERE n <> 0');
  expect(new Map(kept.map((r) => [`${r.gram} ${r.filt}`, r.n]))).toEqual(counts);
}

describe('closed-company news by company name, off the per-character index', () => {
  it('matches the straightforward query for every keyword and filter, first to last page', async () => {
    expect((await listNewsPlain(db(), { keyword: picks.ch, page: 1, per_page: 20 })).total).toBeGreaterThan(20);
    expect((await listNewsPlain(db(), { keyword: '科技', page: 1, per_page: 20 })).info.map((r) => r.com_name)).toContain(LONG);
    await expectIndexMatches();
    await expectLikeOracle();
  });

  it('stays exact after news is inserted, renamed, moved between industries, provinces and years, opened, closed and deleted', async () => {
    const [old] = await all<{ id: number }>("SELECT id FROM news WHERE is_closure = 1 AND com_name <> '' ORDER BY date, id LIMIT 1");
    const [open] = await all<{ id: number }>("SELECT id FROM news WHERE is_closure = 0 AND com_name <> '' ORDER BY id LIMIT 1");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO news (id, title, url, com_name, cat_id, prov, date, is_closure) VALUES (992001, '新', 'https://x/n', '新科技', ?, ?, 20200202, 1)").bind(picks.childId, picks.prov),
      env.DB.prepare("UPDATE news SET com_name = '旧改科技', cat_id = ?, prov = '海外', date = 20190303 WHERE id = ?").bind(picks.childId, old.id),
      env.DB.prepare("UPDATE news SET com_name = 'ABC·科技' WHERE id = 991002"),
      env.DB.prepare('UPDATE news SET is_closure = 1 WHERE id = ?').bind(open.id),
      env.DB.prepare('UPDATE news SET is_closure = 0 WHERE id = 991003'),
      env.DB.prepare('DELETE FROM news WHERE id = 991001'),
      env.DB.prepare("INSERT INTO news (id, title, url, com_name, cat_id, prov, date, is_closure) VALUES (992002, '删', 'https://x/d', '删科技', ?, ?, 20200202, 1)").bind(picks.parentId, picks.prov),
      env.DB.prepare('DELETE FROM news WHERE id = 992002'),
    ]);
    await expectIndexMatches();
    await expectLikeOracle();
    expect((await listNews(db(), { keyword: '旧改', com_prov: '海外', page: 1, per_page: 20 })).info.map((r) => r.id)).toEqual([old.id]);
  });

  it('reads at most 3 x rows + 100 on every page of a big industry with a keyword', async () => {
    // An industry the size of the biggest at 10x the demo data: 8,000 closed-company news, 229 of them
    // of companies named 云科技… (1 in 35, about what 科技 matches there), the rest of other names; plus
    // 2,000 matches in another industry.
    await env.DB.prepare(
      `INSERT INTO news (id, title, url, com_name, cat_id, prov, date, is_closure)
       WITH RECURSIVE i(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM i WHERE n < 9999)
       SELECT 993000 + n, '大', 'https://x/b', CASE WHEN n % 35 = 0 AND n < 8000 THEN '云科技' || n WHEN n >= 8000 THEN '云科技外' || n ELSE '其他' || n END,
         CASE WHEN n < 8000 THEN ? ELSE 9 END, ?, 20100101 + (n % 9) * 10000 + (n % 12) * 100 + n % 28, 1 FROM i`,
    ).bind(picks.parentId, picks.prov).run();
    const q = encodeURIComponent;
    const figures: string[] = [];
    // Two characters: a total kept by triggers, every page within the budget. Three: the first page read
    // counts the 229 matches off the index (printed) and keeps the total; every later page is within the budget.
    for (const keyword of ['云科', '云科技']) {
      const path = `/api/closure/news_list?cat_id=${q(picks.parent)}&keyword=${q(keyword)}`;
      const { total } = await listNewsPlain(db(), { cat_id: picks.parent, keyword, page: 1, per_page: 20 });
      expect(total).toBe(229);
      const reads: number[] = [];
      for (let page = 1; page <= 13; page++) {
        if (keyword.length === 2 || page > 1) reads.push((await expectWithinBudget(`${path}&page=${page}`, token)).read);
        else {
          // The first page counts the matches and keeps the total; the recorder measures rows read by
          // running the page's reads again, so without the kept total, as the request found it.
          const { statements } = await recordRequest(`${path}&page=${page}`, { headers: { Authorization: `Bearer ${token}` } });
          expect((await all<{ n: number }>('SELECT n FROM news_keyword_totals'))).toEqual([{ n: 229 }]);
          await env.DB.prepare('DELETE FROM news_keyword_totals').run();
          reads.push(await rowsRead(statements));
          await recordRequest(`${path}&page=${page}`, { headers: { Authorization: `Bearer ${token}` } });
        }
        expect(await listNews(db(), { cat_id: picks.parent, keyword, page, per_page: 20 })).toEqual(await listNewsPlain(db(), { cat_id: picks.parent, keyword, page, per_page: 20 }));
      }
      figures.push(`${keyword}: ${reads.join(', ')}`);
    }
    await expectIndexMatches();
    console.log(`industry of 8,000+ news, keyword with 229 matches, rows read on pages 1-13:\n  ${figures.join('\n  ')}`);
  });

  it('a kept total of a 3+ character keyword follows every write to closed-company news, per filter and year', async () => {
    const keyword = '云科技';
    const totalOf = async (f: Omit<NewsParams, 'page' | 'per_page' | 'keyword'>) => {
      const got = await listNews(db(), { ...f, keyword, page: 1, per_page: 20 });
      expect(got, JSON.stringify(f)).toEqual(await listNewsPlain(db(), { ...f, keyword, page: 1, per_page: 20 }));
      return got.total;
    };
    // The industry, everything, a province, a year with and without the industry (51 matches: counted every time).
    const scopes = [{ cat_id: picks.parent }, {}, { com_prov: picks.prov }, { cat_id: picks.parent, year: '2012以前' }, { year: '2012以前' }];
    const before = await Promise.all(scopes.map(totalOf));
    expect(before[0]).toBe(229);
    expect(before[3]).toBeLessThan(KEEP_TOTAL_FROM);
    // Each scope with many matches has its total kept, apart from the others.
    expect((await all<{ n: number }>('SELECT count(*) AS n FROM news_keyword_totals'))[0].n).toBe(before.filter((n) => n >= KEEP_TOTAL_FROM).length);
    expect(before.filter((n) => n >= KEEP_TOTAL_FROM).length).toBe(4);
    const steps: [string, string, number[]][] = [
      ['a new one in the industry', "INSERT INTO news (id, title, url, com_name, cat_id, prov, date, is_closure) VALUES (1100001, '新', 'https://x/n', '云科技新', ?, ?, 20110101, 1)", [1, 1, 1, 1, 1]],
      ['renamed away', "UPDATE news SET com_name = '别的名字' WHERE id = 1100001", [0, 0, 0, 0, 0]],
      ['renamed back and moved out of the industry', "UPDATE news SET com_name = '云科技新', cat_id = 9 WHERE id = 1100001", [0, 1, 1, 0, 1]],
      ['closed company news no longer', 'UPDATE news SET is_closure = 0 WHERE id = 1100001', [0, 0, 0, 0, 0]],
      ['deleted from the industry', 'DELETE FROM news WHERE id = 993000', [-1, -1, -1, -1, -1]],
    ];
    for (const [what, statement, delta] of steps) {
      const bind = statement.includes('?') ? [picks.parentId, picks.prov] : [];
      await env.DB.prepare(statement).bind(...bind).run();
      expect(await Promise.all(scopes.map(totalOf)), what).toEqual(before.map((n, i) => n + delta[i]));
    }
  });
});
