/**
 * The edge cache: answers that are the same for every visitor are marked
 * `public, s-maxage=…` and kept in the Cache API (caches.default) of the worker, so a visitor's
 * request for one of them costs one cache read instead of D1 queries.
 *
 * Only anonymous requests take part (a request with an API key never does, whatever its path): a request with an Authorization header (or a bookmark
 * cookie from a signed-in session) never reads from the cache and never writes to it, so nothing
 * user-dependent is ever stored or served; except the SAME_FOR_EVERYONE answers, which no caller's
 * identity or writes can change, served to signed-in callers too. The key is the URL with the query
 * parameters its route declares, sorted: the answers vary only on those (zod drops any other), so a
 * parameter the route does not know (`?utm_source=`, a cache-buster) neither misses the cache nor
 * stores another copy; the parameters a visitor may not use are refused by the handler (an error is
 * never stored). Only 200 answers whose Cache-Control is public with an
 * s-maxage are stored; they are stored without Set-Cookie. The global search's keys are stored
 * from their second request on (STORED_ON_SECOND_REQUEST).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { carriesKey } from '../apikeys/auth';
import type { AppEnv } from '../env';

/** Answers marked public here (the handler needs no change), with their edge lifetime in seconds. */
export const PUBLIC_ANSWERS: { method: 'GET' | 'POST'; path: string; maxAge: number }[] = [
  // A visitor's page 1 of the closed-company list (the handler refuses a visitor anything else;
  // a shared link's company name is part of the query, hence of the key).
  { method: 'GET', path: '/api/closure', maxAge: 60 },
  { method: 'GET', path: '/api/openapi.json', maxAge: 3600 },
  { method: 'GET', path: '/api/closure/incense_top', maxAge: 60 },
  { method: 'GET', path: '/api/exports/kinds', maxAge: 3600 },
  // The STAR-market home data is a POST with an empty body (spec §7).
  { method: 'POST', path: '/api/starmarket/home', maxAge: 300 },
  // What a visitor's /health shows: the default tabs' page 1, default sort, no tag and no chart
  // condition (the handlers refuse a visitor anything else, and a refusal is never stored).
  { method: 'GET', path: '/api/medical', maxAge: 60 },
  { method: 'GET', path: '/api/medical/data', maxAge: 60 },
  { method: 'GET', path: '/api/medical/block', maxAge: 60 },
  { method: 'GET', path: '/api/medical/chart', maxAge: 300 },
];

/**
 * Answers no caller's identity or writes can change (imported data, the API's own description):
 * their handlers never read the user, so a signed-in request is served from the cache and may fill
 * it, as a visitor's does (tests/worker/starmarket/edge.test.ts compares a VIP's fresh answer with
 * a visitor's). Not the visitor's closed-company page 1 or /health (a signed-in reader sees more)
 * nor incense_top (it changes with the reader's own offerings, which they expect to see at once).
 */
export const SAME_FOR_EVERYONE: { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: '/api/starmarket/home' },
  { method: 'GET', path: '/api/search' },
  { method: 'GET', path: '/api/openapi.json' },
  { method: 'GET', path: '/api/exports/kinds' },
];

/**
 * Answers stored only from their key's second request (in this isolate): the global search, whose
 * keys are the prefixes a reader types into the search box, most of them asked once. Storing each
 * one-off keyword would cost a cache write (a large part of a search miss) and fill the cache with
 * answers nobody asks for again. A key's first request neither reads nor writes the cache
 * (X-Edge-Cache: FIRST); from its second on it is read, and stored on a miss, like any other cached
 * answer. The keys seen are this isolate's memory,
 * at most SEEN_LIMIT of them (forgotten all at once when full: a key then counts as new once more).
 */
export const STORED_ON_SECOND_REQUEST: { method: 'GET' | 'POST'; path: string }[] = [{ method: 'GET', path: '/api/search' }];
export const SEEN_LIMIT = 20_000;
const seen = new Set<string>();

/** Whether a request's key was asked before in this isolate (it is remembered either way). */
function askedBefore(key: Request): boolean {
  if (seen.has(key.url)) return true;
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.add(key.url);
  return false;
}

