import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { NEWS_BEFORE_2012, NEWS_PAGE_SIZE } from '../../../../worker/src/closure/constants';
import { PagerOrLoginBar } from '../../features/auth/PagerOrLoginBar';
import { NewsList } from '../../features/closure/NewsList';
import { NewsSearchBox } from '../../features/closure/NewsSearchBox';
import { closureFiltersQueryOptions, knownNewsOptions } from '../../features/closure/queries/filters';
import { newsQueryOptions, type NewsFilters } from '../../features/closure/queries/news';
import { requireLogin } from '../../lib/gate';
import { eitherParam, fallBackToKnownOptions, intParam, optEnumParam, optTextParam, pageSearchParam, type SearchOf, searchValidator } from '../../lib/searchParams';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import { FilterRow } from '../../ui/FilterRow';
import { Select } from '../../ui/Select';
import './death-report.css';
import { closureTitle } from '../../features/closure/closurePages';
import { totalText } from '../../lib/format';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * cat_id is the industry's name, as the news call takes it (spec §7). A year is kept as a number
 * (the router would write a numeric-looking string as year=%222025%22), NEWS_BEFORE_2012 as text.
 */
const searchSchema = searchValidator({
  cat_id: optTextParam(30),
  com_prov: optTextParam(20),
  year: eitherParam(intParam(1900, 2100, false), optEnumParam([NEWS_BEFORE_2012])),
  keyword: optTextParam(50),
  page: pageSearchParam,
});
type DeathReportSearch = SearchOf<typeof searchSchema>;

const newsFiltersOf = (s: DeathReportSearch): NewsFilters => ({
  cat_id: s.cat_id,
  com_prov: s.com_prov,
  year: s.year === undefined ? undefined : String(s.year),
  keyword: s.keyword,
  page: s.page ?? 1,
});

export const Route = createFileRoute('/_closure/deathReport')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => newsFiltersOf(search),
  loader: async ({ context: { queryClient, signedIn }, deps, location }) => {
    if (!signedIn) return;
    // A filter from a link is checked against the options (a year before 2012 is '2012以前') before the news are asked for.
    if (deps.cat_id !== undefined || deps.com_prov !== undefined || deps.year !== undefined) {
      fallBackToKnownOptions(location, knownNewsOptions(await queryClient.ensureQueryData(closureFiltersQueryOptions())));
    }
    // The filter options are public and fill the selects when they come.
    await Promise.all([queryClient.ensureQueryData(newsQueryOptions(deps)), queryClient.prefetchQuery(closureFiltersQueryOptions())]);
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: DeathReportPage,
});

/** Spec §2 "Closed-company news list": the reports on closed companies. */
function DeathReportPage() {
  useDocumentTitle(closureTitle('死亡报告'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const options = useQuery(closureFiltersQueryOptions());
  const filters = newsFiltersOf(search);
  const news = useSuspenseQuery(newsQueryOptions(filters)).data;
  // The next page or filter is loading (the loader holds this view until it has the news).
  const refreshing = useRouterState({ select: (s) => s.isLoading });

  // Any filter change starts again at page 1.
  const setFilter = (patch: { cat_id?: string; com_prov?: string; year?: number | typeof NEWS_BEFORE_2012; keyword?: string }) =>
    requireLogin(() => void navigate({ search: (s) => ({ ...s, ...patch, page: undefined }) }));
  const setPage = (page: number) => requireLogin(() => void navigate({ search: (s) => ({ ...s, page }) }));

  const total = news.page.total;
  return (
    <div className="container report-page">
      <h1 className="closure-page-title">死亡公司报道</h1>
      <FilterRow>
        <Select
          label="行业"
          placeholder="全部行业"
          value={search.cat_id ?? ''}
          options={(options.data?.sectors ?? []).map((s) => ({ value: s.name, label: s.name }))}
          onChange={(v) => setFilter({ cat_id: v || undefined })}
        />
        <Select
          label="地区"
          placeholder="全部地区"
          value={search.com_prov ?? ''}
          options={(options.data?.news_regions ?? []).map((p) => ({ value: p, label: p }))}
          onChange={(v) => setFilter({ com_prov: v || undefined })}
        />
        <Select
          label="年份"
          placeholder="全部年份"
          value={filters.year ?? ''}
          options={(options.data?.news_years ?? []).map((y) => ({ value: y, label: y }))}
          onChange={(v) => setFilter({ year: !v ? undefined : v === NEWS_BEFORE_2012 ? v : Number(v) })}
        />
        <NewsSearchBox value={search.keyword ?? ''} onSearch={(keyword) => setFilter({ keyword: keyword || undefined })} />
      </FilterRow>
      <p className="report-total">{totalText(total, '条报道')}</p>
      <div aria-busy={refreshing || undefined} className={refreshing ? 'is-refreshing' : undefined}>
        <NewsList items={news.info} />
      </div>
      <PagerOrLoginBar total={total} page={filters.page} pageSize={NEWS_PAGE_SIZE} onChange={setPage} loginText="登录后查看更多报道" />
    </div>
  );
}
