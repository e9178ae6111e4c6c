import { createRoute } from '@tanstack/react-router';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LedgerTable } from '../../../web/src/features/order/LedgerTable';
import { OrderPlans } from '../../../web/src/features/order/OrderPlans';
import { SandboxCashier } from '../../../web/src/features/order/SandboxCashier';
import { setToken } from '../../../web/src/lib/token';
import { Route as rootRoute } from '../../../web/src/routes/__root';
import { errorBody, meBody, okBody, renderRouter, resetApp, stubApi, visit } from '../helpers';

const plan = (id: string, kind: 'vip' | 'svip' | 'coins', name: string, fen: number, over: Record<string, unknown> = {}) => ({
  id,
  name,
  kind,
  price_fen: fen,
  price_yuan: (fen / 100).toFixed(2),
  days: kind === 'coins' ? 0 : 30,
  coins: kind === 'coins' ? 100 : 0,
  grants: kind === 'coins' ? '充值100桔子币到账户余额' : 'VIP会员30天，已是会员则从到期日顺延',
  benefits: ['死亡公司列表不限页数浏览'],
  tag: '',
  ...over,
});

const PLAN_LIST = [plan('vip_month', 'vip', 'VIP会员·月卡', 3000), plan('svip_year', 'svip', '超级VIP·年卡', 99800, { days: 365 }), plan('coins_100', 'coins', '100桔子币', 1000)];
const SANDBOX = { name: 'sandbox', label: '沙箱支付（本地）' };
const PLANS = okBody({ plans: PLAN_LIST, order_ttl_minutes: 30, providers: [SANDBOX] });

const order = (over: Record<string, unknown> = {}) => ({
  order_id: 5,
  plan_id: 'vip_month',
  name: 'VIP会员·月卡',
  kind: 'vip',
  days: 30,
  coins: 0,
  grants: 'VIP会员30天，已是会员则从到期日顺延',
  amount_fen: 3000,
  amount_yuan: '30.00',
  status: 'pending',
  status_text: '待支付',
  created_at: Date.UTC(2026, 0, 15, 2, 0),
  expires_at: Date.UTC(2026, 0, 15, 2, 30),
  paid_at: null,
  pay_url: '/pay/sandbox/5',
  qr_code: null,
  provider: 'sandbox',
  provider_label: '沙箱支付（本地）',
  return_url: '/deathCompany',
  ...over,
});

const NOT_MEMBER = { isVip: false, svip: false, vip_until: null, svip_until: null, juzibtc: 20, after: {} };

/** The real root layout (header, gate dialogs) with the order area's pages. */
function tree() {
  const orderPage = createRoute({
    getParentRoute: () => rootRoute,
    path: '/order',
    validateSearch: z.object({ from: z.string().optional(), return: z.string().optional() }),
    component: function Page() {
      // The route is outside the app's registered tree, so its search type is not inferred here.
      const search = orderPage.useSearch() as { from?: string; return?: string };
      return <OrderPlans from={search.from} returnTo={search.return} />;
    },
  });
  const cashier = createRoute({
    getParentRoute: () => rootRoute,
    path: '/pay/sandbox/$orderId',
    component: function Page() {
      return <SandboxCashier orderId={Number(cashier.useParams().orderId)} />;
    },
  });
  const ledger = createRoute({
    getParentRoute: () => rootRoute,
    path: '/user-center',
    component: () => <LedgerTable page={1} onPage={() => {}} />,
  });
  const death = createRoute({ getParentRoute: () => rootRoute, path: '/deathCompany', component: () => <h1>死亡公司库</h1> });
  return rootRoute.addChildren([orderPage, cashier, ledger, death]);
}

beforeEach(() => resetApp());
afterEach(() => resetApp());

