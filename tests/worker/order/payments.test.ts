import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { credit, debit } from '../../../worker/src/coins';
import { ORDER_TTL_MS } from '../../../worker/src/order/plans';
import { recordSandboxTrade } from '../../../worker/src/order/sandbox';
import { createSession } from '../../../worker/src/auth/session';
import { call, db, ledgerSum, makeUser, type TestUser } from '../helpers';
import { callback, holdings, notify, order } from './fixtures';
import { send } from './keys';

const DAY = 86_400_000;

afterEach(() => vi.useRealTimers());

/** Moves the clock of the test and the worker (same isolate) to `ms`. */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

async function buy(u: TestUser, planId: string) {
  const user = { ...u, token: await tokenNow(u) };
  const created = await order(user, planId);
  expect(created.status).toBe(200);
  const paid = await call(`/api/pay/sandbox/${created.body.data.order_id}`, { token: user.token, json: { action: 'approve' } });
  expect(paid.status).toBe(200);
  expect(paid.body.data.callback).toMatchObject({ delivered: true });
  expect(paid.body.data.order.status).toBe('paid');
  return paid.body.data.order as { order_id: number; paid_at: number; amount_fen: number };
}

/** A session opened at the (possibly moved) clock: sessions last 30 days, the clock moves further. */
const tokenNow = async (u: TestUser) => (await createSession(db(), u.id)).token;

const info = async (u: TestUser) => (await call('/api/user/info', { token: await tokenNow(u) })).body.data as { isVip: boolean; svip: boolean; juzibtc: number };

describe('paying through the sandbox', () => {
  it('a coin pack credits the ledger once, as topup:order:<id>', async () => {
    const u = await makeUser({ coins: 3 });
    const o = await buy(u, 'coins_500');
    const h = await holdings(u.id);
    expect(h.balance).toBe(503);
    expect(h.ledger.at(-1)).toMatchObject({ delta: 500, reason: 'recharge', ref_type: 'order', ref_id: String(o.order_id), idempotency_key: `topup:order:${o.order_id}` });
    expect((await info(u)).juzibtc).toBe(503);
  });

  it('a VIP month starts at payment; super-VIP includes VIP', async () => {
    const u = await makeUser();
    expect(await info(u)).toMatchObject({ isVip: false, svip: false });
    const o = await buy(u, 'vip_month');
    expect(await info(u)).toMatchObject({ isVip: true, svip: false });
    const h = await holdings(u.id);
    expect(h.memberships).toEqual([{ level: 'vip', starts_at: o.paid_at, ends_at: o.paid_at + 30 * DAY, order_id: o.order_id }]);

    const s = await makeUser();
    await buy(s, 'svip_year');
    expect(await info(s)).toMatchObject({ isVip: true, svip: true });
    // Page 4 of the closed-company list is for members only.
    expect((await call('/api/closure', { token: s.token, query: { page: 4 } })).status).toBe(200);
  });

  it('a declined payment fails the order and grants nothing; a later success callback for it is refused', async () => {
    const u = await makeUser();
    const created = await order(u, 'coins_100');
    const id = created.body.data.order_id;
    const declined = await call(`/api/pay/sandbox/${id}`, { token: u.token, json: { action: 'decline' } });
    expect(declined.body.data.order).toMatchObject({ status: 'failed', status_text: '支付失败', pay_url: null });
    const late = await notify(await callback(id, 1000));
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('CONFLICT');
    const h = await holdings(u.id);
    expect(h.balance).toBe(0);
    expect(h.ledger).toHaveLength(0);
  });
});

