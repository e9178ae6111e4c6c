/**
 * Applying a verified payment notice to an order. Paying is one D1 batch: the conditional UPDATE
 * that marks the order paid (only from pending, only before it expires) writes a fresh pay_nonce,
 * and every grant in the batch is guarded on that nonce: the coin top-up through coins/ (ledger
 * key `topup:order:<id>`) or the membership period. So however many callbacks arrive, at once or
 * one after another, exactly one batch pays and grants; the others change nothing.
 */
import { eq } from 'drizzle-orm';
import { forgetSessions } from '../auth/session';
import { topUpStatements } from '../coins';
import { orders } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { orderStatus, orderView, type OrderRow, type OrderView } from './orders';
import type { PaymentNotice } from './provider';

const DAY_MS = 86_400_000;

/** Membership rows this batch writes, extending from the later of now and the current expiry. */
function membershipStatement(d1: D1Database, o: OrderRow, paid: { sql: string; params: unknown[] }, now: number) {
  // Super-VIP includes VIP: a VIP period follows any current VIP or super-VIP period; a super-VIP period follows super-VIP only.
  const levels = o.kind === 'svip' ? "('svip')" : "('vip','svip')";
  return d1
    .prepare(
      `INSERT INTO memberships (user_id, level, starts_at, ends_at, order_id)
       SELECT ?, ?, s.start, s.start + ?, ?
       FROM (SELECT max(?, coalesce((SELECT max(ends_at) FROM memberships WHERE user_id = ? AND level IN ${levels} AND ends_at > ?), 0)) AS start) s
       WHERE ${paid.sql}`,
    )
    .bind(o.userId, o.kind, o.days * DAY_MS, o.id, now, o.userId, now, ...paid.params);
}

async function readOrder(db: Db, id: number) {
  return db.select().from(orders).where(eq(orders.id, id)).get();
}

/** Marks a pending order that is past its expiry as expired (the view says so already; this writes it down). */
async function closeExpired(d1: D1Database, id: number, now: number) {
  await d1
    .prepare("UPDATE orders SET status = 'cancelled', close_reason = 'expired', closed_at = ? WHERE id = ? AND status = 'pending' AND expires_at <= ?")
    .bind(now, id, now)
    .run();
}

/** Pays the order and grants what it bought, atomically; returns the order as it is afterwards. */
async function pay(d1: D1Database, db: Db, o: OrderRow, tradeNo: string, now: number): Promise<OrderRow> {
  const nonce = crypto.randomUUID();
  const paid = { sql: 'EXISTS (SELECT 1 FROM orders WHERE id = ? AND pay_nonce = ?)', params: [o.id, nonce] };
  const mark = d1
    .prepare(
      "UPDATE orders SET status = 'paid', paid_at = ?, provider_ref = ?, pay_nonce = ? WHERE id = ? AND status = 'pending' AND expires_at > ?",
    )
    .bind(now, tradeNo, nonce, o.id, now);
  const grants =
    o.kind === 'coins'
      ? topUpStatements(d1, { userId: o.userId, amount: o.coins, reason: 'recharge', refType: 'order', refId: o.id, idempotencyKey: `topup:order:${o.id}` }, paid)
      : [membershipStatement(d1, o, paid, now)];
  await d1.batch([mark, ...grants]);
  // The buyer's kept sessions carry their membership dates: read them again on the next request.
  forgetSessions(o.userId);
  return (await readOrder(db, o.id))!;
}

/**
 * A verified notice from the order's provider. Refused, changing nothing: an unknown order
 * (NOT_FOUND), a wrong amount (BAD_REQUEST), a payment for an order that expired or was closed
 * (CONFLICT). A repeated notice for a paid order answers with the paid order and grants nothing.
 */
export async function applyNotice(d1: D1Database, db: Db, provider: string, notice: PaymentNotice, now = Date.now()): Promise<OrderView> {
  const o = await readOrder(db, notice.orderId);
  if (!o || o.provider !== provider) throw new ApiError('NOT_FOUND', '订单不存在');
  if (notice.amountFen !== o.amountFen) {
    throw new ApiError('BAD_REQUEST', `支付金额与订单金额不符（订单 ${o.amountFen} 分，回调 ${notice.amountFen} 分）`, { field: 'amount_fen' });
  }
  const status = orderStatus(o, now);
  if (notice.status === 'failed') {
    if (status === 'pending') {
      await d1
        .prepare("UPDATE orders SET status = 'cancelled', close_reason = 'failed', closed_at = ?, provider_ref = ? WHERE id = ? AND status = 'pending'")
        .bind(now, notice.tradeNo, o.id)
        .run();
    }
    return orderView((await readOrder(db, o.id))!, now);
  }
  if (status === 'paid') return orderView(o, now);
  if (status === 'expired') {
    await closeExpired(d1, o.id, now);
    throw new ApiError('CONFLICT', '订单已过期（超过30分钟未支付），支付未入账，请重新下单');
  }
  if (status === 'failed') throw new ApiError('CONFLICT', '订单已关闭，支付未入账，请重新下单');
  const after = await pay(d1, db, o, notice.tradeNo, now);
  if (after.status !== 'paid') throw new ApiError('CONFLICT', '订单已过期或已关闭，支付未入账，请重新下单');
  return orderView(after, now);
}
