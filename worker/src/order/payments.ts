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
import { and, eq, exists, gt, inArray, isNull, lte, max, ne, sql, type SQL } from 'drizzle-orm';
import { forgetSessions } from '../auth/session';
import { debit, topUpStatements, type Statement } from '../coins';
import { drizzleDb, memberships, orderRefunds, orders } from '../db';
import { insertWhen } from '../db/guarded';
import type { Db, Env } from '../env';
import { DAY_MS } from '#shared/dates';
import { ApiError } from '../lib/errors';
import { orderStatus, orderView, type OrderRow, type OrderView } from './orders';
import { ProviderError, refundNo, type PaymentNotice } from './provider';
import { providerByName } from './providers';

/** True only inside the batch that marked the order paid (its pay_nonce). */
type PaidGuard = SQL;

/**
 * When a period of `kind` bought now starts: a VIP period follows any current VIP or super-VIP
 * period (super-VIP includes VIP); a super-VIP period follows super-VIP only. SQL, so it is read
 * inside the batch that writes the period (scalar max() of two values has no builder form).
 */
const startSql = (db: Db, userId: number, kind: 'vip' | 'svip', now: number) =>
  sql<number>`max(${now}, coalesce(${db
    .select({ end: max(memberships.endsAt) })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.level, kind === 'svip' ? ['svip'] : ['vip', 'svip']), gt(memberships.endsAt, now)))}, 0))`;

/**
 * The membership statements of a paid order. A super-VIP period [S, S + D) moves the VIP days it
 * would cover to after it: every VIP period still running at S ends D later (and one that had not
 * started by S starts D later), so VIP rights end at the super-VIP end plus the VIP days that
 * remained. Super-VIP covers VIP in the meantime, so no day is counted twice or lost.
 */
