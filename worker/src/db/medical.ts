import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Industry-atlas tags of healthcare (医疗健康); p_id 0 for top-level fields. */
export const medicalTags = sqliteTable(
  'medical_tags',
  {
    id: integer('id').primaryKey(),
    pId: integer('p_id').notNull().default(0),
    name: text('name').notNull(),
    desc: text('desc').notNull().default(''),
  },
  (t) => [index('medical_tags_parent_idx').on(t.pId)],
);

export const medicalCompanyTags = sqliteTable(
  'medical_company_tags',
  {
    comId: integer('com_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.comId, t.tagId] }), index('mct_tag_idx').on(t.tagId, t.comId)],
);

/** Broker research reports. */
export const brokerReports = sqliteTable(
  'broker_reports',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    time: integer('time').notNull(),
  },
  (t) => [index('broker_reports_time_idx').on(t.time)],
);

/** IPOs of healthcare companies; ipo_platform indexes the spec's platform list (0 none .. 8 other). */
export const medicalIpos = sqliteTable(
  'medical_ipos',
  {
    id: integer('id').primaryKey(),
    comId: integer('com_id').notNull(),
    ipoPlatform: integer('ipo_platform').notNull(),
    time: integer('time').notNull(),
    money: integer('money').notNull(),
    valuation: text('valuation').notNull(),
  },
  (t) => [index('medical_ipos_time_idx').on(t.time)],
);

/** Daily e-mail subscriptions (dynamic tracking). */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    email: text('email').notNull(),
    active: integer('active').notNull().default(1),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: integer('created_at').notNull(),
    cancelledAt: integer('cancelled_at'),
  },
  // One subscription per user (subscribing again updates it); the cron walks the active ones.
  (t) => [uniqueIndex('subscriptions_user_uq').on(t.userId), index('subscriptions_active_idx').on(t.active)],
);

/**
 * One row per subscriber per day: a rerun of the cron sends nothing twice. The row is written
 * (queued) before the queue message, claimed (sending, with a nonce and a lease) by a compare-and-set
 * before the send, and settled (sent / failed / skipped) under that nonce (worker/src/digest/deliveries.ts).
 */
export const emailDeliveries = sqliteTable(
  'email_deliveries',
  {
    subscriptionId: integer('subscription_id').notNull(),
    day: integer('day').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'skipped'] }).notNull(),
    error: text('error').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    /** Sends started (claims); a failed row is retried while below the limit. */
    attempts: integer('attempts').notNull().default(0),
    /** Nonce of the attempt holding the row; settling is conditional on it. */
    claim: text('claim').notNull().default(''),
    /** Last change (queued, claimed, settled), ms: the lease of a sending row runs from here. */
    touchedAt: integer('touched_at').notNull().default(0),
    sentAt: integer('sent_at'),
    /** The Message-ID the sending binding answered with. */
    messageId: text('message_id').notNull().default(''),
    /** The calendar days the e-mail covers (yyyymmdd, inclusive). */
    fromDay: integer('from_day').notNull().default(0),
    toDay: integer('to_day').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.day] }), index('email_deliveries_day_status_idx').on(t.day, t.status)],
);

/** Chinese working-day overrides for years the calendar package does not know. */
export const workdayOverrides = sqliteTable('workday_overrides', {
  day: integer('day').primaryKey(),
  isWorkday: integer('is_workday').notNull(),
  note: text('note').notNull().default(''),
});
