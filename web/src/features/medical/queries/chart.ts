import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** The chart's chosen selectors; undefined is 'not chosen' (a placeholder, spec §5). */
export interface ChartFilter {
  year?: number;
  round?: number;
  field?: number;
}

/** GET /api/medical/chart: { label: { num, money } } for the filter, of a tag on its page. */
export const chartQueryOptions = (f: ChartFilter, tagId?: number) =>
  queryOptions({
    queryKey: ['medical', 'chart', tagId ?? 0, f.year ?? 0, f.round ?? 0, f.field ?? 0],
    queryFn: () => unwrap(api.medical.chart.$get({ query: qs({ year: f.year, round: f.round, field: f.field, tag_id: tagId }) })),
    staleTime: 60_000,
  });

export type ChartData = DataOf<Awaited<ReturnType<typeof api.medical.chart.$get>>>;
