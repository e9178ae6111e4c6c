import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, isApiError, unwrap, type DataOf } from '../lib/api';
import { handleApiError } from '../lib/gate';
import type { WatchArea } from '../../../worker/src/watch/constants';

export type SavedSearchPage = DataOf<Awaited<ReturnType<typeof api.saved_searches.$get>>>;
export type SavedSearch = SavedSearchPage['info'][number];

/** GET /api/saved_searches: the user's saved searches with their new-match counts, newest first. */
export const savedSearchesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['user', 'saved_searches', { page }],
    queryFn: () => unwrap(api.saved_searches.$get({ query: { page: String(page) } })),
  });

export const mailboxQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'saved_searches', 'mailbox'], queryFn: () => unwrap(api.saved_searches.mailbox.$get()) });

export const createSavedSearch = (json: { name: string; area: WatchArea; query: Record<string, unknown> }) => unwrap(api.saved_searches.$post({ json }));

export interface SearchChange {
  name?: string;
  paused?: boolean;
  mail?: boolean;
  seen?: true;
  revoke_feed?: true;
}

export const updateSavedSearch = (id: number, json: SearchChange) => unwrap(api.saved_searches[':id'].$patch({ param: { id: String(id) }, json }));

export const deleteSavedSearch = (id: number) => unwrap(api.saved_searches[':id'].$delete({ param: { id: String(id) } }));

export const setMailbox = (email: string) => unwrap(api.saved_searches.mailbox.$post({ json: { email } }));

/** Every page of the list is stale after a change. */
export const refreshSavedSearches = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['user', 'saved_searches'] });

export type Webhook = DataOf<Awaited<ReturnType<(typeof api.saved_searches)[':id']['webhooks']['$get']>>>[number];

/** GET /api/saved_searches/{id}/webhooks: the search's endpoints with their delivery log. */
export const webhooksQueryOptions = (searchId: number) =>
  queryOptions({
    queryKey: ['user', 'saved_searches', 'webhooks', searchId],
    queryFn: () => unwrap(api.saved_searches[':id'].webhooks.$get({ param: { id: String(searchId) } })),
  });

export const addWebhook = (searchId: number, url: string) => unwrap(api.saved_searches[':id'].webhooks.$post({ param: { id: String(searchId) }, json: { url } }));

export const deleteWebhook = (searchId: number, hookId: number) =>
  unwrap(api.saved_searches[':id'].webhooks[':hook'].$delete({ param: { id: String(searchId), hook: String(hookId) } }));

/** The worker's refusal of a form's input (BAD_REQUEST), shown under the field; null for anything else. */
export const fieldErrorOf = (e: unknown): string | null => (isApiError(e) && e.code === 'BAD_REQUEST' ? e.message : null);

/** A form mutation's onError (with `meta: { gate: 'off' }`): its own field errors stay in the form, the rest go to the gate. */
export const gateUnlessFieldError = (e: unknown) => {
  if (fieldErrorOf(e) === null) handleApiError(e);
};

export const setFollowsMail = (on: boolean) => unwrap(api.saved_searches.follows_mail.$post({ json: { on } }));

export type FollowedPage = DataOf<Awaited<ReturnType<typeof api.saved_searches.follows.$get>>>;
export type FollowedCompany = FollowedPage['info'][number];

/** GET /api/saved_searches/follows: the followed companies with their new events and news since the last visit. */
export const followedQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['user', 'saved_searches', 'follows', { page }],
    queryFn: () => unwrap(api.saved_searches.follows.$get({ query: { page: String(page) } })),
  });

export const markFollowSeen = (comId: number) => unwrap(api.saved_searches.follows[':com'].seen.$post({ param: { com: String(comId) } }));

export const enableWebhook = (searchId: number, hookId: number) =>
  unwrap(api.saved_searches[':id'].webhooks[':hook'].$patch({ param: { id: String(searchId), hook: String(hookId) }, json: { active: true } }));
