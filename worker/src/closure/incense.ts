/**
 * Incense (上香): a user pays coins to light sticks for a closed company (type 1) or a closing
 * reason (type 2), 1 coin = 1 stick. The debit, the record and the target's incense_total move in
 * one D1 batch through the coins module, so totals always equal the sum of the records.
 */
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { debit } from '../coins';
import { closures, closureTypes, coinLedger, incenseRecords, users } from '../db';
import { insertWhen } from '../db/guarded';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { OTHER_ACTION_MSG, otherRequest } from '../lib/idempotency';
import { offsetOf } from '../db/kept/read.ts';
import { countQuery } from './counts';
import { formatDateTime } from '#shared/dates';
import { GONE_USER } from './comments';
import { requireClosure } from './list';
import { requireChildReason } from './reasons';

export type IncenseType = 1 | 2;

export interface IncenseRecord {
  /** record id (the spec calls it comment_id) */
  comment_id: number;
  /** user id, for /user/{id} */
  id: number;
  name: string;
  des: string;
  amount: number;
  time: string;
}

const describe = (amount: number) => `上香${amount}炷`;

const toRecord = (r: { id: number; userId: number; name: string | null; amount: number; createdAt: number }): IncenseRecord => ({
  comment_id: r.id,
  id: r.userId,
  name: r.name ?? GONE_USER,
  des: describe(r.amount),
  amount: r.amount,
  time: formatDateTime(r.createdAt),
});

async function requireTarget(db: Db, type: IncenseType, itemId: number) {
  if (type === 2) {
    await requireChildReason(db, itemId);
    return;
  }
  await requireClosure(db, itemId);
}

export interface Offering {
  userId: number;
  type: IncenseType;
  itemId: number;
  amount: number;
  idempotencyKey: string;
}

/**
 * Lights `amount` sticks. A replayed Idempotency-Key charges nothing and returns the first
 * offering with the balance right after it. Throws INSUFFICIENT_COINS (with the balance) when short.
 */
export async function offerIncense(db: Db, o: Offering): Promise<{ balance: number; record: IncenseRecord; replayed: boolean }> {
  await requireTarget(db, o.type, o.itemId);
  const now = Date.now();
  const charge = await debit(
    db,
    { userId: o.userId, amount: o.amount, reason: 'incense', refType: o.type === 1 ? 'closure' : 'closure_type', refId: o.itemId, idempotencyKey: o.idempotencyKey },
    (guard) => [
      // The record of the ledger row this batch wrote (the guard holds only then).
      insertWhen(
        db,
        incenseRecords,
        {
          type: o.type,
          itemId: o.itemId,
          userId: o.userId,
          amount: o.amount,
          createdAt: now,
          ledgerId: db
            .select({ id: coinLedger.id })
            .from(coinLedger)
            .where(and(eq(coinLedger.userId, o.userId), eq(coinLedger.idempotencyKey, o.idempotencyKey))),
        },
        guard,
      ),
      // `sql`: arithmetic on a column in SET has no builder form.
      o.type === 1
        ? db
            .update(closures)
            .set({ incenseTotal: sql`${closures.incenseTotal} + ${o.amount}` })
            .where(and(eq(closures.comId, o.itemId), guard))
        : db
            .update(closureTypes)
            .set({ incenseTotal: sql`${closureTypes.incenseTotal} + ${o.amount}` })
            .where(and(eq(closureTypes.id, o.itemId), guard)),
    ],
  );
  const row = await db
    .select({
      id: incenseRecords.id,
      userId: incenseRecords.userId,
      name: users.username,
      amount: incenseRecords.amount,
      createdAt: incenseRecords.createdAt,
      type: incenseRecords.type,
      itemId: incenseRecords.itemId,
    })
    .from(incenseRecords)
    .leftJoin(users, eq(users.id, incenseRecords.userId))
    .where(eq(incenseRecords.ledgerId, charge.ledgerId))
    .get();
  // The key paid for something else (an export, say): not an incense to replay.
  if (!row) throw new ApiError('CONFLICT', OTHER_ACTION_MSG);
  // The key lit incense for another company, reason or amount: this request charged nothing.
  if (!charge.applied && (row.type !== o.type || row.itemId !== o.itemId || row.amount !== o.amount)) throw otherRequest();
  const balance = charge.applied ? charge.balance : await balanceAfter(db, o.userId, charge.ledgerId);
  return { balance, record: toRecord(row), replayed: !charge.applied };
}

/** The balance right after a ledger row: the ledger sums to the balance, so the prefix sum is it. */
async function balanceAfter(db: Db, userId: number, ledgerId: number): Promise<number> {
  const r = await db
    .select({ s: sql<number>`coalesce(sum(${coinLedger.delta}), 0)` })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), lte(coinLedger.id, ledgerId)))
    .get();
  return r?.s ?? 0;
}

/** Incense records of a company or reason, newest first. */
export async function listIncense(db: Db, p: { type: IncenseType; item_id: number; page: number; per_page: number }): Promise<{ info: IncenseRecord[]; total: number }> {
  const where = and(eq(incenseRecords.type, p.type), eq(incenseRecords.itemId, p.item_id));
  const [rows, countRows] = await db.batch([
    db
      .select({ id: incenseRecords.id, userId: incenseRecords.userId, name: users.username, amount: incenseRecords.amount, createdAt: incenseRecords.createdAt })
      .from(incenseRecords)
      .leftJoin(users, eq(users.id, incenseRecords.userId))
      .where(where)
      .orderBy(desc(incenseRecords.createdAt), desc(incenseRecords.id))
      .limit(p.per_page)
      .offset(offsetOf(p.page, p.per_page)),
    // The kept count of the item's records (closure_counts dim 'incense').
    countQuery(db, 'incense', `${p.type}:${p.item_id}`),
  ]);
  return { info: rows.map(toRecord), total: countRows[0]?.n ?? 0 };
}
