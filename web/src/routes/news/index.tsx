import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MEDICAL_SCOPE, NEWS_LIST_PAGE_SIZE } from '../../../../worker/src/entity/constants';
import { PagerOrLoginBar } from '../../features/auth/PagerOrLoginBar';
import { entityTitle } from '../../features/entity/entityTitle';
import { EntitySection } from '../../features/entity/EntitySection';
import { ListFilters } from '../../features/entity/ListFilters';
import { NewsItems } from '../../features/entity/NewsItems';
import { newsQueryOptions } from '../../features/entity/queries/entity';
import { pageChanger, visiblePage } from '../../features/entity/usePager';
import { totalText } from '../../lib/format';
import { optTextParam, pageSearchParam, searchValidator } from '../../lib/searchParams';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-page.css';
import { SaveSearchButton } from '../../watch/SaveSearchButton';

/** ?scope=医疗健康 and ?tag={atlas tag name}: the healthcare pages' "view more" links; ?page= pages. */
const searchSchema = searchValidator({ scope: optTextParam(20), tag: optTextParam(30), page: pageSearchParam });

export const Route = createFileRoute('/news/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ scope: search.scope, tag: search.tag, page: visiblePage('GET /api/news', search.page) }),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(newsQueryOptions(deps)),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: NewsListPage,
});

/** /news: news about companies, newest first (20 a page), by scope or atlas tag. */
function NewsListPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const f = { scope: search.scope, tag: search.tag, page: visiblePage('GET /api/news', search.page) };
  const list = useSuspenseQuery(newsQueryOptions(f)).data;
  const heading = f.tag ? `「${f.tag}」新闻` : f.scope ? `${f.scope}新闻` : '新闻';
  useDocumentTitle(entityTitle(heading));
  return (
    <div className="container entity-page">
      <header>
        <h1 className="entity-page-title">{heading}</h1>
        <p className="entity-page-lead">创业公司的融资、产品与经营动态，新的在前。</p>
        <SaveSearchButton area="news" query={{ scope: f.scope, tag: f.tag }} />
      </header>
      <ListFilters
        label="领域"
        choices={[
          { label: '全部', href: '/news', active: !f.scope && !f.tag },
          { label: MEDICAL_SCOPE, href: `/news?scope=${encodeURIComponent(MEDICAL_SCOPE)}`, active: f.scope === MEDICAL_SCOPE && !f.tag },
          ...(f.tag ? [{ label: f.tag, href: `/news?tag=${encodeURIComponent(f.tag)}`, active: true }] : []),
        ]}
      />
      <EntitySection title={totalText(list.page.total, '条新闻')}>
        <NewsItems rows={list.info} />
        <PagerOrLoginBar
          total={list.page.total}
          page={f.page}
          pageSize={NEWS_LIST_PAGE_SIZE}
          onChange={pageChanger((page) => void navigate({ search: (s) => ({ ...s, page }) }))}
          loginText="登录后可翻页查看更多新闻"
        />
      </EntitySection>
    </div>
  );
}
