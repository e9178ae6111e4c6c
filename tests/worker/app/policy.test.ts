/**
 * The access matrix's siblings: what every route declares of caching and rate limits
 * (lib/route.ts `cache`, `limit`) is what a visitor and a member get, route by route, and what
 * /api/openapi.json says (`x-cache`, `x-rate-limit`, and `x-visitor` for the visitor rules that
 * tests/worker/app/visitor-rules.test.ts walks).
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { CACHE_STATUS_HEADER, edgeCacheKey } from '../../../worker/src/lib/cache';
import type { PolicyEntry } from '../../../worker/src/lib/route';
import { makeShareData } from '../share/fixtures';
import { makeUser, type TestUser } from '../helpers';

const POLICY = policy();
const routes = (pick: (e: PolicyEntry) => unknown) => Object.entries(POLICY).filter(([, e]) => pick(e));

let member: TestUser;
/** Path parameters and required query fields, where a route's answer needs them to be a 200. */
const sample: Record<string, string> = {};
let ipSeq = 0;
const newIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  member = await makeUser({ role: 'svip' });
  const share = await makeShareData();
  sample['GET /api/group/character/:id'] = `/api/group/character/${share.owner.id}`;
  sample['GET /api/group/dynamic/:id'] = `/api/group/dynamic/${share.cardId}`;
  sample['GET /api/medical/data'] = '/api/medical/data?type=event';
  sample['GET /api/medical/block'] = '/api/medical/block?type=company';
  // A keyword never asked before in this isolate: its first request is its first.
  sample['GET /api/search'] = `/api/search?q=${encodeURIComponent(`策略${Date.now()}`)}`;
});

const pathOf = (route: string) => sample[route] ?? route.split(' ')[1].replace(/:(\w+)(\{[^}]*\})?/g, '1');

function request(route: string, opts: { token?: string; ip?: string } = {}) {
  const method = route.split(' ')[0];
  const headers: Record<string, string> = { 'CF-Connecting-IP': opts.ip ?? '10.76.0.1' };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  return new Request(new URL(pathOf(route), 'http://localhost'), { method, headers, body: method === 'GET' ? undefined : '{}' });
}

const send = async (route: string, opts: { token?: string; ip?: string } = {}) => {
  const res = await SELF.fetch(request(route, opts));
  return { status: res.status, headers: res.headers, text: await res.text() };
};

const cache = () => (caches as unknown as { default: Cache }).default;

