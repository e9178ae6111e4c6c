import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { NON_VIP_MAX_PAGE } from '../../../../worker/src/auth/limits';
import { CLOSURE_DOWN_KINDS, CLOSURE_PAGE_SIZE } from '../../../../worker/src/closure/constants';
import { BATCH_SIZE, EMPTY_EXPORT_MSG } from '../../../../worker/src/exports/constants';
import { openExport } from '../../features/exports/store';
import { LoginPromptBar } from '../../features/auth/LoginPromptBar';
import { PagerOrLoginBar } from '../../features/auth/PagerOrLoginBar';
import { useViewer } from '../../features/auth/me';
import { BatchDownloadDialog } from '../../features/closure/BatchDownloadDialog';
import { ClosureFilterBar, type ClosureFilterValues } from '../../features/closure/ClosureFilterBar';
import { ClosureTable } from '../../features/closure/ClosureTable';
import { closureSortParam } from '../../features/closure/closureSort';
import { closureFiltersQueryOptions, knownListOptions } from '../../features/closure/queries/filters';
import { closureListQueryOptions, isVisitorView, yearNumberQueryOptions, type ClosureList, type ClosureListParams } from '../../features/closure/queries/list';
import { RankingPanel } from '../../features/closure/RankingPanel';
import { YearCounts } from '../../features/closure/YearCounts';
import { isApiError } from '../../lib/api';
import { totalText } from '../../lib/format';
import { currentPageWith, requireLogin, useLoginDialogOnMount, useRequireVip } from '../../lib/gate';
import { fallBackToKnownOptions, optIdParam, optTextParam, pageSearchParam, type SearchOf, searchValidator } from '../../lib/searchParams';
import { BelowTheFold } from '../../ui/BelowTheFold';
import { EmptyState } from '../../ui/EmptyState';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import { ShareButton } from '../../ui/ShareButton';
import { SaveSearchButton } from '../../watch/SaveSearchButton';
import { toast } from '../../ui/toast';
import './death-company.css';
import { closureTitle } from '../../features/closure/closurePages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * The view in the URL: ?company= (a name from a link, e.g. the incense ranking) is the search box's
 * keyword until the user types another; page, province, sector, round, sort.
 */
const searchSchema = searchValidator({
  company: optTextParam(50),
  keyword: optTextParam(50),
  page: pageSearchParam,
  com_prov: optTextParam(20),
  cat_id: optIdParam,
  fund_status: optIdParam,
  sort: closureSortParam,
});
type DeathCompanySearch = SearchOf<typeof searchSchema>;

const filtersOf = (s: DeathCompanySearch): ClosureFilterValues => ({
  com_prov: s.com_prov,
  cat_id: s.cat_id,
  fund_status: s.fund_status,
  sort: s.sort ?? 1,
  keyword: s.keyword ?? s.company,
});
const listParamsOf = (s: DeathCompanySearch): ClosureListParams => ({ ...filtersOf(s), page: s.page ?? 1 });

export const Route = createFileRoute('/_closure/deathCompany')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => listParamsOf(search),
  loader: async ({ context: { queryClient, signedIn }, deps, location }) => {
    // The year bars and the filter options are public and have their own loading states.
    const around = Promise.all([queryClient.prefetchQuery(yearNumberQueryOptions()), queryClient.prefetchQuery(closureFiltersQueryOptions())]);
    // A filter from a link is checked against the options before the list is asked for.
    if (deps.com_prov !== undefined || deps.cat_id !== undefined || deps.fund_status !== undefined) {
      fallBackToKnownOptions(location, knownListOptions(await queryClient.ensureQueryData(closureFiltersQueryOptions())));
    }
    // A visitor may load only page 1 in the default sort and filters (with a shared link's company name);
    // the page shows the login prompt for anything else.
    if (signedIn || isVisitorView(deps)) {
      try {
        await queryClient.ensureQueryData(closureListQueryOptions(deps));
      } catch (e) {
        // Past NON_VIP_MAX_PAGE a non-VIP is refused: the gate has opened the membership prompt with
        // the worker's message; show the last page they may see instead.
        if (isApiError(e) && e.code === 'VIP_REQUIRED' && deps.page > NON_VIP_MAX_PAGE) {
          throw redirect({ to: '/deathCompany', search: (s) => ({ ...s, page: NON_VIP_MAX_PAGE }), replace: true });
        }
        // An expired token: the gate has forgotten it and opened the login dialog; the page shows the visitor's view.
        if (!(isApiError(e) && e.code === 'LOGIN_REQUIRED')) throw e;
      }
    }
    await around;
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: DeathCompanyPage,
});

/** Spec §2 "Closed-company home (/deathCompany)". */
function DeathCompanyPage() {
  useDocumentTitle(closureTitle());
  const params = listParamsOf(Route.useSearch());
  const { loggedIn } = useViewer();
  // What a visitor may not see is not asked for (the loader skipped it): the list shows the login prompt.
  if (!loggedIn && !isVisitorView(params)) return <ClosureHome params={params} />;
  return <LoadedClosureHome params={params} />;
}

