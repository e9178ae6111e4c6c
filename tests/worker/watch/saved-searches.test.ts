/**
 * Saved searches through the API: a query checked by its list call's own schema and messages, the
 * per-role limits, another user's search as absent, and matches since a time in the list's own
 * row shape (the change log written by triggers decides which rows are new or changed).
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { WATCH_LIMITS } from '../../../worker/src/watch/constants';
import { call, makeUser, type TestUser } from '../helpers';
import { baseTaxonomy, makeClosure, SECTOR } from '../closure/fixtures';

let user: TestUser;
let vip: TestUser;
let other: TestUser;

beforeAll(async () => {
  await baseTaxonomy();
  [user, vip, other] = await Promise.all([makeUser(), makeUser({ role: 'vip' }), makeUser()]);
});

const save = (who: TestUser, body: unknown) => call('/api/saved_searches', { token: who.token, json: body });

const wipe = (who: TestUser) => env.DB.prepare('DELETE FROM saved_searches WHERE user_id = ?').bind(who.id).run();

describe('saving a search', () => {
  it('keeps the filters (not the page) and answers with a feed URL and the list page that shows them', async () => {
    const r = await save(user, { name: '上海电商', area: 'closure', query: { com_prov: '上海', cat_id: String(SECTOR.shop), page: '2' } });
    expect(r.status).toBe(200);
    const s = r.body.data;
    expect(s).toMatchObject({ name: '上海电商', area: 'closure', area_name: '死亡公司', paused: false, mail: true, new_count: 0 });
    expect(s.query).toEqual({ com_prov: '上海', cat_id: String(SECTOR.shop) });
    expect(s.list_url).toBe(`/deathCompany?com_prov=${encodeURIComponent('上海')}&cat_id=${SECTOR.shop}`);
    expect(s.feed_url).toMatch(/^http:\/\/localhost:8787\/feeds\/[0-9a-f]{64}\.atom$/);
    const mine = await call('/api/saved_searches', { token: user.token });
    expect(mine.body.data.info.map((x: { id: number }) => x.id)).toEqual([s.id]);
    expect(mine.body.data.page).toEqual({ total: 1, page: 1, per_page: 20 });
    await wipe(user);
  });

  it('refuses an invalid query with the list call’s own message, and saves nothing', async () => {
    const list = await call('/api/closure', { token: user.token, query: { cat_id: 'abc' } });
    expect(list.status).toBe(400);
    const r = await save(user, { name: '坏条件', area: 'closure', query: { cat_id: 'abc' } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('BAD_REQUEST');
    expect(r.body.msg).toBe(list.body.msg);
    const star = await call('/api/starmarket', { token: user.token, json: { state: 0 } });
    const r2 = await save(user, { name: '坏状态', area: 'starmarket', query: { state: 0 } });
    expect(r2.body.msg).toBe(star.body.msg);
    const r3 = await save(user, { name: '未知条件', area: 'closure', query: { colour: 'red' } });
    expect(r3.body.msg).toBe('query.colour：该列表没有这个筛选条件');
    const r4 = await save(user, { name: '未知列表', area: 'closure/comments', query: {} });
    expect(r4.body.msg).toBe('area：不支持订阅该列表');
    const r5 = await save(user, { name: '  ', area: 'closure', query: {} });
    expect(r5.body.msg).toBe('name：请输入订阅名称');
    expect((await call('/api/saved_searches', { token: user.token })).body.data.page.total).toBe(0);
  });

  it('a visitor is asked to sign in', async () => {
    const r = await call('/api/saved_searches', { json: { name: 'x', area: 'closure', query: {} } });
    expect(r.body.code).toBe('LOGIN_REQUIRED');
  });
});

describe('limits by role', () => {
  it(`a plain user keeps ${WATCH_LIMITS.user}; the next is refused with the membership prompt, and saves nothing`, async () => {
    const all = await Promise.all(Array.from({ length: WATCH_LIMITS.user + 2 }, (_, i) => save(user, { name: `订阅${i}`, area: 'news', query: { scope: '医疗健康' } })));
    expect(all.filter((r) => r.status === 200)).toHaveLength(WATCH_LIMITS.user);
    const refused = all.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.body.code, r.body.msg])).toEqual(
      Array(2).fill(['VIP_REQUIRED', `普通用户最多保存${WATCH_LIMITS.user}个订阅，请删除不用的订阅或升级会员`]),
    );
    expect((await call('/api/saved_searches', { token: user.token })).body.data.page.total).toBe(WATCH_LIMITS.user);
    await wipe(user);
  });

  it('a VIP keeps more than a plain user', async () => {
    for (let i = 0; i < WATCH_LIMITS.user + 1; i++) expect((await save(vip, { name: `订阅${i}`, area: 'investevent', query: {} })).status).toBe(200);
    await wipe(vip);
  });
});

describe('one user’s search is not another’s', () => {
  it('another user gets 404 for reading, changing and deleting it', async () => {
    const s = (await save(user, { name: '我的', area: 'closure', query: {} })).body.data;
    for (const r of [
      await call(`/api/saved_searches/${s.id}/matches`, { token: other.token }),
      await call(`/api/saved_searches/${s.id}`, { method: 'PATCH', token: other.token, json: { name: '他的' } }),
      await call(`/api/saved_searches/${s.id}`, { method: 'DELETE', token: other.token }),
    ]) {
      expect([r.status, r.body.code, r.body.msg]).toEqual([404, 'NOT_FOUND', '订阅不存在']);
    }
    expect((await call('/api/saved_searches', { token: other.token })).body.data.info).toEqual([]);
    expect((await call('/api/saved_searches', { token: user.token })).body.data.info[0].name).toBe('我的');
    await wipe(user);
  });
});

describe('matches', () => {
  it('since=0 is the list’s current first page; later, only rows new or changed since then that match, in the list’s row shape', async () => {
    const before = await makeClosure({ name: '老上海电商', prov: '上海', close: 20200101 });
    const s = (await save(user, { name: '上海', area: 'closure', query: { com_prov: '上海' } })).body.data;
    const first = await call(`/api/saved_searches/${s.id}/matches`, { token: user.token, query: { since: 0 } });
    const list = await call('/api/closure', { token: user.token, query: { com_prov: '上海' } });
    expect(first.body.data.info).toEqual(list.body.data.info);
    expect(first.body.data.info.map((r: { com_id: number }) => r.com_id)).toContain(before);

    const since = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    const hit = await makeClosure({ name: '新上海电商', prov: '上海', close: 20260101 });
    await makeClosure({ name: '新北京电商', prov: '北京', close: 20260101 });
    const m = await call(`/api/saved_searches/${s.id}/matches`, { token: user.token, query: { since } });
    expect(m.body.data.info.map((r: { com_id: number }) => r.com_id)).toEqual([hit]);
    const fresh = (await call('/api/closure', { token: user.token, query: { com_prov: '上海' } })).body.data.info;
    expect(m.body.data.info[0]).toEqual(fresh.find((r: { com_id: number }) => r.com_id === hit));

    // The watchlist counts it as new until the user opens it.
    const listed = await call('/api/saved_searches', { token: user.token });
    expect(listed.body.data.info[0].new_count).toBe(1);
    const seen = await call(`/api/saved_searches/${s.id}`, { method: 'PATCH', token: user.token, json: { seen: true } });
    expect(seen.body.data.new_count).toBe(0);
    expect((await call('/api/saved_searches', { token: user.token })).body.data.info[0].new_count).toBe(0);

    // A change to a listed field logs the row again.
    const since2 = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    await env.DB.prepare('UPDATE closures SET fund_status_id = 2 WHERE com_id = ?').bind(before).run();
    const m2 = await call(`/api/saved_searches/${s.id}/matches`, { token: user.token, query: { since: since2 } });
    expect(m2.body.data.info.map((r: { com_id: number }) => r.com_id)).toEqual([before]);
    await wipe(user);
  });

  it('rename, pause, revoke the feed and delete', async () => {
    const s = (await save(user, { name: '旧名', area: 'closure', query: {} })).body.data;
    const r = await call(`/api/saved_searches/${s.id}`, { method: 'PATCH', token: user.token, json: { name: '新名', paused: true, revoke_feed: true } });
    expect(r.body.data).toMatchObject({ name: '新名', paused: true });
    expect(r.body.data.feed_url).not.toBe(s.feed_url);
    const bad = await call(`/api/saved_searches/${s.id}`, { method: 'PATCH', token: user.token, json: {} });
    expect(bad.body.msg).toContain('没有要修改的内容');
    const del = await call(`/api/saved_searches/${s.id}`, { method: 'DELETE', token: user.token });
    expect(del.body.data).toEqual({ id: s.id, deleted: true });
    expect((await call(`/api/saved_searches/${s.id}/matches`, { token: user.token })).status).toBe(404);
  });
});

describe('the change log', () => {
  it('is swept of rows older than any run starts from, a bounded batch at a time', async () => {
    const { sweepChanges, WATCH_CHANGES_KEEP_DAYS } = await import('../../../worker/src/watch/sweep');
    const old = Date.now() - (WATCH_CHANGES_KEEP_DAYS + 1) * 86_400_000;
    await env.DB.prepare("INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('news', 1, ?), ('news', 2, ?), ('news', 3, ?)").bind(old, old, Date.now()).run();
    const before = (await env.DB.prepare('SELECT count(*) AS n FROM watch_changes').first<{ n: number }>())!.n;
    expect(await sweepChanges(env)).toBe(2);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM watch_changes').first<{ n: number }>())!.n).toBe(before - 2);
    expect(await env.DB.prepare('SELECT row_id FROM watch_changes WHERE row_id = 3 AND source = ?').bind('news').first()).toBeTruthy();
  });
});