describe('the cashier and the status query', () => {
  it('approving an order again after it was paid grants nothing more; a declined order cannot be approved', async () => {
    const u = await makeUser();
    const o = await buy(u, 'coins_100');
    const again = await call(`/api/pay/sandbox/${o.order_id}`, { token: u.token, json: { action: 'approve' } });
    expect(again.body.data.order.status).toBe('paid');
    expect((await holdings(u.id)).balance).toBe(100);

    const id = (await order(u, 'coins_500')).body.data.order_id;
    await call(`/api/pay/sandbox/${id}`, { token: u.token, json: { action: 'decline' } });
    const approve = await call(`/api/pay/sandbox/${id}`, { token: u.token, json: { action: 'approve' } });
    expect(approve.status).toBe(409);
    expect((await holdings(u.id)).balance).toBe(100);
    const bad = await call(`/api/pay/sandbox/${id}`, { token: u.token, json: { action: 'pay' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/approve/);
  });

  it('a payment whose callback never arrived is settled by the provider status query when the order is viewed, once', async () => {
    const u = await makeUser();
    const id = (await order(u, 'coins_100')).body.data.order_id;
    // The sandbox recorded the payment, but its callback was lost.
    await recordSandboxTrade(db(), id, 1000, true);
    const views = await Promise.all([1, 2, 3].map(() => call(`/api/orders/${id}`, { token: u.token })));
    for (const v of views) expect(v.body.data.status).toBe('paid');
    const h = await holdings(u.id);
    expect(h.balance).toBe(100);
    expect(h.ledger).toHaveLength(1);
  });
});

describe('POST /api/pay/notify/sandbox', () => {
  it('20 repeated and concurrent deliveries of a signed callback credit once', async () => {
    const u = await makeUser();
    const id = (await order(u, 'coins_2000')).body.data.order_id;
    const body = await callback(id, 16000);
    const others = await Promise.all(Array.from({ length: 9 }, () => callback(id, 16000, { trade_no: body.trade_no })));
    const deliveries = [...Array.from({ length: 11 }, () => body), ...others];
    const answers = await Promise.all(deliveries.map((b) => notify(b)));
    for (const a of answers) expect(a.body).toMatchObject({ status: 'success', data: { order_id: id, status: 'paid' } });
    const again = await notify(body);
    expect(again.body.data.status).toBe('paid');
    const h = await holdings(u.id);
    expect(h.balance).toBe(2000);
    expect(h.ledger).toHaveLength(1);
    expect(h.orders).toMatchObject([{ id, status: 'paid' }]);
  });

  it('20 concurrent callbacks for a VIP order grant one period', async () => {
    const u = await makeUser();
    const id = (await order(u, 'vip_quarter')).body.data.order_id;
    const bodies = await Promise.all(Array.from({ length: 20 }, () => callback(id, 8000)));
    await Promise.all(bodies.map((b) => notify(b)));
    const h = await holdings(u.id);
    expect(h.memberships).toHaveLength(1);
    expect(h.memberships[0].ends_at - h.memberships[0].starts_at).toBe(90 * DAY);
  });

  it('refuses a forged signature, a wrong amount and an unknown order, changing nothing', async () => {
    const u = await makeUser({ coins: 5 });
    const id = (await order(u, 'coins_100')).body.data.order_id;
    const before = await holdings(u.id);

    const wrongSecret = await notify(await callback(id, 1000, {}, 'not-the-secret'));
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toMatchObject({ status: 'error', code: 'BAD_REQUEST', msg: '支付回调签名校验失败' });

    const signed = await callback(id, 1000);
    const tampered = await notify({ ...signed, amount_fen: 1 });
    expect(tampered.status).toBe(400);
    expect(tampered.body.msg).toBe('支付回调签名校验失败');

    const wrongAmount = await notify(await callback(id, 999));
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.msg).toMatch(/金额/);

    const unknown = await notify(await callback(99_999_999, 1000));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND', msg: '订单不存在' });

    expect(await holdings(u.id)).toEqual(before);
  });

  it('refuses malformed callbacks with a Chinese message, changing nothing', async () => {
    const u = await makeUser();
    const id = (await order(u, 'coins_100')).body.data.order_id;
    const before = await holdings(u.id);
    const good = await callback(id, 1000);
    const cases: unknown[] = [
      {},
      [],
      'order_id=1',
      { ...good, order_id: String(id) },
      { ...good, status: 'PAID' },
      { ...good, sign: 'abc' },
      { ...good, sign_type: 'MD5' },
      { ...good, amount_fen: 10.5 },
    ];
    for (const body of cases) {
      const r = await notify(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('BAD_REQUEST');
      expect(r.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const notJson = await call('/api/pay/notify/sandbox', { body: '{not json', headers: { 'Content-Type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(notJson.body.msg).toMatch(/JSON/);
    const otherProvider = await call('/api/pay/notify/paypal', { json: good });
    expect(otherProvider.status).toBe(404);
    expect(await holdings(u.id)).toEqual(before);
  });

  it('refuses a callback for an order unpaid for 30 minutes, which is then expired', async () => {
    const u = await makeUser();
    const created = (await order(u, 'coins_500')).body.data;
    const body = await callback(created.order_id, 4500);
    clockAt(created.created_at + ORDER_TTL_MS + 1000);
    const late = await notify(body);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'CONFLICT' });
    expect(late.body.msg).toMatch(/过期/);
    const h = await holdings(u.id);
    expect(h.balance).toBe(0);
    expect(h.ledger).toHaveLength(0);
    expect(h.orders).toMatchObject([{ status: 'cancelled', close_reason: 'expired', paid_at: null }]);
    const view = await call(`/api/orders/${created.order_id}`, { token: u.token });
    expect(view.body.data).toMatchObject({ status: 'expired', status_text: '已过期', pay_url: null });
    const cashier = await call(`/api/pay/sandbox/${created.order_id}`, { token: u.token, json: { action: 'approve' } });
    expect(cashier.status).toBe(409);
  });
});

describe('the sandbox is for local use only', () => {
  const SANDBOX_OFF = { ...env, PAY_SANDBOX: undefined };

  it('a callback signed with the string that used to be the default secret is refused', async () => {
    const u = await makeUser();
    const id = (await order(u, 'coins_100')).body.data.order_id;
    const r = await notify(await callback(id, 1000, {}, 'juzi-sandbox-dev-secret'));
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/签名/);
    // Nor does that string switch the sandbox on where someone sets it as the secret.
    const weak = { ...env, PAY_SANDBOX: 'on', PAY_SANDBOX_SECRET: 'juzi-sandbox-dev-secret' };
    const refused = await send('/api/pay/notify/sandbox', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(await callback(id, 1000, {}, 'juzi-sandbox-dev-secret')) }, weak);
    expect(refused.status).toBe(404);
    const h = await holdings(u.id);
    expect(h.balance).toBe(0);
    expect(h.orders[0].status).toBe('pending');
  });

  it('without PAY_SANDBOX=on the cashier and the callback are refused and the sandbox is not offered', async () => {
    const u = await makeUser();
    const id = (await order(u, 'coins_100')).body.data.order_id;
    const cashier = await send(`/api/pay/sandbox/${id}`, { method: 'POST', token: u.token, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'approve' }) }, SANDBOX_OFF);
    expect(cashier.status).toBe(404);
    expect(cashier.json.msg).toMatch(/沙箱支付未开启/);
    const cb = await send('/api/pay/notify/sandbox', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(await callback(id, 1000)) }, SANDBOX_OFF);
    expect(cb.status).toBe(404);
    const created = await send('/api/orders', { method: 'POST', token: u.token, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'sandbox-off-1' }, body: JSON.stringify({ plan_id: 'coins_100', provider: 'sandbox' }) }, SANDBOX_OFF);
    expect(created.status).toBe(400);
    expect(created.json.msg).toBe('暂未开通在线支付');
    const h = await holdings(u.id);
    expect(h.balance).toBe(0);
    expect(h.orders).toHaveLength(1);
  });
});

