/**
 * Orders: creation (once per Idempotency-Key), the owner's list and detail, and the membership
 * summary of the user centre. Queries are plain functions, db first; no HTTP here.
 */
import { and, eq, gt, inArray, max } from 'drizzle-orm';
import { balanceOf } from '../coins';
import { memberships, orders } from '../db';
import type { Db, Env, SessionUser } from '../env';
import { ApiError } from '../lib/errors';
import { keptRowsPage, usersRows } from '../lib/day-window';
import { grantText, ORDER_STATUS_TEXT, ORDER_TTL_MS, planById, yuan, type OrderStatus, type PlanKind } from './plans';
import { DEFAULT_PROVIDER } from './provider';

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
  /** Where the buyer goes back to after paying (`from` of /order). */
  return_url: string;
}

/** Status as the user sees it: a pending order past its expiry is expired even before anything wrote that down. */
export function orderStatus(o: Pick<OrderRow, 'status' | 'closeReason' | 'expiresAt'>, now: number): OrderStatus {
  if (o.status === 'paid') return 'paid';
  if (o.status === 'cancelled') return o.closeReason ?? 'failed';
  return o.expiresAt <= now ? 'expired' : 'pending';
}

/** `from` of /order is an area path segment (deathCompany, health-subscription, kcb…): only ever a path of this site. */
export const returnUrl = (from: string) => (from ? `/${from}` : '/user-center');

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
    pay_url: status === 'pending' ? `/pay/${o.provider}/${o.id}` : null,
    return_url: returnUrl(o.source),
  };
}

/**
 * Creates the order of `planId` for `user`, once per Idempotency-Key: a retry with the same key
 * returns the first order; the same key with another plan is CONFLICT.
 */
export async function createOrder(env: Env, db: Db, user: SessionUser, planId: string, key: string, from: string, now = Date.now()): Promise<OrderView> {
  const plan = planById(planId);
  if (!plan) throw new ApiError('BAD_REQUEST', `套餐不存在：${planId}`, { field: 'plan_id' });
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
      provider: DEFAULT_PROVIDER.name,
      idempotencyKey: key,
      source: from,
      createdAt: now,
      expiresAt: now + ORDER_TTL_MS,
    })
    .onConflictDoNothing();
  const row = await sameKey();
  if (!row) throw new ApiError('INTERNAL', '下单失败，请重试');
  const view = sameOrder(row);
  if (view.status !== 'pending') return view;
  const payment = await DEFAULT_PROVIDER.createPayment(env, { orderId: row.id, amountFen: row.amountFen, subject: plan.name });
  return { ...view, pay_url: payment.payUrl };
}

/** The order if it is the user's; anyone else's is NOT_FOUND, as if it did not exist. */
export async function requireOwnOrder(db: Db, userId: number, id: number): Promise<OrderRow> {
  const row = await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId))).get();
  if (!row) throw new ApiError('NOT_FOUND', '订单不存在');
  return row;
}

export async function listOrders(db: Db, userId: number, page: number, perPage: number, now = Date.now()) {
  // Kept total and per-day counts ('uo:'): a page reads its rows off (user_id, created_at), a deep one from its day.
  const { rows, total } = await keptRowsPage(
    db,
    `uo:${userId}`,
    page,
    perPage,
    (r) => {
      const q = usersRows(r, orders.userId, userId, orders.createdAt, orders.id);
      return db.select().from(orders).where(q.where).orderBy(...q.orderBy).limit(r.limit).offset(r.offset);
    },
    (o) => o.id,
  );
  return { info: rows.map((o) => orderView(o, now)), total };
}

export interface MembershipSummary {
  isVip: boolean;
  svip: boolean;
  /** When VIP rights (from a VIP or super-VIP period, including periods already bought to follow on) end; null if none. */
  vip_until: number | null;
  svip_until: number | null;
  juzibtc: number;
}

/** Periods chain without gaps (each starts at the end of the one before), so the latest end is the expiry. */
export async function membershipSummary(db: Db, d1: D1Database, user: SessionUser, now = Date.now()): Promise<MembershipSummary> {
  const until = (levels: ('vip' | 'svip')[]) =>
    db
      .select({ until: max(memberships.endsAt) })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), gt(memberships.endsAt, now), inArray(memberships.level, levels)))
      .get();
  const [vip, svip, juzibtc] = await Promise.all([until(['vip', 'svip']), until(['svip']), balanceOf(d1, user.id)]);
  return {
    isVip: user.isVip,
    svip: user.svip,
    vip_until: user.isVip ? (vip?.until ?? null) : null,
    svip_until: user.svip ? (svip?.until ?? null) : null,
    juzibtc,
  };
}
