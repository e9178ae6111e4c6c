/**
 * /api/closure/news_list pages come from kept year / month / day counts (news_day_counts, kept by
 * triggers): on the seeded data, every filter of the page (region incl. 海外, industry given by
 * name (a sector and its sub-sectors, or a sub-sector), year incl. '2012以前', and their
 * combinations) gives the same rows, order and total as the straightforward COUNT(*) / OFFSET query
 * on the first, middle, deep and last pages and past the end, at 20 and at 50 per page; again after
 * inserts, updates and deletes; and every page reads at most 3 x its rows + 100 rows.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { drizzleDb } from '../../../worker/src/db';
import { listNews, listNewsPlain, type NewsParams } from '../../../worker/src/closure/news';
import { makeUser } from '../helpers';
import { recordRequest, roundTrips } from '../query-recorder';
import { all, expectKeptMatches, expectWithinBudget, pagesOf, seed } from '../entity/news-days';

const db = () => drizzleDb(env.DB);
let token = '';
const picks = { parent: '', child: '', prov: '', year: '' };

beforeAll(async () => {
  await seed(0.1);
  token = (await makeUser({ role: 'vip' })).token;
  // The industry with the most closed-company news counting its sub-sectors, one of its sub-sectors, the busiest province and year.
  picks.parent = (await all<{ name: string }>(
    `SELECT s.name FROM news n JOIN sectors c ON c.id = n.cat_id JOIN sectors s ON s.id = CASE WHEN c.parent_id = 0 THEN c.id ELSE c.parent_id END
     WHERE n.is_closure = 1 GROUP BY s.id ORDER BY COUNT(*) DESC LIMIT 1`,
  ))[0].name;
  // (The seed files closed-company news under top-level sectors; a sub-sector's list may be empty until the test adds some.)
  picks.child = (await all<{ name: string }>('SELECT name FROM sectors WHERE parent_id <> 0 ORDER BY id LIMIT 1'))[0].name;
  picks.prov = (await all<{ prov: string }>("SELECT prov FROM news WHERE is_closure = 1 AND prov NOT IN ('', '海外') GROUP BY prov ORDER BY COUNT(*) DESC LIMIT 1"))[0].prov;
  picks.year = String((await all<{ y: number }>('SELECT date / 10000 AS y FROM news WHERE is_closure = 1 GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1'))[0].y);
}, 600_000);

const filters = (): Omit<NewsParams, 'page' | 'per_page'>[] => [
  {},
  { com_prov: '海外' },
  { com_prov: picks.prov },
  { cat_id: picks.parent },
  { cat_id: picks.child },
  { com_prov: picks.prov, cat_id: picks.parent },
  { com_prov: '海外', cat_id: picks.parent },
  { year: picks.year },
  { year: '2012以前' },
  { com_prov: '海外', year: picks.year },
  { cat_id: picks.parent, year: picks.year },
  { com_prov: picks.prov, cat_id: picks.child, year: picks.year },
  { cat_id: '没有这个行业' },
  { com_prov: '火星' },
];

async function expectLikeOracle() {
  for (const f of filters()) {
    for (const perPage of [20, 50]) {
      const first = await listNewsPlain(db(), { ...f, page: 1, per_page: perPage });
      for (const page of pagesOf(first.total, perPage)) {
        const q = { ...f, page, per_page: perPage };
        expect(await listNews(db(), q), JSON.stringify(q)).toEqual(await listNewsPlain(db(), q));
      }
    }
  }
}

describe('closed-company news pages from kept day counts', () => {
  it('match the straightforward query on the seeded data, every filter, first to last page', async () => {
    expect((await listNewsPlain(db(), { page: 1, per_page: 20 })).total).toBeGreaterThan(100);
    expect((await listNewsPlain(db(), { cat_id: picks.parent, page: 1, per_page: 20 })).total).toBeGreaterThan(20);
    await expectLikeOracle();
  });

  it('match it on every page of the whole list and of the biggest industry, pages straddling days, months and years', async () => {
    // A deep page is found by the day its first row falls on (dayStart, worker/src/db/kept/read.ts) and read
    // on from there: every page, at sizes whose pages start at every sort of position in a day.
    for (const f of [{}, { cat_id: picks.parent }, { com_prov: picks.prov }]) {
      for (const perPage of [20, 7, 3]) {
        const { total } = await listNewsPlain(db(), { ...f, page: 1, per_page: perPage });
        for (let page = 1; page <= Math.ceil(total / perPage) + 1; page++) {
          const q = { ...f, page, per_page: perPage };
          expect(await listNews(db(), q), JSON.stringify(q)).toEqual(await listNewsPlain(db(), q));
        }
      }
    }
  });

  it('read at most 3 x rows + 100 on every page and filter without a keyword', async () => {
    const q = encodeURIComponent;
    for (const f of filters()) {
      const total = (await listNewsPlain(db(), { ...f, page: 1, per_page: 20 })).total;
      const query = Object.entries(f)
        .map(([k, v]) => `${k}=${q(v as string)}`)
        .join('&');
      for (const page of [1, Math.ceil(total / 40) || 1, Math.ceil(total / 20) || 1]) await expectWithinBudget(`/api/closure/news_list?${query}&page=${page}`, token);
    }
  });

  it('page 1 is one round trip, its total included; other pages two; an industry named resolves in one more', async () => {
    const headers = { Authorization: `Bearer ${token}` };
    for (const f of filters()) {
      const { total } = await listNewsPlain(db(), { ...f, page: 1, per_page: 20 });
      const query = new URLSearchParams(f as Record<string, string>).toString();
      const last = Math.max(1, Math.ceil(total / 20));
      for (const page of [1, 2, last, last + 1]) {
        const res = await recordRequest(`/api/closure/news_list?${query}&page=${page}`, { headers });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const own = res.statements.filter((x) => !/^select "sessions"/.test(x.sql));
        const industry = f.cat_id !== undefined && f.cat_id !== '没有这个行业' ? 1 : 0;
        const trips = roundTrips(own);
        const why = `${query} page ${page}\n${own.map((x) => x.sql.slice(0, 90)).join('\n')}`;
        if (page === 1 || f.cat_id === '没有这个行业') expect(trips, why).toBe(f.cat_id === '没有这个行业' ? 1 : 1 + industry);
        else expect(trips, why).toBeLessThanOrEqual(2 + industry);
      }
    }
  });

  it('stay exact after closed-company news is inserted, moved between regions, industries and years, and deleted', async () => {
    const [sub] = await all<{ id: number; parent_id: number }>('SELECT id, parent_id FROM sectors WHERE name = ?', picks.child);
    const [old] = await all<{ id: number }>('SELECT id FROM news WHERE is_closure = 1 ORDER BY date, id LIMIT 1');
    const [open] = await all<{ id: number }>('SELECT id FROM news WHERE is_closure = 0 ORDER BY id LIMIT 1');
    await env.DB.batch([
      env.DB.prepare("INSERT INTO news (id, title, url, cat_id, prov, date, is_closure) VALUES (990101, '关停一', 'https://x/1', ?, '海外', 20110505, 1)").bind(sub.id),
      env.DB.prepare("INSERT INTO news (id, title, url, cat_id, prov, date, is_closure) SELECT 990102, '关停二', 'https://x/2', ?, ?, max(date), 1 FROM news").bind(sub.parent_id, picks.prov),
      env.DB.prepare("UPDATE news SET prov = '海外', cat_id = ?, date = 20190303 WHERE id = ?").bind(sub.id, old.id),
      env.DB.prepare('UPDATE news SET is_closure = 1 WHERE id = ?').bind(open.id),
      env.DB.prepare('UPDATE news SET is_closure = 0 WHERE id = 990101'),
      env.DB.prepare("INSERT INTO news (id, title, url, cat_id, prov, date, is_closure) VALUES (990103, '关停三', 'https://x/3', ?, '海外', 20190303, 1)").bind(sub.id),
      env.DB.prepare('DELETE FROM news WHERE id = 990103'),
    ]);
    await expectKeptMatches();
    await expectLikeOracle();
    expect((await listNews(db(), { com_prov: picks.prov, page: 1, per_page: 20 })).info[0].id).toBe(990102);
  });
});
