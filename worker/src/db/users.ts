import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** An account: phone or e-mail plus password. Membership lives in `memberships`. */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    account: text('account').notNull(),
    username: text('username').notNull(),
    logo: text('logo').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    passwordSalt: text('password_salt').notNull(),
    passwordIterations: integer('password_iterations').notNull(),
    company: text('company').notNull().default(''),
    position: text('position').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('users_account_uq').on(t.account)],
);

/** Sessions are looked up by the SHA-256 of the bearer token; the token itself is never stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** VIP / SVIP periods; a user is VIP while any vip or svip period covers now. */
export const memberships = sqliteTable(
  'memberships',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id),
    level: text('level', { enum: ['vip', 'svip'] }).notNull(),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    orderId: integer('order_id'),
  },
  (t) => [
    index('memberships_user_idx').on(t.userId, t.level, t.endsAt),
    check('memberships_level_ck', sql`${t.level} in ('vip','svip')`),
  ],
);

/**
 * Orders for membership or coin top-ups, paid through a provider (sandbox locally). `product` is the
 * plan id of worker/src/order/plans.ts; what the order grants is copied onto it (kind, days, coins) so
 * a later price list never changes an order. An unpaid order expires at `expires_at`; `pay_nonce` is
 * written by the one batch that marked it paid (the grants in that batch are guarded on it).
 * A closed unpaid order is 'cancelled' with `close_reason` failed (declined) or expired: the status
 * CHECK stays as it was, so adding the payment columns never makes drizzle-kit rebuild the table.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id),
    product: text('product').notNull(),
    kind: text('kind', { enum: ['vip', 'svip', 'coins'] }).notNull().default('coins'),
    days: integer('days').notNull().default(0),
    coins: integer('coins').notNull().default(0),
    amountFen: integer('amount_fen').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'cancelled'] }).notNull(),
    closeReason: text('close_reason', { enum: ['failed', 'expired'] }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key'),
    source: text('source').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull().default(0),
    paidAt: integer('paid_at'),
    closedAt: integer('closed_at'),
    payNonce: text('pay_nonce'),
    /** Where the buyer pays (the provider's page or the SPA's cashier) and a code to scan (WeChat Native). */
    payUrl: text('pay_url'),
    payCode: text('pay_code'),
    /** When the payment of this paid order was refunded through the provider (order_refunds). */
    refundedAt: integer('refunded_at'),
    /** The SPA route (path and query) the buyer goes back to after paying; '' = the home of `source`. */
    returnPath: text('return_path').notNull().default(''),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('orders_idem_uq').on(t.userId, t.idempotencyKey),
    // The reconcile cron finds unpaid orders past their expiry (order/expiry.ts).
    index('orders_pending_idx').on(t.status, t.expiresAt),
    check('orders_status_ck', sql`${t.status} in ('pending','paid','cancelled')`),
  ],
);

/**
 * The sandbox payment provider's own book of trades (what a real provider keeps on its side): the
 * cashier's decision per order, read back by the provider's status query.
 */
export const sandboxTrades = sqliteTable('sandbox_trades', {
  tradeNo: text('trade_no').primaryKey(),
  orderId: integer('order_id').notNull(),
  amountFen: integer('amount_fen').notNull(),
  status: text('status', { enum: ['paid', 'failed', 'refunded'] }).notNull(),
  createdAt: integer('created_at').notNull(),
}, (t) => [uniqueIndex('sandbox_trades_order_uq').on(t.orderId)]);

/**
 * Money paid back through an order's provider: a payment that arrived for a closed or expired
 * order ('late_payment'), or an operator's refund of a paid order ('operator'). One per order
 * (refund_no is the provider's idempotency key); `status` is what the provider answered.
 */
export const orderRefunds = sqliteTable(
  'order_refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id').notNull(),
    provider: text('provider').notNull(),
    tradeNo: text('trade_no').notNull(),
    refundNo: text('refund_no').notNull(),
    amountFen: integer('amount_fen').notNull(),
    reason: text('reason', { enum: ['late_payment', 'operator'] }).notNull(),
    status: text('status', { enum: ['requested', 'done', 'pending', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('order_refunds_order_uq').on(t.orderId),
    check('order_refunds_reason_ck', sql`${t.reason} in ('late_payment','operator')`),
    check('order_refunds_status_ck', sql`${t.status} in ('requested','done','pending','failed')`),
  ],
);

/** One wallet per user. The CHECK is the last guard; coins/ never lets it trip. */
export const coinWallets = sqliteTable(
  'coin_wallets',
  {
    userId: integer('user_id').primaryKey().references(() => users.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [check('coin_wallets_balance_ck', sql`${t.balance} >= 0`)],
);

/** Every balance change. Sum of delta per user equals the wallet balance. */
export const coinLedger = sqliteTable(
  'coin_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull().references(() => users.id),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['grant', 'recharge', 'incense', 'export', 'refund'] }).notNull(),
    refType: text('ref_type').notNull().default(''),
    refId: text('ref_id').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    // Random per call: statements batched with a debit run only if this call wrote the row.
    opNonce: text('op_nonce').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('coin_ledger_idem_uq').on(t.userId, t.idempotencyKey),
    index('coin_ledger_user_idx').on(t.userId, t.createdAt),
    check('coin_ledger_reason_ck', sql`${t.reason} in ('grant','recharge','incense','export','refund')`),
  ],
);

/** A paid action's first result, replayed when the same Idempotency-Key comes again. */
export const idempotentResults = sqliteTable(
  'idempotent_results',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    action: text('action').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('idempotent_results_uq').on(t.userId, t.key)],
);
