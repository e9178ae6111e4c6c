import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { INCENSE_PAGE_SIZE, type INCENSE_TYPES } from '../../../../../worker/src/closure/constants';
import { api, idempotent, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** INCENSE_TYPES: 1 a closed company, 2 a closing reason (a second-level closure type). */
export type IncenseType = (typeof INCENSE_TYPES)[keyof typeof INCENSE_TYPES];

/** Keys of the incense queries; a new offering invalidates its target's records and the rankings. */
export const incenseKeys = {
  all: ['closure', 'incense'] as const,
  records: (type: IncenseType, itemId: number) => [...incenseKeys.all, 'records', type, itemId] as const,
  top: (type?: IncenseType) => (type === undefined ? ([...incenseKeys.all, 'top'] as const) : ([...incenseKeys.all, 'top', type] as const)),
};

/** Incense records of a company or reason, newest first, INCENSE_PAGE_SIZE per fetch. */
export const incenseRecordsQueryOptions = (type: IncenseType, itemId: number) =>
  infiniteQueryOptions({
    queryKey: incenseKeys.records(type, itemId),
    queryFn: ({ pageParam }) => unwrap(api.closure.incense_list.$get({ query: qs({ type, item_id: itemId, page: pageParam, per_page: INCENSE_PAGE_SIZE }) })),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.info.length, 0);
      return loaded < last.page.total && last.info.length > 0 ? all.length + 1 : undefined;
    },
  });

export type IncenseRecord = DataOf<Awaited<ReturnType<typeof api.closure.incense_list.$get>>>['info'][number];

/** Top companies (type 1) or reasons (type 2) by incense, for the floating ranking panel. */
export const incenseTopQueryOptions = (type: IncenseType) =>
  queryOptions({
    queryKey: incenseKeys.top(type),
    queryFn: () => unwrap(api.closure.incense_top.$get({ query: qs({ type }) })),
  });

/** Lights `amount` sticks; the key makes a retry of the same confirmation charge once. */
export const addIncense = (p: { type: IncenseType; itemId: number; amount: number; key: string }) =>
  unwrap(api.closure.add_incense.$post({ json: { item_id: p.itemId, type: p.type, juzi_btc: p.amount } }, idempotent(p.key)));

export type IncenseResult = Awaited<ReturnType<typeof addIncense>>;
