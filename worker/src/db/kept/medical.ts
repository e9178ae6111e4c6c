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
