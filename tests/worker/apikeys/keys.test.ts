import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { KEPT_KEY_MS, hashKey } from '../../../worker/src/apikeys/auth';
import { api, dataOf, errorOf } from '../client';
import { call, makeUser } from '../helpers';
import { baseTaxonomy, makeClosure } from '../closure/fixtures';
import { freshIsolate, keyed, userWithKey } from './fixtures';

beforeAll(async () => {
  freshIsolate();
  await baseTaxonomy();
});

describe('API keys: lifecycle', () => {
  it('created once in full (juzi_live_…), stored hashed, listed by prefix without the secret', async () => {
    const u = await userWithKey({ name: '行情脚本' });
    expect(u.key).toMatch(/^juzi_live_[0-9A-Za-z]{40}$/);
    expect(u.key.startsWith(u.prefix)).toBe(true);
    const row = await env.DB.prepare('SELECT * FROM api_keys WHERE id = ?').bind(u.keyId).first<Record<string, unknown>>();
    expect(row!.key_hash).toBe(await hashKey(u.key));
    expect(JSON.stringify(row)).not.toContain(u.key);
    const list = await dataOf(api(u.token).keys.$get());
    expect(list.info).toHaveLength(1);
    expect(list.info[0]).toMatchObject({ id: u.keyId, name: '行情脚本', prefix: u.prefix, scope: '', last_used_at: null, revoked_at: null });
    expect(JSON.stringify(list)).not.toContain(u.key);
    expect(list.limits).toMatchObject({ tier: 'user', rate_per_minute: 60, free_per_month: 1000, block_calls: 100, block_coins: 1 });
  });

  it('a key reads with Bearer and with X-API-Key; a wrong key is 401 and nothing else', async () => {
    const u = await userWithKey();
    expect((await keyed('/api/closure', u.key)).status).toBe(200);
    expect((await keyed('/api/closure', u.key, { header: 'x-api-key' })).status).toBe(200);
    const wrong = await keyed('/api/closure', `juzi_live_${'A'.repeat(40)}`);
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).toBe('API 密钥无效或已被吊销');
    expect((await keyed('/api/closure', 'juzi_live_short', { header: 'x-api-key' })).status).toBe(401);
  });

  it('revoked: refused at once in this isolate, and the list shows when', async () => {
    const u = await userWithKey();
    expect((await keyed('/api/user/info', u.key)).status).toBe(200);
    const revoked = await dataOf(api(u.token).keys[':id'].$delete({ param: { id: String(u.keyId) } }));
    expect(revoked.revoked_at).toBeGreaterThan(0);
    const res = await keyed('/api/user/info', u.key);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('LOGIN_REQUIRED');
    // Rotating a revoked key is refused; revoking again changes nothing.
    expect((await errorOf(api(u.token).keys[':id'].rotate.$post({ param: { id: String(u.keyId) } }))).status).toBe(404);
    const again = await dataOf(api(u.token).keys[':id'].$delete({ param: { id: String(u.keyId) } }));
    expect(again.revoked_at).toBe(revoked.revoked_at);
  });

  it('revoked by another isolate: the kept entry expires within KEPT_KEY_MS (60 s)', async () => {
    expect(KEPT_KEY_MS).toBeLessThanOrEqual(60_000);
    const u = await userWithKey();
    expect((await keyed('/api/closure', u.key)).status).toBe(200);
    // Another isolate revokes it: the row changes, this isolate's kept entry does not.
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(Date.now(), u.keyId).run();
    const { keyUser } = await import('../../../worker/src/apikeys/auth');
    expect(await keyUser(env.DB, u.key)).not.toBeNull();
    expect(await keyUser(env.DB, u.key, Date.now() + KEPT_KEY_MS)).toBeNull();
  });

  it('rotated: same id and name, a new secret; the old one stops at once', async () => {
    const u = await userWithKey({ name: '旧脚本' });
    const next = await dataOf(api(u.token).keys[':id'].rotate.$post({ param: { id: String(u.keyId) } }));
    expect(next.id).toBe(u.keyId);
    expect(next.key).not.toBe(u.key);
    expect((await keyed('/api/closure', u.key)).status).toBe(401);
    expect((await keyed('/api/closure', next.key)).status).toBe(200);
    const list = await dataOf(api(u.token).keys.$get());
    expect(list.info[0]).toMatchObject({ id: u.keyId, name: '旧脚本', prefix: next.prefix });
    expect(list.info[0].rotated_at).toBeGreaterThan(0);
  });

  it("another user's key cannot be revoked, rotated or read (404)", async () => {
    const a = await userWithKey();
    const b = await makeUser();
    const id = String(a.keyId);
    expect((await errorOf(api(b.token).keys[':id'].$delete({ param: { id } }))).status).toBe(404);
    expect((await errorOf(api(b.token).keys[':id'].rotate.$post({ param: { id } }))).status).toBe(404);
    expect((await errorOf(api(b.token).keys[':id'].usage.$get({ param: { id } }))).status).toBe(404);
    expect((await keyed('/api/closure', a.key)).status).toBe(200);
  });

  it('a key cannot manage keys or the account: that needs a signed-in session', async () => {
    const u = await userWithKey({ scope: 'spend' });
    for (const [path, method, json] of [
      ['/api/keys', 'GET', undefined],
      ['/api/keys', 'POST', { name: '偷偷建的' }],
      [`/api/keys/${u.keyId}`, 'DELETE', undefined],
      [`/api/keys/${u.keyId}/rotate`, 'POST', undefined],
      ['/api/auth/logout', 'POST', undefined],
      ['/api/orders', 'POST', { plan_id: 'vip_month' }],
      ['/api/follow', 'POST', { type: 1, item_id: 1 }],
    ] as const) {
      const res = await keyed(path, u.key, { method, json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('LOGIN_REQUIRED');
    }
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?').bind(u.id).first('n')).toBe(1);
    expect((await keyed('/api/closure', u.key)).status).toBe(200);
  });

  it('names are checked; at most 10 live keys', async () => {
    const u = await makeUser();
    const blank = await errorOf(api(u.token).keys.$post({ json: { name: '  ' } }));
    expect(blank).toMatchObject({ status: 400, msg: 'name：请填写密钥名称' });
    for (let i = 0; i < 10; i++) await dataOf(api(u.token).keys.$post({ json: { name: `k${i}` } }));
    const over = await errorOf(api(u.token).keys.$post({ json: { name: 'k10' } }));
    expect(over.status).toBe(409);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?').bind(u.id).first('n')).toBe(10);
    expect((await call('/api/keys', { method: 'POST', json: { name: 'x' } })).status).toBe(401);
  });
});

describe('API keys: role and scope', () => {
  it("acts with the owner's role: VIP-only calls refused to a user's key, served to a VIP's", async () => {
    const user = await userWithKey();
    const vip = await userWithKey({ role: 'vip' });
    const path = '/api/starmarket/info_disclosure';
    const refused = await keyed(path, user.key, { method: 'POST', json: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('VIP_REQUIRED');
    expect((await keyed(path, vip.key, { method: 'POST', json: {} })).status).toBe(200);
    const info = await keyed('/api/user/info', vip.key);
    expect(info.body.data).toMatchObject({ isVip: true });
  });

  it('a call that spends coins needs the spend scope; with it, the coins are spent once', async () => {
    const com = await makeClosure();
    const reader = await userWithKey({ coins: 10 });
    const res = await keyed('/api/closure/add_incense', reader.key, { method: 'POST', json: { item_id: com, type: 1, juzi_btc: 2 } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SCOPE_REQUIRED');
    expect((await dataOf(api(reader.token).user.coins.$get())).juzibtc).toBe(10);

    const spender = await userWithKey({ coins: 10, scope: 'spend' });
    const headers = { 'Idempotency-Key': 'key-incense-0001' };
    const ok = await keyed('/api/closure/add_incense', spender.key, { method: 'POST', json: { item_id: com, type: 1, juzi_btc: 2 }, headers });
    expect(ok.status).toBe(200);
    await keyed('/api/closure/add_incense', spender.key, { method: 'POST', json: { item_id: com, type: 1, juzi_btc: 2 }, headers });
    expect((await dataOf(api(spender.token).user.coins.$get())).juzibtc).toBe(8);
  });

  it('a keyed request never reads or fills the edge cache, even where signed-in requests may', async () => {
    const u = await userWithKey();
    // openapi.json is served from the cache to signed-in callers too (its declared cache is shared by everyone).
    await call('/api/openapi.json');
    const cached = await call('/api/openapi.json');
    expect(cached.headers.get('X-Edge-Cache')).toBe('HIT');
    const viaKey = await keyed('/api/openapi.json', u.key);
    expect(viaKey.status).toBe(200);
    expect(viaKey.headers.get('X-Edge-Cache')).toBeNull();
    expect(viaKey.headers.get('Cache-Control')).toBe('private, no-store');
    await dataOf(api(u.token).keys[':id'].$delete({ param: { id: String(u.keyId) } }));
    expect((await keyed('/api/openapi.json', u.key)).status).toBe(401);
    expect((await keyed('/api/openapi.json', u.key, { header: 'x-api-key' })).status).toBe(401);
  });
});
