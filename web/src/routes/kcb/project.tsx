import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { LISTED_TAB, STAR_PAGE_SIZE } from '../../../../worker/src/starmarket/constants';
import { useViewer } from '../../features/auth/me';
import { STARMARKET_DOWN_KINDS } from '../../../../worker/src/exports/constants';
import { openExport } from '../../features/exports/store';
import {
  filtersQueryOptions,
  projectQueryOptions,
  stateListQueryOptions,
  timingQueryOptions,
  type ProjectParams,
  type StarFilters,
} from '../../features/starmarket/queries/starmarket';
import { StarTable } from '../../features/starmarket/StarTable';
import { requireLogin } from '../../lib/gate';
import { fallBackToKnownOptions, optEnumParam, optIdParam, optTextParam, pageSearchParam, searchValidator, type SearchOf } from '../../lib/searchParams';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Loading } from '../../ui/Loading';
import { LoginWall } from '../../ui/LoginWall';
import { Pagination } from '../../ui/Pagination';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import { Select } from '../../ui/Select';
import { Tabs } from '../../ui/Tabs';
import { lazyChunk } from '../../lib/staleBuild';
import { SaveSearchButton } from '../../watch/SaveSearchButton';

// Recharts loads with the chart, not with the page (first-load JS per route).
const TimingChart = lazy(lazyChunk(() => import('../../features/starmarket/TimingChart').then((m) => ({ default: m.TimingChart }))));

const searchSchema = searchValidator({
  type: optEnumParam([LISTED_TAB]),
  com_prov: optTextParam(20),
  cat_id: optIdParam,
  state: optIdParam,
  keyword: optTextParam(50),
  page: pageSearchParam,
});
type ProjectSearch = SearchOf<typeof searchSchema>;

/** The list a URL asks for; the listed tab has no review-state filter. */
const paramsOf = (s: ProjectSearch): ProjectParams => {
  const listed = s.type === LISTED_TAB;
  return { tab: listed ? 'shangshi' : 'shenbao', keyword: s.keyword, cat_id: s.cat_id, com_prov: s.com_prov, state: listed ? undefined : s.state, page: s.page ?? 1 };
};
const filtersOf = (p: ProjectParams): StarFilters => ({ keyword: p.keyword, cat_id: p.cat_id, com_prov: p.com_prov });

