import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** The closing reasons of /deathReason: the two-level tree, and per reason its representative projects and companies. */

export const reasonTreeQueryOptions = () =>
  queryOptions({ queryKey: ['closure', 'reasons'], queryFn: () => unwrap(api.closure.closure_type.$get()), staleTime: 5 * 60_000 });
export type ReasonParent = DataOf<Awaited<ReturnType<typeof api.closure.closure_type.$get>>>[number];
export type ReasonChild = ReasonParent['child'][number];

/** Representative projects (代表项目) of a reason. */
export const reasonDelegatesQueryOptions = (typeId: number) =>
  queryOptions({
    queryKey: ['closure', 'reasons', typeId, 'delegates'],
    queryFn: () => unwrap(api.closure.closure_type_Delegate.$get({ query: qs({ type_id: typeId }) })),
  });
export type ReasonDelegate = DataOf<Awaited<ReturnType<typeof api.closure.closure_type_Delegate.$get>>>[number];

/** All companies of a reason (VIP only; the worker answers VIP_REQUIRED otherwise). */
export const reasonCompaniesQueryOptions = (typeId: number, page: number) =>
  queryOptions({
    queryKey: ['closure', 'reasons', typeId, 'companies', { page }],
    queryFn: () => unwrap(api.closure.closure_type_list.$get({ query: qs({ type_id: typeId, page }) })),
    placeholderData: keepPreviousData,
    meta: { from: 'deathReason' },
  });