describe('upgrading to super-VIP keeps the VIP days already paid for', () => {
  const membershipOf = async (u: TestUser) => (await call('/api/order/membership', { token: await tokenNow(u) })).body.data as { vip_until: number; svip_until: number; after: Record<string, { vip_until: number; svip_until: number }> };

  it('two VIP months then a super-VIP year: VIP ends 60 days after super-VIP; /order showed that before paying', async () => {
    const u = await makeUser();
    const first = await buy(u, 'vip_month');
    await buy(u, 'vip_month');
    clockAt(first.paid_at + 5 * DAY);
    const before = await membershipOf(u);
    expect(before.vip_until).toBe(first.paid_at + 60 * DAY);
    const svip = await buy(u, 'svip_year');
    const after = await membershipOf(u);
    expect(after.svip_until).toBe(svip.paid_at + 365 * DAY);
    // 55 VIP days remained at the upgrade: they follow the super-VIP year.
    expect(after.vip_until).toBe(svip.paid_at + 365 * DAY + 55 * DAY);
    expect({ vip_until: after.vip_until, svip_until: after.svip_until }).toEqual(before.after.svip_year);
    // Super-VIP ends, VIP goes on for the 55 days, then ends.
    clockAt(after.svip_until);
    expect(await info(u)).toMatchObject({ isVip: true, svip: false });
    clockAt(after.vip_until - 1);
    expect((await info(u)).isVip).toBe(true);
    clockAt(after.vip_until);
    expect((await info(u)).isVip).toBe(false);
  });

  it('a super-VIP renewal follows the first year; VIP bought during super-VIP follows both', async () => {
    const u = await makeUser();
    const a = await buy(u, 'svip_year');
    clockAt(a.paid_at + 100 * DAY);
    const expected = (await membershipOf(u)).after;
    await buy(u, 'vip_month');
    expect(await membershipOf(u)).toMatchObject(expected.vip_month);
    const mid = await membershipOf(u);
    expect(mid).toMatchObject({ svip_until: a.paid_at + 365 * DAY, vip_until: a.paid_at + 395 * DAY });
    await buy(u, 'svip_year');
    expect(await membershipOf(u)).toMatchObject({ svip_until: a.paid_at + 730 * DAY, vip_until: a.paid_at + 760 * DAY });
    expect(mid.after.svip_year).toEqual({ svip_until: a.paid_at + 730 * DAY, vip_until: a.paid_at + 760 * DAY });
  });

  it('a VIP month and a super-VIP year paid at the same moment end the same way whichever settles first', async () => {
    const u = await makeUser();
    const token = await tokenNow(u);
    const vip = (await order({ ...u, token }, 'vip_month')).body.data.order_id as number;
    const svip = (await order({ ...u, token }, 'svip_year')).body.data.order_id as number;
    // One instant for both payments: the VIP days that remain at the upgrade are then exactly 30.
    clockAt(Date.now());
    const [x, y] = await Promise.all([
      call(`/api/pay/sandbox/${vip}`, { token, json: { action: 'approve' } }),
      call(`/api/pay/sandbox/${svip}`, { token, json: { action: 'approve' } }),
    ]);
    expect([x.body.data.order.status, y.body.data.order.status]).toEqual(['paid', 'paid']);
    const m = await membershipOf(u);
    expect(m.vip_until - m.svip_until).toBe(30 * DAY);
    const h = await holdings(u.id);
    expect(h.memberships).toHaveLength(2);
  });
});

