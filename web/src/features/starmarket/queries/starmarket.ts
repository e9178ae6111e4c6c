import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { DETAIL_DISCLOSURE_SIZE, DISCLOSURE_PAGE_SIZE, STAR_RANK_SIZE } from '../../../../../worker/src/starmarket/constants';

/**
 * Query-options factories of the STAR-market area (科创板), keys from general to specific:
 * ['starmarket', <what>, ...params]. Every call is POST with a JSON body (spec §7).
 */

export interface StarFilters {
  keyword?: string;
  cat_id?: number;
  com_prov?: string;
}

export type ProjectTab = 'shenbao' | 'shangshi';

export interface ProjectParams extends StarFilters {
  tab: ProjectTab;
  state?: number;
  page: number;
}

/** Only the set fields, so a visitor's default request is exactly `{}` (page 1, default filters). */
const clean = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;

export const homeQueryOptions = () =>
  queryOptions({ queryKey: ['starmarket', 'home'], queryFn: () => unwrap(api.starmarket.home.$post()), staleTime: 60_000 });

export const filtersQueryOptions = () =>
  queryOptions({ queryKey: ['starmarket', 'filters'], queryFn: () => unwrap(api.starmarket.filters.$post()), staleTime: 300_000 });

export const projectQueryOptions = (p: ProjectParams) =>
  queryOptions({
    queryKey: ['starmarket', 'project', p],
    queryFn: () => {
      const { tab, state, page, ...filters } = p;
      const base = clean({ ...filters, page: page === 1 ? undefined : page });
      return tab === 'shangshi' ? unwrap(api.starmarket.listed.$post({ json: base })) : unwrap(api.starmarket.$post({ json: clean({ ...base, state }) }));
    },
    meta: { from: 'kcb' },
  });

export type StarList = DataOf<Awaited<ReturnType<typeof api.starmarket.$post>>>;
export type StarRow = StarList['info'][number];

export const stateListQueryOptions = (f: StarFilters) =>
  queryOptions({ queryKey: ['starmarket', 'state_list', f], queryFn: () => unwrap(api.starmarket.state_list.$post({ json: clean({ ...f }) })), placeholderData: keepPreviousData });

export const timingQueryOptions = (f: StarFilters) =>
  queryOptions({ queryKey: ['starmarket', 'review_timing', f], queryFn: () => unwrap(api.starmarket.review_timing.$post({ json: clean({ ...f }) })) });

export type TimingRow = DataOf<Awaited<ReturnType<typeof api.starmarket.review_timing.$post>>>[number];

export type RankKind = 'amount' | 'valuation' | 'firm';

export const companyRankQueryOptions = (kind: 'amount' | 'valuation', limit = STAR_RANK_SIZE) =>
  queryOptions({
    queryKey: ['starmarket', 'rank', kind, limit],
    queryFn: () => (kind === 'amount' ? unwrap(api.starmarket.amount_top.$post({ json: { limit } })) : unwrap(api.starmarket.valuation_top.$post({ json: { limit } }))),
  });

export type RankedRow = DataOf<Awaited<ReturnType<typeof api.starmarket.amount_top.$post>>>[number];

export const firmRankQueryOptions = (limit = STAR_RANK_SIZE) =>
  queryOptions({ queryKey: ['starmarket', 'rank', 'firm', limit], queryFn: () => unwrap(api.starmarket.invst_top.$post({ json: { limit } })) });

export type FirmRow = DataOf<Awaited<ReturnType<typeof api.starmarket.invst_top.$post>>>[number];

export const detailQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['starmarket', 'detail', id], queryFn: () => unwrap(api.starmarket.detail.$post({ json: { id } })) });

export type StarDetail = DataOf<Awaited<ReturnType<typeof api.starmarket.detail.$post>>>;
export type Stage = StarDetail['star_market_state'][number];
export type Invse = StarDetail['com_invse'][number];

export const comDisclosureQueryOptions = (mComId: number, page: number) =>
  queryOptions({
    queryKey: ['starmarket', 'com_disclosure', mComId, page],
    queryFn: () => unwrap(api.starmarket.com_disclosure.$post({ json: { m_com_id: mComId, page, per_page: DETAIL_DISCLOSURE_SIZE } })),
  });

export interface DisclosureParams {
  keyword?: string;
  type?: number;
  page: number;
}

export const disclosureQueryOptions = (p: DisclosureParams) =>
  queryOptions({
    queryKey: ['starmarket', 'info_disclosure', p],
    queryFn: () => unwrap(api.starmarket.info_disclosure.$post({ json: clean({ ...p, per_page: DISCLOSURE_PAGE_SIZE }) })),
    meta: { from: 'kcb' },
  });

export type DisclosureRow = DataOf<Awaited<ReturnType<typeof api.starmarket.info_disclosure.$post>>>['info'][number];

export const typeListQueryOptions = () =>
  queryOptions({ queryKey: ['starmarket', 'type_list'], queryFn: () => unwrap(api.starmarket.type_list.$post()), staleTime: 300_000 });
