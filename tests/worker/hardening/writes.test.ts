/**
 * Writes that must not happen twice or by accident: HEAD on a writing GET, the same
 * Idempotency-Key with another request, and the rate limits of write actions.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { LIMITS } from '../../../worker/src/lib/rate-limit';
import { OTHER_REQUEST_MSG } from '../../../worker/src/lib/idempotency';
import { baseTaxonomy, count, makeClosure } from '../closure/fixtures';
import { seedClosures } from '../exports/fixtures';
import { order } from '../order/fixtures';
import { api, dataOf, errorOf } from '../client';
import { balance, call, ledgerSum, makeUser } from '../helpers';

let ipSeq = 0;
const newIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  await baseTaxonomy();
});

describe('HEAD on a writing route', () => {
  it('a HEAD to add_comment, add_incense or closure_down is 405 and writes and charges nothing', async () => {
    const u = await makeUser({ coins: 50 });
    const com = await makeClosure();
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM incense_records').first<number>('n');
    const heads = [
      `/api/add_comment?com_id=${com}&commont_detail=head-comment`,
      `/api/closure/add_incense?item_id=${com}&type=1&juzi_btc=5`,
      `/api/closure/closure_down?down_type=0`,
      `/api/closure/add_closure_comment?type_id=1&content=x`,
    ];
    for (const path of heads) {
      const res = await call(path, { method: 'HEAD', token: u.token, headers: { 'Idempotency-Key': `head-${u.id}-${path.length}` } });
      expect(res.status).toBe(405);
      expect(res.headers.get('Allow')).toBe('GET, POST');
    }
    expect(await balance(u.id)).toBe(50);
    expect(await ledgerSum(u.id)).toBe(50);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM incense_records').first<number>('n')).toBe(before);
    const list = await dataOf(api(u.token).closure.com_comment.$get({ query: { com_id: com } }));
    expect(list.page.total).toBe(0);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM export_jobs WHERE user_id = ?').bind(u.id).first<number>('n')).toBe(0);
    // The same GET does write (the twin's documented GET form), so the refusal is HEAD's alone.
    await dataOf(api(u.token).add_comment.$get({ query: { com_id: com, commont_detail: 'get-comment' } }));
    expect((await dataOf(api(u.token).closure.com_comment.$get({ query: { com_id: com } }))).page.total).toBe(1);
  });

  it('HEAD on a read route still answers like GET without a body', async () => {
    const res = await call('/api/health', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
  });
});

describe('Idempotency-Key reused with another request', () => {
  it('incense: another company or another amount is CONFLICT and charges nothing; the same request replays', async () => {
    const u = await makeUser({ coins: 30 });
    const [a, b] = [await makeClosure(), await makeClosure()];
    const key = `incense-reuse-${u.id}`;
    const light = (body: Record<string, unknown>) => api(u.token, { 'Idempotency-Key': key }).closure.add_incense.$post({ json: body });
    const first = await dataOf(light({ item_id: a, type: 1, juzi_btc: 3 }));
    expect(first.balance).toBe(27);
    for (const body of [{ item_id: b, type: 1, juzi_btc: 3 }, { item_id: a, type: 1, juzi_btc: 5 }]) {
      const r = await errorOf(light(body));
      expect(r.status).toBe(409);
      expect(r.code).toBe('CONFLICT');
      expect(r.msg).toBe(OTHER_REQUEST_MSG);
    }
    const again = await dataOf(light({ item_id: a, type: 1, juzi_btc: 3 }));
    expect(again).toEqual(first);
    expect(await balance(u.id)).toBe(27);
    expect(await ledgerSum(u.id)).toBe(27);
    expect(await count('SELECT incense_total AS n FROM closures WHERE com_id = ?', b)).toBe(0);
  });

  it('exports: another page or filter under the same key is CONFLICT and charges nothing', async () => {
    const u = await makeUser({ coins: 100 });
    const { prov } = await seedClosures(30);
    const key = `export-reuse-${u.id}`;
    const down = (json: Record<string, unknown>) => api(u.token, { 'Idempotency-Key': key }).closure.closure_down.$post({ json });
    const first = await dataOf(down({ down_type: 0, com_prov: prov, page: 1, per_page: 10 }));
    const after = await balance(u.id);
    expect(after).toBeLessThan(100);
    for (const json of [{ down_type: 0, com_prov: prov, page: 2, per_page: 10 }, { down_type: 0, com_prov: prov }, { down_type: 0, com_prov: prov, page: 1, per_page: 10, keyword: '测试' }]) {
      const r = await errorOf(down(json));
      expect(r.status).toBe(409);
      expect(r.msg).toBe(OTHER_REQUEST_MSG);
    }
    expect((await dataOf(down({ down_type: 0, com_prov: prov, page: 1, per_page: 10 }))).job_id).toBe(first.job_id);
    expect(await balance(u.id)).toBe(after);
    expect(await ledgerSum(u.id)).toBe(after);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM export_jobs WHERE user_id = ?').bind(u.id).first<number>('n')).toBe(1);
  });

  it('orders and recharges: another plan under the same key is CONFLICT and makes no second order', async () => {
    const u = await makeUser();
    const key = `order-reuse-${u.id}`;
    const first = await order(u, 'coins_100', key);
    expect(first.status).toBe(200);
    const other = await order(u, 'coins_500', key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('CONFLICT');
    expect((await order(u, 'vip_month', key)).status).toBe(409);
    expect((await order(u, 'coins_100', key)).body.data.order_id).toBe(first.body.data.order_id);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?').bind(u.id).first<number>('n')).toBe(1);
  });
});

describe('rate limits of write actions', () => {
  it('registration: per IP, then 429 with Retry-After; another address still registers', async () => {
    const ip = newIp();
    const reg = (i: number, from = ip) =>
      call('/api/auth/register', { json: { account: `rl-${ip}-${i}-${Date.now().toString(36)}@example.com`, password: 'Qz7!kLm2pX' }, headers: { 'CF-Connecting-IP': from } });
    for (let i = 0; i < LIMITS.register.perIp; i++) expect((await reg(i)).status).toBe(200);
    const limited = await reg(99);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.body.msg).toMatch(/^注册过于频繁，请\d+分钟后再试$/);
    const retry = Number(limited.headers.get('Retry-After'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(LIMITS.register.windowMs / 1000);
    expect((await reg(100, newIp())).status).toBe(200);
  });

  it('comments: per user across addresses, with Retry-After; nothing is stored past the limit', async () => {
    const u = await makeUser();
    const com = await makeClosure();
    for (let i = 0; i < LIMITS.comment.perUser; i++) {
      expect((await call('/api/add_comment', { token: u.token, json: { com_id: com, commont_detail: `第${i}条` }, headers: { 'CF-Connecting-IP': newIp() } })).status).toBe(200);
    }
    const limited = await call('/api/add_comment', { token: u.token, json: { com_id: com, commont_detail: '多一条' }, headers: { 'CF-Connecting-IP': newIp() } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await dataOf(api(u.token).closure.com_comment.$get({ query: { com_id: com, per_page: 50 } }))).page.total).toBe(LIMITS.comment.perUser);
    // Another user is not affected.
    const other = await makeUser();
    expect((await call('/api/add_comment', { token: other.token, json: { com_id: com, commont_detail: '别人' }, headers: { 'CF-Connecting-IP': newIp() } })).status).toBe(200);
  });

  it('incense: per IP, with Retry-After, and the refused offering charges nothing', async () => {
    const ip = newIp();
    const com = await makeClosure();
    const u = await makeUser({ coins: 1000 });
    // Fill the IP's window directly (as LIMITS.incense.perIp offerings from many users would), then one more is refused.
    await env.DB.prepare('INSERT OR REPLACE INTO action_hits (key, window_start, hits) VALUES (?, ?, ?)').bind(`incense:ip:${ip}`, Date.now(), LIMITS.incense.perIp).run();
    const limited = await call('/api/closure/add_incense', { token: u.token, json: { item_id: com, type: 1, juzi_btc: 1 }, headers: { 'CF-Connecting-IP': ip } });
    expect(limited.status).toBe(429);
    expect(limited.body.msg).toMatch(/^上香过于频繁/);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await balance(u.id)).toBe(1000);
    // The same user from another address is fine.
    expect((await call('/api/closure/add_incense', { token: u.token, json: { item_id: com, type: 1, juzi_btc: 1 }, headers: { 'CF-Connecting-IP': newIp() } })).status).toBe(200);
    expect(await balance(u.id)).toBe(999);
  });

  it('every limited route is a declared write: comments, incense, registration, the subscription, and trials through the same limiter', async () => {
    const ACTION_LIMITS = Object.fromEntries(Object.entries(policy()).flatMap(([route, entry]) => (entry.limit ? [[route, entry.limit]] : [])));
    expect(ACTION_LIMITS['POST /api/medical/subscribe']).toBe(LIMITS.subscribe);
    for (const k of ['GET /api/add_comment', 'POST /api/add_comment', 'POST /api/closure/add_incense', 'GET /api/closure/add_incense', 'POST /api/auth/register']) {
      expect(ACTION_LIMITS[k]).toBeTruthy();
    }
    const { TRIAL_RATE_LIMIT } = await import('../../../worker/src/saas/ratelimit');
    expect(TRIAL_RATE_LIMIT).toMatchObject({ perIp: LIMITS.trial.perIp, perUser: LIMITS.trial.perUser });
  });
});
