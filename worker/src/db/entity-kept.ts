import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Kept rows behind the date-ordered lists, maintained by triggers in the same transaction as
 * every write (migration entity_kept_pages_triggers; a user's lists: worker/src/db/kept/personal.ts);
 * worker/src/db/kept/read.ts reads them (read/levels.ts).
 *
 * list_day_counts (k, level, bucket): n rows of a list. Level 0 (bucket 0) is the list's total;
 * levels 1..3 count its rows per year / month / day (events: yyyymmdd buckets) or per 512-day /
 * 16-day / day block (a user's comments and incense: days since 1970, UTC), so a deep page finds
 * the day it starts on from a few dozen rows. Keys:
 *   'all'                every financing event          's:<scope>'      events of a scope
 *   't:<tag>'            events of an atlas tag's companies
 *   'st:<scope>:<tag>'   both filters
 *   'f:<invst_id>'       investor rows of a firm (invest_event_investors, invst_id > 0)
 *   'fs:<invst_id>:<scope>'  the same by the event's scope (level 0 only)
 *   'uc:<user>' / 'ui:<user>'  a user's comments / incense offerings
 *   'ul:<user>' / 'uo:<user>' / 'ud:<user>'  a user's coin ledger / orders / download records
 *   'uf:<user>:<type>'   a user's follows of a type (migration 0048_personal_list_counts)
 * The table is WITHOUT ROWID (migration 0050; drizzle cannot say so): its primary key is the table,
 * not a second copy of every key in an index.
 */
export const listDayCounts = sqliteTable(
  'list_day_counts',
  {
    k: text('k').notNull(),
    level: integer('level').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.k, t.level, t.bucket] })],
);

/** One row per financing event and atlas tag of its company, with the event's date and scope. */
export const investEventTags = sqliteTable(
  'invest_event_tags',
  {
    eventId: integer('event_id').notNull(),
    tagId: integer('tag_id').notNull(),
    scope: text('scope').notNull(),
    date: integer('date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.tagId] }),
    index('iet_tag_date_idx').on(t.tagId, t.date, t.eventId),
    index('iet_tag_scope_date_idx').on(t.tagId, t.scope, t.date, t.eventId),
  ],
);

/** One row per investor row of a firm (invest_event_investors with invst_id > 0), with its event's date and scope. */
export const investEventFirms = sqliteTable(
  'invest_event_firms',
  {
    id: integer('id').primaryKey(),
    invstId: integer('invst_id').notNull(),
    eventId: integer('event_id').notNull(),
    scope: text('scope').notNull(),
    date: integer('date').notNull(),
  },
  (t) => [index('ief_invst_date_idx').on(t.invstId, t.date, t.eventId), index('ief_event_idx').on(t.eventId)],
);

/**
 * The companies of each atlas tag with their total funding (medical_company_tags joined with
 * companies), kept by triggers on both tables, so a tag's company list reads its page off the
 * index (tag_id, total_money DESC, com_id) instead of ordering every company of the tag.
 */
export const atlasTagCompanies = sqliteTable(
  'atlas_tag_companies',
  {
    comId: integer('com_id').notNull(),
    tagId: integer('tag_id').notNull(),
    totalMoney: integer('total_money').notNull(),
  },
  (t) => [primaryKey({ columns: [t.comId, t.tagId] })],
);

/** Per atlas tag: its companies that exist and the sum of their total funding (kept from atlas_tag_companies). */
export const atlasTagStats = sqliteTable('atlas_tag_stats', {
  tagId: integer('tag_id').primaryKey(),
  n: integer('n').notNull(),
  money: integer('money').notNull(),
});

/**
 * Lists ordered by total funding (万元, largest first), counted per bucket of their sort key
 * (worker/src/db/kept/read/money.ts), kept by triggers (migration entity_money_counts) so a deep page
 * finds where it starts from a few dozen rows instead of an OFFSET. Level 0 (bucket 0) counts the
 * rows that have a sort key; levels 1..7 count them per bucket of the key's widths. Keys:
 *   't:<tag_id>'    an atlas tag's companies (atlas_tag_companies; ties: the lower com_id first)
 *   'c:<invst_id>'  the closed companies a firm backed (closure_investors; ties: the higher com_id first)
 * WITHOUT ROWID, like list_day_counts (migration 0050).
 */
export const entityMoneyCounts = sqliteTable(
  'entity_money_counts',
  {
    k: text('k').notNull(),
    level: integer('level').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.k, t.level, t.bucket] })],
);
