/**
 * Applying a verified payment notice to an order. Paying is one D1 batch: the conditional UPDATE
 * that marks the order paid (only from pending, only before it expires) writes a fresh pay_nonce,
 * and every grant in the batch is guarded on that nonce: the coin top-up through coins/ (ledger
 * key `topup:order:<id>`) or the membership period. So however many callbacks arrive, at once or
 * one after another, exactly one batch pays and grants; the others change nothing.
 *
 * Money that arrives for an order that can no longer be paid (closed, expired) goes back through
 * the provider (order_refunds, reason late_payment); an operator can refund a paid order too
 * (reason operator), which takes back what it granted.
 */
import { eq } from 'drizzle-orm';
import { forgetSessions } from '../auth/session';
import { debit, topUpStatements } from '../coins';
import { orders } from '../db';
import type { Db, Env } from '../env';
import { DAY_MS } from '#shared/dates';
import { ApiError } from '../lib/errors';
import { orderStatus, orderView, type OrderRow, type OrderView } from './orders';
import { ProviderError, refundNo, type PaymentNotice } from './provider';
import { providerByName } from './providers';

type PaidGuard = { sql: string; params: unknown[] };

/**
 * When a period of `kind` bought now starts: a VIP period follows any current VIP or super-VIP
 * period (super-VIP includes VIP); a super-VIP period follows super-VIP only. SQL, so it is read
 * inside the batch that writes the period.
 */
const startSql = (kind: 'vip' | 'svip') =>
  `max(?, coalesce((SELECT max(ends_at) FROM memberships WHERE user_id = ? AND level IN ${kind === 'svip' ? "('svip')" : "('vip','svip')"} AND ends_at > ?), 0))`;

/**
 * The membership statements of a paid order. A super-VIP period [S, S + D) moves the VIP days it
 * would cover to after it: every VIP period still running at S ends D later (and one that had not
 * started by S starts D later), so VIP rights end at the super-VIP end plus the VIP days that
 * remained. Super-VIP covers VIP in the meantime, so no day is counted twice or lost.
 */
function membershipStatements(d1: D1Database, o: OrderRow, paid: PaidGuard, now: number): D1PreparedStatement[] {
  const length = o.days * DAY_MS;
  const insert = d1
    .prepare(
      `INSERT INTO memberships (user_id, level, starts_at, ends_at, order_id)
       SELECT ?, ?, s.start, s.start + ?, ? FROM (SELECT ${startSql(o.kind as 'vip' | 'svip')} AS start) s
       WHERE ${paid.sql}`,
    )
    .bind(o.userId, o.kind, length, o.id, now, o.userId, now, ...paid.params);
  if (o.kind !== 'svip') return [insert];
  // Before the insert: the start is read from the super-VIP periods as they were.
  const shift = d1
    .prepare(
      `UPDATE memberships SET
         starts_at = CASE WHEN starts_at >= s.start THEN starts_at + ? ELSE starts_at END,
         ends_at = ends_at + ?
       FROM (SELECT ${startSql('svip')} AS start) s
       WHERE memberships.user_id = ? AND memberships.level = 'vip' AND memberships.ends_at > s.start AND ${paid.sql}`,
    )
    .bind(length, length, now, o.userId, now, o.userId, ...paid.params);
  return [shift, insert];
}

export interface MembershipPeriod {
  level: 'vip' | 'svip';
  startsAt: number;
  endsAt: number;
}

/**
 * What vip_until and svip_until become if a membership of `kind` for `days` is paid at `now`, by
 * the same rule as membershipStatements (the order page shows it before payment; a test holds the
 * two to the same answer).
 */
export function membershipAfter(periods: MembershipPeriod[], kind: 'vip' | 'svip', days: number, now: number) {
  const live = periods.filter((p) => p.endsAt > now);
  const maxEnd = (levels: string[]) => live.filter((p) => levels.includes(p.level)).reduce((m, p) => Math.max(m, p.endsAt), 0);
  const start = Math.max(now, maxEnd(kind === 'svip' ? ['svip'] : ['vip', 'svip']));
  const length = days * DAY_MS;
  const after: MembershipPeriod[] = live.map((p) =>
    kind === 'svip' && p.level === 'vip' && p.endsAt > start
      ? { level: p.level, startsAt: p.startsAt >= start ? p.startsAt + length : p.startsAt, endsAt: p.endsAt + length }
      : p,
  );
  after.push({ level: kind, startsAt: start, endsAt: start + length });
  const until = (levels: string[]) => after.filter((p) => levels.includes(p.level)).reduce((m, p) => Math.max(m, p.endsAt), 0) || null;
  return { vip_until: until(['vip', 'svip']), svip_until: until(['svip']) };
}

