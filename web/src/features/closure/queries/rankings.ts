import { queryOptions } from '@tanstack/react-query';
import { HORSE_UNICORN, RANKING_SIZE, type ClosureSort } from '../../../../../worker/src/closure/constants';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** The burn rankings of /deathRank (烧钱榜): four company top 100s and the institution top 100. */

/** The five tabs of the burn ranking page, in the spec's order. */
export const RANK_TABS = ['amount', 'valuation', 'horse', 'unicorn', 'firm'] as const;
export type RankTab = (typeof RANK_TABS)[number];
export type CompanyRankTab = Exclude<RankTab, 'firm'>;

export interface RankFilters {
  cat_id?: number;
  com_prov?: string;
  /** Orders the top 100 on the worker (CLOSURE_SORTS); absent: by the measure. */
  sort?: ClosureSort;
}

/** valuation_top's horse_unicorn of a tab: the 千里马 and 独角兽 tabs have one, the others none. */
export { HORSE_UNICORN };

/** A company top 100 (every ranking is fetched whole: page 1 of RANKING_SIZE). */
export const companyRankingQueryOptions = (tab: CompanyRankTab, f: RankFilters) =>
  queryOptions({
    queryKey: ['closure', 'ranking', tab, f],
    queryFn: () => {
      const query = qs({ cat_id: f.cat_id, com_prov: f.com_prov, sort: f.sort, page: 1, per_page: RANKING_SIZE });
      if (tab === 'amount') return unwrap(api.closure.amount_top.$get({ query }));
      return unwrap(api.closure.valuation_top.$get({ query: { ...query, ...qs({ horse_unicorn: HORSE_UNICORN[tab] }) } }));
    },
  });
export type RankedCompany = DataOf<Awaited<ReturnType<typeof api.closure.amount_top.$get>>>['info'][number];

/** 机构TOP100: page 1 of RANKING_SIZE (spec §9 "institution list 100"). */
export const firmRankingQueryOptions = () =>
  queryOptions({
    queryKey: ['closure', 'ranking', 'firm'],
    queryFn: () => unwrap(api.closure.invst_top.$get({ query: qs({ page: 1, per_page: RANKING_SIZE }) })),
  });
export type RankedFirm = DataOf<Awaited<ReturnType<typeof api.closure.invst_top.$get>>>['info'][number];
