/**
 * The healthcare kept tables: the area's and each tag's totals (medical_counts), deals per firm
 * (medical_firm_counts), the trend chart (medical_trend), the items of every list (medical_list_items)
 * with their levels and ties, and the FA TOP20 as one kept number per firm, so the ranking is the
 * first rows of an index: `n = FA_FLAG (an FA firm) + healthcare deals × DEALS_SPAN + all deals`.
 * Ordered by n descending, the FA firms come first, by healthcare deals, ties by all deals;
 * worker/src/medical/tops.ts reads it and unpacks the two counts.
 */
import { lit, text, type KeptList, type KeptSource, type Row } from './shape.ts';

/** The all-deals part stays below it (a firm with 10^7 deals would carry into the healthcare part). */
export const DEALS_SPAN = 10_000_000;
/** Above any packed count pair (< DEALS_SPAN²); FA_FLAG + DEALS_SPAN² stays a safe integer. */
export const FA_FLAG = DEALS_SPAN * DEALS_SPAN;

export const keptFaRanks: KeptList = {
  table: 'medical_fa_ranks',
  columns: ['invst_id'],
  zeros: 'delete',
  sources: [
    { name: 'firms', table: 'invest_firms', when: (r) => `${r.is_fa} = 1`, keys: (r) => [[r.id]], weight: () => String(FA_FLAG) },
    // The area's events per firm (tag 0, every investor type), from the kept medical_firm_counts.
    { name: 'medical', table: 'medical_firm_counts', when: (r) => `${r.tag_id} = 0`, keys: (r) => [[r.invst_id]], weight: (r) => `${r.n} * ${DEALS_SPAN}` },
    { name: 'deals', table: 'invest_event_investors', when: (r) => `${r.invst_id} > 0`, keys: (r) => [[r.invst_id]] },
  ],
};

/**
 * Bucket widths of each healthcare list's levels 1, 2, … (medical/pages.ts walks them): dates
 * (yyyymmdd), founding months (yyyymm), amounts, and the firm ranking's packed key.
 */
const DATE_WIDTHS = [100_000, 10_000, 1_000, 100, 10, 1] as const;
const MONEY_WIDTHS = [1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1] as const;
export const MEDICAL_LEVEL_WIDTHS: readonly { name: string; lists: readonly number[]; widths: readonly number[] }[] = [
  { name: 'dates', lists: [1, 2, 3, 4, 7], widths: DATE_WIDTHS },
  { name: 'born', lists: [6], widths: [1_000, 100, 10, 1] },
  { name: 'money', lists: [5, 8, 9], widths: MONEY_WIDTHS },
  { name: 'firms', lists: [10], widths: [1e10, 1e9, 1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1] },
];

/**
 * The items of each healthcare list (list, tag) per bucket of k at its widths (medical/pages.ts
 * walks them down to a deep page's start). No level 0: the totals are medical_counts' and
 * medical_trend's.
 */
export const keptMedicalLevels: KeptList = {
  table: 'medical_list_levels',
  columns: ['list', 'tag_id', 'level', 'bucket'],
  zeros: 'delete',
  sources: MEDICAL_LEVEL_WIDTHS.map(({ name, lists, widths }) => ({
    name,
    table: 'medical_list_items',
    when: (r) => `${r.list} IN (${lists.join(', ')})`,
    keys: (r) => [[r.list, r.tag_id]],
    levels: { order: (r) => r.k, widths, total: false },
  })),
};

/** The company lists (5–9) and their item_id bucket widths (medical/pages.ts walks them). */
export const MEDICAL_TIE_WIDTHS = { lists: [5, 6, 7, 8, 9], widths: [10_000, 1_000, 100, 10] } as const;

/** The company lists' items of one k per bucket of item_id (a page inside a long run of one k). */
export const keptMedicalTies: KeptList = {
  table: 'medical_list_ties',
  columns: ['list', 'tag_id', 'k', 'level', 'bucket'],
  zeros: 'delete',
  sources: [
    {
      name: 'companies',
      table: 'medical_list_items',
      when: (r) => `${r.list} BETWEEN ${MEDICAL_TIE_WIDTHS.lists[0]} AND ${MEDICAL_TIE_WIDTHS.lists[4]}`,
      keys: (r) => [[r.list, r.tag_id, r.k]],
      levels: { order: (r) => r.item_id, widths: MEDICAL_TIE_WIDTHS.widths, total: false },
    },
  ],
};

