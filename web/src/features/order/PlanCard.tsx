import type { Plan } from './queries/plans';
import './plan-card.css';

/** One plan of /order: name, price in yuan, what it grants, and the buy button. */
export function PlanCard({ plan, busy, onBuy }: { plan: Plan; busy: boolean; onBuy: (plan: Plan) => void }) {
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
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => onBuy(plan)}>
        {busy ? '正在下单…' : member ? '立即开通' : '立即充值'}
      </button>
    </article>
  );
}
