import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ClosurePie } from '../features/closure/ClosurePie';
import { FailedCompanyList } from '../features/closure/FailedCompanyList';
import { FilterBlock } from '../ui/FilterBlock';
import { GatedClosurePage } from '../features/closure/GatedClosurePage';
import {
  albumsQueryOptions,
  collectionCompaniesQueryOptions,
  statusStatsQueryOptions,
  trackReasonStatsQueryOptions,
  tracksQueryOptions,
  type Album,
  type Collection,
  type Track,
} from '../features/closure/queries/tracks';
import { todayText } from '../lib/format';
import { optIdParam, pageSearchParam } from '../lib/searchParams';
import { openExport } from '../features/exports/store';
import { CLOSURE_DOWN_KINDS } from '../../../worker/src/closure/constants';
import { AppLink } from '../ui/AppLink';
import { Loading } from '../ui/Loading';

/** ?tag_id= picks a track, ?album_id= an album (the other is cleared); page of the company list. */
const searchSchema = z.object({ tag_id: optIdParam, album_id: optIdParam, page: pageSearchParam });

export const Route = createFileRoute('/deathTrack')({
  validateSearch: searchSchema,
  component: DeathTrackPage,
});

/** Spec §2 "Closed-company track/album page". */
function DeathTrackPage() {
  return (
    <GatedClosurePage active="track" what="死亡公司赛道与专辑">
      <TrackContent />
    </GatedClosurePage>
  );
}

export const DATA_SOURCE = '数据来源：桔子数据';

function TrackContent() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tracks = useQuery(tracksQueryOptions());
  const albums = useQuery(albumsQueryOptions());

  const kind: Collection = search.album_id !== undefined ? 'album' : 'track';
  const itemId = kind === 'album' ? search.album_id : search.tag_id;
  const page = search.page ?? 1;
  const track = kind === 'track' ? tracks.data?.find((t) => t.tag_id === itemId) : undefined;
  const album = kind === 'album' ? albums.data?.find((a) => a.album_id === itemId) : undefined;
  const itemName = (kind === 'track' ? track?.tag_name : album?.album_name) ?? '';
  // The block of the other mode gets '' (nothing highlighted); undefined lets the track block auto-select.
  const trackName = kind === 'album' ? '' : itemId === undefined ? undefined : track?.tag_name;
  const albumName = kind === 'track' ? (itemId === undefined ? undefined : '') : album?.album_name;

  const pickTrack = (t: Track) => {
    if (kind === 'track' && t.tag_id === itemId) return;
    // The first auto-selected track replaces the bare /deathTrack entry instead of adding one.
    void navigate({ search: { tag_id: t.tag_id }, replace: itemId === undefined });
  };
  const pickAlbum = (a: Album) => {
    if (kind === 'album' && a.album_id === itemId) return;
    void navigate({ search: { album_id: a.album_id } });
  };
  const setPage = (p: number) => void navigate({ search: (s) => ({ ...s, page: p }) });

  const enabled = itemId !== undefined;
  const companies = useQuery({ ...collectionCompaniesQueryOptions(kind, itemId ?? 0, page), enabled });
  const reasonStats = useQuery({ ...trackReasonStatsQueryOptions(itemId ?? 0), enabled: enabled && kind === 'track' });
  const statusStats = useQuery({ ...statusStatsQueryOptions(kind, itemId ?? 0), enabled });

  const title = kind === 'track' ? '死亡公司赛道' : '死亡公司专辑';
  const total = companies.data?.page.total ?? 0;
  const exportData = () => {
    if (itemId === undefined) return;
    openExport({
      kind: kind === 'track' ? CLOSURE_DOWN_KINDS[2] : CLOSURE_DOWN_KINDS[3],
      params: { item_id: itemId },
      from: 'deathTrack',
      title: `${title}-${itemName}`,
    });
  };

  return (
    <div className="container track-layout">
      <aside className="track-side">
        {tracks.isPending ? (
          <Loading />
        ) : (
          <FilterBlock title="死亡赛道" items={tracks.data ?? []} typeName="tag" autoSelect selectedName={trackName} onChange={pickTrack} span={12} />
        )}
        {albums.isPending ? (
          <Loading />
        ) : (
          <FilterBlock title="死亡专辑" items={albums.data ?? []} typeName="album" selectedName={albumName} onChange={pickAlbum} />
        )}
      </aside>
      <section className="track-main" aria-label={title}>
        <nav className="breadcrumb" aria-label="面包屑">
          <AppLink href="/deathCompany">死亡公司</AppLink>
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
              共<b>{companies.data ? total : '—'}</b>家公司
            </p>
          </div>
          <button type="button" className="btn btn-primary btn-sm" onClick={exportData} disabled={!enabled}>
            导出数据
          </button>
        </header>
        {enabled ? (
          <>
            <div className={`track-charts${kind === 'track' ? '' : ' is-single'}`}>
              {kind === 'track' && <ClosurePie title="死亡原因分布" kind="track" rows={reasonStats.data} loading={reasonStats.isPending} />}
              <ClosurePie title="运营状态分布" kind="status" rows={statusStats.data} loading={statusStats.isPending} />
            </div>
            <p className="track-updated">
              更新于 {todayText()} | {DATA_SOURCE}
            </p>
            <FailedCompanyList companies={companies.data?.info} total={total} page={page} onPageChange={setPage} loading={companies.isFetching} />
          </>
        ) : (
          !tracks.isPending && <p className="track-hint">请在左侧选择赛道或专辑</p>
        )}
      </section>
    </div>
  );
}
