import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Whole months from founding to closing; a month counts once its day of the month is reached. */
export const SURVIVAL_MONTHS_SQL =
  'max(0, ((close_date / 10000) * 12 + (close_date / 100) % 100) - ((born_date / 10000) * 12 + (born_date / 100) % 100)' +
  ' - (CASE WHEN close_date % 100 < born_date % 100 THEN 1 ELSE 0 END))';

/**
 * A closed company. The list's filter and sort columns are copied from `companies`
 * (prov, cat_id, round, dates) so every list query runs on one table's indexes.
 * close_date and born_date are yyyymmdd integers. close_year and survival_months are
 * generated columns (computed by SQLite from the dates, never written) so they can be indexed.
 *
 * Triggers keep closure_counts and closure_rank_counts (generated from db/kept/closure.ts by
 * `npm run db:kept`), closure_firm_stats and the name search index (closure_name_fts) in step with
 * this table and closure_investors; com_id and close_date are guarded to the packed list key's span.
 * A drizzle-kit table rebuild of either table drops its triggers: re-create them in a custom
 * migration (and run `npm run db:kept`, which puts the generated ones back).
 */
export const closures = sqliteTable(
  'closures',
  {
    comId: integer('com_id').primaryKey(),
    comName: text('com_name').notNull(),
    logo: text('logo').notNull().default(''),
    comDes: text('com_des').notNull().default(''),
    comProv: text('com_prov').notNull(),
    catId: integer('cat_id').notNull(),
    seCatId: integer('se_cat_id').notNull(),
    fundStatusId: integer('fund_status_id').notNull(),
    bornDate: integer('born_date').notNull(),
    closeDate: integer('close_date').notNull(),
    closeYear: integer('close_year').generatedAlwaysAs(sql.raw('close_date / 10000'), { mode: 'virtual' }),
    survivalMonths: integer('survival_months').generatedAlwaysAs(sql.raw(SURVIVAL_MONTHS_SQL), { mode: 'virtual' }),
    operatingStatus: text('operating_status').notNull(),
    totalMoney: integer('total_money').notNull().default(0),
    valuation: integer('valuation').notNull().default(0),
    horseUnicorn: integer('horse_unicorn').notNull().default(0),
    incenseTotal: integer('incense_total').notNull().default(0),
  },
  (t) => [
    index('closures_close_idx').on(t.closeDate),
    index('closures_born_idx').on(t.bornDate),
    index('closures_survival_idx').on(t.survivalMonths),
    index('closures_year_idx').on(t.closeYear),
    // One index per (filter, sort) pair of the list, so a filtered page reads only its own rows.
    index('closures_prov_close_idx').on(t.comProv, t.closeDate),
    // Province + sector, the most common pair of filters, pages in closing order without skipping rows.
    index('closures_prov_cat_close_idx').on(t.comProv, t.catId, t.closeDate),
    index('closures_cat_close_idx').on(t.catId, t.closeDate),
    index('closures_fund_close_idx').on(t.fundStatusId, t.closeDate),
    index('closures_prov_born_idx').on(t.comProv, t.bornDate),
    index('closures_cat_born_idx').on(t.catId, t.bornDate),
    index('closures_fund_born_idx').on(t.fundStatusId, t.bornDate),
    index('closures_prov_survival_idx').on(t.comProv, t.survivalMonths),
    index('closures_cat_survival_idx').on(t.catId, t.survivalMonths),
    index('closures_fund_survival_idx').on(t.fundStatusId, t.survivalMonths),
    index('closures_name_idx').on(t.comName),
    index('closures_money_idx').on(t.totalMoney),
    index('closures_valuation_idx').on(t.valuation),
    // Rankings filtered by sector or province read the top of these in order.
    index('closures_cat_money_idx').on(t.catId, t.totalMoney),
    index('closures_prov_money_idx').on(t.comProv, t.totalMoney),
    index('closures_cat_valuation_idx').on(t.catId, t.valuation),
    index('closures_prov_valuation_idx').on(t.comProv, t.valuation),
    index('closures_hu_valuation_idx').on(t.horseUnicorn, t.valuation),
    // The burn rankings under province + sector read the head of one range instead of filtering one of them.
    index('closures_prov_cat_money_idx').on(t.comProv, t.catId, t.totalMoney),
    index('closures_prov_cat_valuation_idx').on(t.comProv, t.catId, t.valuation),
    index('closures_incense_idx').on(t.incenseTotal),
    check('closures_hu_ck', sql`${t.horseUnicorn} in (0,1,2)`),
  ],
);

