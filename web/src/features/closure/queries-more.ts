import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE, RANKING_SIZE, type ClosureSort } from '../../../../worker/src/closure/constants';
import { api, unwrap, type DataOf } from '../../lib/api';

/**
 * Query-options factories of the track/album, burn-ranking, news and reason pages
 * (/deathTrack, /deathRank, /deathReport, /deathReason). Keys go from general to specific,
 * all under 'closure' so that a login or an incense can invalidate the whole area at once.
 * Query strings carry strings; blank values mean "no filter" to the worker.
 */

/** A query string object: keys that may be undefined become optional, values strings. */
type Qs<T> = { [K in keyof T as undefined extends T[K] ? never : K]: string } & { [K in keyof T as undefined extends T[K] ? K : never]?: string };

/** '' and undefined are left out of a query string. */
function qs<T extends Record<string, string | number | undefined>>(params: T): Qs<T> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = String(v);
  return out as Qs<T>;
}

export type Track = DataOf<Awaited<ReturnType<typeof api.closure.death_track.$get>>>[number];
export type Album = DataOf<Awaited<ReturnType<typeof api.closure.death_album.$get>>>[number];
type CompanyPage = DataOf<Awaited<ReturnType<typeof api.closure.death_track_list.$get>>>;
/** The closed-company row every company list of the area shares (spec §3). */
export type FailedCompany = CompanyPage['info'][number];
export type ReasonSlice = DataOf<Awaited<ReturnType<typeof api.closure.death_track_statistics.$post>>>[number];
export type StatusSlice = DataOf<Awaited<ReturnType<typeof api.closure.death_track_com_statistics.$post>>>[number];

export const tracksQueryOptions = () =>
  queryOptions({ queryKey: ['closure', 'tracks'], queryFn: () => unwrap(api.closure.death_track.$get()), staleTime: 60_000 });

export const albumsQueryOptions = () =>
  queryOptions({ queryKey: ['closure', 'albums'], queryFn: () => unwrap(api.closure.death_album.$get()), staleTime: 60_000 });

export type Collection = 'track' | 'album';

/** The failed companies of a track or an album. */
export const collectionCompaniesQueryOptions = (kind: Collection, itemId: number, page: number) =>
  queryOptions({
    queryKey: ['closure', 'collection', kind, { itemId, page }],
    queryFn: () => {
      const query = qs({ item_id: itemId, page });
      return unwrap(kind === 'track' ? api.closure.death_track_list.$get({ query }) : api.closure.death_album_list.$get({ query }));
    },
    placeholderData: keepPreviousData,
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

// --- burn rankings (/deathRank) ---

/** The five tabs of the burn ranking page, in the spec's order. */
export const RANK_TABS = ['amount', 'valuation', 'horse', 'unicorn', 'firm'] as const;
export type RankTab = (typeof RANK_TABS)[number];
export type CompanyRankTab = Exclude<RankTab, 'firm'>;

export interface RankFilters {
  cat_id?: number;
  com_prov?: string;
  /** Orders the top 100 on the worker (1 closing, 2 founding, 3 survival time); absent: by the measure. */
  sort?: ClosureSort;
}

/** valuation_top's horse_unicorn: 1 千里马, 2 独角兽 (worker/src/closure/params.ts; not in the shared constants yet). */
const HORSE_UNICORN: Partial<Record<CompanyRankTab, number>> = { horse: 1, unicorn: 2 };

export const companyRankingQueryOptions = (tab: CompanyRankTab, f: RankFilters) =>
  queryOptions({
    queryKey: ['closure', 'ranking', tab, f],
    queryFn: () => {
      const query = qs({ cat_id: f.cat_id, com_prov: f.com_prov, sort: f.sort, page: 1, per_page: RANKING_SIZE });
      if (tab === 'amount') return unwrap(api.closure.amount_top.$get({ query }));
      return unwrap(api.closure.valuation_top.$get({ query: { ...query, ...qs({ horse_unicorn: HORSE_UNICORN[tab] }) } }));
    },
    placeholderData: keepPreviousData,
  });
export type RankedCompany = DataOf<Awaited<ReturnType<typeof api.closure.amount_top.$get>>>['info'][number];

/** 机构TOP100: page 1, 100 a page (spec §9 "institution list 100"). */
export const firmRankingQueryOptions = () =>
  queryOptions({
    queryKey: ['closure', 'ranking', 'firm'],
    queryFn: () => unwrap(api.closure.invst_top.$get({ query: qs({ page: 1, per_page: RANKING_SIZE }) })),
  });
export type RankedFirm = DataOf<Awaited<ReturnType<typeof api.closure.invst_top.$get>>>['info'][number];

// --- news (/deathReport) ---

export interface NewsFilters {
  /** The industry's name (the spec sends cat_id as the industry name). */
  cat_id?: string;
  com_prov?: string;
  year?: string;
  keyword?: string;
  page: number;
}

export const newsQueryOptions = (f: NewsFilters) =>
  queryOptions({
    queryKey: ['closure', 'news', f],
    queryFn: () => unwrap(api.closure.news_list.$get({ query: qs({ ...f, per_page: NEWS_PAGE_SIZE }) })),
    placeholderData: keepPreviousData,
  });
export type NewsItem = DataOf<Awaited<ReturnType<typeof api.closure.news_list.$get>>>['info'][number];

// --- reasons (/deathReason) ---

export const reasonTreeQueryOptions = () =>
  queryOptions({ queryKey: ['closure', 'reasons'], queryFn: () => unwrap(api.closure.closure_type.$get()), staleTime: 5 * 60_000 });
export type ReasonParent = DataOf<Awaited<ReturnType<typeof api.closure.closure_type.$get>>>[number];
export type ReasonChild = ReasonParent['child'][number];

/** Representative projects (代表项目) of a reason. */
export const reasonDelegatesQueryOptions = (typeId: number) =>
  queryOptions({
    queryKey: ['closure', 'reason', typeId, 'delegates'],
    queryFn: () => unwrap(api.closure.closure_type_Delegate.$get({ query: qs({ type_id: typeId }) })),
  });
export type ReasonDelegate = DataOf<Awaited<ReturnType<typeof api.closure.closure_type_Delegate.$get>>>[number];

/** All companies of a reason (VIP only; the worker answers VIP_REQUIRED otherwise). */
export const reasonCompaniesQueryOptions = (typeId: number, page: number) =>
  queryOptions({
    queryKey: ['closure', 'reason', typeId, 'companies', { page }],
    queryFn: () => unwrap(api.closure.closure_type_list.$get({ query: qs({ type_id: typeId, page }) })),
    placeholderData: keepPreviousData,
    meta: { from: 'deathReason' },
  });
