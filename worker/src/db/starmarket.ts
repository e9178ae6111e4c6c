import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Review states of a STAR-market application (state_sub_name). */
export const starmarketStates = sqliteTable('starmarket_states', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A STAR-market applicant or listed company; m_com_id is its own id, com_id the company database id. */
export const starmarketCompanies = sqliteTable(
  'starmarket_companies',
  {
    mComId: integer('m_com_id').primaryKey(),
    comId: integer('com_id').notNull(),
    comName: text('com_name').notNull(),
    comRegisteredName: text('com_registered_name').notNull(),
    comLogo: text('com_logo').notNull().default(''),
    comSlogan: text('com_slogan').notNull().default(''),
    comProv: text('com_prov').notNull(),
    comCity: text('com_city').notNull(),
    catId: integer('cat_id').notNull(),
    seCatId: integer('se_cat_id').notNull(),
    stateId: integer('state_id').notNull(),
    isListed: integer('is_listed').notNull().default(0),
    acceptanceTime: integer('acceptance_time').notNull(),
    acceptanceUpdateTime: integer('acceptance_update_time').notNull(),
    planIssueCapital: integer('plan_issue_capital').notNull(),
    countMoney: integer('count_money').notNull().default(0),
    money: integer('money').notNull().default(0),
    totalMoney: integer('total_money').notNull().default(0),
    organizationName: text('organization_name').notNull().default(''),
    representative: text('representative').notNull().default(''),
    accountingFirm: text('accounting_firm').notNull().default(''),
    accountant: text('accountant').notNull().default(''),
    lawFirm: text('law_firm').notNull().default(''),
    lawyer: text('lawyer').notNull().default(''),
    evaluatorFirm: text('evaluator_firm').notNull().default(''),
    evaluator: text('evaluator').notNull().default(''),
    /**
     * Kept by triggers on starmarket_stages (migration *_starmarket_kept_pages_timing): yyyymmdd of
     * the stage the company reached its current review state on (0 when that stage has no time).
     */
    stateSince: integer('state_since').notNull().default(0),
  },
  (t) => [
    index('smc_listed_accept_idx').on(t.isListed, t.acceptanceTime),
    index('smc_state_accept_idx').on(t.stateId, t.acceptanceTime),
    index('smc_prov_idx').on(t.comProv, t.acceptanceTime),
    index('smc_cat_idx').on(t.catId, t.acceptanceTime),
    index('smc_name_idx').on(t.comName),
    index('smc_money_idx').on(t.totalMoney),
    index('smc_count_money_idx').on(t.countMoney),
    // The institution ranking and its case companies join financing events to STAR companies by com_id.
    index('smc_com_idx').on(t.comId),
    // Each tab (is_listed) filtered by one field and paged in acceptance order reads only its own rows.
    index('smc_listed_prov_accept_idx').on(t.isListed, t.comProv, t.acceptanceTime),
    index('smc_listed_cat_accept_idx').on(t.isListed, t.catId, t.acceptanceTime),
    index('smc_listed_state_accept_idx').on(t.isListed, t.stateId, t.acceptanceTime),
  ],
);

/** Listing stages of one company in order; state 7 or 8 marks a stopped process. */
export const starmarketStages = sqliteTable(
  'starmarket_stages',
  {
    mComId: integer('m_com_id').notNull(),
    seq: integer('seq').notNull(),
    stateSubName: text('state_sub_name').notNull(),
    time: integer('time').notNull().default(0),
    state: integer('state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mComId, t.seq] })],
);

export const disclosureTypes = sqliteTable('disclosure_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const disclosures = sqliteTable(
  'disclosures',
  {
    id: integer('id').primaryKey(),
    mComId: integer('m_com_id').notNull(),
    typeId: integer('type_id').notNull(),
    fileName: text('file_name').notNull(),
    url: text('url').notNull(),
    disclosureTime: integer('disclosure_time').notNull(),
  },
  (t) => [
    index('disclosures_com_idx').on(t.mComId, t.disclosureTime),
    index('disclosures_type_idx').on(t.typeId, t.disclosureTime),
    index('disclosures_time_idx').on(t.disclosureTime),
  ],
);

/**
 * STAR-market company counts kept by triggers on starmarket_companies (declared in
 * db/kept/starmarket.ts): one row per tab (is_listed) and every combination of province,
 * sector and review state, '' / 0 standing for "any". A list total or the state counts of
 * /kcb/project under any filters but a keyword is one row or a handful, never a count of rows.
 */
export const starmarketCounts = sqliteTable(
  'starmarket_counts',
  {
    isListed: integer('is_listed').notNull(),
    prov: text('prov').notNull(),
    catId: integer('cat_id').notNull(),
    stateId: integer('state_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.isListed, t.prov, t.catId, t.stateId] })],
);

/**
 * Filing counts kept by triggers on disclosures (declared in db/kept/starmarket.ts): per company and type, 0 standing for "any"
 * (the disclosure search total and a company's filings total without a keyword).
 */
export const disclosureCounts = sqliteTable(
  'disclosure_counts',
  {
    mComId: integer('m_com_id').notNull(),
    typeId: integer('type_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mComId, t.typeId] })],
);

/**
 * A firm's financing events in one STAR-market company (n), under the company's financing total
 * (the case order: the primary key is the order the cases are read in). Generated from
 * worker/src/db/kept/starmarket.ts: invest_event_investors joined with starmarket_events (events ×
 * STAR companies, migration 0080); WITHOUT ROWID there (drizzle cannot say so).
 */
export const starmarketFirmLinks = sqliteTable(
  'starmarket_firm_links',
  {
    invstId: integer('invst_id').notNull(),
    totalMoney: integer('total_money').notNull().default(0),
    mComId: integer('m_com_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invstId, t.totalMoney, t.mComId] }), index('smfl_com_idx').on(t.mComId)],
);

/**
 * Events per firm in STAR-market companies (the sum of its starmarket_firm_links), kept by triggers;
 * 机构榜 reads its head. `cases` is the firm's case companies as JSON [{ com_id, com_name }] (the
 * FIRM_CASES largest by financing total), kept by triggers on starmarket_firm_links and company names.
 */
export const starmarketFirmStats = sqliteTable(
  'starmarket_firm_stats',
  {
    invstId: integer('invst_id').primaryKey(),
    n: integer('n').notNull(),
    cases: text('cases').notNull().default('[]'),
  },
  (t) => [index('smfs_n_idx').on(t.n, t.invstId)],
);

/**
 * Companies per acceptance year, month and day of each tab under each filter combination ('' / 0
 * for "any", as starmarket_counts), kept by triggers on starmarket_companies. level 1 is a year
 * (bucket yyyy0000), 2 a month (yyyymm00), 3 a day (yyyymmdd). A page deep in a list finds the day
 * it starts on by reading a few of these rows instead of skipping thousands of index entries.
 */
export const starmarketDayCounts = sqliteTable(
  'starmarket_day_counts',
  {
    isListed: integer('is_listed').notNull(),
    prov: text('prov').notNull(),
    catId: integer('cat_id').notNull(),
    stateId: integer('state_id').notNull(),
    level: integer('level').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.isListed, t.prov, t.catId, t.stateId, t.level, t.bucket] })],
);

/**
 * Review timing kept by triggers: per tab, province / sector ('' / 0 for "any") and review state,
 * how many companies entered their current state in each month (level 2, bucket yyyymm00) and on
 * each day (level 3, bucket yyyymmdd), by the date of the stage that brought them there
 * (starmarket_companies.state_since, itself kept by triggers on the stage rows). The median wait of
 * a state is found from its month rows and the day rows of the one or two months holding the middle.
 */
export const starmarketTimingDays = sqliteTable(
  'starmarket_timing_days',
  {
    isListed: integer('is_listed').notNull(),
    prov: text('prov').notNull(),
    catId: integer('cat_id').notNull(),
    stateId: integer('state_id').notNull(),
    level: integer('level').notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  // level before state: a filter's month rows of every state are one range, a state's days in a month another.
  (t) => [primaryKey({ columns: [t.isListed, t.prov, t.catId, t.level, t.stateId, t.bucket] })],
);

