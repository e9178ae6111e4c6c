import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';

/**
 * Query-options factories of the share pages, keys ['share', <what>, id]. The pages show a
 * missing profile or post themselves (in Chinese), so the gate does not toast it.
 */

/** The route's id as a number; a malformed one becomes 0, which the worker refuses (the page says the link is wrong). */
export const shareIdOf = (raw: string) => (/^\d{1,10}$/.test(raw) ? Number(raw) : 0);

export const characterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['share', 'character', id],
    queryFn: () => unwrap(api.group.character[':id'].$get({ param: { id: String(id) } })),
    meta: { gate: 'off' },
    staleTime: 60_000,
  });

export const dynamicQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['share', 'dynamic', id],
    queryFn: () => unwrap(api.group.dynamic[':id'].$get({ param: { id: String(id) } })),
    meta: { gate: 'off' },
    staleTime: 60_000,
  });

export type Character = DataOf<Awaited<ReturnType<(typeof api.group.character)[':id']['$get']>>>;
export type Dynamic = DataOf<Awaited<ReturnType<(typeof api.group.dynamic)[':id']['$get']>>>;
