import { queryOptions } from '@tanstack/react-query';
import { api, idempotent, unwrap, type DataOf } from '../../../lib/api';

export type Order = DataOf<Awaited<ReturnType<(typeof api.orders)[':id']['$get']>>>;
export type OrderStatus = Order['status'];

export const ORDERS_PER_PAGE = 10;

/** GET /api/orders: the user's orders, newest first. */
export const ordersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['user', 'orders', { page }],
    queryFn: () => unwrap(api.orders.$get({ query: { page: String(page), per_page: String(ORDERS_PER_PAGE) } })),
  });

/** GET /api/orders/{id}: one order (the worker asks the provider once while it is pending). */
export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['user', 'orders', 'one', id],
    queryFn: () => unwrap(api.orders[':id'].$get({ param: { id: String(id) } })),
  });

export type ProviderName = 'alipay' | 'wechat' | 'sandbox';

/** POST /api/orders with the intent's Idempotency-Key: one order per key. */
export const createOrder = (o: { planId: string; from?: string; returnTo?: string; provider?: ProviderName }, key: string) =>
  unwrap(api.orders.$post({ json: { plan_id: o.planId, from: o.from, return: o.returnTo, provider: o.provider } }, idempotent(key)));

/** POST /api/pay/sandbox/{id}: the sandbox cashier's decision; the sandbox then sends its signed callback. */
export const sandboxPay = (id: number, action: 'approve' | 'decline') =>
  unwrap(api.pay.sandbox[':id'].$post({ param: { id: String(id) }, json: { action } }));
