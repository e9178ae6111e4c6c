import { queryOptions } from '@tanstack/react-query';
import type { ClosureSort } from '../../../../../worker/src/closure/constants';
import { visitorMayAsk } from '../../../generated/visitor-rules';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/**
 * The closed-company list of /deathCompany and its per-year counts. Every key of the area starts
 * with 'closure' and goes from general to specific (['closure', <topic>, ...params]), so
 * `invalidateQueries({ queryKey: ['closure'] })` reaches the whole area.
 */

export interface ClosureListParams {
  com_prov?: string;
  cat_id?: number;
  fund_status?: number;
  keyword?: string;
  sort: ClosureSort;
  page: number;
}

/** GET /api/closure: absent filters are left out, so a visitor's default request is exactly sort=1&page=1. */
export const closureListQueryOptions = (p: ClosureListParams) =>
  queryOptions({
    queryKey: ['closure', 'list', p],
    queryFn: () =>
      unwrap(api.closure.$get({ query: qs({ sort: p.sort, page: p.page, com_prov: p.com_prov, cat_id: p.cat_id, fund_status: p.fund_status, keyword: p.keyword }) })),
    meta: { from: 'deathCompany' },
  });

export type ClosureList = DataOf<Awaited<ReturnType<typeof api.closure.$get>>>;
/** The closed-company row every company list of the area shares (spec §3). */
export type ClosureRow = ClosureList['info'][number];

/**
 * The views of the list a visitor may load, as the worker's rule has them (the route's declared
 * visitor rule): page 1 in the default sort without filters, the default list or one company name
 * (a shared link, /deathCompany?company=<name>). The worker answers anything else with
 * LOGIN_REQUIRED, so the page asks for it only after login.
 */
export const isVisitorView = (p: ClosureListParams) => visitorMayAsk('GET /api/closure', p);

/** { '2019': 812, ... }: closed companies per closing year. */
export const yearNumberQueryOptions = () =>
  queryOptions({
    queryKey: ['closure', 'year_number'],
    queryFn: () => unwrap(api.closure.year_number.$get()),
    staleTime: 5 * 60_000,
  });