/** Set by the cache on every answer it handled: HIT (served from the cache), MISS (stored) or FIRST (see STORED_ON_SECOND_REQUEST). */
export const CACHE_STATUS_HEADER = 'X-Edge-Cache';

export const publicCache = (maxAge: number) => `public, max-age=0, s-maxage=${maxAge}`;

/**
 * Marks a handler's answer as the same for every caller (taxonomies, counts, public pages' data),
 * so the edge cache may keep it for `maxAge` seconds. Never for anything that depends on the user.
 */
export const sharedCache = (c: Context, maxAge = 60) => c.header('Cache-Control', `public, s-maxage=${maxAge}`);

/** The entry of `list` for a request's method and path, if it has one. */
const ruleFor = <R extends { method: string; path: string }>(list: R[], method: string, path: string) => list.find((r) => r.method === method && r.path === path);

const anonymous = (req: Request) => !req.headers.has('Authorization') && !/(?:^|;\s*)juzi_d1b=/.test(req.headers.get('Cookie') ?? '');

/** `METHOD /api/path` -> the query parameters its route declares (lib/route.ts declaredQueries), set by app.ts. */
let declaredQueriesOf: (() => Map<string, Set<string>>) | null = null;
let queryNames: Map<string, Set<string>> | undefined;

/** Keys the cache on the declared query parameters of each route (called once by app.ts, read on first use). */
export function keyOnDeclaredQueries(of: () => Map<string, Set<string>>): void {
  declaredQueriesOf = of;
  queryNames = undefined;
}

/** The cache key of a request, or null when it may not use the cache (the rows bench drops a stored answer by it). */
export async function edgeCacheKey(req: Request): Promise<Request | null> {
  // An API key's call is checked, limited and metered on every request: never answered from the cache.
  if (carriesKey(req.headers)) return null;
  const url = new URL(req.url);
  if (!anonymous(req) && !ruleFor(SAME_FOR_EVERYONE, req.method, url.pathname)) return null;
  if (req.method === 'POST') {
    const rule = ruleFor(PUBLIC_ANSWERS, 'POST', url.pathname);
    // Only an empty body (or {}) is the same for everyone; anything else goes to the handler.
    const body = rule ? (await req.clone().text()).trim() : 'x';
    if (body !== '' && body !== '{}') return null;
    url.searchParams.set('__post', '1');
  } else if (req.method !== 'GET') {
    return null;
  }
  const known = (queryNames ??= declaredQueriesOf?.())?.get(`${req.method} ${url.pathname}`);
  if (known) for (const name of new Set(url.searchParams.keys())) if (!known.has(name) && name !== '__post') url.searchParams.delete(name);
  url.searchParams.sort();
  url.hash = '';
  return new Request(url.toString(), { method: 'GET' });
}

const storable = (res: Response) => res.status === 200 && /\bpublic\b/.test(res.headers.get('Cache-Control') ?? '') && /s-maxage=\d+/.test(res.headers.get('Cache-Control') ?? '');

/**
 * Middleware for /api/*: serves a stored answer to an anonymous request, or runs the handler,
 * marks a PUBLIC_ANSWERS answer public and stores what is storable (a STORED_ON_SECOND_REQUEST key's
 * first request skips the cache both ways).
 */
export const edgeCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = await edgeCacheKey(c.req.raw);
  if (!key || typeof caches === 'undefined') return next();
  const first = !!ruleFor(STORED_ON_SECOND_REQUEST, c.req.method, c.req.path) && !askedBefore(key);
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = first ? undefined : await cache.match(key);
  if (hit) {
    const res = new Response(hit.body, hit);
    res.headers.set(CACHE_STATUS_HEADER, 'HIT');
    return res;
  }
  await next();
  const rule = ruleFor(PUBLIC_ANSWERS, c.req.method, c.req.path);
  if (rule && c.res.status === 200) c.res.headers.set('Cache-Control', publicCache(rule.maxAge));
  if (!storable(c.res)) return;
  c.res.headers.delete('Set-Cookie');
  c.res.headers.set(CACHE_STATUS_HEADER, first ? 'FIRST' : 'MISS');
  // Awaited rather than left to waitUntil: the next visitor's request finds it, deterministically.
  if (!first) await cache.put(key, c.res.clone());
};
