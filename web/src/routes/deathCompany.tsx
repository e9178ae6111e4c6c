import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { LoginPromptBar } from '../features/auth/LoginPromptBar';
import { useViewer } from '../features/auth/me';
import { BatchDownloadDialog } from '../features/closure/BatchDownloadDialog';
import { ClosureFilterBar, type ClosureFilterValues } from '../features/closure/ClosureFilterBar';
import { ClosureNavBar } from '../features/closure/ClosureNavBar';
import { ClosureTable } from '../features/closure/ClosureTable';
import { closureSortParam } from '../features/closure/closureSort';
import { closureListQueryOptions, type ClosureList } from '../features/closure/queries/list';
import { NON_VIP_MAX_PAGE } from '../../../worker/src/auth/limits';
import { CLOSURE_PAGE_SIZE } from '../../../worker/src/closure/constants';
import { EMPTY_EXPORT_MSG } from '../../../worker/src/exports/constants';
import { RankingPanel } from '../features/closure/RankingPanel';
import { ShareButton } from '../ui/ShareButton';
import { useClosureTotal, YearCounts } from '../features/closure/YearCounts';
import { isApiError } from '../lib/api';
import { requireLogin, useRequireVip } from '../lib/gate';
import { optIdParam, optTextParam, pageSearchParam } from '../lib/searchParams';
import { EmptyState } from '../ui/EmptyState';
import { Loading } from '../ui/Loading';
import { Pagination } from '../ui/Pagination';
import { toast } from '../ui/toast';
import '../features/closure/closure-home.css';

/**
 * The view in the URL: ?company= (a name from a link, e.g. the incense ranking) is the search box's
 * keyword until the user types another; page, province, sector, round, sort.
 */
const searchSchema = z.object({
  company: optTextParam(50),
  keyword: optTextParam(50),
  page: pageSearchParam,
  com_prov: optTextParam(20),
  cat_id: optIdParam,
  fund_status: optIdParam,
  sort: closureSortParam,
});

export type DeathCompanySearch = z.infer<typeof searchSchema>;

export const Route = createFileRoute('/deathCompany')({
  validateSearch: searchSchema,
  component: DeathCompanyPage,
});

/** The home's address for phones: the SPA is responsive, so it is this origin's /deathCompany. */
const closureHomeMobileUrl = () => `${window.location.origin}/deathCompany`;

/** Spec §2 "Closed-company home (/deathCompany)". */
function DeathCompanyPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const viewer = useViewer();
  const requireVip = useRequireVip('deathCompany');
  const total = useClosureTotal();
  const [downloadOpen, setDownloadOpen] = useState(false);

  const filters: ClosureFilterValues = {
    com_prov: search.com_prov,
    cat_id: search.cat_id,
    fund_status: search.fund_status,
    sort: search.sort ?? 1,
    keyword: search.keyword ?? search.company,
  };
  const page = search.page ?? 1;
  const list = useQuery({ ...closureListQueryOptions({ ...filters, page }), placeholderData: keepPreviousData });

  // A non-VIP who opened page 4+ by URL: the worker said VIP_REQUIRED (the gate opened the
  // membership prompt); go back to the last page they may see.
  const vipRefused = list.isError && isApiError(list.error) && list.error.code === 'VIP_REQUIRED';
  useEffect(() => {
    if (vipRefused && page > NON_VIP_MAX_PAGE) void navigate({ search: (s) => ({ ...s, page: NON_VIP_MAX_PAGE }), replace: true });
  }, [vipRefused, page, navigate]);

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
    // Past page 3 only for VIPs: a plain user gets the membership prompt and stays where they are.
    if (target > NON_VIP_MAX_PAGE && !(await requireVip())) return;
    void navigate({ search: (s) => ({ ...s, page: target }) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const listTotal = list.data?.page.total ?? 0;
  const openDownload = () =>
    requireLogin(() => {
      if (listTotal <= 0) toast(EMPTY_EXPORT_MSG, { tone: 'warning' });
      else setDownloadOpen(true);
    });

  return (
    <div className="closure-home container">
      <ClosureNavBar active="home" />
      <header className="closure-title">
        <div>
          <h1>死亡公司库</h1>
          <p>
            收录{total !== undefined ? ` ${total.toLocaleString('zh-CN')} 家` : ''}已关闭的创业公司：它们的成立与关闭、融资与团队，以及关闭原因。
            <span className="closure-title-note">判定依据：媒体报道、公司公告，或工商注销、App / 公众号停更 6 个月以上。</span>
          </p>
        </div>
        <ShareButton url={closureHomeMobileUrl()} caption="微信扫一扫，在手机上打开死亡公司库" />
      </header>
      <YearCounts />
      <ClosureFilterBar
        value={filters}
        onChange={applyFilters}
        actions={
          <button type="button" className="btn btn-primary btn-sm" onClick={openDownload} disabled={list.isPending}>
            下载全部数据
          </button>
        }
      />
      {filters.keyword && search.company && !search.keyword && <p className="closure-company-filter">公司名称包含「{search.company}」</p>}
      <section className="closure-list" aria-busy={list.isFetching}>
        <div className="closure-list-head">
          <span>{list.data ? `共 ${listTotal.toLocaleString('zh-CN')} 家公司` : ' '}</span>
        </div>
        <ListBody list={list} page={page} filtersKey={JSON.stringify(filters)} />
        {list.data && listTotal > CLOSURE_PAGE_SIZE && (
          <>
            {!viewer.loggedIn && <LoginPromptBar text="登录后可翻页、筛选和查看全部死亡公司" />}
            <Pagination total={listTotal} page={page} pageSize={CLOSURE_PAGE_SIZE} onChange={(p) => void goToPage(p)} />
          </>
        )}
      </section>
      <BatchDownloadDialog open={downloadOpen} onOpenChange={setDownloadOpen} total={listTotal} filters={filters} />
      <RankingPanel />
    </div>
  );
}

function ListBody({ list, page, filtersKey }: { list: UseQueryResult<ClosureList>; page: number; filtersKey: string }) {
  if (list.isPending) return <Loading />;
  if (list.isError) {
    const code = isApiError(list.error) ? list.error.code : '';
    if (code === 'LOGIN_REQUIRED') return <LoginPromptBar text="登录后才能筛选、搜索或翻页" />;
    if (code === 'VIP_REQUIRED') return <Loading />;
    return <EmptyState text="加载失败，请稍后重试" />;
  }
  if (list.data.info.length === 0) return <EmptyState />;
  // A new page or filter starts with every row collapsed.
  return <ClosureTable key={`${filtersKey}:${page}`} rows={list.data.info} />;
}
