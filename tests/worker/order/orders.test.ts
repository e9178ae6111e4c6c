import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../worker/src/order/plans';
import { call, makeUser, type TestUser } from '../helpers';
import { holdings, newKey, order } from './fixtures';

describe('GET /api/order/plans', () => {
  it('lists VIP month, quarter, year, super-VIP year and coin packs with prices in fen and yuan, for a visitor', async () => {
    const r = await call('/api/order/plans');
    expect(r.status).toBe(200);
    const plans = r.body.data.plans as { id: string; kind: string; price_fen: number; price_yuan: string; days: number; coins: number; grants: string }[];
    expect(plans.map((p) => p.id)).toEqual(['vip_month', 'vip_quarter', 'vip_year', 'svip_year', 'coins_100', 'coins_500', 'coins_2000']);
    const month = plans.find((p) => p.id === 'vip_month')!;
    expect(month).toMatchObject({ kind: 'vip', price_fen: 3000, price_yuan: '30.00', days: 30 });
    expect(plans.find((p) => p.id === 'coins_500')).toMatchObject({ kind: 'coins', coins: 500, price_fen: 4500, price_yuan: '45.00' });
    expect(plans.find((p) => p.id === 'svip_year')!.grants).toContain('超级VIP');
    expect(r.headers.get('Cache-Control')).toContain('public');
  });
});

describe('POST /api/orders', () => {
  it.each(PLANS.map((p) => [p.id, p] as const))('creates a pending order for %s with its amount and where to pay', async (_id, plan) => {
    const u = await makeUser();
    const r = await order(u, plan.id, newKey(), 'deathCompany');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      plan_id: plan.id,
      kind: plan.kind,
      amount_fen: plan.priceFen,
      status: 'pending',
      status_text: '待支付',
      return_url: '/deathCompany',
    });
    expect(r.body.data.pay_url).toBe(`/pay/sandbox/${r.body.data.order_id}`);
    expect(r.body.data.expires_at - r.body.data.created_at).toBe(30 * 60 * 1000);
    const h = await holdings(u.id);
    expect(h.orders).toHaveLength(1);
    expect(h.balance).toBe(0);
    expect(h.memberships).toHaveLength(0);
  });

  it('a visitor is asked to log in', async () => {
    const r = await call('/api/orders', { json: { plan_id: 'vip_month' }, headers: { 'Idempotency-Key': newKey() } });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('LOGIN_REQUIRED');
  });

  it('the same Idempotency-Key returns the same order, also under concurrent retries', async () => {
    const u = await makeUser();
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 8 }, () => order(u, 'coins_500', key)));
    const ids = new Set(results.map((r) => r.body.data.order_id));
    expect(ids.size).toBe(1);
    expect((await holdings(u.id)).orders).toHaveLength(1);
  });

  it('refuses bad input with a Chinese message and creates nothing', async () => {
    const u = await makeUser();
    const unknown = await order(u, 'vip_forever');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ status: 'error', code: 'BAD_REQUEST' });
    expect(unknown.body.msg).toMatch(/套餐/);

    const noKey = await call('/api/orders', { token: u.token, json: { plan_id: 'vip_month' } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.msg).toMatch(/Idempotency-Key/);

    const badFrom = await order(u, 'vip_month', newKey(), 'https://evil.example.com');
    expect(badFrom.status).toBe(400);
    expect(badFrom.body.msg).toMatch(/本站页面/);

    expect((await holdings(u.id)).orders).toHaveLength(0);

    const key = newKey();
    expect((await order(u, 'vip_month', key)).status).toBe(200);
    const replay = await order(u, 'coins_100', key);
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ status: 'error', code: 'CONFLICT' });
    expect(replay.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    const h = await holdings(u.id);
    expect(h.orders).toHaveLength(1);
  });
});

describe('GET /api/orders', () => {
  it("lists the user's own orders, newest first, and another user's order is NOT_FOUND", async () => {
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const first = await order(a, 'vip_month');
    const second = await order(a, 'coins_100');
    await order(b, 'coins_2000');
    const mine = await call('/api/orders', { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.page.total).toBe(2);
    expect(mine.body.data.info.map((o: { order_id: number }) => o.order_id)).toEqual([second.body.data.order_id, first.body.data.order_id]);

    const own = await call(`/api/orders/${first.body.data.order_id}`, { token: a.token });
    expect(own.body.data).toMatchObject({ order_id: first.body.data.order_id, plan_id: 'vip_month' });

    const theirs = await call(`/api/orders/${first.body.data.order_id}`, { token: b.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe('NOT_FOUND');
    const cashier = await call(`/api/pay/sandbox/${first.body.data.order_id}`, { token: b.token, json: { action: 'approve' } });
    expect(cashier.status).toBe(404);
    expect((await holdings(a.id)).orders.every((o) => o.status === 'pending')).toBe(true);

    const none = await call('/api/orders/99999999', { token: a.token });
    expect(none.status).toBe(404);
  });
});

describe('GET /api/order/membership', () => {
  it('shows membership, expiry and balance', async () => {
    const u = await makeUser({ role: 'vip', coins: 7 });
    const r = await call('/api/order/membership', { token: u.token });
    expect(r.body.data).toMatchObject({ isVip: true, svip: false, svip_until: null, juzibtc: 7 });
    expect(r.body.data.vip_until).toBeGreaterThan(Date.now());
    const row = await env.DB.prepare('SELECT ends_at FROM memberships WHERE user_id = ?').bind(u.id).first<{ ends_at: number }>();
    expect(r.body.data.vip_until).toBe(row!.ends_at);
  });
});

describe('where a paid order returns to', () => {
  const create = (u: TestUser, body: Record<string, unknown>) =>
    call('/api/orders', { token: u.token, json: { plan_id: 'coins_100', ...body }, headers: { 'Idempotency-Key': newKey() } });

  it('the exact page of this site the buyer came from, path and query kept', async () => {
    const u = await makeUser();
    for (const ret of ['/company/9741', '/deathCompany?page=4&sort=2', '/deathReason?parent_id=1&child_id=3&tab=companies', '/investevent/', '/health/12']) {
      const r = await create(u, { from: 'deathCompany', return: ret });
      expect(r.status).toBe(200);
      expect(r.body.data.return_url, ret).toBe(ret);
    }
  });

  it('anything else goes to the home of its area: other sites, protocol-relative, backslashes, unknown pages', async () => {
    const u = await makeUser();
    for (const ret of ['https://evil.example/x', '//evil.example', '/\\evil.example', '\\\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)', '/nowhere', '/order?from=x', '/pay/sandbox/1', 'company/9741', '/company/1/2']) {
      const r = await create(u, { from: 'deathCompany', return: ret });
      expect(r.status, ret).toBe(200);
      expect(r.body.data.return_url, ret).toBe('/deathCompany');
    }
    // An area without a home page of its own (a company page's 'company') goes to the site's home.
    expect((await create(u, { from: 'company' })).body.data.return_url).toBe('/');
    expect((await create(u, {})).body.data.return_url).toBe('/user-center');
  });
});