export async function readOrder(db: Db, id: number) {
  return db.select().from(orders).where(eq(orders.id, id)).get();
}

/** Marks a pending order that is past its expiry as expired (the view says so already; this writes it down). */
async function closeExpired(d1: D1Database, id: number, now: number) {
  const r = await d1
    .prepare("UPDATE orders SET status = 'cancelled', close_reason = 'expired', closed_at = ? WHERE id = ? AND status = 'pending' AND expires_at <= ?")
    .bind(now, id, now)
    .run();
  return r.meta.changes === 1;
}

/**
 * Closes an order that expired unpaid, here and at its provider (so the provider's cashier stops
 * taking money for it). A provider that cannot be reached is logged; a payment that still arrives
 * is refunded (applyNotice).
 */
export async function expireOrder(env: Env, o: OrderRow, now = Date.now()): Promise<void> {
  if (orderStatus(o, now) !== 'expired' || o.status !== 'pending') return;
  if (!(await closeExpired(env.DB, o.id, now))) return;
  const provider = providerByName(o.provider);
  if (!provider?.configured(env)) return;
  await provider.closePayment(env, o.id).catch((err) => console.error('close order at provider', o.id, err));
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
      : membershipStatements(d1, o, paid, now);
  await d1.batch([mark, ...grants]);
  // The buyer's kept sessions carry their membership dates: read them again on the next request.
  forgetSessions(o.userId);
  return (await readOrder(db, o.id))!;
}

export interface RefundRecord {
  order_id: number;
  provider: string;
  trade_no: string;
  refund_no: string;
  amount_fen: number;
  reason: 'late_payment' | 'operator';
  status: 'requested' | 'done' | 'pending' | 'failed';
  error: string | null;
}

/**
 * Pays an order's money back through its provider, once per order: the record is written first
 * (requested), the provider is asked with the order's refund number (its idempotency key, so a
 * retry is the same refund), and the answer is written down. A refund already done or accepted is
 * returned as it is.
 */
async function refundThroughProvider(env: Env, o: OrderRow, tradeNo: string, reason: RefundRecord['reason'], now: number): Promise<RefundRecord> {
  const d1 = env.DB;
  await d1
    .prepare(
      `INSERT OR IGNORE INTO order_refunds (order_id, provider, trade_no, refund_no, amount_fen, reason, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'requested', ?, ?)`,
    )
    .bind(o.id, o.provider, tradeNo, refundNo(o.id), o.amountFen, reason, now, now)
    .run();
  const read = () => d1.prepare('SELECT order_id, provider, trade_no, refund_no, amount_fen, reason, status, error FROM order_refunds WHERE order_id = ?').bind(o.id).first<RefundRecord>();
  const rec = (await read())!;
  if (rec.status === 'done' || rec.status === 'pending') return rec;
  const provider = providerByName(o.provider);
  let status: RefundRecord['status'];
  let error: string | null = null;
  try {
    if (!provider?.configured(env)) throw new ProviderError(`支付渠道 ${o.provider} 未配置，无法退款`);
    status = (await provider.refund(env, { orderId: o.id, tradeNo: rec.trade_no, amountFen: rec.amount_fen, refundNo: rec.refund_no, reason: reason === 'late_payment' ? '订单已关闭，款项原路退回' : '订单退款' })).status;
  } catch (err) {
    console.error('refund', o.id, err);
    status = 'failed';
    error = err instanceof Error ? err.message : String(err);
  }
  await d1.prepare('UPDATE order_refunds SET status = ?, error = ?, updated_at = ? WHERE order_id = ?').bind(status, error, Date.now(), o.id).run();
  return (await read())!;
}

/** A payment arrived for an order that can no longer take it: refused to the buyer, refunded through the provider. */
async function refuseLatePayment(env: Env, o: OrderRow, notice: PaymentNotice, msg: string, now: number): Promise<never> {
  const refund = await refundThroughProvider(env, o, notice.tradeNo, 'late_payment', now);
  const refunded = refund.status === 'done' || refund.status === 'pending';
  throw new ApiError('CONFLICT', `${msg}，支付未入账${refunded ? '，款项将原路退回' : ''}，请重新下单`, { refund: refund.status });
}

