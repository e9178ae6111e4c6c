/**
 * The coin ledger: the only code that changes a balance.
 *
 * A debit is one D1 batch (a transaction): a conditional UPDATE of the wallet
 * (enough balance, key not used yet), a ledger row written only if that UPDATE
 * changed a row, the caller's own statements guarded on that ledger row (so the
 * paid-for effect happens exactly when the charge does), then reads of the outcome.
 * The CHECK (balance >= 0) on coin_wallets is the last guard.
 */
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

/** SQL that is true only inside the batch that wrote this call's ledger row. */
export interface Guard {
  sql: string;
  params: unknown[];
}

export interface MovementResult {
  /** true when this call moved the coins; false when the key had been used before (a replay). */
  applied: boolean;
  balance: number;
  ledgerId: number;
}

type Extra = (guard: Guard) => D1PreparedStatement[];

function check(m: Movement) {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new ApiError('BAD_REQUEST', '金额必须是正整数');
  if (!m.idempotencyKey || m.idempotencyKey.length > 200) throw new ApiError('BAD_REQUEST', '缺少或无效的幂等键');
}

async function move(d1: D1Database, m: Movement, sign: 1 | -1, extra?: Extra): Promise<MovementResult | { applied: false; balance: number; ledgerId: 0 }> {
  check(m);
  const now = Date.now();
  const nonce = crypto.randomUUID();
  const guard: Guard = {
    sql: 'EXISTS (SELECT 1 FROM coin_ledger WHERE user_id = ? AND idempotency_key = ? AND op_nonce = ?)',
    params: [m.userId, m.idempotencyKey, nonce],
  };
  const unused = 'NOT EXISTS (SELECT 1 FROM coin_ledger WHERE user_id = ? AND idempotency_key = ?)';
  const update =
    sign < 0
      ? d1
          .prepare(`UPDATE coin_wallets SET balance = balance - ?, updated_at = ? WHERE user_id = ? AND balance >= ? AND ${unused}`)
          .bind(m.amount, now, m.userId, m.amount, m.userId, m.idempotencyKey)
      : d1
          .prepare(`UPDATE coin_wallets SET balance = balance + ?, updated_at = ? WHERE user_id = ? AND ${unused}`)
          .bind(m.amount, now, m.userId, m.userId, m.idempotencyKey);
  // changes() is the row count of the statement just before, i.e. the wallet UPDATE.
  const ledger = d1
    .prepare(
      `INSERT INTO coin_ledger (user_id, delta, reason, ref_type, ref_id, idempotency_key, op_nonce, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`,
    )
    .bind(m.userId, sign * m.amount, m.reason, m.refType ?? '', String(m.refId ?? ''), m.idempotencyKey, nonce, now);
  const extras = extra ? extra(guard) : [];
  const readBalance = d1.prepare('SELECT balance FROM coin_wallets WHERE user_id = ?').bind(m.userId);
  const readLedger = d1
    .prepare('SELECT id, op_nonce AS nonce FROM coin_ledger WHERE user_id = ? AND idempotency_key = ?')
    .bind(m.userId, m.idempotencyKey);
  const results = await d1.batch([update, ledger, ...extras, readBalance, readLedger]);
  const balanceRow = results[results.length - 2].results[0] as { balance: number } | undefined;
  if (!balanceRow) throw new ApiError('NOT_FOUND', '钱包不存在');
  const ledgerRow = results[results.length - 1].results[0] as { id: number; nonce: string } | undefined;
  if (ledgerRow) return { applied: ledgerRow.nonce === nonce, balance: balanceRow.balance, ledgerId: ledgerRow.id };
  return { applied: false, balance: balanceRow.balance, ledgerId: 0 };
}

/**
 * Debits coins. Throws INSUFFICIENT_COINS (with the balance) when short.
 * `extra` statements run in the same transaction and must use the guard in their WHERE.
 * A replayed key returns applied=false and charges nothing.
 */
export async function debit(d1: D1Database, m: Movement, extra?: Extra): Promise<MovementResult> {
  const r = await move(d1, m, -1, extra);
  if (r.ledgerId === 0) {
    throw new ApiError('INSUFFICIENT_COINS', `桔子币余额不足：需要 ${m.amount} 个，当前余额 ${r.balance} 个`, {
      balance: r.balance,
      required: m.amount,
    });
  }
  return r;
}

/** Credits coins (grant, recharge, refund). Idempotent on the key. */
export async function credit(d1: D1Database, m: Movement, extra?: Extra): Promise<MovementResult> {
  return move(d1, m, 1, extra);
}

/**
 * A top-up for a caller's own batch (a paid order): the statements credit `m.amount` only when
 * `when` holds inside that batch (e.g. "this batch marked the order paid") and the key is unused,
 * so a top-up is atomic with the caller's other statements and happens at most once per key.
 * A missing wallet is opened first, so the credit never falls through.
 */
export function topUpStatements(d1: D1Database, m: Movement, when: Guard): D1PreparedStatement[] {
  check(m);
  const now = Date.now();
  return [
    openWallet(d1, m.userId),
    d1
      .prepare(
        `UPDATE coin_wallets SET balance = balance + ?, updated_at = ? WHERE user_id = ? AND ${when.sql}
         AND NOT EXISTS (SELECT 1 FROM coin_ledger WHERE user_id = ? AND idempotency_key = ?)`,
      )
      .bind(m.amount, now, m.userId, ...when.params, m.userId, m.idempotencyKey),
    // changes() is the row count of the wallet UPDATE just before.
    d1
      .prepare(
        `INSERT INTO coin_ledger (user_id, delta, reason, ref_type, ref_id, idempotency_key, op_nonce, created_at)
         SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1`,
      )
      .bind(m.userId, m.amount, m.reason, m.refType ?? '', String(m.refId ?? ''), m.idempotencyKey, crypto.randomUUID(), now),
  ];
}

export async function balanceOf(d1: D1Database, userId: number): Promise<number> {
  const row = await d1.prepare('SELECT balance FROM coin_wallets WHERE user_id = ?').bind(userId).first<{ balance: number }>();
  return row?.balance ?? 0;
}

/** Creates the wallet of a new user (balance 0). */
export function openWallet(d1: D1Database, userId: number): D1PreparedStatement {
  return d1.prepare('INSERT OR IGNORE INTO coin_wallets (user_id, balance, updated_at) VALUES (?, 0, ?)').bind(userId, Date.now());
}
