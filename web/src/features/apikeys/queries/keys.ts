import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';

export type KeyList = DataOf<Awaited<ReturnType<typeof api.keys.$get>>>;
export type KeyRow = KeyList['info'][number];
export type KeyUsage = DataOf<Awaited<ReturnType<(typeof api.keys)[':id']['usage']['$get']>>>;
export type NewKey = DataOf<Awaited<ReturnType<typeof api.keys.$post>>>;

/** GET /api/keys: the user's keys and their limits. */
export const keysQueryOptions = () => queryOptions({ queryKey: ['apikeys', 'list'], queryFn: () => unwrap(api.keys.$get()) });

/** GET /api/keys/{id}/usage: 30 days by day and endpoint, and this month's quota. */
export const usageQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['apikeys', 'usage', id], queryFn: () => unwrap(api.keys[':id'].usage.$get({ param: { id: String(id) } })) });

export const createKey = (name: string, scope: '' | 'spend') => unwrap(api.keys.$post({ json: { name, scope } }));
export const rotateKey = (id: number) => unwrap(api.keys[':id'].rotate.$post({ param: { id: String(id) } }));
export const revokeKey = (id: number) => unwrap(api.keys[':id'].$delete({ param: { id: String(id) } }));
