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

/** What the list's filters accept (a sector id of either level, a province, a round). */
export const knownListOptions = (f: ClosureFilters) => ({
  com_prov: f.provinces,
  cat_id: f.sectors.flatMap((s) => [s.id, ...s.children.map((c) => c.id)]),
  fund_status: f.fund_statuses.map((r) => r.id),
});

/** What the news list's filters accept: the industry by name, a news region, a year option. */
export const knownNewsOptions = (f: ClosureFilters) => ({
  cat_id: f.sectors.map((s) => s.name),
  com_prov: f.news_regions,
  year: f.news_years,
});
