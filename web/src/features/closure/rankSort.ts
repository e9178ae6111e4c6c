/**
 * The sort select of the burn ranking. A top 100 is chosen by its measure; these sorts order the
 * 100 on the worker (the page and its export alike): latest closing, latest founding or longest
 * survival first. No choice keeps the measure's order.
 */
export const RANK_SORTS = [
  { value: '1', label: '按关闭时间' },
  { value: '2', label: '按成立时间' },
  { value: '3', label: '按存活时间' },
] as const;
export type RankSort = (typeof RANK_SORTS)[number]['value'];
