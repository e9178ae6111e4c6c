/**
 * The coin ledger: the only code that changes a balance.
 *
 * A debit is one drizzle batch (one D1 transaction): a conditional UPDATE of the wallet
 * (enough balance, key not used yet), a ledger row written only if that UPDATE
 * changed a row, the caller's own statements guarded on that ledger row (so the
 * paid-for effect happens exactly when the charge does), then reads of the outcome.
 * The CHECK (balance >= 0) on coin_wallets is the last guard.
 */
import { and, eq, exists, gte, notExists, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { coinLedger, coinWallets } from '../db';
import { insertWhen } from '../db/guarded';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';

export type LedgerReason = 'grant' | 'recharge' | 'incense' | 'export' | 'refund';

export interface Movement {
  userId: number;
  amount: number;
  reason: LedgerReason;
  refType?: string;
  refId?: string | number;
  /** Unique per user: a second call with the same key changes nothing. */
  idempotencyKey: string;
}

/** A condition that is true only inside the batch that wrote this call's ledger row. */
export type Guard = SQL;

/** A statement of a caller's batch (drizzle builder). */
export type Statement = BatchItem<'sqlite'>;

export interface MovementResult {
  /** true when this call moved the coins; false when the key had been used before (a replay). */
  applied: boolean;
  balance: number;
  ledgerId: number;
}

type Extra = (guard: Guard) => Statement[];

function check(m: Movement) {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new ApiError('BAD_REQUEST', '金额必须是正整数');
  if (!m.idempotencyKey || m.idempotencyKey.length > 200) throw new ApiError('BAD_REQUEST', '缺少或无效的幂等键');
}

/** The key has no ledger row yet. */
const unused = (db: Db, m: Movement) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, m.userId), eq(coinLedger.idempotencyKey, m.idempotencyKey))),
  );

/**
 * The ledger row of a movement, written only when the wallet UPDATE just before it in the batch
 * changed a row (`changes()`, the row count of the statement before, has no builder form).
 */
const ledgerRow = (db: Db, m: Movement, delta: number, nonce: string, now: number): Statement =>
  insertWhen(
    db,
    coinLedger,
    { userId: m.userId, delta, reason: m.reason, refType: m.refType ?? '', refId: String(m.refId ?? ''), idempotencyKey: m.idempotencyKey, opNonce: nonce, createdAt: now },
    sql`changes() = 1`,
  );

async function move(db: Db, m: Movement, sign: 1 | -1, extra?: Extra): Promise<MovementResult | { applied: false; balance: number; ledgerId: 0 }> {
  check(m);
  const now = Date.now();
  const nonce = crypto.randomUUID();
  const guard: Guard = exists(
    db
      .select({ one: sql`1` })
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, m.userId), eq(coinLedger.idempotencyKey, m.idempotencyKey), eq(coinLedger.opNonce, nonce))),
  );
  // `sql`: arithmetic on a column in SET has no builder form.
  const update = db
    .update(coinWallets)
    .set({ balance: sql`${coinWallets.balance} + ${sign * m.amount}`, updatedAt: now })
    .where(and(eq(coinWallets.userId, m.userId), sign < 0 ? gte(coinWallets.balance, m.amount) : undefined, unused(db, m)));
  const extras = extra ? extra(guard) : [];
  const readBalance = db.select({ balance: coinWallets.balance }).from(coinWallets).where(eq(coinWallets.userId, m.userId));
  const readLedger = db
    .select({ id: coinLedger.id, nonce: coinLedger.opNonce })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, m.userId), eq(coinLedger.idempotencyKey, m.idempotencyKey)));
  const results = (await db.batch([update, ledgerRow(db, m, sign * m.amount, nonce, now), ...extras, readBalance, readLedger])) as unknown[];
  const balanceRow = (results[results.length - 2] as { balance: number }[])[0];
  if (!balanceRow) throw new ApiError('NOT_FOUND', '钱包不存在');
  const ledger = (results[results.length - 1] as { id: number; nonce: string }[])[0];
  if (ledger) return { applied: ledger.nonce === nonce, balance: balanceRow.balance, ledgerId: ledger.id };
  return { applied: false, balance: balanceRow.balance, ledgerId: 0 };
}

/**
 * Debits coins. Throws INSUFFICIENT_COINS (with the balance) when short.
 * `extra` statements run in the same transaction and must use the guard in their WHERE.
 * A replayed key returns applied=false and charges nothing.
 */
export async function debit(db: Db, m: Movement, extra?: Extra): Promise<MovementResult> {
  const r = await move(db, m, -1, extra);
  if (r.ledgerId === 0) {
    throw new ApiError('INSUFFICIENT_COINS', `桔子币余额不足：需要 ${m.amount} 个，当前余额 ${r.balance} 个`, {
      balance: r.balance,
      required: m.amount,
    });
  }
  return r;
}

/** Credits coins (grant, recharge, refund). Idempotent on the key. */
export async function credit(db: Db, m: Movement, extra?: Extra): Promise<MovementResult> {
  return move(db, m, 1, extra);
}

/**
 * A top-up for a caller's own batch (a paid order): the statements credit `m.amount` only when
 * `when` holds inside that batch (e.g. "this batch marked the order paid") and the key is unused,
 * so a top-up is atomic with the caller's other statements and happens at most once per key.
 * A missing wallet is opened first, so the credit never falls through.
 */
export function topUpStatements(db: Db, m: Movement, when: Guard): Statement[] {
  check(m);
  const now = Date.now();
  return [
    openWallet(db, m.userId),
    // `sql`: arithmetic on a column in SET has no builder form.
    db
      .update(coinWallets)
      .set({ balance: sql`${coinWallets.balance} + ${m.amount}`, updatedAt: now })
      .where(and(eq(coinWallets.userId, m.userId), when, unused(db, m))),
    ledgerRow(db, m, m.amount, crypto.randomUUID(), now),
  ];
}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const row = await db.select({ balance: coinWallets.balance }).from(coinWallets).where(eq(coinWallets.userId, userId)).get();
  return row?.balance ?? 0;
}

/** Creates the wallet of a new user (balance 0); a statement to run or to batch. */
export function openWallet(db: Db, userId: number) {
  return db.insert(coinWallets).values({ userId, balance: 0, updatedAt: Date.now() }).onConflictDoNothing();
}
