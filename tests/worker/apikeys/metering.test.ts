import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_CALLS, FREE_PER_MONTH, RATE_PER_MINUTE } from '../../../worker/src/apikeys/constants';
import { flushUsage, monthOf, reserve, SHORT_RETRY_MS, type Allowance } from '../../../worker/src/apikeys/meter';
import { credit } from '../../../worker/src/coins';
import { api, dataOf } from '../client';
import { balance, db, ledgerSum } from '../helpers';
import { freshIsolate, keyed, roomInMinute, setFreeUsed, userWithKey } from './fixtures';

beforeAll(() => freshIsolate());

const monthRow = (keyId: number) =>
  env.DB.prepare('SELECT free_used, paid_blocks FROM api_key_months WHERE key_id = ? AND month = ?').bind(keyId, monthOf()).first<{ free_used: number; paid_blocks: number }>();

const apiLedger = (userId: number) =>
  env.DB.prepare("SELECT delta, idempotency_key FROM coin_ledger WHERE user_id = ? AND ref_type = 'api_key' ORDER BY id").bind(userId).all<{ delta: number; idempotency_key: string }>();

describe('rate limit', () => {
  it('60 a minute for a user key: the 61st is 429 with Retry-After; RateLimit fields on every answer', async () => {
    const u = await userWithKey();
    await roomInMinute(20_000);
    const limit = RATE_PER_MINUTE.user;
    for (let i = 1; i <= limit; i++) {
      const res = await keyed('/api/closure', u.key);
      expect(res.status).toBe(200);
      expect(res.headers.get('RateLimit-Policy')).toBe(`"minute";q=${limit};w=60`);
      expect(res.headers.get('RateLimit')).toMatch(new RegExp(`^"minute";r=${limit - i};t=\\d+$`));
    }
    const over = await keyed('/api/closure', u.key);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('RATE_LIMITED');
    const retry = Number(over.headers.get('Retry-After'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(over.headers.get('RateLimit')).toBe(`"minute";r=0;t=${retry}`);
    // Error answers carry them too, and the 429 was not counted as a served call.
    const refused = await keyed('/api/starmarket/info_disclosure', u.key, { method: 'POST', json: {} });
    expect(refused.headers.get('RateLimit-Policy')).toBe(`"minute";q=${limit};w=60`);
    const usage = await dataOf(api(u.token).keys[':id'].usage.$get({ param: { id: String(u.keyId) } }));
    expect(usage.days.at(-1)!.calls).toBe(limit);
  });

  it('a VIP key gets 300 a minute', async () => {
    const v = await userWithKey({ role: 'vip' });
    const res = await keyed('/api/closure', v.key);
    expect(res.headers.get('RateLimit-Policy')).toBe(`"minute";q=${RATE_PER_MINUTE.vip};w=60`);
  });
});

describe('monthly quota and coin blocks', () => {
  it('free calls run out exactly at the quota; then a block of 100 for 1 coin; then 402', async () => {
    const u = await userWithKey({ coins: 1, role: 'vip' });
    await setFreeUsed(u.keyId, FREE_PER_MONTH.vip - 3);
    await roomInMinute(20_000);
    const statuses: number[] = [];
    for (let i = 0; i < 3 + BLOCK_CALLS + 1; i++) statuses.push((await keyed('/api/closure', u.key)).status);
    expect(statuses.slice(0, 3 + BLOCK_CALLS).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(402);
    expect(await balance(u.id)).toBe(0);
    expect(await ledgerSum(u.id)).toBe(0);
    expect(await monthRow(u.keyId)).toEqual({ free_used: FREE_PER_MONTH.vip, paid_blocks: 1 });
  });

  it('402 with a clear message when the balance cannot pay the next block; nothing is charged', async () => {
    const u = await userWithKey({ coins: 0 });
    await setFreeUsed(u.keyId, FREE_PER_MONTH.user);
    const res = await keyed('/api/closure', u.key);
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('INSUFFICIENT_COINS');
    expect(res.body.msg).toContain('本月免费调用次数已用完');
    expect(res.body.msg).toContain('每 100 次 1 个桔子币');
    expect(await ledgerSum(u.id)).toBe(0);
    expect((await monthRow(u.keyId))!.paid_blocks).toBe(0);
    // Refused from memory for a few seconds; once the owner can pay again, the next block is bought.
    expect((await keyed('/api/closure', u.key)).status).toBe(402);
    await credit(db(), { userId: u.id, amount: 1, reason: 'recharge', idempotencyKey: `topup:${u.id}` });
    const { admit } = await import('../../../worker/src/apikeys/meter');
    await admit(db(), { id: u.keyId, scope: '', tier: 'user' }, u.id, Date.now() + SHORT_RETRY_MS);
    expect(await balance(u.id)).toBe(0);
    expect((await monthRow(u.keyId))!.paid_blocks).toBe(1);
    expect((await keyed('/api/closure', u.key)).status).toBe(200);
  });

  it('32 concurrent callers past the free quota: every served call paid, none charged twice, ledger = balance', async () => {
    const u = await userWithKey({ coins: 2, role: 'svip' });
    await setFreeUsed(u.keyId, FREE_PER_MONTH.svip - 50);
    await roomInMinute(30_000);
    const callers = 32;
    const each = 10;
    const results = await Promise.all(
      Array.from({ length: callers }, async () => {
        const out: number[] = [];
        for (let i = 0; i < each; i++) out.push((await keyed('/api/closure', u.key)).status);
        return out;
      }),
    );
    const all = results.flat();
    // 50 free calls and 2 blocks of 100 paid with the 2 coins; the rest refused with 402.
    expect(all.filter((s) => s === 200)).toHaveLength(50 + 2 * BLOCK_CALLS);
    expect(all.filter((s) => s === 402)).toHaveLength(callers * each - 250);
    expect(await balance(u.id)).toBe(0);
    expect(await ledgerSum(u.id)).toBe(await balance(u.id));
    const rows = (await apiLedger(u.id)).results;
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(2);
    expect(await monthRow(u.keyId)).toEqual({ free_used: FREE_PER_MONTH.svip, paid_blocks: 2 });
    // Usage counts the served calls, exactly.
    const usage = await dataOf(api(u.token).keys[':id'].usage.$get({ param: { id: String(u.keyId) } }));
    expect(usage.days.reduce((s, d) => s + d.calls, 0)).toBe(250);
    expect(usage.endpoints).toEqual([{ endpoint: 'GET /api/closure', calls: 250 }]);
    expect(usage.days.at(-1)!.coins, JSON.stringify(usage.days.slice(-3))).toBe(2);
    expect(usage.month).toMatchObject({ paid_blocks: 2, coins: 2, free_quota: FREE_PER_MONTH.svip });
    // The coin ledger names what the coins paid for.
    const ledger = await dataOf(api(u.token).user.ledger.$get({ query: { page: 1 } }));
    expect(ledger.info.filter((r) => r.ref_type === 'api_key')).toEqual([
      expect.objectContaining({ delta: -1, reason_text: 'API 调用（100 次）', ref_name: 'API 密钥“测试脚本”', link: `/user-center/api?key=${u.keyId}` }),
      expect.objectContaining({ delta: -1, reason_text: 'API 调用（100 次）' }),
    ]);
  });

  it('isolates racing for blocks: each block paid once, blocks granted = coins spent, ledger = balance', async () => {
    const u = await userWithKey({ coins: 7, role: 'vip' });
    await setFreeUsed(u.keyId, FREE_PER_MONTH.vip);
    const key = { id: u.keyId, scope: '' as const, tier: 'vip' as const };
    // Eight isolates, each with its own held calls, three reservations each, all at once.
    const isolates: Allowance[] = Array.from({ length: 8 }, () => ({ month: monthOf(), left: 0 }));
    const outcomes = await Promise.allSettled(isolates.flatMap((a) => [0, 1, 2].map(() => reserve(db(), key, u.id, a))));
    const granted = isolates.reduce((s, a) => s + a.left, 0);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    expect(granted).toBe(7 * BLOCK_CALLS);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as { code: string }).code).toBe('INSUFFICIENT_COINS');
    expect(await balance(u.id)).toBe(0);
    expect(await ledgerSum(u.id)).toBe(0);
    expect((await apiLedger(u.id)).results).toHaveLength(7);
    expect((await monthRow(u.keyId))!.paid_blocks).toBe(7);
  });
});

describe('usage', () => {
  it('calls per day and per endpoint equal the calls made; last use recorded; the ledger names the key', async () => {
    const u = await userWithKey({ name: '用量测试' });
    for (let i = 0; i < 5; i++) await keyed('/api/closure', u.key);
    for (let i = 0; i < 3; i++) await keyed('/api/user/info', u.key, { header: 'x-api-key' });
    await keyed('/api/starmarket/filters', u.key, { method: 'POST', json: {} });
    await flushUsage(db());
    const usage = await dataOf(api(u.token).keys[':id'].usage.$get({ param: { id: String(u.keyId) } }));
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)!.calls).toBe(9);
    expect(usage.endpoints).toEqual([
      { endpoint: 'GET /api/closure', calls: 5 },
      { endpoint: 'GET /api/user/info', calls: 3 },
      { endpoint: 'POST /api/starmarket/filters', calls: 1 },
    ]);
    const list = await dataOf(api(u.token).keys.$get());
    expect(list.info[0].last_used_at).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('cost per keyed call', () => {
  it('checking the key reads D1 once per isolate per minute, and a served call writes nothing', async () => {
    const { recordRequest } = await import('../query-recorder');
    const u = await userWithKey({ role: 'vip' });
    const init = { headers: { Authorization: `Bearer ${u.key}` } };
    const touches = (sql: string, table: string) => new RegExp(`\\b${table}\\b`, 'i').test(sql);
    const writes = (sql: string) => /^\s*(insert|update|delete)\b/i.test(sql);
    await roomInMinute(10_000);
    const first = await recordRequest('http://localhost/api/user/info', init);
    expect(first.status).toBe(200);
    expect(first.statements.filter((s) => touches(s.sql, 'api_keys'))).toHaveLength(1);
    for (let i = 0; i < 5; i++) {
      const next = await recordRequest('http://localhost/api/user/info', init);
      expect(next.status).toBe(200);
      // No key read, and within the block it holds, no quota or usage write either.
      expect(next.statements.filter((s) => touches(s.sql, 'api_keys') || touches(s.sql, 'api_key_months') || touches(s.sql, 'api_usage_days'))).toEqual([]);
      expect(next.statements.filter((s) => writes(s.sql))).toEqual([]);
    }
  });
});
