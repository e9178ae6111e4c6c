import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';

export type FollowPage = DataOf<Awaited<ReturnType<typeof api.follow.$get>>>;

export const FOLLOWS_PER_PAGE = 10;

/** GET /api/follow: the companies the user follows, newest first. */
export const followsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['user', 'follows', { page }],
    queryFn: () => unwrap(api.follow.$get({ query: { type: '1', page: String(page), per_page: String(FOLLOWS_PER_PAGE) } })),
  });
