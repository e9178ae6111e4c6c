import { queryOptions } from '@tanstack/react-query';
import { api, unwrap, type DataOf } from '../../../lib/api';
import { qs } from '../../../lib/queryString';

/** The tracks (死亡赛道) and albums (死亡专辑) of /deathTrack, their companies and their pie charts. */

export type Track = DataOf<Awaited<ReturnType<typeof api.closure.death_track.$get>>>[number];
export type Album = DataOf<Awaited<ReturnType<typeof api.closure.death_album.$get>>>[number];
type CompanyPage = DataOf<Awaited<ReturnType<typeof api.closure.death_track_list.$get>>>;
/** A row of a track's, an album's or a reason's companies (the failed-company list). */
export type FailedCompany = CompanyPage['info'][number];
export type ReasonSlice = DataOf<Awaited<ReturnType<typeof api.closure.death_track_statistics.$post>>>[number];
export type StatusSlice = DataOf<Awaited<ReturnType<typeof api.closure.death_track_com_statistics.$post>>>[number];

export const tracksQueryOptions = () =>
  queryOptions({ queryKey: ['closure', 'tracks'], queryFn: () => unwrap(api.closure.death_track.$get()), staleTime: 60_000 });

export const albumsQueryOptions = () =>
  queryOptions({ queryKey: ['closure', 'albums'], queryFn: () => unwrap(api.closure.death_album.$get()), staleTime: 60_000 });

export type Collection = 'track' | 'album';

/** The failed companies of a track or an album, CLOSURE_PAGE_SIZE a page (the worker's default). */
export const collectionCompaniesQueryOptions = (kind: Collection, itemId: number, page: number) =>
  queryOptions({
    queryKey: ['closure', 'collection', kind, { itemId, page }],
    queryFn: () => {
      const query = qs({ item_id: itemId, page });
      return unwrap(kind === 'track' ? api.closure.death_track_list.$get({ query }) : api.closure.death_album_list.$get({ query }));
    },
  });

/** Closing-reason distribution of a track (parents, with their children for the tooltip). */
export const trackReasonStatsQueryOptions = (itemId: number) =>
  queryOptions({
    queryKey: ['closure', 'stats', 'reasons', { itemId }],
    queryFn: () => unwrap(api.closure.death_track_statistics.$post({ query: qs({ item_id: itemId, type: 1 }) })),
  });

/** Operating-status distribution of a track (type 1) or an album (type 2). */
export const statusStatsQueryOptions = (kind: Collection, itemId: number) =>
  queryOptions({
    queryKey: ['closure', 'stats', 'status', kind, { itemId }],
    queryFn: () => unwrap(api.closure.death_track_com_statistics.$post({ query: qs({ item_id: itemId, type: kind === 'track' ? 1 : 2 }) })),
  });