function membershipStatements(db: Db, o: OrderRow, paid: PaidGuard, now: number): Statement[] {
  const length = o.days * DAY_MS;
  const start = startSql(db, o.userId, o.kind as 'vip' | 'svip', now);
  // `sql`: the end is the start (read in the batch) plus the length, arithmetic the builder cannot write.
  const insert = insertWhen(db, memberships, { userId: o.userId, level: o.kind as 'vip' | 'svip', startsAt: start, endsAt: sql<number>`${start} + ${length}`, orderId: o.id }, paid);
  if (o.kind !== 'svip') return [insert];
  // Before the insert: the start is read from the super-VIP periods as they were.
  const svipStart = startSql(db, o.userId, 'svip', now);
  // `sql`: CASE and arithmetic in SET have no builder form.
  const shift = db
    .update(memberships)
    .set({
      startsAt: sql`CASE WHEN ${memberships.startsAt} >= ${svipStart} THEN ${memberships.startsAt} + ${length} ELSE ${memberships.startsAt} END`,
      endsAt: sql`${memberships.endsAt} + ${length}`,
    })
    .where(and(eq(memberships.userId, o.userId), eq(memberships.level, 'vip'), gt(memberships.endsAt, svipStart), paid));
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
async function closeExpired(db: Db, id: number, now: number) {
  const r = await db
    .update(orders)
    .set({ status: 'cancelled', closeReason: 'expired', closedAt: now })
    .where(and(eq(orders.id, id), eq(orders.status, 'pending'), lte(orders.expiresAt, now)))
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
  if (!(await closeExpired(drizzleDb(env.DB), o.id, now))) return;
  const provider = providerByName(o.provider);
  if (!provider?.configured(env)) return;
  await provider.closePayment(env, o.id).catch((err) => console.error('close order at provider', o.id, err));
}

/** Pays the order and grants what it bought, atomically; returns the order as it is afterwards. */
async function pay(db: Db, o: OrderRow, tradeNo: string, now: number): Promise<OrderRow> {
  const nonce = crypto.randomUUID();
  const paid = exists(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(orders.id, o.id), eq(orders.payNonce, nonce))),
  );
  const mark = db
    .update(orders)
    .set({ status: 'paid', paidAt: now, providerRef: tradeNo, payNonce: nonce })
    .where(and(eq(orders.id, o.id), eq(orders.status, 'pending'), gt(orders.expiresAt, now)));
  const grants =
    o.kind === 'coins'
      ? topUpStatements(db, { userId: o.userId, amount: o.coins, reason: 'recharge', refType: 'order', refId: o.id, idempotencyKey: `topup:order:${o.id}` }, paid)
      : membershipStatements(db, o, paid, now);
  await db.batch([mark, ...grants]);
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
async function refundThroughProvider(env: Env, db: Db, o: OrderRow, tradeNo: string, reason: RefundRecord['reason'], now: number): Promise<RefundRecord> {
  await db
    .insert(orderRefunds)
    .values({ orderId: o.id, provider: o.provider, tradeNo, refundNo: refundNo(o.id), amountFen: o.amountFen, reason, status: 'requested', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run();
  const read = () =>
    db
      .select({
        order_id: orderRefunds.orderId,
        provider: orderRefunds.provider,
        trade_no: orderRefunds.tradeNo,
        refund_no: orderRefunds.refundNo,
        amount_fen: orderRefunds.amountFen,
        reason: orderRefunds.reason,
        status: orderRefunds.status,
        error: orderRefunds.error,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, o.id))
      .get();
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
  await db.update(orderRefunds).set({ status, error, updatedAt: Date.now() }).where(eq(orderRefunds.orderId, o.id)).run();
  return (await read())!;
}

/** A payment arrived for an order that can no longer take it: refused to the buyer, refunded through the provider. */
async function refuseLatePayment(env: Env, db: Db, o: OrderRow, notice: PaymentNotice, msg: string, now: number): Promise<never> {
  const refund = await refundThroughProvider(env, db, o, notice.tradeNo, 'late_payment', now);
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
  const o = await readOrder(db, notice.orderId);
  if (!o || o.provider !== provider) throw new ApiError('NOT_FOUND', '订单不存在');
  if (notice.amountFen !== o.amountFen) {
    throw new ApiError('BAD_REQUEST', `支付金额与订单金额不符（订单 ${o.amountFen} 分，回调 ${notice.amountFen} 分）`, { field: 'amount_fen' });
  }
  const status = orderStatus(o, now);
  if (notice.status === 'failed') {
    if (status === 'pending') {
      await db
        .update(orders)
        .set({ status: 'cancelled', closeReason: 'failed', closedAt: now, providerRef: notice.tradeNo })
        .where(and(eq(orders.id, o.id), eq(orders.status, 'pending')))
        .run();
    }
    return orderView((await readOrder(db, o.id))!, now);
  }
  if (status === 'paid' || status === 'refunded') {
    if (o.providerRef === notice.tradeNo) return orderView(o, now);
    // Paid twice (a second trade for the same order): the second payment goes back.
    return refuseLatePayment(env, db, o, notice, '订单已支付', now);
  }
  if (status === 'expired') {
    await closeExpired(db, o.id, now);
    return refuseLatePayment(env, db, o, notice, '订单已过期（超过30分钟未支付）', now);
  }
  if (status === 'failed') return refuseLatePayment(env, db, o, notice, '订单已关闭', now);
  const after = await pay(db, o, notice.tradeNo, now);
  if (after.status !== 'paid') return refuseLatePayment(env, db, after, notice, '订单已过期或已关闭', now);
  return orderView(after, now);
}

/**
 * The operator's refund of a paid order (`npm run refund -- <order>`): takes back what the order
 * granted (the coins through coins/, refused when the buyer has spent them; the unused part of the
 * membership period, later periods moving up), then pays the money back through the provider.
 * Run again after a failed provider call, it asks the provider again and takes nothing twice.
 */
export async function refundOrder(env: Env, db: Db, orderId: number, now = Date.now()): Promise<{ order: OrderView; refund: RefundRecord }> {
  const o = await readOrder(db, orderId);
  if (!o) throw new ApiError('NOT_FOUND', '订单不存在');
  if (o.status !== 'paid' || !o.providerRef) {
    const late = await db.select({ orderId: orderRefunds.orderId }).from(orderRefunds).where(eq(orderRefunds.orderId, o.id)).get();
    if (!late) throw new ApiError('CONFLICT', '订单未支付，无需退款');
    const again = await refundThroughProvider(env, db, o, o.providerRef ?? '', 'late_payment', now);
    return { order: orderView(o, now), refund: again };
  }
  const mark = (guard?: SQL) =>
    db
      .update(orders)
      .set({ refundedAt: now })
      .where(and(eq(orders.id, o.id), isNull(orders.refundedAt), guard));
  if (!o.refundedAt) {
    if (o.kind === 'coins') {
      // INSUFFICIENT_COINS when the buyer has spent them: the money stays, nothing is taken.
      await debit(db, { userId: o.userId, amount: o.coins, reason: 'refund', refType: 'order', refId: o.id, idempotencyKey: `refund:order:${o.id}` }, (g) => [mark(g)]);
    } else {
      const period = await db
        .select({ id: memberships.id, startsAt: memberships.startsAt, endsAt: memberships.endsAt })
        .from(memberships)
        .where(and(eq(memberships.orderId, o.id), eq(memberships.userId, o.userId)))
        .get();
      const statements: [Statement, ...Statement[]] = [mark()];
      if (period && period.endsAt > now) {
        const cut = Math.max(now, period.startsAt);
        const removed = period.endsAt - cut;
        const refunded = exists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(and(eq(orders.id, o.id), eq(orders.refundedAt, now))),
        );
        statements.push(
          db
            .update(memberships)
            .set({ endsAt: cut })
            .where(and(eq(memberships.id, period.id), refunded)),
          // Later periods move up by what was removed; a VIP period a super-VIP one had pushed back shrinks again.
          db
            .update(memberships)
            .set({
              // `sql`: CASE and arithmetic in SET have no builder form.
              startsAt: sql`CASE WHEN ${memberships.startsAt} >= ${period.endsAt} THEN ${memberships.startsAt} - ${removed} ELSE ${memberships.startsAt} END`,
              // max() of two values has no builder form.
              endsAt: sql`max(${cut}, ${memberships.endsAt} - ${removed})`,
            })
            .where(and(eq(memberships.userId, o.userId), ne(memberships.id, period.id), gt(memberships.endsAt, period.endsAt), refunded)),
        );
      }
      await db.batch(statements);
    }
    forgetSessions(o.userId);
  }
  const refund = await refundThroughProvider(env, db, o, o.providerRef, 'operator', now);
  return { order: orderView((await readOrder(db, o.id))!, now), refund };
}