describe('edge caching, as declared', () => {
  it('every cached route: a visitor gets `public, s-maxage` and is then served from the cache; a member as the route shares it', async () => {
    const cached = routes((e) => e.cache);
    expect(cached.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const [route, entry] of cached) {
      const rule = entry.cache!;
      const key = await edgeCacheKey(request(route), entry);
      if (key) await cache().delete(key);
      const visits = rule.stored === 'second' ? ['FIRST', 'MISS', 'HIT'] : ['MISS', 'HIT'];
      let body: string | undefined;
      for (const expected of visits) {
        const res = await send(route);
        const got = `${res.status} ${res.headers.get('Cache-Control')} ${res.headers.get(CACHE_STATUS_HEADER)}`;
        if (got !== `200 public, s-maxage=${rule.maxAge} ${expected}`) failures.push(`${route} as visitor: expected ${expected}, got ${got}`);
        if (res.headers.get('Set-Cookie')) failures.push(`${route}: a cached answer sets a cookie`);
        if (body !== undefined && res.text !== body) failures.push(`${route}: the stored answer differs from the first`);
        body = res.text;
      }
      const signedIn = await send(route, { token: member.token });
      const got = `${signedIn.status} ${signedIn.headers.get('Cache-Control')} ${signedIn.headers.get(CACHE_STATUS_HEADER)}`;
      const want = rule.shared === 'everyone' ? `200 public, s-maxage=${rule.maxAge} HIT` : '200 private, no-store null';
      if (got !== want) failures.push(`${route} as member: expected ${want}, got ${got}`);
    }
    expect(failures).toEqual([]);
  });

  it('every other GET route is `private, no-store` and never touches the cache, for a visitor and a member', async () => {
    const failures: string[] = [];
    for (const [route] of routes((e) => !e.cache && !e.writes)) {
      if (!route.startsWith('GET ')) continue;
      for (const token of [undefined, member.token]) {
        const res = await send(route, { token });
        const cc = res.headers.get('Cache-Control') ?? '';
        if (/\bpublic\b/.test(cc) || res.headers.get(CACHE_STATUS_HEADER)) failures.push(`${route} as ${token ? 'member' : 'visitor'}: ${cc} ${res.headers.get(CACHE_STATUS_HEADER)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the OpenAPI document says each operation\'s caching (no-store where none is declared), its rate limit and its visitor rule', async () => {
    const doc = (await (await SELF.fetch('http://localhost/api/openapi.json')).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const [route, entry] of Object.entries(POLICY)) {
      const [method, path] = route.split(' ');
      const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')][method.toLowerCase()];
      const c = entry.cache;
      expect(op['x-cache'], route).toEqual(c ? { 's-maxage': c.maxAge, shared: c.shared, stored: c.stored ?? 'first' } : 'no-store');
      const l = entry.limit;
      expect(op['x-rate-limit'], route).toEqual(
        l ? { name: l.name, per_ip: l.perIp, ...(l.perUser !== undefined ? { per_user: l.perUser } : {}), window_seconds: l.windowMs / 1000 } : undefined,
      );
      expect(op['x-visitor'], route).toEqual(entry.visitor);
    }
  });
});

/** Sets a counter as if `hits` requests had been counted in the current window. */
const fill = (key: string, hits: number) =>
  env.DB.prepare('INSERT OR REPLACE INTO action_hits (key, window_start, hits) VALUES (?, ?, ?)').bind(key, Date.now(), hits).run();

describe('rate limits, as declared', () => {
  const limited = () => routes((e) => e.limit);

  it('covers the write actions: registration, comments, incense, the digest subscription and trial applications', () => {
    expect(new Set(limited().map(([, e]) => e.limit!.name))).toEqual(new Set(['register', 'comment', 'incense', 'subscribe', 'saas_trial']));
  });

  it('each limited route answers 429 with Retry-After past its per-IP threshold; another address is unaffected', async () => {
    const failures: string[] = [];
    for (const [route, entry] of limited()) {
      const limit = entry.limit!;
      await env.DB.prepare('DELETE FROM action_hits WHERE key LIKE ?').bind(`${limit.name}:%`).run();
      const ip = newIp();
      await fill(`${limit.name}:ip:${ip}`, limit.perIp - 1);
      // The last request the window allows still reaches the route (which may then refuse its empty input).
      const last = await send(route, { token: member.token, ip });
      if (last.status === 429) failures.push(`${route}: refused at the threshold`);
      const over = await send(route, { token: member.token, ip });
      const retry = Number(over.headers.get('Retry-After'));
      if (over.status !== 429 || JSON.parse(over.text).code !== 'RATE_LIMITED' || !(retry > 0 && retry <= limit.windowMs / 1000)) {
        failures.push(`${route}: past the threshold expected 429 with Retry-After, got ${over.status} ${over.headers.get('Retry-After')}`);
      }
      const other = await send(route, { token: member.token, ip: newIp() });
      if (other.status === 429) failures.push(`${route}: another address was refused`);
    }
    expect(failures).toEqual([]);
  });

  it('a per-user limit follows the user across addresses', async () => {
    const failures: string[] = [];
    for (const [route, entry] of limited()) {
      const limit = entry.limit!;
      if (limit.perUser === undefined) continue;
      await env.DB.prepare('DELETE FROM action_hits WHERE key LIKE ?').bind(`${limit.name}:%`).run();
      await fill(`${limit.name}:user:${member.id}`, limit.perUser - 1);
      if ((await send(route, { token: member.token, ip: newIp() })).status === 429) failures.push(`${route}: refused at the user's threshold`);
      const over = await send(route, { token: member.token, ip: newIp() });
      if (over.status !== 429 || !over.headers.get('Retry-After')) failures.push(`${route}: past the user's threshold expected 429, got ${over.status}`);
    }
    await env.DB.prepare('DELETE FROM action_hits').run();
    expect(failures).toEqual([]);
  });
});
