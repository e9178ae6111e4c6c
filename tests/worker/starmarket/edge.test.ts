/**
 * The edge cache (lib/cache.ts) and reads through D1 sessions (db/index.ts sessionDb):
 * a visitor's user-independent answers are marked public and served from caches.default; a
 * signed-in request never reads from or writes to the cache, except the answers that are the same
 * for everyone (declared `cache: { shared: 'everyone' }`); errors are never stored; signed-in
 * and write requests get their D1 bookmark back, and sending it back reads their own writes.
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { CACHE_STATUS_HEADER } from '../../../worker/src/lib/cache';
import { makeUser } from '../helpers';
import { baseTaxonomy, makeClosures } from '../closure/fixtures';

const cache = () => (caches as unknown as { default: Cache }).default;
const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
  SELF.fetch(`http://localhost${path}`, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers } });
const post = (path: string, body: unknown, token?: string) =>
  SELF.fetch(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const names = async (res: Response) => ((await res.json()) as { data: { info: { com_name: string }[] } }).data.info.map((r) => r.com_name);

/** The routes whose declared cache is shared by everyone. */
const SAME_FOR_EVERYONE = Object.entries(policy())
  .filter(([, entry]) => entry.cache?.shared === 'everyone')
  .map(([route]) => ({ method: route.split(' ')[0], path: route.split(' ')[1] }));

let user: string;

beforeAll(async () => {
  user = (await makeUser()).token;
  await baseTaxonomy();
  await makeClosures([{ name: '缓存测试甲', close: 20240101 }, { name: '缓存测试乙', close: 20240102 }]);
});

