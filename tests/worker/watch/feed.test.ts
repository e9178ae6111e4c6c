/**
 * A saved search's Atom feed, read by a maintained feed parser (@rowanmanning/feed-parser): valid
 * Atom with the search's first page at once, a new match on top with a stable id and its own
 * `updated`, links to the product's pages, and an URL that stops working when revoked.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeUser, type TestUser } from '../helpers';
import { baseTaxonomy, makeClosure } from '../closure/fixtures';

let user: TestUser;
beforeAll(async () => {
  await baseTaxonomy();
  user = await makeUser();
});

const fetchFeed = async (url: string) => {
  const res = await SELF.fetch(url.replace('http://localhost:8787', 'http://localhost'));
  return { res, text: await res.text() };
};

describe('the Atom feed', () => {
  it('starts with the list’s first page, then shows a new match on top; ids stay, updated moves', async () => {
    const old = await makeClosure({ name: '浙江旧公司', prov: '浙江', close: 20210101 });
    const s = (await call('/api/saved_searches', { token: user.token, json: { name: '浙江', area: 'closure', query: { com_prov: '浙江' } } })).body.data;
    const first = await fetchFeed(s.feed_url);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('Content-Type')).toBe('application/atom+xml; charset=utf-8');
    expect(first.res.headers.get('Cache-Control')).toMatch(/^public, .*s-maxage=\d+/);
    const feed = parseFeed(first.text);
    expect(feed.meta.type).toBe('atom');
    expect(feed.meta.version).toBe('1.0');
    expect(feed.title).toBe('浙江 - 死亡公司 - 桔子订阅');
    expect(feed.self).toBe(s.feed_url);
    expect(feed.items.map((i) => i.title)).toEqual(['浙江旧公司（天使轮）']);
    expect(feed.items[0]!.url).toBe(`http://localhost:8787/company/${old}`);
    const oldId = feed.items[0]!.id;

    // The first answer is kept at the edge briefly; a new search URL (another token) is not.
    const s2 = (await call('/api/saved_searches', { token: user.token, json: { name: '浙江2', area: 'closure', query: { com_prov: '浙江' } } })).body.data;
    await new Promise((r) => setTimeout(r, 5));
    const fresh = await makeClosure({ name: '浙江新公司', prov: '浙江', close: 20260301 });
    const after = parseFeed((await fetchFeed(s2.feed_url)).text);
    expect(after.items.map((i) => i.title)).toEqual(['浙江新公司（天使轮）', '浙江旧公司（天使轮）']);
    expect(after.items[1]!.id).toBe(oldId);
    expect(after.items[0]!.updated!.getTime()).toBeGreaterThanOrEqual(after.items[1]!.updated!.getTime());
    expect(after.items[0]!.url).toBe(`http://localhost:8787/company/${fresh}`);
  });

  it('a revoked URL answers 404 and the new one works; an unknown token is 404', async () => {
    const s = (await call('/api/saved_searches', { token: user.token, json: { name: '撤销', area: 'news', query: {} } })).body.data;
    expect((await fetchFeed(s.feed_url)).res.status).toBe(200);
    const r = await call(`/api/saved_searches/${s.id}`, { method: 'PATCH', token: user.token, json: { revoke_feed: true } });
    expect((await fetchFeed(s.feed_url)).res.status).toBe(404);
    expect((await fetchFeed(r.body.data.feed_url)).res.status).toBe(200);
    expect((await fetchFeed(`http://localhost/feeds/${'0'.repeat(64)}.atom`)).res.status).toBe(404);
    expect((await fetchFeed('http://localhost/feeds/x.atom')).res.status).toBe(404);
  });
});