/** Closing reasons, two levels: p_id 0 is a parent. incense_total is kept with each incense debit. */
export const closureTypes = sqliteTable(
  'closure_types',
  {
    id: integer('id').primaryKey(),
    pId: integer('p_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    incenseTotal: integer('incense_total').notNull().default(0),
  },
  (t) => [index('closure_types_parent_idx').on(t.pId, t.sort), index('closure_types_incense_idx').on(t.incenseTotal)],
);

/** Company <-> child reason. */
export const closureCompanyTypes = sqliteTable(
  'closure_company_types',
  {
    comId: integer('com_id').notNull(),
    typeId: integer('type_id').notNull(),
    pId: integer('p_id').notNull(),
    closeDate: integer('close_date').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.comId, t.typeId] }),
    // Covering (com_id included): a reason's page of companies and its count read only the index.
    index('cct_type_close_idx').on(t.typeId, t.closeDate, t.comId),
    index('cct_parent_close_idx').on(t.pId, t.closeDate, t.comId),
  ],
);

export const closureTracks = sqliteTable('closure_tracks', {
  tagId: integer('tag_id').primaryKey(),
  tagName: text('tag_name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const closureAlbums = sqliteTable('closure_albums', {
  albumId: integer('album_id').primaryKey(),
  albumName: text('album_name').notNull(),
  des: text('des').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

export const closureCompanyTracks = sqliteTable(
  'closure_company_tracks',
  {
    comId: integer('com_id').notNull(),
    tagId: integer('tag_id').notNull(),
    closeDate: integer('close_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.comId, t.tagId] }), index('cctr_tag_close_idx').on(t.tagId, t.closeDate, t.comId)],
);

export const closureCompanyAlbums = sqliteTable(
  'closure_company_albums',
  {
    comId: integer('com_id').notNull(),
    albumId: integer('album_id').notNull(),
    closeDate: integer('close_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.comId, t.albumId] }), index('cca_album_close_idx').on(t.albumId, t.closeDate, t.comId)],
);

/** Tags shown on a closed company (com_tag). */
export const closureCompanyTags = sqliteTable(
  'closure_company_tags',
  {
    comId: integer('com_id').notNull(),
    tagId: integer('tag_id').notNull(),
    tagName: text('tag_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.comId, t.tagId] })],
);

/** Founding team (com_team). */
export const closureTeams = sqliteTable(
  'closure_teams',
  {
    id: integer('id').primaryKey(),
    comId: integer('com_id').notNull(),
    name: text('name').notNull(),
    position: text('position').notNull().default(''),
  },
  (t) => [index('closure_teams_com_idx').on(t.comId)],
);

/** Investors of a closed company (com_invst). */
export const closureInvestors = sqliteTable(
  'closure_investors',
  {
    comId: integer('com_id').notNull(),
    invstId: integer('invst_id').notNull(),
    invstName: text('invst_name').notNull(),
    // The company's financing total (万元), copied by triggers (migration *_closure_investor_money):
    // never written by hand; lets the institution ranking read a firm's biggest burns from an index.
    totalMoney: integer('total_money').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.comId, t.invstId] }),
    index('closure_investors_invst_idx').on(t.invstId, t.comId),
    index('closure_investors_invst_money_idx').on(t.invstId, t.totalMoney, t.comId),
  ],
);

/**
 * Comments on a company (target_type 'com') or a reason ('reason').
 * comment_type 1 is top-level; replies have comment_type 2 and parent_id set.
 */
export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    targetType: text('target_type', { enum: ['com', 'reason'] }).notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id').notNull(),
    commentType: integer('comment_type').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    replayUserId: integer('replay_user_id').notNull().default(0),
    content: text('content').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('comments_target_idx').on(t.targetType, t.targetId, t.commentType, t.createdAt),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    check('comments_type_ck', sql`${t.commentType} in (1,2)`),
    check('comments_target_ck', sql`${t.targetType} in ('com','reason')`),
  ],
);

/**
 * One incense offering: type 1 company, 2 reason; amount sticks = coins paid.
 * ledger_id is the coin_ledger row that paid for it (null for seeded history); a replayed
 * Idempotency-Key finds the first offering through it.
 */
export const incenseRecords = sqliteTable(
  'incense_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: integer('type').notNull(),
    itemId: integer('item_id').notNull(),
    userId: integer('user_id').notNull(),
    amount: integer('amount').notNull(),
    createdAt: integer('created_at').notNull(),
    ledgerId: integer('ledger_id'),
  },
  (t) => [
    index('incense_item_idx').on(t.type, t.itemId, t.createdAt),
    uniqueIndex('incense_ledger_uq').on(t.ledgerId),
    check('incense_type_ck', sql`${t.type} in (1,2)`),
    check('incense_amount_ck', sql`${t.amount} >= 1`),
  ],
);

/**
 * Row counts of closures by dimension, kept by the triggers declared in db/kept/closure.ts:
 * dim 'all' (key ''), 'year' (close year), 'prov', 'cat', 'fund'. Lists read their totals here
 * instead of counting the whole table on every request.
 */
export const closureCounts = sqliteTable(
  'closure_counts',
  {
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dim, t.key] })],
);

