import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { newIntentKey } from '../../lib/api';
import { openLogin, useGateDialog } from '../../lib/gate';
import { useViewer } from '../auth/me';
import { formatDateTime } from '#shared/dates';
import { PlanCard } from './PlanCard';
import { createOrder, type ProviderName } from './queries/orders';
import { membershipQueryOptions, plansQueryOptions, type Plan } from './queries/plans';
import './order-plans.css';

/** The message where the deployment has no payment provider: the plans are shown, nothing can be bought. */
export const NO_PAYMENT_MSG = '暂未开通在线支付';

/**
 * /order: membership plans and coin packs side by side. Buying creates an order (one
 * Idempotency-Key per plan intent, kept across retries) and goes to the provider's cashier; a
 * visitor logs in first and the purchase then continues by itself.
 */
export function OrderPlans({ from, returnTo }: { from?: string; returnTo?: string }) {
  const { data } = useSuspenseQuery(plansQueryOptions());
  const viewer = useViewer();
  const providers = data.providers;
  const [chosen, setChosen] = useState<ProviderName | undefined>(undefined);
  const provider = providers.find((p) => p.name === chosen)?.name ?? providers[0]?.name;
  const membership = useQuery({ ...membershipQueryOptions(), enabled: viewer.loggedIn });
  const router = useRouter();
  const dialog = useGateDialog();
  const keys = useRef(new Map<string, string>());
  const [waiting, setWaiting] = useState<Plan | null>(null);

  const buy = useMutation({
    mutationFn: (plan: Plan) => {
      let key = keys.current.get(plan.id);
      if (!key) keys.current.set(plan.id, (key = newIntentKey()));
      return createOrder({ planId: plan.id, from, returnTo, provider }, key);
    },
    onSuccess: (order, plan) => {
      keys.current.delete(plan.id);
      if (!order.pay_url) return;
      // The provider's own cashier (Alipay, WeChat H5) is another site; the sandbox and the code to scan are pages of ours.
      if (/^https?:\/\//.test(order.pay_url)) window.location.assign(order.pay_url);
      else void router.navigate({ href: order.pay_url });
    },
  });

  const start = (plan: Plan) => {
    if (!provider) return;
    if (!viewer.loggedIn) {
      setWaiting(plan);
      openLogin('登录后继续购买');
      return;
    }
    buy.mutate(plan);
  };

  // The visitor logged in: continue the purchase they chose; closing the dialog instead drops it.
  useEffect(() => {
    if (!waiting) return;
    if (viewer.loggedIn) {
      setWaiting(null);
      buy.mutate(waiting);
    } else if (!dialog) setWaiting(null);
  }, [viewer.loggedIn, waiting, dialog, buy]);

  const members = data.plans.filter((p) => p.kind !== 'coins');
  const coins = data.plans.filter((p) => p.kind === 'coins');
  const busyId = buy.isPending ? buy.variables?.id : undefined;
  const card = (p: Plan) => (
    <PlanCard key={p.id} plan={p} busy={busyId === p.id} onBuy={provider ? start : undefined} after={provider ? membership.data?.after[p.id] : undefined} />
  );
  return (
    <div className="container order-page">
      <header className="order-head">
        <h1>开通会员 · 充值桔子币</h1>
        {viewer.loggedIn ? <CurrentRights /> : <p className="order-sub">登录后即可购买，支付成功后权益立即生效。</p>}
        {(from || returnTo) && provider && <p className="order-back">支付完成后将自动返回您刚才浏览的页面。</p>}
      </header>
      {providers.length === 0 ? (
        <p className="order-closed" role="status">
          {NO_PAYMENT_MSG}，以下为会员与桔子币价格，开通后即可购买。
        </p>
      ) : (
        providers.length > 1 && (
          <fieldset className="order-providers">
            <legend>支付方式</legend>
            {providers.map((p) => (
              <label key={p.name} className={p.name === provider ? 'is-chosen' : undefined}>
                <input type="radio" name="provider" value={p.name} checked={p.name === provider} onChange={() => setChosen(p.name)} />
                {p.label}
              </label>
            ))}
          </fieldset>
        )
      )}
      <section className="order-section" aria-labelledby="order-members">
        <h2 id="order-members">会员套餐</h2>
        <div className="order-grid">
          {members.map(card)}
        </div>
      </section>
      <section className="order-section" aria-labelledby="order-coins">
        <h2 id="order-coins">桔子币充值</h2>
        <p className="order-note">桔子币用于上香与导出数据；1 桔子币 = 1 炷香。</p>
        <div className="order-grid order-grid-coins">
          {coins.map(card)}
        </div>
      </section>
      <p className="order-note">
        未支付的订单 {data.order_ttl_minutes} 分钟后自动关闭。会员按天计算，已是会员时从当前到期日顺延；超级VIP包含全部VIP权益，开通时剩余的VIP天数在超级VIP到期后继续有效。
      </p>
    </div>
  );
}

function CurrentRights() {
  const m = useQuery(membershipQueryOptions());
  // VIP days that resume after super-VIP are part of the answer: say when.
  if (!m.data) return <p className="order-sub">&nbsp;</p>;
  const { svip, isVip, vip_until, svip_until, juzibtc } = m.data;
  const level = svip
    ? `超级VIP，${formatDateTime(svip_until)} 到期${vip_until && svip_until && vip_until > svip_until ? `；VIP会员 ${formatDateTime(vip_until)} 到期` : ''}`
    : isVip
      ? `VIP会员，${formatDateTime(vip_until)} 到期`
      : '普通用户';
  return (
    <p className="order-sub">
      当前身份：<b>{level}</b>；桔子币余额 <b>{juzibtc}</b>
    </p>
  );
}
