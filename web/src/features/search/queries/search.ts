import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';

/** GET /api/search?q=: companies, firms and people, grouped by kind. Key ['search', q]. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: () => unwrap(api.search.$get({ query: { q } })),
    staleTime: 60_000,
    // The box shows its own error line; no toast for every keystroke's failure.
    meta: { gate: 'off' },
    placeholderData: keepPreviousData,
  });

export type SearchResult = DataOf<Awaited<ReturnType<typeof api.search.$get>>>;
