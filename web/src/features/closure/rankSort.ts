import type { RankedCompany } from './queries-more';

/**
 * The sort select of the burn ranking. A top 100 is chosen by its measure (the worker and the
 * export always order it that way); these sorts re-order the 100 on screen: latest closing,
 * latest founding or longest survival first. No choice keeps the ranking order.
 */
export const RANK_SORTS = [
  { value: '1', label: '按关闭时间' },
  { value: '2', label: '按成立时间' },
  { value: '3', label: '按存活时间' },
] as const;
export type RankSort = (typeof RANK_SORTS)[number]['value'];

const months = (r: RankedCompany) => r.survival.years * 12 + r.survival.months;

export function sortRanked(rows: readonly RankedCompany[], sort: RankSort | ''): readonly RankedCompany[] {
  if (!sort) return rows;
  const key: (r: RankedCompany) => string | number =
    sort === '1' ? (r) => r.com_change_close_date : sort === '2' ? (r) => r.born : months;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    // Descending; ties keep the ranking order (rank ascending).
    return ka < kb ? 1 : ka > kb ? -1 : a.rank - b.rank;
  });
}
