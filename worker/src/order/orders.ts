/**
 * Orders: creation (once per Idempotency-Key), the owner's list and detail, and the membership
 * summary of the user centre. Queries are plain functions, db first; no HTTP here.
 */
import { and, eq, gt } from 'drizzle-orm';
import { balanceOf } from '../coins';
import { memberships, orders } from '../db';
import type { Db, Env, SessionUser } from '../env';
import { ApiError } from '../lib/errors';
import { inListOrder, keptStart, userList, usersRows } from '../db/kept/read.ts';
import { grantText, ORDER_STATUS_TEXT, ORDER_TTL_MS, planById, PLANS, returnUrl, safeReturnPath, yuan, type OrderStatus, type PlanKind } from './plans';
import { membershipAfter } from './payments';
import type { PayContext } from './provider';
import { configuredProviders, providerByName } from './providers';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderView {
  order_id: number;
  plan_id: string;
  name: string;
  kind: PlanKind;
  days: number;
  coins: number;
  grants: string;
  amount_fen: number;
  amount_yuan: string;
  status: OrderStatus;
  status_text: string;
  created_at: number;
  expires_at: number;
  paid_at: number | null;
  /** Where to pay while the order is pending; null once it is paid, failed or expired. */
  pay_url: string | null;
  /** A code to scan with the provider's app (WeChat Native) while pending; null otherwise. */
  qr_code: string | null;
  /** The provider that takes the payment (alipay, wechat, sandbox) and its name for buyers. */
  provider: string;
  provider_label: string;
  /** Where the buyer goes back to after paying (`return` of /order, else the home of `from`). */
  return_url: string;
}

/** Status as the user sees it: a pending order past its expiry is expired even before anything wrote that down. */
export function orderStatus(o: Pick<OrderRow, 'status' | 'closeReason' | 'expiresAt' | 'refundedAt'>, now: number): OrderStatus {
  if (o.status === 'paid') return o.refundedAt ? 'refunded' : 'paid';
  if (o.status === 'cancelled') return o.closeReason ?? 'failed';
  return o.expiresAt <= now ? 'expired' : 'pending';
}

export function orderView(o: OrderRow, now: number): OrderView {
  const plan = planById(o.product);
  const kind = o.kind;
  const status = orderStatus(o, now);
  return {
    order_id: o.id,
    plan_id: o.product,
    // Orders from before this price list (seeded top-ups) have no plan: name them by what they granted.
    name: plan?.name ?? (kind === 'coins' ? `${o.coins}桔子币` : kind === 'svip' ? '超级VIP会员' : 'VIP会员'),
    kind,
    days: o.days,
    coins: o.coins,
    grants: grantText({ kind, days: o.days, coins: o.coins }),
    amount_fen: o.amountFen,
    amount_yuan: yuan(o.amountFen),
    status,
    status_text: ORDER_STATUS_TEXT[status],
    created_at: o.createdAt,
    expires_at: o.expiresAt,
    paid_at: o.paidAt,
    pay_url: status === 'pending' ? (o.payUrl ?? (o.provider === 'sandbox' ? `/pay/sandbox/${o.id}` : null)) : null,
    qr_code: status === 'pending' ? o.payCode : null,
    provider: o.provider,
    provider_label: providerByName(o.provider)?.label ?? o.provider,
    return_url: returnUrl(o.source, o.returnPath),
  };
}

export interface NewOrder {
  planId: string;
  key: string;
  /** The area of /order?from=… */
  from: string;
  /** The page of /order?return=…; kept only when it is a route of the SPA. */
  ret: string;
  /** The provider the buyer chose; the first configured one when absent. */
  provider?: string;
}

/**
 * Creates the order of `planId` for `user` with the chosen provider, once per Idempotency-Key: a
 * retry with the same key returns the first order; the same key with another plan is CONFLICT.
 * Where no provider is configured there is nothing to pay with: BAD_REQUEST '暂未开通在线支付'.
 */
