import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ENTITY_PAGE_SIZE, MEDICAL_SCOPE } from '../../../../worker/src/entity/constants';
import { PagerOrLoginBar } from '../../features/auth/PagerOrLoginBar';
import { entityTitle } from '../../features/entity/entityTitle';
import { EntitySection } from '../../features/entity/EntitySection';
import { EventTable } from '../../features/entity/EventTable';
import { ListFilters } from '../../features/entity/ListFilters';
import { eventsQueryOptions } from '../../features/entity/queries/entity';
import { pageChanger, visiblePage } from '../../features/entity/usePager';
import { totalText } from '../../lib/format';
import { optTextParam, pageSearchParam, searchValidator } from '../../lib/searchParams';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-page.css';
import { SaveSearchButton } from '../../watch/SaveSearchButton';

/** ?scope=医疗健康 and ?tag={atlas tag name}: the spec's "view more" links; ?page= pages. */
const searchSchema = searchValidator({ scope: optTextParam(20), tag: optTextParam(30), page: pageSearchParam });

export const Route = createFileRoute('/investevent/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ scope: search.scope, tag: search.tag, page: visiblePage('GET /api/investevent', search.page) }),
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(eventsQueryOptions(deps)),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: EventListPage,
});

/** /investevent: financing events, newest first, by scope or atlas tag. */
function EventListPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const f = { scope: search.scope, tag: search.tag, page: visiblePage('GET /api/investevent', search.page) };
  const list = useSuspenseQuery(eventsQueryOptions(f)).data;
  const heading = f.tag ? `「${f.tag}」融资事件` : f.scope ? `${f.scope}融资事件` : '融资事件';
  useDocumentTitle(entityTitle(heading));
  return (
    <div className="container entity-page">
      <header>
        <h1 className="entity-page-title">{heading}</h1>
        <p className="entity-page-lead">创业公司的每一轮融资：轮次、金额与投资方，新的在前。</p>
        <SaveSearchButton area="investevent" query={{ scope: f.scope, tag: f.tag }} />
      </header>
      <ListFilters
        label="领域"
        choices={[
          { label: '全部', href: '/investevent', active: !f.scope && !f.tag },
          { label: MEDICAL_SCOPE, href: `/investevent?scope=${encodeURIComponent(MEDICAL_SCOPE)}`, active: f.scope === MEDICAL_SCOPE && !f.tag },
          ...(f.tag ? [{ label: f.tag, href: `/investevent?tag=${encodeURIComponent(f.tag)}`, active: true }] : []),
        ]}
      />
      <EntitySection title={totalText(list.page.total, '起融资事件')}>
        <EventTable rows={list.info} />
        <PagerOrLoginBar
          total={list.page.total}
          page={f.page}
          pageSize={ENTITY_PAGE_SIZE}
          onChange={pageChanger((page) => void navigate({ search: (s) => ({ ...s, page }) }))}
          loginText="登录后可翻页查看更多融资事件"
        />
      </EntitySection>
    </div>
  );
}