function LoadedClosureHome({ params }: { params: ClosureListParams }) {
  const list = useSuspenseQuery(closureListQueryOptions(params));
  return <ClosureHome params={params} list={list.data} refreshing={list.isFetching} />;
}

/** The page around the list; without `list` the visitor is refused and sees the login prompt where the rows would be. */
function ClosureHome({ params, list, refreshing = false }: { params: ClosureListParams; list?: ClosureList; refreshing?: boolean }) {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const requireVip = useRequireVip('deathCompany');
  // The next page or filter is loading (the loader holds this view until it has the rows).
  const navigating = useRouterState({ select: (s) => s.isLoading });
  const [downloadOpen, setDownloadOpen] = useState(false);
  const { page, ...filters } = params;

  const applyFilters = (next: ClosureFilterValues) => {
    const keywordChanged = next.keyword !== filters.keyword;
    void navigate({
      search: (s) => ({
        ...s,
        com_prov: next.com_prov,
        cat_id: next.cat_id,
        fund_status: next.fund_status,
        sort: next.sort === 1 ? undefined : next.sort,
        keyword: keywordChanged ? next.keyword : s.keyword,
        // A typed keyword replaces the name that came with the link.
        company: keywordChanged ? undefined : s.company,
        page: undefined,
      }),
    });
  };

  const goToPage = async (target: number) => {
    if (!requireLogin()) return;
    // Past NON_VIP_MAX_PAGE only for VIPs: a plain user gets the membership prompt and stays where they are.
    // After paying, the buyer lands on the page they asked for.
    if (target > NON_VIP_MAX_PAGE && !(await requireVip(undefined, currentPageWith({ page: target })))) return;
    void navigate({ search: (s) => ({ ...s, page: target }) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const listTotal = list?.page.total ?? 0;
  const openDownload = () =>
    requireLogin(() => {
      if (listTotal <= 0) toast(EMPTY_EXPORT_MSG, { tone: 'warning' });
      // One file's worth: no batch to pick, straight to the export dialog (cost check, confirm).
      else if (listTotal <= BATCH_SIZE) openExport({ kind: CLOSURE_DOWN_KINDS[0], params: { ...filters }, from: 'deathCompany' });
      else setDownloadOpen(true);
    });
  // The SPA is responsive: the home's phone address is this origin's /deathCompany.
  const mobileUrl = `${window.location.origin}${router.buildLocation({ to: '/deathCompany' }).href}`;

  return (
    <div className="closure-home container">
      <header className="closure-title">
        <div>
          <h1>死亡公司库</h1>
          <p>
            {/* The count is the list's, under the filters ('共 6,000 家公司'): the page shows one total. */}
            收录已关闭的创业公司：它们的成立与关闭、融资与团队，以及关闭原因。
            <span className="closure-title-note">判定依据：媒体报道、公司公告，或工商注销、App / 公众号停更 6 个月以上。</span>
          </p>
        </div>
        <div className="closure-title-actions">
          <ShareButton url={mobileUrl} caption="微信扫一扫，在手机上打开死亡公司库" />
          {/* In the title block on narrower screens, a handle in the right page margin on wide ones: never over the list. */}
          <RankingPanel />
        </div>
      </header>
      <YearCounts />
      <ClosureFilterBar
        value={filters}
        onChange={applyFilters}
        actions={
          <>
            <SaveSearchButton area="closure" query={filters} />
            <button type="button" className="btn btn-primary btn-sm" onClick={openDownload}>
              下载全部数据
            </button>
          </>
        }
      />
      {filters.keyword && search.company && !search.keyword && <p className="closure-company-filter">公司名称包含「{search.company}」</p>}
      <section className="closure-list" aria-busy={refreshing || navigating}>
        <div className="closure-list-head">
          <span>{list ? totalText(listTotal) : ' '}</span>
        </div>
        {/* The rows reach below the first screen on a phone: the title, years and filters paint first. */}
        <BelowTheFold>
          {list ? <ListRows list={list} params={params} /> : <RefusedList />}
          {list && (
            <PagerOrLoginBar
              total={listTotal}
              page={page}
              pageSize={CLOSURE_PAGE_SIZE}
              onChange={(p) => void goToPage(p)}
              loginText="登录后可翻页、筛选和查看全部死亡公司"
            />
          )}
        </BelowTheFold>
      </section>
      <BatchDownloadDialog open={downloadOpen} onOpenChange={setDownloadOpen} total={listTotal} filters={filters} />
    </div>
  );
}

function ListRows({ list, params }: { list: ClosureList; params: ClosureListParams }) {
  if (list.info.length === 0) return <EmptyState />;
  // A new page or filter starts with every row collapsed.
  return <ClosureTable key={JSON.stringify(params)} rows={list.info} />;
}

/** A visitor's filtered, sorted or paged view: the worker would refuse it, so the login dialog opens instead. */
function RefusedList() {
  useLoginDialogOnMount();
  return <LoginPromptBar text="登录后才能筛选、搜索或翻页" />;
}