/** The area's scope: its events, news and policies are tag 0 of every healthcare list. */
const SCOPE = lit('医疗健康');
const inArea = (r: Row) => `${r.scope} = ${SCOPE}`;

/** A row with a com_id paired with each tag of its company. */
const companyTags: KeptSource['join'] = { table: 'medical_company_tags', key: ['com_id', 'tag_id'], on: (r, j) => `${j.com_id} = ${r.com_id}` };

/**
 * Each firm's healthcare deals per tag and investor type (tag 0: the area's events; a tag: the
 * events of its companies), one per investor row of such an event: the firm ranking, its total
 * (medical_counts 'firms') and the FA TOP20 read it. The tags of an event are the kept
 * invest_event_tags (its company's tags).
 */
export const keptMedicalFirms: KeptList = {
  table: 'medical_firm_counts',
  columns: ['tag_id', 'invst_id', 'invst_type'],
  zeros: 'delete',
  sources: [
    {
      name: 'area',
      table: 'invest_event_investors',
      join: { table: 'invest_events', key: ['id'], on: (r, j) => `${j.id} = ${r.event_id}` },
      when: (r, j) => `${r.invst_id} > 0 AND ${inArea(j)}`,
      keys: (r) => [['0', r.invst_id, r.invst_type]],
    },
    {
      name: 'tags',
      table: 'invest_event_investors',
      join: { table: 'invest_event_tags', key: ['event_id', 'tag_id'], on: (r, j) => `${j.event_id} = ${r.event_id}` },
      when: (r) => `${r.invst_id} > 0`,
      keys: (r, j) => [[j.tag_id, r.invst_id, r.invst_type]],
    },
  ],
};

const total = (dim: string) => [lit(dim), lit('')];

/**
 * The area's totals and banner numbers (medical/kept.ts CountDim): its companies, per province and
 * valuation band, its policies, news, broker reports and IPOs; per tag its companies, the news of
 * those companies and the firms investing in them.
 */
export const keptMedicalCounts: KeptList = {
  table: 'medical_counts',
  columns: ['dim', 'key'],
  zeros: 'keep',
  sources: [
    { name: 'companies', table: 'companies', when: (r) => `${r.is_medical} = 1`, keys: (r) => [total('com'), [lit('prov'), r.prov]] },
    {
      name: 'bands',
      table: 'companies',
      when: (r) => `${r.is_medical} = 1 AND ${r.valuation} >= 70000`,
      keys: (r) => [[lit('band'), `CASE WHEN ${r.valuation} >= 700000 THEN 'unicorn' ELSE 'horse' END`]],
    },
    { name: 'policies', table: 'policies', when: inArea, keys: () => [total('policy')] },
    { name: 'news', table: 'news', when: inArea, keys: () => [total('news')] },
    {
      name: 'tag_news',
      table: 'news',
      join: companyTags,
      keys: (_, j) => [[lit('tag_news'), text(j.tag_id)]],
    },
    // Every row counts: no column read, so no update trigger.
    { name: 'broker', table: 'broker_reports', keys: () => [total('broker')] },
    { name: 'ipo', table: 'medical_ipos', keys: () => [total('ipo')] },
    { name: 'tag_com', table: 'medical_company_tags', keys: (r) => [[lit('tag_com'), text(r.tag_id)]] },
    { name: 'firms', table: 'medical_firm_counts', when: (r) => `${r.invst_type} = 'invst'`, keys: (r) => [[lit('firms'), text(r.tag_id)]] },
  ],
};

/**
 * The trend chart's events and money (medical/kept.ts trendRows) per tag (0: the area), year and
 * month (0: the whole year) and round (0: every round), and per tag the total of every date.
 * An event without a year (date < 10000) counts only in the total; one without a round only under round 0.
 */
