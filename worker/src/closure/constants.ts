/**
 * The closed-company area's numbers and words, defined once. The worker pages and validates with
 * them and the SPA imports this module (it has no imports, so it bundles on both sides).
 */

/** Rows per page of the closed-company list and of a reason's / track's / album's companies (spec §9). */
export const CLOSURE_PAGE_SIZE = 10;
/** Rows per page of the closed-company news list. */
export const NEWS_PAGE_SIZE = 20;
/** Comments per page of a comment widget (company or closing reason); replies shown before '展开剩余N条回复'. */
export const COMMENT_PAGE_SIZE = 5;
/** The largest page of comments a client may ask for (the widget's '查看全部' reads pages of this size). */
export const COMMENT_PAGE_MAX = 50;
export const REPLIES_SHOWN = 3;
/** Incense records per fetch; incense ranking length by default. */
export const INCENSE_PAGE_SIZE = 10;
/** Every ranking (burn rankings, institutions, incense) is a top 100. */
export const RANKING_SIZE = 100;
/** Representative cases per firm in the institution ranking. */
export const FIRM_CASES = 3;
/** Comment text limit. */
export const COMMENT_MAX = 500;
/** Most incense sticks in one offering. */
export const INCENSE_MAX = 9999;
/**
 * closures.horse_unicorn and the valuation ranking's filter: 1 千里马 (horse), 2 独角兽 (unicorn); 0 is
 * neither. Any other name (a ranking tab without the filter) gives undefined.
 */
export const HORSE_UNICORN: { readonly horse: 1; readonly unicorn: 2; readonly [name: string]: 1 | 2 | undefined } = { horse: 1, unicorn: 2 };
/** Incense targets: 1 a closed company, 2 a closing reason (second-level type). */
export const INCENSE_TYPES = { company: 1, reason: 2 } as const;
/** Sorts of the closed-company list and the burn rankings: latest closing, latest founding, longest survival first. */
export const CLOSURE_SORTS = [
  { id: 1, name: '按关闭时间' },
  { id: 2, name: '按成立时间' },
  { id: 3, name: '按存活时间' },
] as const;
export type ClosureSort = (typeof CLOSURE_SORTS)[number]['id'];
/** The news filter's years run from this year down to here, then '2012以前'. */
export const FIRST_NEWS_YEAR = 2012;
export const NEWS_BEFORE_2012 = '2012以前';
/** closure_down's down_type (cardinal_type) -> export kind name. */
export const CLOSURE_DOWN_KINDS = {
  0: 'closure',
  1: 'closure_reason',
  2: 'closure_track',
  3: 'closure_album',
  4: 'closure_amount_top',
  5: 'closure_valuation_top',
  6: 'closure_horse_unicorn',
} as const;
