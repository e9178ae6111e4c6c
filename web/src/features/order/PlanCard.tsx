import { formatDateTime } from '#shared/dates';
import type { Plan } from './queries/plans';
import './plan-card.css';

interface After {
  vip_until: number | null;
  svip_until: number | null;
}

/**
 * One plan of /order: name, price in yuan, what it grants, the expiry it leads to for a signed-in
 * member (before paying), and the buy button; without `onBuy` (no payment provider) no button.
 */
export function PlanCard({ plan, busy, onBuy, after }: { plan: Plan; busy: boolean; onBuy?: (plan: Plan) => void; after?: After }) {
  const member = plan.kind !== 'coins';
  return (
    <article className={`plan-card plan-${plan.kind}`} aria-label={plan.name}>
      {plan.tag && <span className="plan-tag">{plan.tag}</span>}
      <h3 className="plan-name">{plan.name}</h3>
      <p className="plan-price">
        <span className="plan-currency">¥</span>
        <b>{plan.price_yuan}</b>
      </p>
      <p className="plan-grants">{plan.grants}</p>
      <ul className="plan-benefits">
        {plan.benefits.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      {after && (
        <p className="plan-after">
          {plan.kind === 'svip' ? (
            <>
              开通后超级VIP至 <b>{formatDateTime(after.svip_until)}</b>
              {after.vip_until && after.svip_until && after.vip_until > after.svip_until && (
                <>
                  ，VIP会员至 <b>{formatDateTime(after.vip_until)}</b>
                </>
              )}
            </>
          ) : (
            <>
              开通后VIP会员至 <b>{formatDateTime(after.vip_until)}</b>
            </>
          )}
        </p>
      )}
      {onBuy ? (
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => onBuy(plan)}>
          {busy ? '正在下单…' : member ? '立即开通' : '立即充值'}
        </button>
      ) : (
        <p className="plan-closed">暂未开通在线支付</p>
      )}
    </article>
  );
}