function trendSources(name: string, tag: (j: Row) => string, join?: KeptSource['join'], area?: (r: Row) => string): KeptSource[] {
  const byDate: KeptSource = {
    name,
    table: 'invest_events',
    join,
    when: (r) => [area?.(r), `${r.date} >= 10000`].filter(Boolean).join(' AND '),
    keys: (r, j) => [[tag(j), `${r.date} / 10000`, [`${r.date} / 100 % 100`, '0'], [r.round_id, '0']]],
    sums: { money: (r) => r.money },
  };
  const all: KeptSource = { name: `${name}_total`, table: 'invest_events', join, when: area, keys: (_, j) => [[tag(j), '0', '0', '0']], sums: { money: (r) => r.money } };
  return [byDate, all];
}

export const keptMedicalTrend: KeptList = {
  table: 'medical_trend',
  columns: ['tag_id', 'year', 'month', 'round_id'],
  zeros: 'keep',
  sums: ['money'],
  sources: [
    ...trendSources('area', () => '0', undefined, inArea),
    ...trendSources('tags', (j) => j.tag_id, companyTags),
  ],
};

/** A company paired with each of its tags. */
const ownTags: KeptSource['join'] = { table: 'medical_company_tags', key: ['com_id', 'tag_id'], on: (r, j) => `${j.com_id} = ${r.id}` };

/** The company lists' keys: 5 by total funding, 6 by founding month, 7 by latest funding date. */
const companyItems = (r: Row, tag: string) => [
  ['5', tag, r.total_money, r.id],
  ['6', tag, `${r.born_year} * 100 + ${r.born_month}`, r.id],
  ['7', tag, r.last_invse_date, r.id],
];

/**
 * Every item of every healthcare list (medical/pages.ts LIST), one row per (list, tag, k, item):
 * tag 0 holds the area's items, a tag the items of its companies (an event, a news item or the
 * company itself paired with each of its company's tags). k is the list's order: a date, an
 * amount, a founding month, or for the firm ranking (10) healthcare deals × 10^7 + (10^7 − 1 − firm id).
 */
export const keptMedicalItems: KeptList = {
  table: 'medical_list_items',
  columns: ['list', 'tag_id', 'k', 'item_id'],
  zeros: 'delete',
  mirror: { values: [] },
  sources: [
    { name: 'events', table: 'invest_events', when: inArea, keys: (r) => [['1', '0', r.date, r.id]] },
    { name: 'event_tags', table: 'invest_events', join: companyTags, keys: (r, j) => [['1', j.tag_id, r.date, r.id]] },
    { name: 'news', table: 'news', when: inArea, keys: (r) => [['2', '0', r.date, r.id]] },
    { name: 'news_tags', table: 'news', join: companyTags, keys: (r, j) => [['2', j.tag_id, r.date, r.id]] },
    { name: 'policies', table: 'policies', when: inArea, keys: (r) => [['3', '0', r.put_time, r.id]] },
    { name: 'broker', table: 'broker_reports', keys: (r) => [['4', '0', r.time, r.id]] },
    { name: 'companies', table: 'companies', when: (r) => `${r.is_medical} = 1`, keys: (r) => companyItems(r, '0') },
    { name: 'company_tags', table: 'companies', join: ownTags, keys: (r, j) => companyItems(r, j.tag_id) },
    {
      name: 'horses',
      table: 'companies',
      when: (r) => `${r.is_medical} = 1 AND ${r.valuation} >= 70000 AND ${r.valuation} < 700000`,
      keys: (r) => [['8', '0', r.valuation, r.id]],
    },
    { name: 'unicorns', table: 'companies', when: (r) => `${r.is_medical} = 1 AND ${r.valuation} >= 700000`, keys: (r) => [['9', '0', r.valuation, r.id]] },
    {
      name: 'firms',
      table: 'medical_firm_counts',
      when: (r) => `${r.invst_type} = 'invst' AND ${r.n} > 0`,
      keys: (r) => [['10', r.tag_id, `${r.n} * ${DEALS_SPAN} + (${DEALS_SPAN - 1} - ${r.invst_id})`, r.invst_id]],
    },
  ],
};

/**
 * The healthcare declarations in the order --rebuild needs: a kept table before the lists it is a
 * source of (medical_firm_counts before the counts and the FA ranks; all after invest_event_tags).
 */
export const keptMedical: readonly KeptList[] = [keptMedicalFirms, keptMedicalCounts, keptMedicalTrend, keptFaRanks, keptMedicalItems, keptMedicalLevels, keptMedicalTies];
