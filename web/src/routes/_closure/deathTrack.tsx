import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CLOSURE_DOWN_KINDS } from '../../../../worker/src/closure/constants';
import { ClosurePie } from '../../features/closure/ClosurePie';
import { FailedCompanyList } from '../../features/closure/FailedCompanyList';
import {
  albumsQueryOptions,
  collectionCompaniesQueryOptions,
  statusStatsQueryOptions,
  trackReasonStatsQueryOptions,
  tracksQueryOptions,
  type Album,
  type Collection,
  type Track,
} from '../../features/closure/queries/tracks';
import { openExport } from '../../features/exports/store';
import { formatCount, todayText } from '../../lib/format';
import { fallBackToKnownOptions, optIdParam, pageSearchParam, type SearchOf, searchValidator } from '../../lib/searchParams';
import { site } from '../../lib/site';
import { FilterBlock } from '../../ui/FilterBlock';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import './death-track.css';
import { closureTitle } from '../../features/closure/closurePages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** ?tag_id= picks a track, ?album_id= an album (the other is cleared); page of the company list. */
const searchSchema = searchValidator({ tag_id: optIdParam, album_id: optIdParam, page: pageSearchParam });
type DeathTrackSearch = SearchOf<typeof searchSchema>;

/** Which collection the URL shows: an album if ?album_id=, else the track of ?tag_id= (none yet: the first track). */
const selectionOf = (s: DeathTrackSearch) => {
  const kind: Collection = s.album_id !== undefined ? 'album' : 'track';
  return { kind, itemId: kind === 'album' ? s.album_id : s.tag_id, page: s.page ?? 1 };
};

export const Route = createFileRoute('/_closure/deathTrack')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => selectionOf(search),
  loader: async ({ context: { queryClient, signedIn }, deps: { kind, itemId, page }, location }) => {
    // A visitor gets the area's login wall; nothing is asked for.
    if (!signedIn) return;
    const [tracks, albums] = await Promise.all([queryClient.ensureQueryData(tracksQueryOptions()), queryClient.ensureQueryData(albumsQueryOptions())]);
    // A track or album no longer in the lists: the page falls back to the first track.
    fallBackToKnownOptions(location, { tag_id: tracks.map((t) => t.tag_id), album_id: albums.map((a) => a.album_id) });
    if (itemId === undefined) {
      // The bare /deathTrack shows the first track; its entry is replaced, not added to the history.
      if (tracks[0]) throw redirect({ to: '/deathTrack', search: { tag_id: tracks[0].tag_id }, replace: true });
      return;
    }
    await Promise.all([
      queryClient.ensureQueryData(collectionCompaniesQueryOptions(kind, itemId, page)),
      queryClient.ensureQueryData(statusStatsQueryOptions(kind, itemId)),
      kind === 'track' && queryClient.ensureQueryData(trackReasonStatsQueryOptions(itemId)),
    ]);
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: DeathTrackPage,
});

const DATA_SOURCE = `数据来源：${site.name}`;

/** Spec §2 "Closed-company track/album page". */
function DeathTrackPage() {
  useDocumentTitle(closureTitle('死亡赛道'));
  const navigate = Route.useNavigate();
  const { kind, itemId, page } = selectionOf(Route.useSearch());
  const tracks = useSuspenseQuery(tracksQueryOptions()).data;
  const albums = useSuspenseQuery(albumsQueryOptions()).data;

  const track = kind === 'track' ? tracks.find((t) => t.tag_id === itemId) : undefined;
  const album = kind === 'album' ? albums.find((a) => a.album_id === itemId) : undefined;
  // The block of the other mode gets '' (nothing highlighted); undefined lets the track block auto-select.
  const trackName = kind === 'album' ? '' : itemId === undefined ? undefined : track?.tag_name;
  const albumName = kind === 'track' ? (itemId === undefined ? undefined : '') : album?.album_name;

  const pickTrack = (t: Track) => {
    if (kind === 'track' && t.tag_id === itemId) return;
    // The first auto-selected track (after a login on the bare /deathTrack) replaces the entry instead of adding one.
    void navigate({ search: { tag_id: t.tag_id }, replace: itemId === undefined });
  };
  const pickAlbum = (a: Album) => {
    if (kind === 'album' && a.album_id === itemId) return;
    void navigate({ search: { album_id: a.album_id } });
  };

  return (
    <div className="container track-layout">
      <aside className="track-side">
        <FilterBlock title="死亡赛道" items={tracks} typeName="tag" autoSelect selectedName={trackName} onChange={pickTrack} span={12} />
        <FilterBlock title="死亡专辑" items={albums} typeName="album" selectedName={albumName} onChange={pickAlbum} />
      </aside>
      {itemId === undefined ? (
        <CollectionMain kind={kind} itemName="" />
      ) : (
        <LoadedCollection kind={kind} itemId={itemId} itemName={(kind === 'track' ? track?.tag_name : album?.album_name) ?? ''} page={page} />
      )}
    </div>
  );
}

