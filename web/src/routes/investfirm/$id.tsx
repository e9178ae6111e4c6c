import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ENTITY_PAGE_SIZE } from '../../../../worker/src/entity/constants';
import { PagerOrLoginBar } from '../../features/auth/PagerOrLoginBar';
import { entityTitle, idOf } from '../../features/entity/entityTitle';
import { EntityHead } from '../../features/entity/EntityHead';
import { EntitySection } from '../../features/entity/EntitySection';
import { EventTable } from '../../features/entity/EventTable';
import { firmClosuresQueryOptions, firmInvestmentsQueryOptions, firmQueryOptions } from '../../features/entity/queries/entity';
import { pageChanger, visiblePage } from '../../features/entity/usePager';
import { formatWan } from '../../lib/format';
import { pageSearchParam, searchValidator } from '../../lib/searchParams';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { LogoBadge } from '../../ui/LogoBadge';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-page.css';

/** ?page= pages the investments, ?cases= the closed-company cases. */
const searchSchema = searchValidator({ page: pageSearchParam, cases: pageSearchParam });

export const Route = createFileRoute('/investfirm/$id')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(firmQueryOptions(idOf(params.id))),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: FirmPage,
});

/** /investfirm/{id}: an investment firm, its investments (paged), its closed-company cases and its healthcare event count. */
function FirmPage() {
  const firmId = idOf(Route.useParams().id);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const firm = useSuspenseQuery(firmQueryOptions(firmId)).data;
  useDocumentTitle(entityTitle(firm.name, '投资机构'));
  return (
    <div className="container entity-page">
      <EntityHead
        logo={firm.logo}
        name={firm.name}
        badge={firm.is_fa ? <span className="entity-badge">FA机构</span> : undefined}
        facts={[]}
      >
        {firm.des && <p className="entity-page-lead">{firm.des}</p>}
      </EntityHead>
      <div className="entity-stats">
        <div className="entity-stat">
          <strong>{firm.invse_num}</strong>
          <span>投资事件</span>
        </div>
        <div className="entity-stat">
          <strong>{firm.medical_invse_num}</strong>
          <span>医疗健康投资事件</span>
        </div>
        <div className="entity-stat">
          <strong>{firm.closure_num}</strong>
          <span>投资过的死亡公司</span>
        </div>
      </div>
      <Investments firmId={firmId} page={visiblePage('GET /api/investfirm/:id/investments', search.page)} onPage={pageChanger((page) => void navigate({ search: (s) => ({ ...s, page }) }))} />
      <ClosureCases firmId={firmId} page={visiblePage('GET /api/investfirm/:id/closures', search.cases)} onPage={pageChanger((cases) => void navigate({ search: (s) => ({ ...s, cases }) }))} />
    </div>
  );
}

function Investments({ firmId, page, onPage }: { firmId: number; page: number; onPage: (p: number) => void }) {
  const q = useQuery(firmInvestmentsQueryOptions(firmId, page));
  return (
    <EntitySection title="投资事件" count={q.data?.page.total}>
      {q.isPending ? <Loading /> : q.isError ? <EmptyState text={q.error.message} /> : <EventTable rows={q.data.info} />}
      {q.data && <PagerOrLoginBar total={q.data.page.total} page={page} pageSize={ENTITY_PAGE_SIZE} onChange={onPage} loginText="登录后查看该机构的全部投资事件" />}
    </EntitySection>
  );
}

function ClosureCases({ firmId, page, onPage }: { firmId: number; page: number; onPage: (p: number) => void }) {
  const q = useQuery(firmClosuresQueryOptions(firmId, page));
  return (
    <EntitySection title="死亡公司案例" count={q.data?.page.total}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <EmptyState text={q.error.message} />
      ) : q.data.info.length === 0 ? (
        <EmptyState text="该机构没有投资过已关闭的公司" />
      ) : (
        <ul className="entity-rows">
          {q.data.info.map((c) => (
            <li key={c.com_id}>
              <LogoBadge src={c.logo} name={c.com_name} size={40} />
              <div className="entity-row-main">
                <AppLink href={`/company/${c.com_id}`}>{c.com_name}</AppLink>
                <p>
                  {[c.cat_name, c.com_prov].filter(Boolean).join(' · ')} · {c.born || '未知'} → {c.com_change_close_date}
                  {c.closure_type.length > 0 && ` · ${c.closure_type.map((r) => r.name).join('、')}`}
                </p>
              </div>
              <span className="entity-row-side">{c.total_money ? formatWan(c.total_money) : '未融资'}</span>
            </li>
          ))}
        </ul>
      )}
      {q.data && <PagerOrLoginBar total={q.data.page.total} page={page} pageSize={ENTITY_PAGE_SIZE} onChange={onPage} loginText="登录后查看全部案例" />}
    </EntitySection>
  );
}
