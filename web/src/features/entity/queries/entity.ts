import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/**
 * Query-options factories of the entity pages (company, firm, event, person, user, atlas, policy,
 * news), keys ['entity', <what>, ...params]. Lists keep the previous page while the next loads.
 */

const id = (n: number) => ({ param: { id: String(n) } });
const paged = { placeholderData: keepPreviousData };

export const companyQueryOptions = (comId: number) =>
  queryOptions({ queryKey: ['entity', 'company', comId], queryFn: () => unwrap(api.company[':id'].$get(id(comId))) });
export type CompanyDetail = DataOf<Awaited<ReturnType<(typeof api.company)[':id']['$get']>>>;
export type EventRow = CompanyDetail['invse'][number];
export type NewsRow = CompanyDetail['news'][number];

export const firmQueryOptions = (firmId: number) =>
  queryOptions({ queryKey: ['entity', 'investfirm', firmId], queryFn: () => unwrap(api.investfirm[':id'].$get(id(firmId))) });

export const firmInvestmentsQueryOptions = (firmId: number, page: number) =>
  queryOptions({
    queryKey: ['entity', 'investfirm', firmId, 'investments', page],
    queryFn: () => unwrap(api.investfirm[':id'].investments.$get({ ...id(firmId), query: qs({ page: page === 1 ? undefined : page }) })),
    ...paged,
  });

export const firmClosuresQueryOptions = (firmId: number, page: number) =>
  queryOptions({
    queryKey: ['entity', 'investfirm', firmId, 'closures', page],
    queryFn: () => unwrap(api.investfirm[':id'].closures.$get({ ...id(firmId), query: qs({ page: page === 1 ? undefined : page }) })),
    ...paged,
  });
export type FirmClosure = DataOf<Awaited<ReturnType<(typeof api.investfirm)[':id']['closures']['$get']>>>['info'][number];

export interface EventFilters {
  scope?: string;
  tag?: string;
  page: number;
}

export const eventsQueryOptions = (f: EventFilters) =>
  queryOptions({
    queryKey: ['entity', 'investevent', 'list', f],
    queryFn: () => unwrap(api.investevent.$get({ query: qs({ scope: f.scope, tag: f.tag, page: f.page === 1 ? undefined : f.page }) })),
    ...paged,
  });

export const eventQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: ['entity', 'investevent', eventId], queryFn: () => unwrap(api.investevent[':id'].$get(id(eventId))) });

export const personQueryOptions = (personId: number) =>
  queryOptions({ queryKey: ['entity', 'person', personId], queryFn: () => unwrap(api.person[':id'].$get(id(personId))) });

export const userProfileQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['entity', 'user', userId], queryFn: () => unwrap(api.users[':id'].$get(id(userId))) });

export const userCommentsQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: ['entity', 'user', userId, 'comments', page],
    queryFn: () => unwrap(api.users[':id'].comments.$get({ ...id(userId), query: qs({ page: page === 1 ? undefined : page }) })),
    ...paged,
  });

export const userIncenseQueryOptions = (userId: number, page: number) =>
  queryOptions({
    queryKey: ['entity', 'user', userId, 'incense', page],
    queryFn: () => unwrap(api.users[':id'].incense.$get({ ...id(userId), query: qs({ page: page === 1 ? undefined : page }) })),
    ...paged,
  });

export const atlasQueryOptions = (tagId: number) =>
  queryOptions({ queryKey: ['entity', 'atlas', tagId], queryFn: () => unwrap(api.atlas[':id'].$get(id(tagId))) });

export const atlasCompaniesQueryOptions = (tagId: number, page: number) =>
  queryOptions({
    queryKey: ['entity', 'atlas', tagId, 'companies', page],
    queryFn: () => unwrap(api.atlas[':id'].companies.$get({ ...id(tagId), query: qs({ page: page === 1 ? undefined : page }) })),
    ...paged,
  });

export const atlasEventsQueryOptions = (tagId: number, page: number) =>
  queryOptions({
    queryKey: ['entity', 'atlas', tagId, 'events', page],
    queryFn: () => unwrap(api.atlas[':id'].events.$get({ ...id(tagId), query: qs({ page: page === 1 ? undefined : page }) })),
    ...paged,
  });

export const newsQueryOptions = (f: EventFilters) =>
  queryOptions({
    queryKey: ['entity', 'news', f],
    queryFn: () => unwrap(api.news.$get({ query: qs({ scope: f.scope, tag: f.tag, page: f.page === 1 ? undefined : f.page }) })),
    ...paged,
  });

export interface PolicyFilters {
  region?: string;
  scope?: string;
  page: number;
}

export const policiesQueryOptions = (f: PolicyFilters) =>
  queryOptions({
    queryKey: ['entity', 'policy', 'list', f],
    queryFn: () => unwrap(api.policy.$get({ query: qs({ region: f.region, scope: f.scope, page: f.page === 1 ? undefined : f.page }) })),
    ...paged,
  });

export const policyQueryOptions = (policyId: number) =>
  queryOptions({ queryKey: ['entity', 'policy', policyId], queryFn: () => unwrap(api.policy[':id'].$get(id(policyId))) });
