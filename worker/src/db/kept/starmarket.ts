/**
 * The STAR-market kept totals: companies per listed / applying list under every province, sector
 * and state filter ('' and 0: any), and disclosures per company and type (0: any).
 */
import { dayIdRanges, lit, type KeptList, type KeptPacking } from './shape.ts';

export const keptStarmarketCounts: KeptList = {
  table: 'starmarket_counts',
  columns: ['is_listed', 'prov', 'cat_id', 'state_id'],
  zeros: 'keep',
  sources: [
    {
      name: 'companies',
      table: 'starmarket_companies',
      keys: (r) => [[r.is_listed, [r.com_prov, lit('')], [r.cat_id, '0'], [r.state_id, '0']]],
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
export const keptStarmarketDays: KeptList = {
  table: 'starmarket_day_counts',
  columns: ['is_listed', 'prov', 'cat_id', 'state_id', 'level', 'bucket'],
  zeros: 'keep',
  sources: [
    {
      name: 'companies',
      table: 'starmarket_companies',
      keys: (r) => [[r.is_listed, [r.com_prov, lit('')], [r.cat_id, '0'], [r.state_id, '0']]],
      levels: { order: (r) => r.acceptance_time, widths: [10_000, 100, 1], total: false },
    },
  ],
};
