import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/** What a follow points at. Only companies (type 1, spec §2 "Failed-company list") so far. */
export const FOLLOW_TYPES = { company: 1 } as const;

/**
 * A user's follows (关注). The primary key makes following twice keep one row;
 * the index serves "my follows, newest first" without a sort.
 */
export const follows = sqliteTable(
  'follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: integer('type').notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.type, t.itemId] }),
    index('follows_user_created_idx').on(t.userId, t.type, t.createdAt),
    check('follows_type_ck', sql`${t.type} in (1)`),
  ],
);
