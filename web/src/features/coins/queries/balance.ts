import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api';

/** The coin balance, read fresh each time (spec: a paid action reads the balance first). Under ['user'], which every paid action invalidates. */
export const coinsQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'coins'],
    queryFn: () => unwrap(api.user.coins.$get()),
    staleTime: 0,
  });