export const Route = createFileRoute('/kcb/project')({
  validateSearch: searchSchema,
  // The home's 'view more' of listing dynamics links to /kcb/project#shangshi: the tab goes into the search.
  beforeLoad: ({ location, search }) => {
    if (location.hash === LISTED_TAB && search.type !== LISTED_TAB) throw redirect({ to: '/kcb/project', search: { type: LISTED_TAB }, replace: true });
  },
  loaderDeps: ({ search }) => paramsOf(search),
  loader: async ({ context: { queryClient, signedIn }, deps: p, location }) => {
    // Spec §2: the page needs login; a visitor gets the login wall and nothing is asked for.
    if (!signedIn) return;
    // A filter from a link is checked against the options before the list is asked for.
    if (p.com_prov !== undefined || p.cat_id !== undefined) {
      const options = await queryClient.ensureQueryData(filtersQueryOptions());
      fallBackToKnownOptions(location, { com_prov: options.provinces, cat_id: options.sectors.map((s) => s.id) });
    }
    if (p.state !== undefined) {
      const states = await queryClient.ensureQueryData(stateListQueryOptions(filtersOf(p)));
      fallBackToKnownOptions(location, { state: states.map((s) => s.id) });
    }
    // The filter options, the state counts and the timing chart are small parts with their own loading states.
    void queryClient.prefetchQuery(filtersQueryOptions());
    if (p.tab === 'shenbao') {
      void queryClient.prefetchQuery(stateListQueryOptions(filtersOf(p)));
      void queryClient.prefetchQuery(timingQueryOptions(filtersOf(p)));
    }
    await queryClient.ensureQueryData(projectQueryOptions(p));
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: ProjectPage,
});

/**
 * Spec §2 /kcb/project (access: login): applicant (default) and listed tabs, kept in the URL
 * (type=shangshi). A visitor sees the login wall and the login dialog, as on /kcb/rank.
 */
function ProjectPage() {
  useDocumentTitle('科创板申报/上市企业');
  const { loggedIn } = useViewer();
  const params = paramsOf(Route.useSearch());
  return (
    <>
      <h1>科创板企业</h1>
      {loggedIn ? <ProjectContent params={params} /> : <LoginWall what="科创板申报与上市企业" />}
    </>
  );
}

function ProjectContent({ params }: { params: ProjectParams }) {
  const navigate = Route.useNavigate();
  const listed = params.tab === 'shangshi';
  const filters = filtersOf(params);
  const { page } = params;
  const list = useSuspenseQuery(projectQueryOptions(params));
  const options = useQuery(filtersQueryOptions());
  const states = useQuery({ ...stateListQueryOptions(filters), enabled: !listed });
  const [keyword, setKeyword] = useState(params.keyword ?? '');
  useEffect(() => setKeyword(params.keyword ?? ''), [params.keyword]);
  const search = { com_prov: params.com_prov, cat_id: params.cat_id, state: params.state };

  type Patch = Partial<ProjectSearch>;
  const go = (patch: Patch, keepPage = false) =>
    requireLogin(() => void navigate({ search: (s) => ({ ...s, ...patch, page: keepPage ? patch.page : undefined }), hash: '' }));
  const switchTab = (t: ProjectParams['tab']) => go({ type: t === 'shangshi' ? LISTED_TAB : undefined, state: undefined });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ keyword: keyword.trim() || undefined });
  };
  const exportData = () =>
    requireLogin(() =>
      openExport({
        kind: listed ? STARMARKET_DOWN_KINDS[4] : STARMARKET_DOWN_KINDS[1],
        params: { ...filters, state: listed ? undefined : search.state },
        from: 'kcb',
        title: listed ? '科创板上市企业' : '科创板申报企业',
      }),
    );

  return (
    <section className="star-card">
      <div className="star-tabs-row">
        <Tabs
          value={params.tab}
          onValueChange={switchTab}
          label="企业类型"
          items={[
            { value: 'shenbao', label: '申报企业' },
            { value: 'shangshi', label: '上市企业' },
          ]}
        />
        <span className="star-total" aria-live="polite">
          共 {list.data.page.total} 家
        </span>
        <SaveSearchButton area={listed ? 'starmarket/listed' : 'starmarket'} query={{ ...filters, state: listed ? undefined : search.state }} />
        {/* Never greyed: an empty list's export says '数据为空，不能下载' (spec §5, §8). */}
        <button type="button" className="btn btn-primary btn-sm" onClick={exportData}>
          导出数据
        </button>
      </div>
      <div className="star-filters">
        <Select
          label="地区"
          placeholder="全部地区"
          value={search.com_prov ?? ''}
          options={(options.data?.provinces ?? []).map((p) => ({ value: p, label: p }))}
          onChange={(v) => go({ com_prov: v || undefined })}
        />
        <Select
          label="行业"
          placeholder="全部行业"
          value={search.cat_id === undefined ? '' : String(search.cat_id)}
          options={(options.data?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          onChange={(v) => go({ cat_id: v ? Number(v) : undefined })}
        />
        <form className="star-search" onSubmit={submit} role="search">
          <input
            type="search"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="搜索公司简称"
            aria-label="搜索公司简称"
            maxLength={50}
          />
          <button type="submit" className="btn btn-sm">
            搜索
          </button>
        </form>
      </div>
      {!listed && states.data && (
        <div className="state-chips" role="group" aria-label="审核状态">
          <button type="button" className="state-chip" aria-pressed={search.state === undefined} onClick={() => go({ state: undefined })}>
            全部
          </button>
          {states.data.map((s) => (
            <button key={s.id} type="button" className="state-chip" aria-pressed={search.state === s.id} onClick={() => go({ state: s.id })}>
              {s.name}（{s.num}）
            </button>
          ))}
        </div>
      )}
      <StarTable rows={list.data.info} listed={listed} />
      <Pagination total={list.data.page.total} page={page} pageSize={STAR_PAGE_SIZE} onChange={(p) => go({ page: p }, true)} />
      {!listed && (
        <Suspense fallback={<Loading text="正在统计审核用时…" />}>
          <Timing filters={filters} />
        </Suspense>
      )}
    </section>
  );
}

/** The review-timing chart (beyond the spec): its numbers and Recharts load after the list. */
function Timing({ filters }: { filters: StarFilters }) {
  const timing = useSuspenseQuery(timingQueryOptions(filters));
  return <TimingChart rows={timing.data} />;
}