function LoadedCollection({ kind, itemId, itemName, page }: { kind: Collection; itemId: number; itemName: string; page: number }) {
  const navigate = Route.useNavigate();
  const companies = useSuspenseQuery(collectionCompaniesQueryOptions(kind, itemId, page)).data;
  const statusStats = useSuspenseQuery(statusStatsQueryOptions(kind, itemId)).data;
  const busy = useRouterState({ select: (s) => s.isLoading });
  const title = kind === 'track' ? '死亡公司赛道' : '死亡公司专辑';
  const exportData = () =>
    openExport({
      kind: kind === 'track' ? CLOSURE_DOWN_KINDS[2] : CLOSURE_DOWN_KINDS[3],
      params: { item_id: itemId },
      from: 'deathTrack',
      title: `${title}-${itemName}`,
    });
  return (
    <CollectionMain kind={kind} itemName={itemName} total={companies.page.total} onExport={exportData}>
      <div className={`track-charts${kind === 'track' ? '' : ' is-single'}`}>
        {kind === 'track' && <TrackReasonPie itemId={itemId} />}
        <ClosurePie title="运营状态分布" kind="status" rows={statusStats} />
      </div>
      <p className="track-updated">
        更新于 {todayText()} | {DATA_SOURCE}
      </p>
      <FailedCompanyList
        companies={companies.info}
        total={companies.page.total}
        page={page}
        onPageChange={(p) => void navigate({ search: (s) => ({ ...s, page: p }) })}
        loading={busy}
        // The header above shows the total.
        showTotal={false}
      />
    </CollectionMain>
  );
}

/** Only a track has a closing-reason chart (an album's page never asks for one). */
function TrackReasonPie({ itemId }: { itemId: number }) {
  const rows = useSuspenseQuery(trackReasonStatsQueryOptions(itemId)).data;
  return <ClosurePie title="死亡原因分布" kind="track" rows={rows} />;
}

/** The right-hand column: breadcrumb, title, total and export; the charts and companies of the chosen collection. */
function CollectionMain({
  kind,
  itemName,
  total,
  onExport,
  children,
}: {
  kind: Collection;
  itemName: string;
  total?: number;
  onExport?: () => void;
  /** Nothing chosen yet: a hint instead. */
  children?: ReactNode;
}) {
  const title = kind === 'track' ? '死亡公司赛道' : '死亡公司专辑';
  return (
    <section className="track-main" aria-label={title}>
      <nav className="breadcrumb" aria-label="面包屑">
        <Link to="/deathCompany">死亡公司</Link>
        <span aria-hidden="true">/</span>
        <span>{title}</span>
        {itemName && (
          <>
            <span aria-hidden="true">/</span>
            <span aria-current="page">{itemName}</span>
          </>
        )}
      </nav>
      <header className="track-head">
        <div>
          <h1 className="track-title">
            {title}
            {itemName && <span className="track-name">{itemName}</span>}
          </h1>
          <p className="track-total">
            共 <b>{total === undefined ? '—' : formatCount(total)}</b> 家公司
          </p>
        </div>
        <button type="button" className="btn btn-primary btn-sm" onClick={onExport} disabled={!onExport}>
          导出数据
        </button>
      </header>
      {children ?? <p className="track-hint">请在左侧选择赛道或专辑</p>}
    </section>
  );
}
