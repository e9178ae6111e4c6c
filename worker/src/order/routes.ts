/**
 * Membership, coins and orders (spec §2 /order, §6 roles, §8 balance shortage), mounted at /api:
 *   GET  /order/plans            the price list (public)
 *   GET  /order/membership       the user's membership, expiry and balance (user centre)
 *   POST /orders                 create an order for a plan (Idempotency-Key required)
 *   GET  /orders, /orders/{id}   the user's own orders
 *   POST /pay/notify/alipay      Alipay's notify (form, RSA2; answered `success` / `fail`)
 *   POST /pay/notify/wechat      WeChat Pay's callback (JSON, signed headers, encrypted resource; 204 / 4xx FAIL)
 *   POST /pay/notify/sandbox     the local sandbox's signed callback (JSON envelope)
 *   POST /pay/sandbox/{id}       the sandbox cashier's approve / decline, which then sends that callback
 *   POST /pay/refund/{id}        the operator's refund (X-Operator-Key), `npm run refund -- <order>`
 * The notify routes are public: the provider's signature authenticates them.
 */
import { currentUser } from '../auth/access';
import { list, ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { idempotencyKey } from '../lib/idempotency';
import { createArea, defineRawRoute, defineRoute, jsonBody, listOf } from '../lib/route';
import { createOrder, listOrders, membershipSummary, orderStatus, orderView, requireOwnOrder } from './orders';
import { handleNotify } from './notify';
import { applyNotice, expireOrder, refundOrder } from './payments';
import { grantText, MEMBER_BENEFITS, ORDER_TTL_MS, PLANS, yuan } from './plans';
import type { PayContext } from './provider';
import { configuredProviders, providerByName } from './providers';
import { recordSandboxTrade, sandboxProvider, signedCallback } from './sandbox';
import { sameText } from './signing';
import * as S from './schemas';

const planList = defineRoute({
  method: 'get',
  path: '/order/plans',
  access: 'public',
  cache: { maxAge: 300, shared: 'visitors' },
  summary: '会员与桔子币套餐：id、name、kind（vip / svip / coins）、price_fen（分）与 price_yuan（元）、days、coins、grants',
  data: S.plans,
});

const membership = defineRoute({
  method: 'get',
  path: '/order/membership',
  access: 'login',
  summary: '我的会员：isVip、svip、vip_until、svip_until（到期时间，毫秒）、juzibtc',
  data: S.membership,
});

const create = defineRoute({
  method: 'post',
  path: '/orders',
  access: 'login',
  summary: '下单：plan_id、from（支付后返回的页面，如 deathCompany）；返回 order_id、金额与 pay_url（去支付）',
  note: '必须带 Idempotency-Key 请求头：同一个键重试返回同一个订单；同一个键换套餐为 CONFLICT。未支付订单30分钟后过期',
  request: { body: jsonBody(S.createOrderBody) },
  data: S.order,
});

const mine = defineRoute({
  method: 'get',
  path: '/orders',
  access: 'login',
  summary: '我的订单（新的在前）：page、per_page（默认10）',
  request: { query: S.listQuery },
  data: listOf(S.order),
});

const one = defineRoute({
  method: 'get',
  path: '/orders/{id}',
  access: 'login',
  summary: '订单详情；待支付时会向支付渠道查询一次支付状态（补偿丢失的回调）',
  note: '只能查看自己的订单，其他人的订单为 NOT_FOUND',
  request: { params: S.orderIdParam },
  data: S.order,
});

const notify = defineRoute({
  method: 'post',
  path: '/pay/notify/sandbox',
  access: 'public',
  summary:
    '本地沙箱支付的异步回调（JSON 字段 order_id、trade_no、amount_fen、status SUCCESS/CLOSED、notify_id、notify_time、sign_type HMAC-SHA256、sign）',
  note:
    '仅在本地开启沙箱（PAY_SANDBOX=on 且设置了 PAY_SANDBOX_SECRET）时可用，否则 NOT_FOUND。由签名认证：sign = HMAC-SHA256(PAY_SANDBOX_SECRET, 除 sign 外全部字段按名排序的 name=value 以 & 连接)。金额须与订单一致；重复回调只入账一次；过期或已关闭的订单拒绝入账并原路退款',
  data: S.notifyResult,
});

const alipayNotify = defineRawRoute({
  method: 'post',
  path: '/pay/notify/alipay',
  access: 'public',
  summary: '支付宝异步通知（application/x-www-form-urlencoded，RSA2 验签）；应答纯文本 success 或 fail',
  note: '按支付宝协议应答：处理成功 success，其他（未配置、验签失败、app_id / seller_id 不符、金额不符、订单不存在）fail，支付宝随后重发',
  mediaType: 'text/plain; charset=utf-8',
});

const wechatNotify = defineRawRoute({
  method: 'post',
  path: '/pay/notify/wechat',
  access: 'public',
  summary: '微信支付 API v3 支付通知（Wechatpay-Timestamp / Nonce / Signature / Serial 验签，AES-256-GCM 解密 resource）',
  note: '按微信支付协议应答：处理成功 204 无应答体；失败 4xx，应答体 {"code":"FAIL","message":…}，微信支付随后重发。时间戳与当前相差超过 5 分钟的通知拒绝',
  mediaType: 'application/json; charset=utf-8',
});

const operatorRefund = defineRoute({
  method: 'post',
  path: '/pay/refund/{id}',
  access: 'public',
  summary: '运营退款（npm run refund -- <订单号>）：通过原支付渠道全额退款，收回订单所得（桔子币或未用完的会员天数）',
  note: '须带请求头 X-Operator-Key（部署的 PAY_OPERATOR_KEY）；未设置 PAY_OPERATOR_KEY 的部署不接受退款请求',
  request: { params: S.orderIdParam },
  data: S.refundResult,
});

const sandboxPay = defineRoute({
  method: 'post',
  path: '/pay/sandbox/{id}',
  access: 'login',
  summary: '沙箱收银台：action approve（确认支付）/ decline（拒绝）；随后沙箱向 /api/pay/notify/sandbox 发送签名回调',
  note: '只能支付自己的待支付订单；仅本地沙箱渠道',
  request: { params: S.orderIdParam, body: jsonBody(S.sandboxDecision) },
  data: S.sandboxResult,
});

const PLAN_VIEWS = PLANS.map((p) => ({
  id: p.id,
  name: p.name,
  kind: p.kind,
  price_fen: p.priceFen,
  price_yuan: yuan(p.priceFen),
  days: p.days,
  coins: p.coins,
  grants: grantText(p),
  benefits: p.kind === 'coins' ? ['用于上香、导出数据', '长期有效'] : [...MEMBER_BENEFITS[p.kind]],
  tag: p.tag,
}));

/** Phones get the providers' mobile products (Alipay wap.pay, WeChat H5). */
const PHONE_UA = /Android|iPhone|iPod|iPad|Mobile|HarmonyOS/i;

function payContext(c: { env: { APP_ORIGIN?: string }; req: { url: string; header(name: string): string | undefined } }): PayContext {
  return {
    origin: c.env.APP_ORIGIN || new URL(c.req.url).origin,
    device: PHONE_UA.test(c.req.header('User-Agent') ?? '') ? 'phone' : 'desktop',
    clientIp: c.req.header('CF-Connecting-IP') ?? '127.0.0.1',
  };
}

/** Every order action needs an explicit key: a paid action without one could be charged twice on a retry. */
function requiredKey(c: Parameters<typeof idempotencyKey>[0]): string {
  if (!c.req.header('Idempotency-Key')) throw new ApiError('BAD_REQUEST', '缺少 Idempotency-Key 请求头（每次购买意图一个，重试时保持不变）', { field: 'Idempotency-Key' });
  return idempotencyKey(c);
}

export const orderRoutes = createArea()
  .openapi(planList, (c) => {
    const providers = configuredProviders(c.env).map((p) => ({ name: p.name, label: p.label }));
    return ok(c, { plans: PLAN_VIEWS, order_ttl_minutes: ORDER_TTL_MS / 60_000, providers });
  })
  .openapi(membership, async (c) => ok(c, await membershipSummary(c.get('db'), currentUser(c))))
  .openapi(create, async (c) => {
    const user = currentUser(c);
    const key = requiredKey(c);
    const body = c.req.valid('json');
    const order = { planId: body.plan_id, key, from: body.from ?? '', ret: body.return ?? '', provider: body.provider };
    return ok(c, await createOrder(c.env, c.get('db'), user, order, payContext(c)));
  })
  .openapi(mine, async (c) => {
    const user = currentUser(c);
    const { page, per_page } = c.req.valid('query');
    const { info, total } = await listOrders(c.get('db'), user.id, page, per_page);
    return list(c, info, { total, page, per_page });
  })
  .openapi(one, async (c) => {
    const user = currentUser(c);
    const db = c.get('db');
    const now = Date.now();
    let o = await requireOwnOrder(db, user.id, c.req.valid('param').id);
    const provider = providerByName(o.provider);
    if (o.status === 'pending' && provider?.configured(c.env)) {
      // A callback can be lost: the provider's own status settles the order the same way a callback would.
      const notice = await provider.queryStatus(c.env, o.id).catch((err) => {
        console.error('order status query', o.id, err);
        return null;
      });
      if (notice) await applyNotice(c.env, db, o.provider, notice, now).catch((err) => console.error('order status apply', o.id, err));
      o = await requireOwnOrder(db, user.id, o.id);
      // Unpaid past its expiry: closed here and at the provider.
      if (orderStatus(o, now) === 'expired') {
        await expireOrder(c.env, o, now);
        o = await requireOwnOrder(db, user.id, o.id);
      }
    }
    return ok(c, orderView(o, now));
  })
  .openapi(notify, async (c) => {
    const notice = await sandboxProvider.verifyCallback(c.env, c.req.raw);
    if (!notice) throw new ApiError('BAD_REQUEST', '回调内容无效');
    const view = await applyNotice(c.env, c.get('db'), 'sandbox', notice);
    return ok(c, { order_id: view.order_id, status: view.status });
  })
  // The protocols' own answers (204, 4xx with FAIL) are not the typed 200 body the declaration documents.
  .openapi(alipayNotify, (c) => handleNotify(c, 'alipay') as never)
  .openapi(wechatNotify, (c) => handleNotify(c, 'wechat') as never)
  .openapi(operatorRefund, async (c) => {
    const key = c.env.PAY_OPERATOR_KEY ?? '';
    const given = c.req.header('X-Operator-Key') ?? '';
    if (key.length < 16 || !sameText(given, key)) throw new ApiError('NOT_FOUND', '接口不存在');
    return ok(c, await refundOrder(c.env, c.get('db'), c.req.valid('param').id));
  })
  .openapi(sandboxPay, async (c) => {
    const user = currentUser(c);
    const db = c.get('db');
    if (!sandboxProvider.configured(c.env)) throw new ApiError('NOT_FOUND', '沙箱支付未开启（仅用于本地开发）');
    const o = await requireOwnOrder(db, user.id, c.req.valid('param').id);
    if (o.provider !== 'sandbox') throw new ApiError('NOT_FOUND', '订单不存在');
    const status = orderStatus(o, Date.now());
    if (status === 'expired') throw new ApiError('CONFLICT', '订单已过期（超过30分钟未支付），请重新下单');
    if (status === 'failed') throw new ApiError('CONFLICT', '订单已关闭，请重新下单');
    if (status === 'paid') return ok(c, { order: orderView(o, Date.now()), callback: { delivered: true, code: 'OK', msg: '订单已支付' } });
    const trade = await recordSandboxTrade(c.get('db'), o.id, o.amountFen, c.req.valid('json').action === 'approve');
    // The provider's asynchronous callback: a real HTTP request into this worker's callback route,
    // through the whole request path (no session: the signature is the authentication).
    const { app } = await import('../app');
    const body = await signedCallback(c.env, trade);
    const res = await app.fetch(
      new Request(new URL('/api/pay/notify/sandbox', c.req.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      c.env,
    );
    const answer = (await res.json()) as { status: string; code?: string; msg?: string };
    const after = await requireOwnOrder(db, user.id, o.id);
    return ok(c, {
      order: orderView(after, Date.now()),
      callback: { delivered: answer.status === 'success', code: answer.code ?? 'OK', msg: answer.msg ?? '回调已确认' },
    });
  });

