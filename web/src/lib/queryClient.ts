import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';
import { handleApiError } from './gate';

/** Answers that a retry cannot change (the user, the input or the rules decide them). */
const final = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** The app's QueryClient: every failed query and mutation passes through the gate. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _vars, _ctx, mutation) => handleApiError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        retry: (count, error) => !final(error) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}