describe('/order', () => {
  it('a visitor who picks a plan logs in first, then the order is created and the cashier opens', async () => {
    visit('/order?from=deathCompany');
    const seen = stubApi({
      'GET /api/order/plans': { body: PLANS },
      'POST /api/auth/login': { body: okBody({ token: 'tok-new', expires_at: 0, username: '测试用户' }) },
      'GET /api/user/info': { body: meBody() },
      'GET /api/order/membership': { body: okBody(NOT_MEMBER) },
      'POST /api/orders': { body: okBody(order()) },
      'GET /api/orders/5': { body: okBody(order()) },
    });
    const { router } = await renderRouter(tree());
    const card = await screen.findByRole('article', { name: 'VIP会员·月卡' });
    expect(card.textContent).toContain('¥30.00');
    fireEvent.click(within(card).getByRole('button', { name: '立即开通' }));
    const dialog = await screen.findByRole('dialog', { name: '登录' });
    expect(seen.filter((r) => r.path === '/api/orders')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('账号'), { target: { value: 'user@demo.local' } });
    fireEvent.change(within(dialog).getByLabelText('密码'), { target: { value: 'demo-pass-2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '登录' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pay/sandbox/5'));
    const create = seen.filter((r) => r.method === 'POST' && r.path === '/api/orders');
    expect(create).toHaveLength(1);
    expect(create[0].body).toEqual({ plan_id: 'vip_month', from: 'deathCompany', provider: 'sandbox' });
    expect(create[0].headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    expect(create[0].headers.get('Authorization')).toBe('Bearer tok-new');
  });

  it('a retried purchase of the same plan sends the same Idempotency-Key', async () => {
    visit('/order');
    setToken('tok-user');
    let attempts = 0;
    const seen = stubApi({
      'GET /api/order/plans': { body: PLANS },
      'GET /api/user/info': { body: meBody() },
      'GET /api/order/membership': { body: okBody(NOT_MEMBER) },
      'POST /api/orders': () => (++attempts === 1 ? { status: 500, body: errorBody('INTERNAL', '服务器开小差了，请稍后重试') } : { body: okBody(order({ plan_id: 'coins_100', pay_url: '/pay/sandbox/5' })) }),
      'GET /api/orders/5': { body: okBody(order()) },
    });
    const { router } = await renderRouter(tree());
    const card = await screen.findByRole('article', { name: '100桔子币' });
    fireEvent.click(within(card).getByRole('button', { name: '立即充值' }));
    expect(await screen.findByText('服务器开小差了，请稍后重试')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: '立即充值' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pay/sandbox/5'));
    const keys = seen.filter((r) => r.path === '/api/orders').map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('/order with the deployment\'s providers', () => {
  it('without any provider: the plans and 暂未开通在线支付, no buy button', async () => {
    visit('/order?from=health');
    setToken('tok-user');
    stubApi({
      'GET /api/order/plans': { body: okBody({ plans: PLAN_LIST, order_ttl_minutes: 30, providers: [] }) },
      'GET /api/user/info': { body: meBody() },
      'GET /api/order/membership': { body: okBody(NOT_MEMBER) },
    });
    await renderRouter(tree());
    const card = await screen.findByRole('article', { name: 'VIP会员·月卡' });
    expect(card.textContent).toContain('¥30.00');
    expect(card.textContent).toContain('暂未开通在线支付');
    expect(screen.getByRole('status').textContent).toContain('暂未开通在线支付');
    expect(screen.queryAllByRole('button', { name: /立即开通|立即充值/ })).toHaveLength(0);
  });

  it('the buyer picks a provider, sees the expiry a plan leads to, and the order carries from, return and provider', async () => {
    visit('/order?from=company&return=%2Fcompany%2F9741');
    setToken('tok-user');
    const svipEnd = Date.UTC(2027, 10, 28, 2, 0);
    const seen = stubApi({
      'GET /api/order/plans': { body: okBody({ plans: PLAN_LIST, order_ttl_minutes: 30, providers: [{ name: 'alipay', label: '支付宝' }, { name: 'wechat', label: '微信支付' }] }) },
      'GET /api/user/info': { body: meBody() },
      'GET /api/order/membership': {
        body: okBody({ ...NOT_MEMBER, isVip: true, vip_until: Date.UTC(2026, 11, 28, 2, 0), after: { svip_year: { svip_until: svipEnd, vip_until: svipEnd + 60 * 86_400_000 }, vip_month: { svip_until: null, vip_until: Date.UTC(2027, 0, 27, 2, 0) } } }),
      },
      'POST /api/orders': { body: okBody(order({ provider: 'wechat', pay_url: '/pay/result/5', qr_code: 'weixin://wxpay/bizpayurl?pr=x' })) },
    });
    await renderRouter(tree());
    const svip = await screen.findByRole('article', { name: '超级VIP·年卡' });
    await waitFor(() => expect(svip.textContent).toContain('开通后超级VIP至 2027-11-28 10:00，VIP会员至 2028-01-27 10:00'));
    fireEvent.click(screen.getByRole('radio', { name: '微信支付' }));
    fireEvent.click(within(svip).getByRole('button', { name: '立即开通' }));
    await waitFor(() => expect(seen.filter((r) => r.method === 'POST' && r.path === '/api/orders')).toHaveLength(1));
    expect(seen.find((r) => r.method === 'POST' && r.path === '/api/orders')!.body).toEqual({ plan_id: 'svip_year', from: 'company', return: '/company/9741', provider: 'wechat' });
  });
});

describe('the sandbox cashier', () => {
  it('approving pays the order, reloads the user and returns to where the purchase started', async () => {
    visit('/pay/sandbox/5');
    setToken('tok-user');
    let vip = false;
    const seen = stubApi({
      'GET /api/user/info': () => ({ body: meBody({ isVip: vip }) }),
      'GET /api/orders/5': { body: okBody(order()) },
      'POST /api/pay/sandbox/5': () => {
        vip = true;
        return { body: okBody({ order: order({ status: 'paid', status_text: '已支付', pay_url: null, paid_at: Date.now() }), callback: { delivered: true, code: 'OK', msg: '回调已确认' } }) };
      },
    });
    const { router } = await renderRouter(tree());
    fireEvent.click(await screen.findByRole('button', { name: '确认支付 ¥30.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deathCompany'));
    expect(seen.find((r) => r.method === 'POST' && r.path === '/api/pay/sandbox/5')?.body).toEqual({ action: 'approve' });
    expect(await screen.findByText('支付成功，会员权益已生效')).toBeTruthy();
    // The header's membership badge follows the new rights.
    await waitFor(() => expect(seen.filter((r) => r.path === '/api/user/info').length).toBeGreaterThan(1));
  });

  it('a declined payment shows the closed order and a way to order again', async () => {
    visit('/pay/sandbox/5');
    setToken('tok-user');
    stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/orders/5': { body: okBody(order()) },
      'POST /api/pay/sandbox/5': { body: okBody({ order: order({ status: 'failed', status_text: '支付失败', pay_url: null }), callback: { delivered: true, code: 'OK', msg: '' } }) },
    });
    const { router } = await renderRouter(tree());
    fireEvent.click(await screen.findByRole('button', { name: '拒绝支付' }));
    expect(await screen.findByText('支付未完成，订单已关闭')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新下单' }).getAttribute('href')).toBe('/order');
    expect(router.state.location.pathname).toBe('/pay/sandbox/5');
  });
});

describe('the coin ledger', () => {
  it('shows each movement with its Chinese reason and sign', async () => {
    visit('/user-center');
    setToken('tok-user');
    const at = Date.UTC(2026, 0, 15, 2, 0);
    stubApi({
      'GET /api/user/info': { body: meBody() },
      'GET /api/user/ledger': {
        body: okBody({
          info: [
            { id: 3, delta: -3, reason: 'incense', ref_type: 'closure', ref_id: '7', reason_text: '上香', created_at: at },
            { id: 2, delta: 100, reason: 'recharge', ref_type: 'order', ref_id: '5', reason_text: '充值（订单 5）', created_at: at },
          ],
          page: { total: 2, page: 1, per_page: 10 },
        }),
      },
    });
    await renderRouter(tree());
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['2026-01-15 10:00', '上香', '-3'],
      ['2026-01-15 10:00', '充值（订单 5）', '+100'],
    ]);
  });
});
