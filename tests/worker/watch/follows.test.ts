/**
 * Followed companies on the watchlist page: each with its count of new financing events and news
 * (what the digest finds for it) since the follow, then since the user last opened it from the page;
 * only the user's own follows, paged, and a visit to a company not followed is 404.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { WATCH_PAGE_SIZE } from '../../../worker/src/watch/constants';
import { call, makeUser, type TestUser } from '../helpers';

const tick = () => new Promise((r) => setTimeout(r, 5));

const addCompany = (id: number, name: string) =>
  env.DB.prepare(`INSERT INTO companies (id, name, full_name, slogan, prov, city, cat_id, se_cat_id, born_year, born_month) VALUES (?, ?, ?, '', '北京', '北京', 1, 0, 2019, 1)`)
    .bind(id, name, `${name}有限公司`)
    .run();
const addEvent = (id: number, comId: number, date: number) =>
  env.DB.prepare("INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (?, ?, 2, 20000, ?, '企业服务')").bind(id, comId, date).run();
const addNews = (id: number, comId: number, title: string) =>
  env.DB.prepare("INSERT INTO news (id, title, url, source, com_id, com_name, date, scope) VALUES (?, ?, ?, '36氪', ?, '', 20261203, '')").bind(id, title, `https://news.example.com/${id}`, comId).run();

const followed = (who: TestUser, page = 1) => call(`/api/saved_searches/follows?page=${page}`, { token: who.token }).then((r) => r.body.data);

let carol: TestUser;
let erin: TestUser;
const A = 881_001;
const B = 881_002;

beforeAll(async () => {
  [carol, erin] = await Promise.all([makeUser(), makeUser()]);
  await addCompany(A, '甲关注科技');
  await addCompany(B, '乙关注科技');
  // What happened before the follow is not new to the follower.
  await addEvent(881_101, A, 20261101);
  await tick();
  for (const id of [A, B]) expect((await call('/api/follow', { token: carol.token, json: { type: 1, item_id: id } })).status).toBe(200);
  await tick();
});

describe('followed companies on the watchlist page', () => {
  it('counts new financing events and news since the follow, then since the last visit; a changed event counts once', async () => {
    expect(await followed(carol)).toEqual({
      info: [
        { com_id: B, name: '乙关注科技', logo: '', new_count: 0, followed_at: expect.any(Number), seen_at: expect.any(Number) },
        { com_id: A, name: '甲关注科技', logo: '', new_count: 0, followed_at: expect.any(Number), seen_at: expect.any(Number) },
      ],
      page: { total: 2, page: 1, per_page: WATCH_PAGE_SIZE },
    });
    await addEvent(881_102, A, 20261203);
    await addNews(881_103, A, '甲关注科技发布新品');
    await addNews(881_104, B, '乙关注科技获奖');
    // A later change to the same event is still one new item.
    await env.DB.prepare('UPDATE invest_events SET money = 30000 WHERE id = 881102').run();
    await tick();
    let rows = (await followed(carol)).info;
    expect(rows.map((r: { com_id: number; new_count: number }) => [r.com_id, r.new_count])).toEqual([
      [B, 1],
      [A, 2],
    ]);

    const seen = await call(`/api/saved_searches/follows/${A}/seen`, { token: carol.token, method: 'POST' });
    expect(seen.body.data).toEqual({ com_id: A, seen_at: expect.any(Number) });
    rows = (await followed(carol)).info;
    expect(rows.find((r: { com_id: number }) => r.com_id === A)).toMatchObject({ new_count: 0, seen_at: seen.body.data.seen_at });
    expect(rows.find((r: { com_id: number }) => r.com_id === B).new_count).toBe(1);

    await tick();
    await addNews(881_105, A, '甲关注科技再发新品');
    await tick();
    expect((await followed(carol)).info.find((r: { com_id: number }) => r.com_id === A).new_count).toBe(1);
  });

  it('shows only the user’s own follows; opening a company not followed is 404 and records nothing', async () => {
    expect(await followed(erin)).toEqual({ info: [], page: { total: 0, page: 1, per_page: WATCH_PAGE_SIZE } });
    const r = await call(`/api/saved_searches/follows/${A}/seen`, { token: erin.token, method: 'POST' });
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('未关注该公司');
    const n = await env.DB.prepare('SELECT count(*) AS n FROM watch_follow_visits WHERE user_id = ?').bind(erin.id).first<{ n: number }>();
    expect(n?.n).toBe(0);
    expect((await call(`/api/saved_searches/follows/abc/seen`, { token: erin.token, method: 'POST' })).status).toBe(400);
    expect((await call('/api/saved_searches/follows')).status).toBe(401);
  });
});