/** Closed companies per investment firm, kept by triggers on closure_investors; the institution ranking reads its top. */
export const closureFirmStats = sqliteTable(
  'closure_firm_stats',
  {
    invstId: integer('invst_id').primaryKey(),
    comCount: integer('com_count').notNull(),
    /**
     * The firm's FIRM_CASES closed companies with the largest financing total as JSON
     * [{ com_id, com_name }], kept by triggers on closure_investors and closures (migration
     * *_closure_rank_kept): 机构榜 reads one row per firm.
     */
    cases: text('cases').notNull().default('[]'),
  },
  (t) => [index('closure_firm_stats_count_idx').on(t.comCount)],
);

/**
 * Statistics of a track or an album kept by triggers (migration *_closure_kept_statistics):
 * kind 'track' / 'album', the item id, dim 'status' (operating status, key the status text),
 * 'type' (child reason id) and 'ptype' (parent reason id, distinct companies). The pie charts of
 * /deathTrack read these rows instead of joining every company of the item on each request.
 */
export const closureItemStats = sqliteTable(
  'closure_item_stats',
  {
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    dim: text('dim').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemId, t.dim, t.key] })],
);

/** Financing events per investment firm (every area), kept by triggers on invest_event_investors; 机构榜's event count. */
export const firmEventCounts = sqliteTable('firm_event_counts', {
  invstId: integer('invst_id').primaryKey(),
  n: integer('n').notNull(),
});

/**
 * The related lists of a closed company as its list row shows them (closure_type, com_team,
 * com_tag, com_invst), as JSON arrays kept by triggers on the four link tables and on reason names
 * (migration *_closure_cards). A page of 10 companies reads 10 of these rows instead of every
 * link row, team member, tag and investor of the page through their indexes.
 */
export const closureCards = sqliteTable('closure_cards', {
  comId: integer('com_id').primaryKey(),
  types: text('types').notNull().default('[]'),
  team: text('team').notNull().default('[]'),
  tags: text('tags').notNull().default('[]'),
  investors: text('investors').notNull().default('[]'),
});

/**
 * How many companies each burn ranking can rank (measure > 0) under each filter combination, kept
 * by triggers on closures (migration *_closure_rank_kept): measure 'money' (total_money) or
 * 'valuation'; hu the horse_unicorn filter (0 any, 1 千里马, 2 unicorn; always 0 for money);
 * prov '' and cat 0 for "any". A ranking's total is min(100, n) from one row.
 */
export const closureRankCounts = sqliteTable(
  'closure_rank_counts',
  {
    measure: text('measure').notNull(),
    hu: integer('hu').notNull(),
    prov: text('prov').notNull(),
    cat: integer('cat').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.measure, t.hu, t.prov, t.cat] })],
);
