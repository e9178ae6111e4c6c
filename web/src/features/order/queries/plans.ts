import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';

export type PlansData = DataOf<Awaited<ReturnType<(typeof api.order.plans)['$get']>>>;
export type Plan = PlansData['plans'][number];
export type Membership = DataOf<Awaited<ReturnType<(typeof api.order.membership)['$get']>>>;

/** GET /api/order/plans: the price list (public; prices in fen and yuan). */
export const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['order', 'plans'],
    queryFn: () => unwrap(api.order.plans.$get()),
    staleTime: 5 * 60_000,
  });

/** GET /api/order/membership: membership, expiry and balance of the signed-in user. */
export const membershipQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'membership'],
    queryFn: () => unwrap(api.order.membership.$get()),
  });
