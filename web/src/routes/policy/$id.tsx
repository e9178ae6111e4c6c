import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useViewer } from '../../features/auth/me';
import { entityTitle, idOf } from '../../features/entity/entityTitle';
import { EntitySection } from '../../features/entity/EntitySection';
import { PolicyItems } from '../../features/entity/PolicyItems';
import { policyQueryOptions } from '../../features/entity/queries/entity';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { LoginWall } from '../../ui/LoginWall';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-head.css';
import '../../features/entity/entity-page.css';

export const Route = createFileRoute('/policy/$id')({
  component: PolicyPage,
});

/** /policy/{id}: a rule or policy, for logged-in users (spec §2); a visitor sees the login wall. */
function PolicyPage() {
  const { loggedIn, loading } = useViewer();
  if (loading) return <RoutePending />;
  return loggedIn ? <PolicyContent /> : <WalledPolicy />;
}

function WalledPolicy() {
  useDocumentTitle(entityTitle('政策法规'));
  return <LoginWall what="政策法规详情" />;
}

function PolicyContent() {
  const q = useQuery(policyQueryOptions(idOf(Route.useParams().id)));
  useDocumentTitle(entityTitle(q.data?.title ?? '政策法规'));
  if (q.isPending) return <RoutePending />;
  if (q.isError) {
    return (
      <div className="container entity-page" role="alert">
        <EmptyState text={isApiError(q.error) ? q.error.message : '加载失败，请稍后重试'}>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void q.refetch()}>
            重试
          </button>
        </EmptyState>
      </div>
    );
  }
  const p = q.data;
  const listHref = p.region ? `/policy?region=${encodeURIComponent(p.region)}` : p.scope ? `/policy?scope=${encodeURIComponent(p.scope)}` : '/policy';
  return (
    <div className="container entity-page">
      <article className="entity-section">
        <p className="entity-page-lead">
          <AppLink href="/policy">政策法规</AppLink>
          {(p.region || p.scope) && (
            <>
              {' / '}
              <AppLink href={listHref}>{p.region || p.scope}</AppLink>
            </>
          )}
        </p>
        <h1 className="entity-page-title">{p.title}</h1>
        <dl className="entity-facts">
          {p.reference_number && (
            <div>
              <dt>文号</dt>
              <dd>{p.reference_number}</dd>
            </div>
          )}
          <div>
            <dt>发布日期</dt>
            <dd>{p.put_time}</dd>
          </div>
          <div>
            <dt>适用范围</dt>
            <dd>{p.region || p.scope || '通用'}</dd>
          </div>
        </dl>
      </article>
      <EntitySection title={`同类${p.region ? '规则' : '政策'}`} actions={<AppLink href={listHref}>查看全部</AppLink>}>
        <PolicyItems rows={p.related} />
      </EntitySection>
    </div>
  );
}
