import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { INVESTOR_ASSETS_YUAN } from '../../../../worker/src/starmarket/constants';
import { useViewer } from '../../features/auth/me';
import { homeQueryOptions } from '../../features/starmarket/queries/starmarket';
import { formatCount, formatWan } from '../../lib/format';
import { requireLogin } from '../../lib/gate';
import { EmptyState } from '../../ui/EmptyState';
import { RouteError } from '../../ui/RouteError';
import { RoutePending } from '../../ui/RoutePending';

export const Route = createFileRoute('/kcb/')({
  // The home data is public: the loader has it before the page shows (as the closed-company pages do).
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(homeQueryOptions()),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: KcbHome,
});

const KNOWLEDGE = [
  {
    q: '什么是科创板？',
    a: '科创板是上海证券交易所设立的独立板块，面向符合国家战略、突破关键核心技术、市场认可度高的科技创新企业，试点注册制。',
  },
  {
    q: '个人投资者参与科创板需要什么条件？',
    a: `申请权限开通前20个交易日证券账户及资金账户内的资产日均不低于人民币${INVESTOR_ASSETS_YUAN / 10000}万元（${formatCount(INVESTOR_ASSETS_YUAN)}元），并参与证券交易24个月以上。`,
  },
  {
    q: '科创板上市审核流程是怎样的？',
    a: '依次经过受理、问询、上市委会议、提交注册、注册生效和发行上市；审核过程中可能中止或终止。',
  },
];

/** Spec §2 "STAR-market home": applications, listing dynamics, business rules and the knowledge window. */
function KcbHome() {
  const home = useSuspenseQuery(homeQueryOptions());
  const { loggedIn } = useViewer();
  const navigate = useNavigate();
  const more = (hash?: string) => requireLogin(() => void navigate({ to: '/kcb/project', search: hash ? { type: 'shangshi' } : {}, hash }));
  return (
    <>
      <h1>科创板数据库</h1>
      <div className="kcb-grid">
          <section className="star-card" aria-label="申报动态">
            <h2>
              申报动态
              <button type="button" className="link-btn" onClick={() => more()}>
                查看更多 →
              </button>
            </h2>
            {home.data.com.length ? (
              <ul className="kcb-list">
                {home.data.com.map((r) => (
                  <li key={r.m_com_id}>
                    <span>{r.com_name}</span>
                    <span className="muted">{r.state_sub_name}</span>
                    <time>{r.acceptance_time}</time>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState />
            )}
          </section>
          <section className="star-card" aria-label="上市动态">
            <h2>
              上市动态
              <button type="button" className="link-btn" onClick={() => more('shangshi')}>
                查看更多 →
              </button>
            </h2>
            {home.data.listed.length ? (
              <ul className="kcb-list">
                {home.data.listed.map((r) => (
                  <li key={r.m_com_id}>
                    <span>{r.com_name}</span>
                    <span className="muted">开盘市值 {formatWan(r.count_money)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState />
            )}
          </section>
          <section className="star-card" aria-label="业务规则">
            <h2>
              业务规则
              {loggedIn && (
                <a href="/policy?region=科创板" target="_blank" rel="noreferrer">
                  更多 →
                </a>
              )}
            </h2>
            {home.data.rule.length ? (
              <ul className="kcb-list">
                {home.data.rule.map((r) => (
                  <li key={r.id}>
                    {loggedIn ? (
                      <a href={`/policy/${r.id}`} target="_blank" rel="noreferrer">
                        {r.title}
                      </a>
                    ) : (
                      <span>{r.title}</span>
                    )}
                    <time>{r.put_time}</time>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState />
            )}
          </section>
          <section className="star-card knowledge" aria-label="知识窗口">
            <h2>知识窗口</h2>
            {KNOWLEDGE.map((k, i) => (
              <details key={k.q} open={i === 0}>
                <summary>{k.q}</summary>
                <p>{k.a}</p>
              </details>
            ))}
          </section>
      </div>
    </>
  );
}
