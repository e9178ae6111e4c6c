import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';

/** POST /api/medical/check_subscribe: status 1 subscribed / 0 not, the address, whether e-mails are sent (is_vip). Signed-in only. */
export const subscriptionQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['digest', 'subscription', token],
    queryFn: () => unwrap(api.medical.check_subscribe.$post()),
    enabled: token !== null,
    staleTime: 30_000,
  });

export type SubscriptionState = DataOf<Awaited<ReturnType<typeof api.medical.check_subscribe.$post>>>;

export const subscribeCall = (email: string) => unwrap(api.medical.subscribe.$post({ json: { email } }));
export const unsubscribeCall = () => unwrap(api.medical.rm_subscribe.$post());
