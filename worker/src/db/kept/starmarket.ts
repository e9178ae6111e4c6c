/**
 * The STAR-market kept totals: companies per listed / applying list under every province, sector
 * and state filter ('' and 0: any), and disclosures per company and type (0: any).
 */
import { dayIdRanges, lit, YMD_WIDTHS, type Expr, type KeptList, type KeptPacking, type KeyTuple, type Row } from './shape.ts';

/**
 * A company's key on its tab under every province and sector filter ('' and 0: any), then its state
 * key (read last: the generated triggers watch the columns in the order they are read).
 */
const tabKey = (r: Row, state: (r: Row) => Expr | readonly Expr[]): KeyTuple => {
  const filters = [r.is_listed, [r.com_prov, lit('')], [r.cat_id, '0']];
  return [...filters, state(r)];
};

/**
 * Companies per tab, filter and state by a yyyymmdd column of theirs: its years, months and days
 * (levels 1-3), no total row.
 */
const tabDays = (table: string, state: (r: Row) => Expr | readonly Expr[], day: string, when?: (r: Row) => Expr): KeptList => ({
  table,
  columns: ['is_listed', 'prov', 'cat_id', 'state_id', 'level', 'bucket'],
  zeros: 'keep',
  sources: [
    {
      name: 'companies',
      table: 'starmarket_companies',
      ...(when ? { when } : {}),
      keys: (r) => [tabKey(r, state)],
      levels: { order: (r) => r[day], widths: YMD_WIDTHS, total: false },
    },
  ],
});

export const keptStarmarketCounts: KeptList = {
  table: 'starmarket_counts',
  columns: ['is_listed', 'prov', 'cat_id', 'state_id'],
  zeros: 'keep',
  sources: [
    {
      name: 'companies',
      table: 'starmarket_companies',
      keys: (r) => [tabKey(r, (x) => [x.state_id, '0'])],
    },
  ],
};

export const keptDisclosureCounts: KeptList = {
  table: 'disclosure_counts',
  columns: ['m_com_id', 'type_id'],
  zeros: 'keep',
  sources: [{ name: 'disclosures', table: 'disclosures', keys: (r) => [[[r.m_com_id, '0'], [r.type_id, '0']]] }],
};

/** starmarket_name_tab_chars' rowids, the tabs' order: acceptance_time × ID_SPAN + m_com_id. */
export const keptStarmarketPacking: KeptPacking = {
  name: 'starmarket_companies',
  table: 'starmarket_companies',
  packs: 'acceptance_time × 10^7 + m_com_id',
  ranges: dayIdRanges('acceptance_time', 'm_com_id'),
};

/** disclosure_name_ord's rowids, the disclosures' order: disclosure_time × ID_SPAN + id. */
export const keptDisclosurePacking: KeptPacking = {
  name: 'disclosures',
  table: 'disclosures',
  packs: 'disclosure_time × 10^7 + id',
  ranges: dayIdRanges('disclosure_time', 'id'),
};

/**
 * The applying / listed tabs by acceptance date (starmarket/list.ts deep pages): years, months and
 * days of acceptance_time (yyyymmdd) under every province, sector and state filter ('' and 0: any);
 * no total row (starmarket_counts holds the totals).
 */
export const keptStarmarketDays = tabDays('starmarket_day_counts', (r) => [r.state_id, '0'], 'acceptance_time');

/**
 * Review timing (starmarket/timing.ts): per tab, province and sector ('' and 0: any) and review
 * state, the companies that entered their current state in each year, month and day of
 * state_since (yyyymmdd; 0, no dated stage, is not counted). No total row: the medians walk the
 * month and day rows.
 */
export const keptStarmarketTiming = tabDays('starmarket_timing_days', (r) => r.state_id, 'state_since', (r) => `${r.state_since} > 0`);

/**
 * A firm's case companies as the ranking shows them (JSON): the largest financing totals first, as
 * many as starmarket/constants.ts FIRM_CASES (not imported: the Node script loads this file alone).
 */
export const starFirmCases = (firm: string) =>
  `(SELECT json_group_array(json_object('com_id', c.\`com_id\`, 'com_name', c.\`com_name\`)) FROM (
      SELECT s.\`com_id\`, s.\`com_name\` FROM \`starmarket_firm_links\` x JOIN \`starmarket_companies\` s ON s.\`m_com_id\` = x.\`m_com_id\`
      WHERE x.\`invst_id\` = ${firm} ORDER BY x.\`total_money\` DESC, x.\`m_com_id\` DESC LIMIT 3) c)`;

/**
 * Each firm's financing events in STAR-market companies (starmarket/rankings.ts firmTop ranks by
 * it): the sum of its starmarket_firm_links. Its `cases` column, a top-3 list rather than a sum,
 * stays with the hand-written smfs_cases_* triggers. Zeros stay (the ranking reads n > 0): a row
 * deleted between an update's old and new halves would lose its cases.
 */
export const keptStarmarketFirmStats: KeptList = {
  table: 'starmarket_firm_stats',
  columns: ['invst_id'],
  zeros: 'keep',
  others: {
    columns: ['cases'],
    triggers: ['smfs_cases_'],
    rebuild: [`UPDATE \`starmarket_firm_stats\` SET \`cases\` = ${starFirmCases('`starmarket_firm_stats`.`invst_id`')}`],
  },
  sources: [{ name: 'links', table: 'starmarket_firm_links', keys: (r) => [[r.invst_id]], weight: (r) => r.n }],
};

/**
 * The financing events of STAR-market companies: one row per event and STAR-market company of the
 * event's company, carrying the company's financing total (starmarket_firm_links joins it, so the
 * links follow events, their investors and the companies through two joins of two tables each).
 */
export const keptStarmarketEvents: KeptList = {
  table: 'starmarket_events',
  columns: ['event_id', 'm_com_id'],
  zeros: 'delete',
  mirror: { values: ['total_money'] },
  sources: [
    {
      name: 'events',
      table: 'invest_events',
      join: { table: 'starmarket_companies', key: ['m_com_id'], self: ['id'], on: (r, j) => `${j.com_id} = ${r.com_id}` },
      keys: (r, j) => [[r.id, j.m_com_id]],
      values: (_, j) => [j.total_money],
    },
  ],
};

/**
 * A firm's financing events in each STAR-market company (firms outside the firm database, invst_id
 * 0, are not linked), under the company's financing total: the cases of starmarket_firm_stats are
 * read in (invst_id, total_money, m_com_id) order, and a change of the total moves the row.
 */
export const keptStarmarketFirmLinks: KeptList = {
  table: 'starmarket_firm_links',
  columns: ['invst_id', 'total_money', 'm_com_id'],
  zeros: 'delete',
  sources: [
    {
      name: 'investors',
      table: 'invest_event_investors',
      join: { table: 'starmarket_events', key: ['event_id', 'm_com_id'], on: (r, j) => `${j.event_id} = ${r.event_id}` },
      when: (r) => `${r.invst_id} > 0`,
      keys: (r, j) => [[r.invst_id, j.total_money, j.m_com_id]],
    },
  ],
};
