import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ENTITY_PAGE_SIZE } from '../../../../worker/src/entity/constants';
import { PagerOrLoginBar } from '../../features/auth/PagerOrLoginBar';
import { entityTitle, idOf } from '../../features/entity/entityTitle';
import { EntitySection } from '../../features/entity/EntitySection';
import { EventTable } from '../../features/entity/EventTable';
import { atlasCompaniesQueryOptions, atlasEventsQueryOptions, atlasQueryOptions } from '../../features/entity/queries/entity';
import { pageChanger, visiblePage } from '../../features/entity/usePager';
import { formatCount, formatWan } from '../../lib/format';
import { useRequireVip } from '../../lib/gate';
import { pageSearchParam, searchValidator } from '../../lib/searchParams';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { LogoBadge } from '../../ui/LogoBadge';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-page.css';

/** ?page= pages the companies, ?events= the events. */
const searchSchema = searchValidator({ page: pageSearchParam, events: pageSearchParam });

export const Route = createFileRoute('/atlas/$tagId')({
  validateSearch: searchSchema,
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(atlasQueryOptions(idOf(params.tagId))),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: AtlasPage,
});

/** /atlas/{tagId}: a healthcare atlas tag, its companies and events; the members' tag page /health/{tagId} is richer. */
function AtlasPage() {
  const tagId = idOf(Route.useParams().tagId);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const tag = useSuspenseQuery(atlasQueryOptions(tagId)).data;
  const requireVip = useRequireVip('health');
  useDocumentTitle(entityTitle(tag.name, '产业图谱'));
  const openVipPage = () => void requireVip(() => window.open(`/health/${tag.id}`, '_blank', 'noopener'));
  const tagQuery = encodeURIComponent(tag.name);
  return (
    <div className="container entity-page">
      <header className="entity-section">
        <p className="entity-page-lead">
          <AppLink href="/health#atlas">医疗健康产业图谱</AppLink>
          {tag.parent && (
            <>
              {' / '}
              <AppLink href={`/atlas/${tag.parent.id}`}>{tag.parent.name}</AppLink>
            </>
          )}
        </p>
        <h1 className="entity-page-title">{tag.name}</h1>
        {tag.desc && <p className="entity-page-lead">{tag.desc}</p>}
        {tag.children.length > 0 && (
          <ul className="entity-tags" aria-label="下级标签">
            {tag.children.map((c) => (
              <li key={c.id}>
                <AppLink href={`/atlas/${c.id}`}>{c.name}</AppLink>
              </li>
            ))}
          </ul>
        )}
        <p>
          <button type="button" className="btn btn-primary btn-sm" onClick={openVipPage}>
            查看完整标签页（VIP）
          </button>{' '}
          <AppLink href={`/news?tag=${tagQuery}`} className="btn btn-ghost btn-sm">
            相关新闻
          </AppLink>
        </p>
      </header>
      <div className="entity-stats">
        <div className="entity-stat">
          <strong>{formatCount(tag.com_num)}</strong>
          <span>公司</span>
        </div>
        <div className="entity-stat">
          <strong>{formatCount(tag.invse_num)}</strong>
          <span>融资事件</span>
        </div>
        <div className="entity-stat">
          <strong>{formatWan(tag.total_money)}</strong>
          <span>融资总额</span>
        </div>
      </div>
      <Companies tagId={tagId} page={visiblePage('GET /api/atlas/:id/companies', search.page)} onPage={pageChanger((page) => void navigate({ search: (s) => ({ ...s, page }) }))} />
      <Events tagId={tagId} tagName={tag.name} page={visiblePage('GET /api/atlas/:id/events', search.events)} onPage={pageChanger((events) => void navigate({ search: (s) => ({ ...s, events }) }))} />
    </div>
  );
}

function Companies({ tagId, page, onPage }: { tagId: number; page: number; onPage: (p: number) => void }) {
  const q = useQuery(atlasCompaniesQueryOptions(tagId, page));
  return (
    <EntitySection title="公司" count={q.data?.page.total}>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <EmptyState text={q.error.message} />
      ) : !q.data.info.length ? (
        <EmptyState text="该标签下暂无公司" />
      ) : (
        <ul className="entity-rows">
          {q.data.info.map((c) => (
            <li key={c.id}>
              <LogoBadge src={c.logo} name={c.name} size={40} />
              <div className="entity-row-main">
                <AppLink href={`/company/${c.id}`}>{c.name}</AppLink>
                <p>{[c.prov, c.round, c.des].filter(Boolean).join(' · ')}</p>
              </div>
              <span className="entity-row-side">{c.total_money ? formatWan(c.total_money) : '未披露'}</span>
            </li>
          ))}
        </ul>
      )}
      {q.data && <PagerOrLoginBar total={q.data.page.total} page={page} pageSize={ENTITY_PAGE_SIZE} onChange={onPage} loginText="登录后查看该标签下的全部公司" />}
    </EntitySection>
  );
}

function Events({ tagId, tagName, page, onPage }: { tagId: number; tagName: string; page: number; onPage: (p: number) => void }) {
  const q = useQuery(atlasEventsQueryOptions(tagId, page));
  return (
    <EntitySection title="融资事件" count={q.data?.page.total} actions={<AppLink href={`/investevent?tag=${encodeURIComponent(tagName)}`}>查看更多</AppLink>}>
      {q.isPending ? <Loading /> : q.isError ? <EmptyState text={q.error.message} /> : <EventTable rows={q.data.info} />}
      {q.data && <PagerOrLoginBar total={q.data.page.total} page={page} pageSize={ENTITY_PAGE_SIZE} onChange={onPage} loginText="登录后查看全部融资事件" />}
    </EntitySection>
  );
}
