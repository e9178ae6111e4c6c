import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';

/** Provinces, sectors (with sub-sectors), rounds, sorts, news regions and years: the options of every filter of the area. */
export const closureFiltersQueryOptions = () =>
  queryOptions({
    queryKey: ['closure', 'filters'],
    queryFn: () => unwrap(api.closure.filters.$get()),
    staleTime: 10 * 60_000,
  });

export type ClosureFilters = DataOf<Awaited<ReturnType<typeof api.closure.filters.$get>>>;
