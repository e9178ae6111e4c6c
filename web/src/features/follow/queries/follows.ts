import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { FOLLOW_COMPANY } from '../../../../../worker/src/follow/constants';
import { api, unwrap } from '../../../lib/api';

/**
 * Follows of companies (type 1): which companies of a list page the user follows, and the follow /
 * unfollow calls. Keys start with ['follow', ...].
 */

/** Every cached follow-status answer lives under this key (see applyFollowToCache). */
export const followStatusKeyRoot = ['follow', 'status'] as const;

/** Which of a list page's companies the signed-in user follows: one call per page, not per row. */
export const followStatusQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: [...followStatusKeyRoot, { type: FOLLOW_COMPANY, ids }],
    // The ids of `ids` that are followed.
    queryFn: async () => (await unwrap(api.follow.status.$get({ query: { type: String(FOLLOW_COMPANY), ids: ids.join(',') } }))).followed,
  });

/** Follows (true) or unfollows (false) a company; both are idempotent on the worker. */
export const setFollow = (itemId: number, follow: boolean) => {
  const json = { type: FOLLOW_COMPANY, item_id: itemId };
  return unwrap(follow ? api.follow.$post({ json }) : api.follow.cancel.$post({ json }));
};

const idsOfStatusKey = (key: QueryKey) => (key[followStatusKeyRoot.length] as { ids?: readonly number[] } | undefined)?.ids ?? [];

/** The cached status answers that asked about a company (it can be on several list pages). */
export const followStatusFilter = (itemId: number) => ({
  queryKey: followStatusKeyRoot,
  predicate: (q: { queryKey: QueryKey }) => idsOfStatusKey(q.queryKey).includes(itemId),
});

/**
 * Puts a confirmed follow or unfollow into every cached status answer that asked about the company,
 * so no page needs another status call. An answer without data yet is fetched again instead.
 */
export function applyFollowToCache(queryClient: QueryClient, itemId: number, followed: boolean) {
  for (const [key, data] of queryClient.getQueriesData<number[]>(followStatusFilter(itemId))) {
    if (data === undefined) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    const rest = data.filter((id) => id !== itemId);
    queryClient.setQueryData<number[]>(key, followed ? [...rest, itemId] : rest);
  }
}
