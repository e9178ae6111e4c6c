import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Sectors (行业) and sub-sectors: parent_id 0 for a top-level sector. */
export const sectors = sqliteTable(
  'sectors',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: text('name').notNull(),
  },
  (t) => [index('sectors_parent_idx').on(t.parentId)],
);

/** Funding rounds (轮次): 天使轮, A轮 ... */
export const rounds = sqliteTable('rounds', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

/**
 * The platform's company database. Area tables (closures, starmarket_companies,
 * medical tags) point here. Dates are integers yyyymmdd; money is 万元.
 */
export const companies = sqliteTable(
  'companies',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    logo: text('logo').notNull().default(''),
    slogan: text('slogan').notNull().default(''),
    des: text('des').notNull().default(''),
    url: text('url').notNull().default(''),
    prov: text('prov').notNull(),
    city: text('city').notNull(),
    catId: integer('cat_id').notNull(),
    seCatId: integer('se_cat_id').notNull(),
    bornYear: integer('born_year').notNull(),
    bornMonth: integer('born_month').notNull(),
    roundId: integer('round_id').notNull().default(0),
    totalMoney: integer('total_money').notNull().default(0),
    valuation: integer('valuation').notNull().default(0),
    lastInvseDate: integer('last_invse_date').notNull().default(0),
    isMedical: integer('is_medical').notNull().default(0),
  },
  (t) => [
    index('companies_name_idx').on(t.name),
    index('companies_medical_money_idx').on(t.isMedical, t.totalMoney),
    index('companies_medical_born_idx').on(t.isMedical, t.bornYear, t.bornMonth),
    index('companies_medical_invse_idx').on(t.isMedical, t.lastInvseDate),
  ],
);

/** Investment firms (机构). */
export const investFirms = sqliteTable(
  'invest_firms',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    logo: text('logo').notNull().default(''),
    des: text('des').notNull().default(''),
    isFa: integer('is_fa').notNull().default(0),
  },
  // A name names one firm: the import finds firms by name, and two requests creating the same one must not both succeed.
  (t) => [uniqueIndex('invest_firms_name_idx').on(t.name)],
);

/** Financing events (融资事件). scope is the industry scope, e.g. 医疗健康. */
export const investEvents = sqliteTable(
  'invest_events',
  {
    id: integer('id').primaryKey(),
    comId: integer('com_id').notNull(),
    roundId: integer('round_id').notNull(),
    money: integer('money').notNull(),
    guessMoney: text('guess_money').notNull().default(''),
    date: integer('date').notNull(),
    scope: text('scope').notNull().default(''),
  },
  (t) => [
    index('invest_events_com_idx').on(t.comId, t.date),
    index('invest_events_scope_date_idx').on(t.scope, t.date),
  ],
);

/** Investors of an event; invst_id is 0 for an investor not in the firm database. */
export const investEventInvestors = sqliteTable(
  'invest_event_investors',
  {
    /** The row's own id (the rowid, declared so VACUUM keeps it): invest_event_firms mirrors each row under it. */
    id: integer('id').primaryKey(),
    eventId: integer('event_id').notNull(),
    invstId: integer('invst_id').notNull(),
    invstName: text('invst_name').notNull(),
    invstType: text('invst_type', { enum: ['unstruct', 'com', 'invst', 'person'] }).notNull(),
  },
  (t) => [index('iei_event_idx').on(t.eventId), index('iei_invst_idx').on(t.invstId)],
);

/** News items across areas; scope is the industry scope (医疗健康 ...). */
export const news = sqliteTable(
  'news',
  {
    id: integer('id').primaryKey(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    mainUrl: text('main_url').notNull().default(''),
    source: text('source').notNull().default(''),
    comId: integer('com_id').notNull().default(0),
    comName: text('com_name').notNull().default(''),
    logo: text('logo').notNull().default(''),
    catId: integer('cat_id').notNull().default(0),
    prov: text('prov').notNull().default(''),
    scope: text('scope').notNull().default(''),
    date: integer('date').notNull(),
    isClosure: integer('is_closure').notNull().default(0),
  },
  (t) => [
    index('news_closure_date_idx').on(t.isClosure, t.date),
    index('news_closure_prov_date_idx').on(t.isClosure, t.prov, t.date),
    index('news_closure_cat_date_idx').on(t.isClosure, t.catId, t.date),
    index('news_scope_date_idx').on(t.scope, t.date),
    index('news_com_idx').on(t.comId, t.date),
  ],
);

/** Rules and policies (/policy/{id}); region 科创板 or scope 医疗健康. */
export const policies = sqliteTable(
  'policies',
  {
    id: integer('id').primaryKey(),
    title: text('title').notNull(),
    referenceNumber: text('reference_number').notNull().default(''),
    region: text('region').notNull().default(''),
    scope: text('scope').notNull().default(''),
    putTime: integer('put_time').notNull(),
  },
  (t) => [index('policies_region_idx').on(t.region, t.putTime), index('policies_scope_idx').on(t.scope, t.putTime)],
);