describe('edge cache', () => {
  it("serves a visitor's page 1 from the cache: a company added after it was stored shows only to a signed-in user", async () => {
    const first = await get('/api/closure');
    expect(first.status).toBe(200);
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    expect(first.headers.get('Cache-Control')).toMatch(/^public, .*s-maxage=\d+/);
    expect(first.headers.get('Set-Cookie')).toBeNull();
    const before = await names(first);
    expect(before[0]).toBe('缓存测试乙');

    await makeClosures([{ name: '缓存测试新公司', close: 20250101 }]);

    const second = await get('/api/closure');
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(await names(second)).toEqual(before);

    const signedIn = await get('/api/closure', user);
    expect(signedIn.headers.get(CACHE_STATUS_HEADER)).toBeNull();
    expect(signedIn.headers.get('Cache-Control')).toBe('private, no-store');
    expect((await names(signedIn))[0]).toBe('缓存测试新公司');
  });

  it('a signed-in request neither reads nor stores an answer; the query is part of the key', async () => {
    const path = `/api/closure?keyword=${encodeURIComponent('缓存测试')}`;
    const signedIn = await get(path, user);
    expect(signedIn.status).toBe(200);
    expect(await cache().match(`http://localhost${path}`)).toBeUndefined();
    const visitor = await get(path);
    expect(visitor.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    expect(await cache().match(`http://localhost${path}`)).toBeDefined();
    // The same parameters in another order are the same answer.
    const again = await get(`/api/closure?keyword=${encodeURIComponent('缓存测试')}`);
    expect(again.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
  });

  it('keys on the parameters the route declares: an unknown one (a tracking tag, a cache-buster) is served the stored answer and stores no copy', async () => {
    const q = `q=${encodeURIComponent('缓存测试')}`;
    expect((await get(`/api/search?${q}`)).headers.get(CACHE_STATUS_HEADER)).toBe('FIRST');
    expect((await get(`/api/search?${q}`)).headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    for (const extra of ['utm_source=wx', '_n=1', '_n=2', 'Q=x']) {
      const res = await get(`/api/search?${extra}&${q}`);
      expect(res.status, extra).toBe(200);
      expect(res.headers.get(CACHE_STATUS_HEADER), extra).toBe('HIT');
      expect(await cache().match(`http://localhost/api/search?${extra}&${q}`), extra).toBeUndefined();
    }
    // A declared parameter is part of the key: another keyword is another answer.
    expect((await get(`/api/search?q=${encodeURIComponent('缓存测试乙')}`)).headers.get(CACHE_STATUS_HEADER)).toBe('FIRST');
    const other = await get(`/api/search?q=${encodeURIComponent('缓存测试乙')}&_n=3`);
    expect(other.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    expect(await cache().match(`http://localhost/api/search?q=${encodeURIComponent('缓存测试乙')}`)).toBeDefined();
    // A visitor's closed-company page 1 with a tracking tag is the stored page 1; the POST home ignores its query string.
    expect((await get('/api/closure')).status).toBe(200);
    expect((await get('/api/closure?from=share')).headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect((await post('/api/starmarket/home', {})).headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    expect((await post('/api/starmarket/home?_n=9', {})).headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    // Left as the next test expects to find it: not stored.
    await cache().delete('http://localhost/api/starmarket/home?__post=1');
  });

  it("stores a search keyword from its second request: a one-off keyword costs no cache read or write, a repeated one is served from the cache", async () => {
    const path = `/api/search?q=${encodeURIComponent('缓存测试甲')}`;
    const first = await get(path, user);
    expect(first.status).toBe(200);
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe('FIRST');
    expect(first.headers.get('Cache-Control')).toMatch(/^public, .*s-maxage=\d+/);
    expect(first.headers.get('Set-Cookie')).toBeNull();
    const firstBody = await first.text();
    expect(JSON.parse(firstBody).data).toMatchObject({ company: expect.any(Array), investfirm: expect.any(Array), person: expect.any(Array) });
    expect(await cache().match(`http://localhost${path}`)).toBeUndefined();
    // The second request of the keyword (from anyone) reads the cache, misses and stores the answer.
    const second = await get(path);
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    expect(await second.text()).toBe(firstBody);
    expect(await cache().match(`http://localhost${path}`)).toBeDefined();
    const third = await get(path, user);
    expect(third.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(await third.text()).toBe(firstBody);
    // Other cached answers are stored on their first request, as before.
    await cache().delete('http://localhost/api/exports/kinds');
    expect((await get('/api/exports/kinds')).headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    await cache().delete('http://localhost/api/exports/kinds'); // as the next tests expect to find it
  });

  it('errors are never stored: a visitor asking for page 2 is refused each time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get('/api/closure?page=2');
      expect(res.status).toBe(401);
      expect(res.headers.get(CACHE_STATUS_HEADER)).toBeNull();
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    }
  });

  it('the STAR home (POST, empty body), openapi.json, incense_top and exports/kinds are cached; incense_top for visitors only', async () => {
    expect((await post('/api/starmarket/home', {})).headers.get(CACHE_STATUS_HEADER)).toBe('MISS');
    const hit = await post('/api/starmarket/home', {});
    expect(hit.status).toBe(200);
    expect(hit.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(((await hit.json()) as { data: { com: unknown[] } }).data.com).toBeInstanceOf(Array);
    // The same for everyone: a signed-in caller is served the stored answer, without a bookmark.
    const signedIn = await post('/api/starmarket/home', {}, user);
    expect(signedIn.headers.get(CACHE_STATUS_HEADER)).toBe('HIT');
    expect(signedIn.headers.get('X-D1-Bookmark')).toBeNull();
    expect(signedIn.headers.get('Set-Cookie')).toBeNull();
    for (const path of ['/api/openapi.json', '/api/closure/incense_top', '/api/exports/kinds']) {
      expect((await get(path)).headers.get(CACHE_STATUS_HEADER), path).toBe('MISS');
      const again = await get(path);
      expect(again.headers.get(CACHE_STATUS_HEADER), path).toBe('HIT');
      expect(again.headers.get('Cache-Control'), path).toMatch(/^public, /);
      expect((await get(path, user)).headers.get(CACHE_STATUS_HEADER), path).toBe(path === '/api/closure/incense_top' ? null : 'HIT');
    }
  });

  it("the answers cached for everyone are the same for everyone: a VIP's fresh answer fills the cache and equals a visitor's", async () => {
    const vip = (await makeUser({ role: 'vip' })).token;
    for (const call of SAME_FOR_EVERYONE) {
      const path = call.path === '/api/search' ? `/api/search?q=${encodeURIComponent('缓存测试')}` : call.path;
      const fetchAs = (token?: string) => (call.method === 'POST' ? post(path, {}, token) : get(path, token));
      const key = new URL(`http://localhost${path}`);
      key.searchParams.sort();
      if (call.method === 'POST') key.searchParams.set('__post', '1');
      // The search stores a keyword from its second request on (`stored: 'second'`): ask once first.
      if (call.path === '/api/search') await fetchAs();
      await cache().delete(key.toString());
      const fresh = await fetchAs(vip);
      expect(fresh.status, path).toBe(200);
      expect(fresh.headers.get(CACHE_STATUS_HEADER), path).toBe('MISS');
      const visitorFresh = await (async () => {
        await cache().delete(key.toString());
        return fetchAs();
      })();
      expect(visitorFresh.headers.get(CACHE_STATUS_HEADER), path).toBe('MISS');
      expect(await fresh.text(), path).toBe(await visitorFresh.text());
    }
  });
});

describe('D1 sessions', () => {
  it('the binding supports withSession: a bookmark after a write', async () => {
    const session = env.DB.withSession('first-primary');
    await session.prepare('SELECT 1').all();
    expect(session.getBookmark()).toMatch(/\S/);
  });

  it('a signed-in request gets its bookmark back (header and cookie); a visitor GET does not', async () => {
    // A call that reads through the session (the user's session itself may come from the isolate's
    // kept sessions, auth/session.ts, and then reads nothing).
    const res = await get('/api/closure?page=2', user);
    expect(res.status).toBe(200);
    const mark = res.headers.get('X-D1-Bookmark');
    expect(mark).toMatch(/\S/);
    expect(res.headers.get('Set-Cookie')).toContain(`juzi_d1b=${encodeURIComponent(mark!)}`);
    expect((await get('/api/closure/filters')).headers.get('X-D1-Bookmark')).toBeNull();
  });

  it('a write and the next read with its bookmark: the user reads their own comment; a malformed bookmark is ignored', async () => {
    const [com] = await makeClosures([{ name: '会话测试公司' }]);
    const write = await post('/api/add_comment', { com_id: com, commont_detail: '读到自己写的评论', is_closure: 1 }, user);
    expect(write.status).toBe(200);
    const mark = write.headers.get('X-D1-Bookmark')!;
    expect(mark).toMatch(/\S/);
    const read = await get(`/api/closure/com_comment?com_id=${com}`, user, { 'X-D1-Bookmark': mark });
    expect(read.status).toBe(200);
    const body = (await read.json()) as { data: { info: { commont_detail?: string; content?: string }[]; page: { total: number } } };
    expect(body.data.page.total).toBe(1);
    expect(JSON.stringify(body.data.info[0])).toContain('读到自己写的评论');
    const bad = await get(`/api/closure/com_comment?com_id=${com}`, user, { 'X-D1-Bookmark': 'not a bookmark!' });
    expect(bad.status).toBe(200);
  });
});
