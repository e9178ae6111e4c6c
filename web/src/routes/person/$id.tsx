import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PERSON_ROLE_TEXT } from '../../../../worker/src/entity/constants';
import { entityTitle, idOf } from '../../features/entity/entityTitle';
import { EntityHead } from '../../features/entity/EntityHead';
import { EntitySection } from '../../features/entity/EntitySection';
import { personQueryOptions } from '../../features/entity/queries/entity';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { LogoBadge } from '../../ui/LogoBadge';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-page.css';

export const Route = createFileRoute('/person/$id')({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(personQueryOptions(idOf(params.id))),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: PersonPage,
});

/** /person/{id}: a person's roles and companies (founding teams, individual investments). */
function PersonPage() {
  const p = useSuspenseQuery(personQueryOptions(idOf(Route.useParams().id))).data;
  useDocumentTitle(entityTitle(p.name, '人物'));
  const companies = new Set(p.roles.map((r) => r.com_id)).size;
  const roles = [...new Set(p.roles.map((r) => (r.role === 'team' ? r.position || PERSON_ROLE_TEXT.team : PERSON_ROLE_TEXT.investor)))];
  return (
    <div className="container entity-page">
      <EntityHead name={p.name} subtitle={p.des} facts={[['身份', roles.join('、')], ['相关公司', `${companies} 家`]]} />
      <EntitySection title="任职与投资" count={p.roles.length}>
        {p.roles.length ? (
          <ul className="entity-rows">
            {p.roles.map((r, i) => (
              <li key={i}>
                <LogoBadge src={r.logo} name={r.com_name} size={40} />
                <div className="entity-row-main">
                  <AppLink href={`/company/${r.com_id}`}>{r.com_name}</AppLink>
                  {r.closed && <span className="entity-badge is-closed"> 已关闭</span>}
                  <p>
                    {r.role === 'team' ? r.position || PERSON_ROLE_TEXT.team : PERSON_ROLE_TEXT.investor}
                    {r.event && (
                      <>
                        {' · '}
                        <AppLink href={`/investevent/${r.event.id}`}>
                          {r.event.time} 参投{r.event.round}
                          {r.event.guess_money && r.event.guess_money !== '未透露' ? `（${r.event.guess_money}）` : ''}
                        </AppLink>
                      </>
                    )}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState text="暂无任职或投资记录" />
        )}
      </EntitySection>
    </div>
  );
}
