/**
 * The healthcare FA TOP20 as one kept number per firm, so the ranking is the first rows of an index
 * instead of every FA firm's counts added up per request: `n = FA_FLAG (an FA firm) + healthcare
 * deals × DEALS_SPAN + all deals`. Ordered by n descending, the FA firms come first, by healthcare
 * deals, ties by all deals; worker/src/medical/tops.ts reads it and unpacks the two counts.
 */
import type { KeptList } from './shape.ts';

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
    // The area's events per firm (tag 0, every investor type), as the hand-kept medical_firm_counts holds them.
    { name: 'medical', table: 'medical_firm_counts', when: (r) => `${r.tag_id} = 0`, keys: (r) => [[r.invst_id]], weight: (r) => `${r.n} * ${DEALS_SPAN}` },
    { name: 'deals', table: 'invest_event_investors', when: (r) => `${r.invst_id} > 0`, keys: (r) => [[r.invst_id]] },
  ],
};

/**
 * Bucket widths of each healthcare list's levels 1, 2, … (worker/src/medical/pages.ts LIST_WIDTHS;
 * kept here so the declaration has no import the script cannot load): dates (yyyymmdd), founding
 * months (yyyymm), amounts, and the firm ranking's packed key.
 */
const DATE_WIDTHS = [100_000, 10_000, 1_000, 100, 10, 1] as const;
const MONEY_WIDTHS = [1e8, 1e7, 1e6, 1e5, 1e4, 1e3, 100, 10, 1] as const;
const LEVELLED: readonly { name: string; lists: readonly number[]; widths: readonly number[] }[] = [
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
  sources: LEVELLED.map(({ name, lists, widths }) => ({
    name,
    table: 'medical_list_items',
    when: (r) => `${r.list} IN (${lists.join(', ')})`,
    keys: (r) => [[r.list, r.tag_id]],
    levels: { order: (r) => r.k, widths, total: false },
  })),
};

/** The company lists' items of one k per bucket of item_id (pages.ts TIE_WIDTHS: a page inside a long run of one k). */
export const keptMedicalTies: KeptList = {
  table: 'medical_list_ties',
  columns: ['list', 'tag_id', 'k', 'level', 'bucket'],
  zeros: 'delete',
  sources: [
    {
      name: 'companies',
      table: 'medical_list_items',
      when: (r) => `${r.list} BETWEEN 5 AND 9`,
      keys: (r) => [[r.list, r.tag_id, r.k]],
      levels: { order: (r) => r.item_id, widths: [10_000, 1_000, 100, 10], total: false },
    },
  ],
};

/** The healthcare declarations in the order --rebuild needs: a kept table before the lists it is a source of. */
export const keptMedical: readonly KeptList[] = [keptFaRanks, keptMedicalLevels, keptMedicalTies];
