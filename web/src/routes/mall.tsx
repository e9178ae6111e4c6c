import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { INCENSE_OPTIONS } from '../features/closure/IncenseDialog';
import { entityTitle } from '../features/entity/entityTitle';
import { LoadFailed } from '../features/order/LoadFailed';
import { plansQueryOptions, type Plan } from '../features/order/queries/plans';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { AppLink } from '../ui/AppLink';
import { RoutePending } from '../ui/RoutePending';
import { ROWS_PER_COIN } from '../../../worker/src/exports/price';
import '../features/entity/entity-page.css';
import '../features/entity/entity-section.css';
import '../features/entity/mall.css';

export const Route = createFileRoute('/mall')({
  loader: ({ context }) => context.queryClient.ensureQueryData(plansQueryOptions()),
  pendingComponent: RoutePending,
  errorComponent: LoadFailed,
  component: MallPage,
});

/** /mall (footer link): the shop of coin packs and membership plans; buying goes through /order. */
function MallPage() {
  useDocumentTitle(entityTitle('桔子商城'));
  const { plans } = useSuspenseQuery(plansQueryOptions()).data;
  const coins = plans.filter((p) => p.kind === 'coins');
  const members = plans.filter((p) => p.kind !== 'coins');
  return (
    <div className="container entity-page">
      <header className="entity-section mall-hero">
        <h1 className="entity-page-title">桔子商城</h1>
        <p className="entity-page-lead">桔子币用于导出数据和上香；会员解锁全部页数、会员专属标签与更低的导出价格。下单与支付在会员中心完成。</p>
      </header>
      <section className="entity-section" aria-label="桔子币">
        <h2>桔子币</h2>
        <ul className="mall-uses">
          <li>导出数据：普通用户每 {ROWS_PER_COIN.user} 行 1 桔子币，VIP 会员每 {ROWS_PER_COIN.vip} 行 1 桔子币，超级VIP 免费</li>
          <li>为死亡公司或关闭原因上香：1 桔子币 1 炷（可选 {INCENSE_OPTIONS.join('、')} 炷或自定义数量）</li>
        </ul>
        <div className="mall-grid">
          {coins.map((p) => (
            <MallCard key={p.id} plan={p} />
          ))}
        </div>
      </section>
      <section className="entity-section" aria-label="会员">
        <h2>会员</h2>
        <div className="mall-grid">
          {members.map((p) => (
            <MallCard key={p.id} plan={p} />
          ))}
        </div>
      </section>
    </div>
  );
}

function MallCard({ plan }: { plan: Plan }) {
  return (
    <article className={`mall-card is-${plan.kind}`}>
      {plan.tag && <span className="mall-tag">{plan.tag}</span>}
      <h3>{plan.name}</h3>
      <p className="mall-price">
        ¥<strong>{plan.price_yuan}</strong>
      </p>
      <p className="mall-grants">{plan.grants}</p>
      {plan.benefits.length > 0 && (
        <ul className="mall-benefits">
          {plan.benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
      <AppLink href="/order?from=mall" className="btn btn-primary btn-block">
        {plan.kind === 'coins' ? '去充值' : '去开通'}
      </AppLink>
    </article>
  );
}
