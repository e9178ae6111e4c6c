/**
 * The edge cache: a route that declares `cache` (lib/route.ts CacheRule) has its 200 answers marked
 * `public, s-maxage=…` and kept in the Cache API (caches.default) of the worker, so a request for
 * one of them costs one cache read instead of D1 queries.
 *
 * A request with an API key never takes part, whatever its route. A route shared by 'visitors'
 * is read and filled by anonymous requests only (no Authorization header, no bookmark cookie from a
 * signed-in session), so nothing user-dependent is ever stored or served; a signed-in answer stays
 * `private, no-store`. A route shared by 'everyone' (no caller's identity or writes change it) is
 * read and filled by signed-in requests too. The key is the URL with the query parameters its
 * route declares, sorted: the answers vary only on those (zod drops any other), so a parameter the
 * route does not know (`?utm_source=`, a cache-buster) neither misses the cache nor stores another
 * copy; what a visitor may not ask for is refused before the handler (an error is never stored).
 * A POST takes part only with an empty body. Answers are stored without Set-Cookie. A route stored
 * from the 'second' request stores a key only once it is asked again in this isolate.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { carriesKey } from '../apikeys/auth';
import type { AppEnv } from '../env';
import type { CacheRule, PolicyEntry, RoutePolicy } from './route';

export const SEEN_LIMIT = 20_000;
const seen = new Set<string>();

/**
 * Whether a request's key was asked before in this isolate (it is remembered either way). The keys
 * seen are this isolate's memory, at most SEEN_LIMIT of them (forgotten all at once when full: a
 * key then counts as new once more).
 */
function askedBefore(key: Request): boolean {
  if (seen.has(key.url)) return true;
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.add(key.url);
  return false;
}

/** Set by the cache on every answer it handled: HIT (served from the cache), MISS (stored) or FIRST (a 'second'-stored key's first request). */
export const CACHE_STATUS_HEADER = 'X-Edge-Cache';

/** The Cache-Control of a cached route's answer. */
export const publicCache = (rule: CacheRule) => `public, s-maxage=${rule.maxAge}`;

const anonymous = (req: Request) => !req.headers.has('Authorization') && !/(?:^|;\s*)juzi_d1b=/.test(req.headers.get('Cookie') ?? '');

/**
 * The cache key of a request to a route with this policy, or null when the request may not use
 * the cache (the rows bench drops a stored answer by it).
 */
export async function edgeCacheKey(req: Request, entry: PolicyEntry | undefined): Promise<Request | null> {
  const rule = entry?.cache;
  // An API key's call is checked, limited and metered on every request: never answered from the cache.
  if (!rule || carriesKey(req.headers)) return null;
  if (rule.shared !== 'everyone' && !anonymous(req)) return null;
  const url = new URL(req.url);
  if (req.method === 'POST') {
    // Only an empty body (or {}) is the same for everyone; anything else goes to the handler.
    const body = (await req.clone().text()).trim();
    if (body !== '' && body !== '{}') return null;
    url.searchParams.set('__post', '1');
  } else if (req.method !== 'GET') {
    return null;
  }
  const known = entry.query;
  if (known) for (const name of new Set(url.searchParams.keys())) if (!known.has(name) && name !== '__post') url.searchParams.delete(name);
  url.searchParams.sort();
  url.hash = '';
  return new Request(url.toString(), { method: 'GET' });
}

const cacheOf = () => (typeof caches === 'undefined' ? undefined : (caches as unknown as { default: Cache }).default);

/**
 * Middleware for /api/*: serves a stored answer to a request that may use its route's cache, or
 * runs the handler, marks a 200 answer public and stores it (a 'second'-stored key's first
 * request skips the cache both ways).
 */
export function edgeCache(policy: RoutePolicy): MiddlewareHandler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    const entry = policy.of(c)?.entry;
    const key = await edgeCacheKey(c.req.raw, entry);
    const rule = entry?.cache;
    if (!key || !rule) return next();
    const cache = cacheOf();
    const first = rule.stored === 'second' && !askedBefore(key);
    const hit = first || !cache ? undefined : await cache.match(key);
    if (hit) {
      const res = new Response(hit.body, hit);
      res.headers.set(CACHE_STATUS_HEADER, 'HIT');
      return res;
    }
    await next();
    if (c.res.status !== 200) return;
    c.res.headers.set('Cache-Control', publicCache(rule));
    c.res.headers.delete('Set-Cookie');
    if (!cache) return;
    c.res.headers.set(CACHE_STATUS_HEADER, first ? 'FIRST' : 'MISS');
    // Awaited rather than left to waitUntil: the next visitor's request finds it, deterministically.
    if (!first) await cache.put(key, c.res.clone());
  };
}
