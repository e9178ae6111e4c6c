import { queryOptions } from '@tanstack/react-query';
import type { DataType } from '../../../../../worker/src/medical/constants';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** GET /api/medical/data: one typed list (policy, news, event, broker_report, fa_rand, ipo_rank, horse, unicorn). */
export const healthDataQueryOptions = <T extends DataType>(type: T, page = 1) =>
  queryOptions({
    queryKey: ['medical', 'data', type, page],
    queryFn: async () => (await unwrap(api.medical.data.$get({ query: { ...qs({ page }), type } }))) as Extract<HealthData, { type: T }>,
    staleTime: 60_000,
  });

export type HealthData = DataOf<Awaited<ReturnType<typeof api.medical.data.$get>>>;
export type HealthRows<T extends DataType> = Extract<HealthData, { type: T }>['data'];
