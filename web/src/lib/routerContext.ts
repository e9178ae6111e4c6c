import type { QueryClient } from '@tanstack/react-query';

/** What every route's loader and beforeLoad receive: loaders call `context.queryClient.ensureQueryData(...)`. */
export interface RouterContext {
  queryClient: QueryClient;
}
