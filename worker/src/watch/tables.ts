/**
 * The watchlist tables (migrations/0053_watchlists.sql, written by hand: the change-log triggers sit
 * on other areas' tables, and none of this is in drizzle-kit's schema).
 */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const savedSearches = sqliteTable('saved_searches', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id').notNull(),
  name: text('name').notNull(),
  area: text('area').notNull(),
  /** The list call's own parameters as the user gave them (JSON), checked by its schema when saved and when run. */
  query: text('query').notNull(),
  paused: integer('paused').notNull().default(0),
  /** 0 once the user unsubscribed this search from the digest e-mail. */
  mail: integer('mail').notNull().default(1),
  feedSalt: text('feed_salt').notNull(),
  feedHash: text('feed_hash').notNull(),
  seenAt: integer('seen_at').notNull(),
  notifiedAt: integer('notified_at').notNull(),
  /** Matches up to here were handed to the search's webhooks. */
  hookedAt: integer('hooked_at').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const watchChanges = sqliteTable('watch_changes', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  source: text('source').notNull(),
  rowId: integer('row_id').notNull(),
  changedAt: integer('changed_at').notNull(),
});

export const watchDigests = sqliteTable(
  'watch_digests',
  {
    userId: integer('user_id').notNull(),
    day: integer('day').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] }).notNull(),
    matches: integer('matches').notNull(),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claim: text('claim').notNull().default(''),
    touchedAt: integer('touched_at').notNull(),
    error: text('error').notNull().default(''),
    messageId: text('message_id').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const watchMailboxes = sqliteTable('watch_mailboxes', {
  userId: integer('user_id').primaryKey(),
  email: text('email').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const watchEndpoints = sqliteTable('watch_endpoints', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id').notNull(),
  searchId: integer('search_id').notNull(),
  url: text('url').notNull(),
  /** Standard Webhooks secret, 'whsec_' + base64 of 32 random bytes; shown once when registered. */
  secret: text('secret').notNull(),
  status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
  /** Failed attempts in a row (any delivery); reset by a success. */
  failures: integer('failures').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  disabledAt: integer('disabled_at'),
});

export const watchWebhookDeliveries = sqliteTable('watch_webhook_deliveries', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  endpointId: integer('endpoint_id').notNull(),
  msgId: text('msg_id').notNull(),
  payload: text('payload').notNull(),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastStatus: integer('last_status'),
  lastError: text('last_error').notNull().default(''),
  nextAt: integer('next_at').notNull(),
  createdAt: integer('created_at').notNull(),
  deliveredAt: integer('delivered_at'),
});

/** Where a job's last run stopped (the followed companies' part of the digest: 'follows'). */
export const watchMarks = sqliteTable('watch_marks', {
  name: text('name').primaryKey(),
  at: integer('at').notNull(),
});

/** A user who turned the followed companies' part of the digest off (mail 0); no row means on. */
export const watchFollowMail = sqliteTable('watch_follow_mail', {
  userId: integer('user_id').primaryKey(),
  mail: integer('mail').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** When a user last opened a followed company from the watchlist page; no row means since the follow. */
export const watchFollowVisits = sqliteTable(
  'watch_follow_visits',
  {
    userId: integer('user_id').notNull(),
    comId: integer('com_id').notNull(),
    seenAt: integer('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.comId] })],
);
