import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { entityTitle, idOf } from '../../features/entity/entityTitle';
import { EntityHead } from '../../features/entity/EntityHead';
import { EntitySection } from '../../features/entity/EntitySection';
import { eventMoney } from '../../features/entity/EventTable';
import { eventQueryOptions } from '../../features/entity/queries/entity';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AppLink } from '../../ui/AppLink';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-page.css';

export const Route = createFileRoute('/investevent/$id')({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(eventQueryOptions(idOf(params.id))),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: EventPage,
});

const TYPE_TEXT = { invst: '投资机构', person: '个人投资人', com: '企业', unstruct: '其他' } as const;

/** /investevent/{id}: one financing event: the company, round, amount, date and investors with links. */
function EventPage() {
  const e = useSuspenseQuery(eventQueryOptions(idOf(Route.useParams().id))).data;
  useDocumentTitle(entityTitle(`${e.com_name} ${e.round}`, '融资事件'));
  return (
    <div className="container entity-page">
      <EntityHead
        logo={e.logo}
        name={`${e.com_name} · ${e.round || '融资'}`}
        subtitle={e.slogan}
        facts={[
          ['公司', <AppLink href={`/company/${e.com_id}`}>{e.com_name}</AppLink>],
          ['日期', e.time],
          ['轮次', e.round],
          ['金额', eventMoney(e)],
          ['行业', e.cat_name],
          ['地区', e.prov],
          ['领域', e.scope ? <AppLink href={`/investevent?scope=${encodeURIComponent(e.scope)}`}>{e.scope}</AppLink> : ''],
        ]}
      />
      <EntitySection title="投资方" count={e.invst.length}>
        {e.invst.length ? (
          <ul className="entity-rows">
            {e.invst.map((i) => (
              <li key={`${i.type}-${i.id}-${i.name}`}>
                <div className="entity-row-main">
                  {i.type === 'invst' && i.id > 0 ? (
                    <AppLink href={`/investfirm/${i.id}`}>{i.name}</AppLink>
                  ) : i.type === 'person' && i.person_id > 0 ? (
                    <AppLink href={`/person/${i.person_id}`}>{i.name}</AppLink>
                  ) : (
                    <span>{i.name}</span>
                  )}
                </div>
                <span className="entity-row-side">{TYPE_TEXT[i.type]}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">投资方未透露</p>
        )}
      </EntitySection>
      <EntitySection title={`${e.com_name}的融资历程`} count={e.others.length}>
        <ol className="entity-rows">
          {e.others.map((o) => (
            <li key={o.id}>
              <div className="entity-row-main">
                {o.id === e.id ? <strong>{o.round || '融资'}（本次）</strong> : <AppLink href={`/investevent/${o.id}`}>{o.round || '融资'}</AppLink>}
                <p>{o.time}</p>
              </div>
              <span className="entity-row-side">{eventMoney(o)}</span>
            </li>
          ))}
        </ol>
      </EntitySection>
    </div>
  );
}