export async function createOrder(env: Env, db: Db, user: SessionUser, n: NewOrder, ctx: PayContext, now = Date.now()): Promise<OrderView> {
  const { planId, key, from } = n;
  const plan = planById(planId);
  if (!plan) throw new ApiError('BAD_REQUEST', `套餐不存在：${planId}`, { field: 'plan_id' });
  const offered = configuredProviders(env);
  if (!offered.length) throw new ApiError('BAD_REQUEST', '暂未开通在线支付');
  const provider = n.provider ? offered.find((p) => p.name === n.provider) : offered[0];
  if (!provider) throw new ApiError('BAD_REQUEST', `支付方式 ${n.provider} 暂未开通，可选：${offered.map((p) => p.label).join('、')}`, { field: 'provider' });
  const sameKey = () => db.select().from(orders).where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, key))).get();
  const sameOrder = (o: OrderRow) => {
    if (o.product !== plan.id) throw new ApiError('CONFLICT', '该幂等键已用于另一个套餐的订单，请刷新页面后重新下单');
    return orderView(o, now);
  };
  const earlier = await sameKey();
  if (earlier) return sameOrder(earlier);

  // The unique (user_id, idempotency_key) index lets exactly one of concurrent retries insert.
  await db
    .insert(orders)
    .values({
      userId: user.id,
      product: plan.id,
      kind: plan.kind,
      days: plan.days,
      coins: plan.coins,
      amountFen: plan.priceFen,
      status: 'pending',
      provider: provider.name,
      idempotencyKey: key,
      source: from,
      returnPath: safeReturnPath(n.ret) ?? '',
      createdAt: now,
      expiresAt: now + ORDER_TTL_MS,
    })
    .onConflictDoNothing();
  const row = await sameKey();
  if (!row) throw new ApiError('INTERNAL', '下单失败，请重试');
  const view = sameOrder(row);
  if (view.status !== 'pending' || row.payUrl) return view;
  const chosen = providerByName(row.provider) ?? provider;
  let payment;
  try {
    payment = await chosen.createPayment(env, { orderId: row.id, amountFen: row.amountFen, subject: plan.name, expiresAt: row.expiresAt }, ctx);
  } catch (err) {
    console.error('create payment', row.id, err);
    throw new ApiError('INTERNAL', `${chosen.label}暂时无法下单，请稍后重试或换一种支付方式`);
  }
  await db.update(orders).set({ payUrl: payment.payUrl, payCode: payment.qrCode }).where(eq(orders.id, row.id));
  return { ...view, pay_url: payment.payUrl, qr_code: payment.qrCode };
}

/** The order if it is the user's; anyone else's is NOT_FOUND, as if it did not exist. */
export async function requireOwnOrder(db: Db, userId: number, id: number): Promise<OrderRow> {
  const row = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId))).get();
  if (!row) throw new ApiError('NOT_FOUND', '订单不存在');
  return row;
}

export async function listOrders(db: Db, userId: number, page: number, perPage: number, now = Date.now()) {
  // Kept total and per-day counts ('uo:'): a page reads its rows off (user_id, created_at), a deep one from its day.
  const { total, read: r } = await keptStart(db, userList(`uo:${userId}`), page, perPage);
  if (!r) return { info: [], total };
  const q = usersRows(r, orders.userId, userId, orders.createdAt, orders.id);
  const rows = await db.select().from(orders).where(q.where).orderBy(...q.orderBy).limit(r.limit).offset(r.offset);
  return { info: inListOrder(r, rows).map((o) => orderView(o, now)), total };
}

export interface MembershipSummary {
  isVip: boolean;
  svip: boolean;
  /** When VIP rights (from a VIP or super-VIP period, including periods already bought to follow on) end; null if none. */
  vip_until: number | null;
  svip_until: number | null;
  juzibtc: number;
  /** Per membership plan: vip_until and svip_until if that plan were paid now (shown on /order before paying). */
  after: Record<string, { vip_until: number | null; svip_until: number | null }>;
}

/** The user's periods still running or still to come; the latest end of each level is its expiry. */
export async function membershipSummary(db: Db, user: SessionUser, now = Date.now()): Promise<MembershipSummary> {
  const [periods, juzibtc] = await Promise.all([
    db
      .select({ level: memberships.level, startsAt: memberships.startsAt, endsAt: memberships.endsAt })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), gt(memberships.endsAt, now)))
      .all(),
    balanceOf(db, user.id),
  ]);
  const until = (levels: string[]) => periods.filter((p) => levels.includes(p.level)).reduce<number | null>((m, p) => Math.max(m ?? 0, p.endsAt), null);
  const after: MembershipSummary['after'] = {};
  for (const plan of PLANS) if (plan.kind !== 'coins') after[plan.id] = membershipAfter(periods, plan.kind, plan.days, now);
  return {
    isVip: user.isVip,
    svip: user.svip,
    vip_until: user.isVip ? until(['vip', 'svip']) : null,
    svip_until: user.svip ? until(['svip']) : null,
    juzibtc,
    after,
  };
}