/**
 * A verified notice from the order's provider. Refused, changing nothing: an unknown order
 * (NOT_FOUND), a wrong amount (BAD_REQUEST). A payment for an order that expired or was closed is
 * refunded through the provider and answered CONFLICT (extra.refund: the refund's state). A
 * repeated notice for a paid order answers with the paid order and grants nothing.
 */
export async function applyNotice(env: Env, db: Db, provider: string, notice: PaymentNotice, now = Date.now()): Promise<OrderView> {
  const d1 = env.DB;
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
  if (status === 'paid' || status === 'refunded') {
    if (o.providerRef === notice.tradeNo) return orderView(o, now);
    // Paid twice (a second trade for the same order): the second payment goes back.
    return refuseLatePayment(env, o, notice, '订单已支付', now);
  }
  if (status === 'expired') {
    await closeExpired(d1, o.id, now);
    return refuseLatePayment(env, o, notice, '订单已过期（超过30分钟未支付）', now);
  }
  if (status === 'failed') return refuseLatePayment(env, o, notice, '订单已关闭', now);
  const after = await pay(d1, db, o, notice.tradeNo, now);
  if (after.status !== 'paid') return refuseLatePayment(env, after, notice, '订单已过期或已关闭', now);
  return orderView(after, now);
}

/**
 * The operator's refund of a paid order (`npm run refund -- <order>`): takes back what the order
 * granted (the coins through coins/, refused when the buyer has spent them; the unused part of the
 * membership period, later periods moving up), then pays the money back through the provider.
 * Run again after a failed provider call, it asks the provider again and takes nothing twice.
 */
export async function refundOrder(env: Env, db: Db, orderId: number, now = Date.now()): Promise<{ order: OrderView; refund: RefundRecord }> {
  const d1 = env.DB;
  const o = await readOrder(db, orderId);
  if (!o) throw new ApiError('NOT_FOUND', '订单不存在');
  if (o.status !== 'paid' || !o.providerRef) {
    const late = await d1.prepare('SELECT order_id FROM order_refunds WHERE order_id = ?').bind(o.id).first();
    if (!late) throw new ApiError('CONFLICT', '订单未支付，无需退款');
    const again = await refundThroughProvider(env, o, o.providerRef ?? '', 'late_payment', now);
    return { order: orderView(o, now), refund: again };
  }
  const mark = (guard?: PaidGuard) =>
    d1
      .prepare(`UPDATE orders SET refunded_at = ? WHERE id = ? AND refunded_at IS NULL${guard ? ` AND ${guard.sql}` : ''}`)
      .bind(now, o.id, ...(guard?.params ?? []));
  if (!o.refundedAt) {
    if (o.kind === 'coins') {
      // INSUFFICIENT_COINS when the buyer has spent them: the money stays, nothing is taken.
      await debit(d1, { userId: o.userId, amount: o.coins, reason: 'refund', refType: 'order', refId: o.id, idempotencyKey: `refund:order:${o.id}` }, (g) => [mark(g)]);
    } else {
      const period = await d1
        .prepare('SELECT id, starts_at, ends_at FROM memberships WHERE order_id = ? AND user_id = ?')
        .bind(o.id, o.userId)
        .first<{ id: number; starts_at: number; ends_at: number }>();
      const statements = [mark()];
      if (period && period.ends_at > now) {
        const cut = Math.max(now, period.starts_at);
        const removed = period.ends_at - cut;
        const guard = 'EXISTS (SELECT 1 FROM orders WHERE id = ? AND refunded_at = ?)';
        statements.push(
          d1.prepare(`UPDATE memberships SET ends_at = ? WHERE id = ? AND ${guard}`).bind(cut, period.id, o.id, now),
          // Later periods move up by what was removed; a VIP period a super-VIP one had pushed back shrinks again.
          d1
            .prepare(
              `UPDATE memberships SET starts_at = CASE WHEN starts_at >= ? THEN starts_at - ? ELSE starts_at END, ends_at = max(?, ends_at - ?)
               WHERE user_id = ? AND id != ? AND ends_at > ? AND ${guard}`,
            )
            .bind(period.ends_at, removed, cut, removed, o.userId, period.id, period.ends_at, o.id, now),
        );
      }
      await d1.batch(statements);
    }
    forgetSessions(o.userId);
  }
  const refund = await refundThroughProvider(env, o, o.providerRef, 'operator', now);
  return { order: orderView((await readOrder(db, o.id))!, now), refund };
}