describe('membership time', () => {
  it('VIP rights end at the expiry time for every VIP rule', async () => {
    const u = await makeUser();
    const o = await buy(u, 'vip_month');
    const end = o.paid_at + 30 * DAY;
    clockAt(end - 1000);
    expect((await info(u)).isVip).toBe(true);
    expect((await call('/api/closure', { token: await tokenNow(u), query: { page: 4 } })).status).toBe(200);
    expect((await call('/api/order/membership', { token: await tokenNow(u) })).body.data.vip_until).toBe(end);
    clockAt(end);
    expect((await info(u)).isVip).toBe(false);
    const page4 = await call('/api/closure', { token: await tokenNow(u), query: { page: 4 } });
    expect(page4.status).toBe(403);
    expect(page4.body.code).toBe('VIP_REQUIRED');
    expect((await call('/api/order/membership', { token: await tokenNow(u) })).body.data).toMatchObject({ isVip: false, vip_until: null });
  });

  it('buying VIP while VIP extends from the current end, without a gap', async () => {
    const u = await makeUser();
    const first = await buy(u, 'vip_month');
    const firstEnd = first.paid_at + 30 * DAY;
    clockAt(first.paid_at + 10 * DAY);
    await buy(u, 'vip_quarter');
    const h = await holdings(u.id);
    expect(h.memberships[1]).toMatchObject({ level: 'vip', starts_at: firstEnd, ends_at: firstEnd + 90 * DAY });
    expect((await call('/api/order/membership', { token: await tokenNow(u) })).body.data.vip_until).toBe(firstEnd + 90 * DAY);
    clockAt(firstEnd);
    expect((await info(u)).isVip).toBe(true);
    clockAt(firstEnd + 90 * DAY - 1);
    expect((await info(u)).isVip).toBe(true);
    clockAt(firstEnd + 90 * DAY);
    expect((await info(u)).isVip).toBe(false);
  });

  it('a VIP month bought after an expired one starts at payment', async () => {
    const u = await makeUser();
    const first = await buy(u, 'vip_month');
    clockAt(first.paid_at + 40 * DAY);
    expect((await info(u)).isVip).toBe(false);
    const second = await buy(u, 'vip_month');
    expect((await holdings(u.id)).memberships[1]).toMatchObject({ starts_at: second.paid_at, ends_at: second.paid_at + 30 * DAY });
    expect((await info(u)).isVip).toBe(true);
  });
});

describe('the ledger', () => {
  it('sums to the balance after top-ups, spends and refunds', async () => {
    const u = await makeUser({ coins: 20 });
    await buy(u, 'coins_100');
    await buy(u, 'coins_500');
    await debit(db(), { userId: u.id, amount: 88, reason: 'incense', refType: 'incense', idempotencyKey: 'spend-1' });
    await debit(db(), { userId: u.id, amount: 30, reason: 'export', refType: 'export', idempotencyKey: 'spend-2' });
    await credit(db(), { userId: u.id, amount: 30, reason: 'refund', refType: 'record', idempotencyKey: 'refund-1' });
    await credit(db(), { userId: u.id, amount: 30, reason: 'refund', refType: 'record', idempotencyKey: 'refund-1' });
    const h = await holdings(u.id);
    expect(h.balance).toBe(20 + 100 + 500 - 88 - 30 + 30);
    expect(await ledgerSum(u.id)).toBe(h.balance);
    const page = await call('/api/user/ledger', { token: u.token, query: { per_page: 3 } });
    expect(page.body.data.page.total).toBe(6);
    expect(page.body.data.info.map((r: { reason_text: string }) => r.reason_text)).toEqual(['导出失败退款', '导出数据', '上香（公司）']);
  });
});
