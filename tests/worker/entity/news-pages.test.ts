/**
 * /api/news and /api/policy pages come from kept year / month / day counts (news_day_counts,
 * news_tags, policy_day_counts, kept by triggers): on the seeded data, every filter the pages offer
 * (scope, tag, scope + tag; region, scope, both) gives the same rows, order and total as the
 * straightforward COUNT(*) / OFFSET query on the first, middle, deep and last pages and past the end;
 * the kept tables equal a fresh recount, again after inserts, updates and deletes of news, company
 * tags and policies; and every page reads at most 3 x its rows + 100 rows.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { drizzleDb } from '../../../worker/src/db';
import { NEWS_LIST_PAGE_SIZE, POLICY_PAGE_SIZE } from '../../../worker/src/entity/constants';
import { listNews, listNewsPlain, type NewsListQuery } from '../../../worker/src/entity/news';
import { listPolicies, listPoliciesPlain, type PolicyListQuery } from '../../../worker/src/entity/policy';
import { makeUser } from '../helpers';
import { recordRequest } from '../query-recorder';
import { all, expectKeptMatches, expectWithinBudget, pagesOf, seed } from './news-days';

const db = () => drizzleDb(env.DB);
let token = '';
let bigTag = '';
let smallTag = '';

beforeAll(async () => {
  await seed(0.1);
  token = (await makeUser({ role: 'vip' })).token;
  const tags = await all<{ name: string }>(
    'SELECT g.name FROM medical_company_tags t JOIN news n ON n.com_id = t.com_id JOIN medical_tags g ON g.id = t.tag_id GROUP BY t.tag_id ORDER BY COUNT(*) DESC, t.tag_id',
  );
  bigTag = tags[0].name;
  smallTag = tags.at(-1)!.name;
}, 600_000);

const newsFilters = (): Omit<NewsListQuery, 'page'>[] => [{}, { scope: '医疗健康' }, { tag: bigTag }, { tag: smallTag }, { scope: '医疗健康', tag: bigTag }, { tag: '没有这个标签' }, { scope: '没有' }];
const policyFilters: Omit<PolicyListQuery, 'page'>[] = [{}, { region: '科创板' }, { scope: '医疗健康' }, { region: '科创板', scope: '医疗健康' }, { region: '北京' }];

async function expectNewsLikeOracle() {
  for (const f of newsFilters()) {
    const first = await listNewsPlain(db(), { ...f, page: 1 });
    for (const page of pagesOf(first.total, NEWS_LIST_PAGE_SIZE)) {
      const q = { ...f, page };
      expect(await listNews(db(), q), JSON.stringify(q)).toEqual(await listNewsPlain(db(), q));
    }
  }
}

async function expectPoliciesLikeOracle() {
  for (const f of policyFilters) {
    const first = await listPoliciesPlain(db(), { ...f, page: 1 });
    for (const page of pagesOf(first.total, POLICY_PAGE_SIZE)) {
      const q = { ...f, page };
      expect(await listPolicies(db(), q), JSON.stringify(q)).toEqual(await listPoliciesPlain(db(), q));
    }
  }
}

describe('news and policy pages from kept day counts', () => {
  it('match the straightforward query on the seeded data, every filter, first to last page', async () => {
    const total = (await listNewsPlain(db(), { page: 1 })).total;
    expect(total).toBeGreaterThan(500);
    expect((await listNewsPlain(db(), { tag: bigTag, page: 1 })).total).toBeGreaterThan(20);
    await expectKeptMatches();
    await expectNewsLikeOracle();
    await expectPoliciesLikeOracle();
  });

  it('read at most 3 x rows + 100 on every page and filter', async () => {
    const q = encodeURIComponent;
    const newsTotal = (await listNewsPlain(db(), { page: 1 })).total;
    const tagTotal = (await listNewsPlain(db(), { tag: bigTag, page: 1 })).total;
    const polTotal = (await listPoliciesPlain(db(), { page: 1 })).total;
    const paths = [
      ...pagesOf(newsTotal, NEWS_LIST_PAGE_SIZE).map((p) => `/api/news?page=${p}`),
      `/api/news?scope=${q('医疗健康')}&page=3`,
      ...pagesOf(tagTotal, NEWS_LIST_PAGE_SIZE).map((p) => `/api/news?tag=${q(bigTag)}&page=${p}`),
      `/api/news?scope=${q('医疗健康')}&tag=${q(bigTag)}`,
      ...pagesOf(polTotal, POLICY_PAGE_SIZE).map((p) => `/api/policy?page=${p}`),
      `/api/policy?region=${q('科创板')}`,
      `/api/policy?scope=${q('医疗健康')}&page=2`,
    ];
    for (const path of paths) await expectWithinBudget(path, token);
  });

  it('a news page near the start is one statement: its rows with the total', async () => {
    const headers = { Authorization: `Bearer ${token}` };
    // The session is read once, then kept (auth/session.ts): not one of the page's statements.
    await recordRequest('/api/user/vip_check', { headers });
    for (const path of ['/api/news', '/api/news?page=2', `/api/news?scope=${encodeURIComponent('医疗健康')}&page=3`]) {
      const r = await recordRequest(path, { headers });
      expect(r.status).toBe(200);
      expect((r.body as { data: { info: unknown[] } }).data.info.length).toBe(NEWS_LIST_PAGE_SIZE);
      expect(r.statements.length).toBe(1);
    }
  });

  it('stay exact after news, company tags and policies are inserted, updated and deleted', async () => {
    const [tag] = await all<{ id: number; com_id: number }>(
      `SELECT g.id, t.com_id FROM medical_tags g JOIN medical_company_tags t ON t.tag_id = g.id WHERE g.name = ? ORDER BY t.com_id LIMIT 1`,
      bigTag,
    );
    const [other] = await all<{ id: number }>('SELECT id FROM companies WHERE id NOT IN (SELECT com_id FROM medical_company_tags) ORDER BY id LIMIT 1');
    const [old] = await all<{ id: number }>('SELECT id FROM news ORDER BY date, id LIMIT 1');
    const [pol] = await all<{ id: number }>('SELECT id FROM policies ORDER BY put_time, id LIMIT 1');
    await env.DB.batch([
      // New news: on a tagged company, in the healthcare scope, on a busy day and on a new one.
      env.DB.prepare("INSERT INTO news (id, title, url, com_id, scope, date) SELECT 990001, '新消息一', 'https://x/1', ?, '医疗健康', max(date) FROM news").bind(tag.com_id),
      env.DB.prepare("INSERT INTO news (id, title, url, com_id, scope, date) VALUES (990002, '新消息二', 'https://x/2', ?, '', 19990101)").bind(other.id),
      env.DB.prepare("INSERT INTO news (id, title, url, com_id, scope, date, is_closure, prov, cat_id) VALUES (990003, '新消息三', 'https://x/3', ?, '医疗健康', 20240315, 1, '海外', 1)").bind(tag.com_id),
      // Moves: another day and scope, another company, out of the list.
      env.DB.prepare("UPDATE news SET date = 20230704, scope = '医疗健康' WHERE id = ?").bind(old.id),
      env.DB.prepare('UPDATE news SET com_id = ? WHERE id = 990001').bind(other.id),
      env.DB.prepare('DELETE FROM news WHERE id = 990002'),
      // The untagged company gets the tag, then a tagged one loses it.
      env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(other.id, tag.id),
      env.DB.prepare('DELETE FROM medical_company_tags WHERE com_id = ? AND tag_id = ?').bind(tag.com_id, tag.id),
      env.DB.prepare("INSERT INTO policies (id, title, region, scope, put_time) VALUES (990001, '新规一', '科创板', '医疗健康', 20240102)"),
      env.DB.prepare("INSERT INTO policies (id, title, region, scope, put_time) VALUES (990002, '新规二', '', '医疗健康', 20240102)"),
      env.DB.prepare("UPDATE policies SET put_time = 20100101, scope = '医疗健康' WHERE id = ?").bind(pol.id),
      env.DB.prepare('DELETE FROM policies WHERE id = 990002'),
    ]);
    await expectKeptMatches();
    await expectNewsLikeOracle();
    await expectPoliciesLikeOracle();
    // The newest news item, moved to a company that gained the tag, leads the tag's first page.
    expect((await listNews(db(), { tag: bigTag, page: 1 })).info[0].id).toBe(990001);
    expect((await listPolicies(db(), { region: '科创板', scope: '医疗健康', page: 1 })).info.map((p) => p.id)).toEqual([990001]);
  });
});
