import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { entityTitle, idOf } from '../../features/entity/entityTitle';
import { EntityHead } from '../../features/entity/EntityHead';
import { EntitySection } from '../../features/entity/EntitySection';
import { EventTable } from '../../features/entity/EventTable';
import { NewsItems } from '../../features/entity/NewsItems';
import { companyQueryOptions, type CompanyDetail } from '../../features/entity/queries/entity';
import { useViewer } from '../../features/auth/me';
import { FollowButton } from '../../features/follow/FollowButton';
import { followStatusQueryOptions } from '../../features/follow/queries/follows';
import { formatSurvival, formatWan } from '../../lib/format';
import { orderHref, requireLogin } from '../../lib/gate';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';
import '../../features/entity/entity-page.css';

export const Route = createFileRoute('/company/$id')({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(companyQueryOptions(idOf(params.id))),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: CompanyPage,
});

/** Reason pages need login: a visitor's click opens the login dialog instead. */
const gated = (e: MouseEvent<HTMLAnchorElement>) => {
  if (!requireLogin()) e.preventDefault();
};

/** /company/{id}: the company database's page of one company (spec §2 "links to other pages"). */
function CompanyPage() {
  const comId = idOf(Route.useParams().id);
  const d = useSuspenseQuery(companyQueryOptions(comId)).data;
  const viewer = useViewer();
  const follow = useQuery({ ...followStatusQueryOptions([comId]), enabled: viewer.loggedIn });
  useDocumentTitle(entityTitle(d.com_name, '公司主页'));
  const closed = d.closure;
  return (
    <div className="container entity-page">
      <EntityHead
        logo={d.logo}
        name={d.com_name}
        badge={<span className={`entity-badge${closed ? ' is-closed' : ''}`}>{d.status}</span>}
        subtitle={d.slogan}
        facts={[
          ['全称', d.full_name],
          ['成立', d.born],
          ['地区', [d.prov, d.city].filter((v, i, a) => v && a.indexOf(v) === i).join('·')],
          ['行业', [d.cat_name, d.se_cat_name].filter(Boolean).join(' - ')],
          ['融资轮次', d.round],
          ['融资总额', d.total_money ? formatWan(d.total_money) : ''],
          [
            '官网',
            d.url ? (
              <a href={d.url} target="_blank" rel="noreferrer">
                {d.url.replace(/^https?:\/\//, '')}
              </a>
            ) : (
              ''
            ),
          ],
        ]}
        actions={
          <>
            <FollowButton comId={d.com_id} name={d.com_name} followed={follow.data?.includes(d.com_id) ?? false} />
            {d.kcb && (
              <AppLink href={`/kcb/${d.kcb.m_com_id}`} className="btn btn-ghost btn-sm">
                科创板详情{d.kcb.state ? `（${d.kcb.state}）` : ''}
              </AppLink>
            )}
          </>
        }
      >
        {d.des && <p className="entity-page-lead">{d.des}</p>}
      </EntityHead>
      {closed && <ClosureBlock d={d} closure={closed} />}
      <Financing d={d} vip={viewer.isVip} />
      <EntitySection title="团队" count={d.team.length}>
        {d.team.length ? (
          <ul className="entity-tags">
            {d.team.map((m) => (
              <li key={m.person_id}>
                <AppLink href={`/person/${m.person_id}`}>
                  {m.name}
                  {m.position && ` · ${m.position}`}
                </AppLink>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState text="暂无团队信息" />
        )}
      </EntitySection>
      {d.tags.length > 0 && (
        <EntitySection title="标签">
          <ul className="entity-tags">
            {d.tags.map((t) => (
              <li key={`${t.atlas}-${t.tag_id}`}>{t.atlas ? <AppLink href={`/atlas/${t.tag_id}`}>{t.tag_name}</AppLink> : <span>{t.tag_name}</span>}</li>
            ))}
          </ul>
        </EntitySection>
      )}
      <EntitySection title="相关新闻" count={d.news.length}>
        <NewsItems rows={d.news} showCompany={false} />
      </EntitySection>
    </div>
  );
}

function ClosureBlock({ d, closure }: { d: CompanyDetail; closure: NonNullable<CompanyDetail['closure']> }) {
  return (
    <EntitySection
      title="关闭信息"
      actions={
        <AppLink href={`/deathCompany?company=${encodeURIComponent(d.com_name)}`} className="btn btn-ghost btn-sm">
          在死亡公司库中查看
        </AppLink>
      }
    >
      <dl className="entity-facts">
        <div>
          <dt>关闭时间</dt>
          <dd>{closure.close_date}</dd>
        </div>
        <div>
          <dt>存活时间</dt>
          <dd>
            {closure.born || '未知'} → {closure.close_date}（{formatSurvival(closure.survival)}）
          </dd>
        </div>
        <div>
          <dt>运营状态</dt>
          <dd>{closure.operating_status}</dd>
        </div>
        <div>
          <dt>香火</dt>
          <dd>{closure.incense_total} 炷</dd>
        </div>
      </dl>
      {closure.reasons.length > 0 && (
        <p className="entity-page-lead">
          关闭原因：
          {closure.reasons.map((r, i) => (
            <span key={r.id}>
              {i > 0 && '、'}
              <AppLink href={`/deathReason?parent_id=${r.p_id}&child_id=${r.id}`} onClick={gated}>
                {r.name}
              </AppLink>
            </span>
          ))}
        </p>
      )}
    </EntitySection>
  );
}

function Financing({ d, vip }: { d: CompanyDetail; vip: boolean }) {
  const hidden = d.count_invse_num - d.invse.length;
  return (
    <EntitySection title="融资历史" count={d.count_invse_num}>
      <EventTable rows={d.invse} showCompany={false} empty="暂无融资记录" />
      {!vip && hidden > 0 && (
        <p className="entity-page-lead">
          还有 {hidden} 条融资记录，<AppLink href={orderHref('company')}>开通VIP会员查看全部融资记录</AppLink>
        </p>
      )}
    </EntitySection>
  );
}
