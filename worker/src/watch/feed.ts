/**
 * A saved search's Atom 1.0 feed (RFC 4287) at /feeds/<token>.atom: no login, the unguessable token
 * is the key (only its hash is stored). Entries are the search's matches since it was saved, newest
 * first, topped up with its list's current first page so a reader shows something at once. An
 * entry's id names the row (it stays the same when the row changes; `updated` moves), and links to
 * the product's page for it. Answers are kept at the edge briefly (FEED_MAX_AGE).
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { sha256Hex } from '../auth/password';
import { drizzleDb } from '../db';
import type { AppEnv } from '../env';
import { escapeHtml } from '../lib/html';
import { FEED_MAX_AGE, FEED_SIZE, listUrlOf, WATCH_AREA_NAMES, type WatchArea } from './constants';
import { lastChanges, matchesSince } from './matches';
import { savedSearches } from './tables';
import { FEED_TOKEN_PATTERN } from './tokens';
import type { SavedSearch } from './searches';
import type { Db } from '../env';

const iso = (ms: number) => new Date(ms).toISOString();

export interface FeedEntry {
  id: string;
  title: string;
  summary: string;
  link: string;
  updated: number;
}

/** A tag: URI (RFC 4151) under the product's host, the same for a row whatever search lists it. */
const tagUri = (origin: string, what: string) => `tag:${new URL(origin).hostname},2026:${what}`;

export async function feedEntries(db: Db, origin: string, s: SavedSearch): Promise<FeedEntry[]> {
  const [recent, first] = await Promise.all([matchesSince(db, s, s.createdAt), matchesSince(db, s, 0)]);
  const { adapter } = first;
  const seen = new Set<number>();
  const rows: object[] = [];
  for (const row of [...recent.rows, ...first.rows]) {
    const id = adapter.id(row);
    if (seen.has(id) || rows.length >= FEED_SIZE) continue;
    seen.add(id);
    rows.push(row);
  }
  const changed = await lastChanges(db, adapter.source, [...seen]);
  return rows
    .map((row) => {
      const id = adapter.id(row);
      const e = adapter.entry(row);
      return { id: tagUri(origin, `${adapter.source}/${id}`), title: e.title, summary: e.summary, link: `${origin}${e.path}`, updated: changed.get(id) ?? s.createdAt };
    })
    .sort((a, b) => b.updated - a.updated);
}

export function atomXml(origin: string, selfUrl: string, s: SavedSearch, entries: FeedEntry[]): string {
  const x = escapeHtml;
  const updated = Math.max(s.createdAt, ...entries.map((e) => e.updated));
  const area = s.area as WatchArea;
  const entryXml = entries
    .map(
      (e) => `  <entry>
    <id>${x(e.id)}</id>
    <title>${x(e.title)}</title>
    <updated>${iso(e.updated)}</updated>
    <link rel="alternate" type="text/html" href="${x(e.link)}"/>
    <summary>${x(e.summary)}</summary>
  </entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">
  <id>${x(tagUri(origin, `saved-search/${s.id}`))}</id>
  <title>${x(`${s.name} - ${WATCH_AREA_NAMES[area]} - 桔子订阅`)}</title>
  <subtitle>${x(`${WATCH_AREA_NAMES[area]}中符合订阅条件的新增与变化`)}</subtitle>
  <updated>${iso(updated)}</updated>
  <link rel="self" type="application/atom+xml" href="${x(selfUrl)}"/>
  <link rel="alternate" type="text/html" href="${x(`${origin}${listUrlOf(area, JSON.parse(s.query) as Record<string, unknown>)}`)}"/>
  <author><name>桔子创投数据</name><uri>${x(origin)}</uri></author>
  <generator uri="${x(origin)}">桔子创投数据</generator>
${entryXml}
</feed>
`;
}

/** workerd's default cache (the DOM typings used by the SPA do not know it). */
const edgeCache = () => (caches as unknown as { default: Cache }).default;

const feedCacheKey = (origin: string, token: string) => new Request(`${origin}/feeds/${token}.atom`);

/** Drops a revoked feed's kept answer here (other data centres keep theirs until FEED_MAX_AGE runs out). */
export async function forgetFeed(origin: string, token: string | null) {
  if (token && typeof caches !== 'undefined') await edgeCache().delete(feedCacheKey(origin, token));
}

const notFound = (c: Context<AppEnv>) => c.text('订阅源不存在或已撤销', 404, { 'Cache-Control': 'no-store' });

/** GET /feeds/<token>.atom */
export async function feedResponse(c: Context<AppEnv>) {
  const m = /^([0-9a-f]+)\.atom$/.exec(c.req.param('file') ?? '');
  if (!m || !FEED_TOKEN_PATTERN.test(m[1]!)) return notFound(c);
  const cache = typeof caches === 'undefined' ? null : edgeCache();
  const key = feedCacheKey(c.env.APP_ORIGIN, m[1]!);
  const hit = await cache?.match(key);
  if (hit) return hit;
  const db = drizzleDb(c.env.DB);
  const s = await db.select().from(savedSearches).where(eq(savedSearches.feedHash, await sha256Hex(m[1]!))).get();
  if (!s) return notFound(c);
  const selfUrl = `${c.env.APP_ORIGIN}/feeds/${m[1]}.atom`;
  const body = atomXml(c.env.APP_ORIGIN, selfUrl, s, await feedEntries(db, c.env.APP_ORIGIN, s));
  const res = new Response(body, {
    headers: {
      'Content-Type': 'application/atom+xml; charset=utf-8',
      'Cache-Control': `public, max-age=0, s-maxage=${FEED_MAX_AGE}`,
      'X-Robots-Tag': 'noindex',
    },
  });
  if (cache) c.executionCtx.waitUntil(cache.put(key, res.clone()));
  return res;
}
