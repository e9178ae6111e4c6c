import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * A developer's API keys. Only the SHA-256 of a key is stored; `prefix` (the key's first
 * characters) identifies it in lists. Rotation replaces hash and prefix on the same row, so the
 * key's usage history stays with it; a revoked key keeps its row for that history.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** '' (read calls only) or 'spend' (also calls that spend coins). */
    scope: text('scope').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    rotatedAt: integer('rotated_at'),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_hash_uq').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    check('api_keys_scope_ck', sql`${t.scope} in ('', 'spend')`),
  ],
);

/**
 * A key's calls granted in one month (yyyymm, Asia/Shanghai): free calls handed out to isolates in
 * blocks (`free_used`, at most the owner's monthly quota) and paid blocks (`paid_blocks`, one coin
 * ledger row each). Isolates take a block at a time, so this row changes once per block of calls.
 */
export const apiKeyMonths = sqliteTable(
  'api_key_months',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id),
    month: integer('month').notNull(),
    freeUsed: integer('free_used').notNull().default(0),
    paidBlocks: integer('paid_blocks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.month] }), check('api_key_months_free_ck', sql`${t.freeUsed} >= 0 and ${t.paidBlocks} >= 0`)],
);

/** Calls served per key, day (yyyymmdd, Asia/Shanghai) and endpoint (`GET /api/closure`), flushed from the isolates' counters. */
export const apiUsageDays = sqliteTable(
  'api_usage_days',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id),
    day: integer('day').notNull(),
    endpoint: text('endpoint').notNull(),
    calls: integer('calls').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day, t.endpoint] })],
);
