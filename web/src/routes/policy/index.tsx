import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { MEDICAL_SCOPE, POLICY_PAGE_SIZE, STAR_REGION } from '../../../../worker/src/entity/constants';
import { PagerOrLoginBar } from '../../features/auth/PagerOrLoginBar';
import { entityTitle } from '../../features/entity/entityTitle';
import { EntitySection } from '../../features/entity/EntitySection';
import { ListFilters } from '../../features/entity/ListFilters';
import { PolicyItems } from '../../features/entity/PolicyItems';
import { policiesQueryOptions } from '../../features/entity/queries/entity';
import { pageChanger, visiblePage } from '../../features/entity/usePager';
import { totalText } from '../../lib/format';
import { optTextParam, pageSearchParam, searchValidator } from '../../lib/searchParams';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-page.css';

/** ?region=科创板 (the STAR home's "more" link) and ?scope=医疗健康 (the healthcare pages'); ?page= pages. */
const searchSchema = searchValidator({ region: optTextParam(20), scope: optTextParam(20), page: pageSearchParam });

export const Route = createFileRoute('/policy/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ region: search.region, scope: search.scope, page: visiblePage('GET /api/policy', search.page) }),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(policiesQueryOptions(deps)),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: PolicyListPage,
});

/** /policy: rules and policies, newest first; opening one needs login. */
function PolicyListPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const f = { region: search.region, scope: search.scope, page: visiblePage('GET /api/policy', search.page) };
  const list = useSuspenseQuery(policiesQueryOptions(f)).data;
  const heading = f.region ? `${f.region}业务规则` : f.scope ? `${f.scope}政策` : '政策法规';
  useDocumentTitle(entityTitle(heading));
  return (
    <div className="container entity-page">
      <header>
        <h1 className="entity-page-title">{heading}</h1>
        <p className="entity-page-lead">监管机构发布的规则、办法与政策文件；登录后可查看详情。</p>
      </header>
      <ListFilters
        label="范围"
        choices={[
          { label: '全部', href: '/policy', active: !f.region && !f.scope },
          { label: `${STAR_REGION}规则`, href: `/policy?region=${encodeURIComponent(STAR_REGION)}`, active: f.region === STAR_REGION },
          { label: `${MEDICAL_SCOPE}政策`, href: `/policy?scope=${encodeURIComponent(MEDICAL_SCOPE)}`, active: f.scope === MEDICAL_SCOPE },
        ]}
      />
      <EntitySection title={totalText(list.page.total, '条')}>
        <PolicyItems rows={list.info} />
        <PagerOrLoginBar
          total={list.page.total}
          page={f.page}
          pageSize={POLICY_PAGE_SIZE}
          onChange={pageChanger((page) => void navigate({ search: (s) => ({ ...s, page }) }))}
          loginText="登录后可翻页并查看政策详情"
        />
      </EntitySection>
    </div>
  );
}
