import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** GET /api/medical/scope: the atlas (fields and their tags); with a tag (VIP), only that tag. */
export const scopeQueryOptions = (tagId?: number) =>
  queryOptions({
    queryKey: ['medical', 'scope', tagId ?? 0],
    queryFn: () => unwrap(api.medical.scope.$get({ query: qs({ tag_id: tagId }) })),
    staleTime: 10 * 60_000,
  });
export type ScopeNode = DataOf<Awaited<ReturnType<typeof api.medical.scope.$get>>>[number];

/** GET /api/medical/rounds: the chart's round choices. */
export const roundsQueryOptions = () =>
  queryOptions({
    queryKey: ['medical', 'rounds'],
    queryFn: () => unwrap(api.medical.rounds.$get()),
    staleTime: 10 * 60_000,
  });
