import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { newIntentKey } from '../../lib/api';
import { openLogin, useGateDialog } from '../../lib/gate';
import { useViewer } from '../auth/me';
import { formatDateTime } from './dateTime';
import { PlanCard } from './PlanCard';
import { createOrder } from './queries/orders';
import { membershipQueryOptions, plansQueryOptions, type Plan } from './queries/plans';
import './order-plans.css';

/**
 * /order: membership plans and coin packs side by side. Buying creates an order (one
 * Idempotency-Key per plan intent, kept across retries) and goes to the provider's cashier; a
 * visitor logs in first and the purchase then continues by itself.
 */
export function OrderPlans({ from }: { from?: string }) {
  const { data } = useSuspenseQuery(plansQueryOptions());
  const viewer = useViewer();
  const router = useRouter();
  const dialog = useGateDialog();
  const keys = useRef(new Map<string, string>());
  const [waiting, setWaiting] = useState<Plan | null>(null);

  const buy = useMutation({
    mutationFn: (plan: Plan) => {
      let key = keys.current.get(plan.id);
      if (!key) keys.current.set(plan.id, (key = newIntentKey()));
      return createOrder(plan.id, from, key);
    },
    onSuccess: (order, plan) => {
      keys.current.delete(plan.id);
      if (order.pay_url) void router.navigate({ href: order.pay_url });
    },
  });

  const start = (plan: Plan) => {
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
  return (
    <div className="container order-page">
      <header className="order-head">
        <h1>开通会员 · 充值桔子币</h1>
        {viewer.loggedIn ? <CurrentRights /> : <p className="order-sub">登录后即可购买，支付成功后权益立即生效。</p>}
        {from && <p className="order-back">支付完成后将自动返回您刚才浏览的页面。</p>}
      </header>
      <section className="order-section" aria-labelledby="order-members">
        <h2 id="order-members">会员套餐</h2>
        <div className="order-grid">
          {members.map((p) => (
            <PlanCard key={p.id} plan={p} busy={busyId === p.id} onBuy={start} />
          ))}
        </div>
      </section>
      <section className="order-section" aria-labelledby="order-coins">
        <h2 id="order-coins">桔子币充值</h2>
        <p className="order-note">桔子币用于上香与导出数据；1 桔子币 = 1 炷香。</p>
        <div className="order-grid order-grid-coins">
          {coins.map((p) => (
            <PlanCard key={p.id} plan={p} busy={busyId === p.id} onBuy={start} />
          ))}
        </div>
      </section>
      <p className="order-note">未支付的订单 {data.order_ttl_minutes} 分钟后自动关闭。会员按天计算，已是会员时从当前到期日顺延；超级VIP包含全部VIP权益。</p>
    </div>
  );
}

function CurrentRights() {
  const m = useQuery(membershipQueryOptions());
  if (!m.data) return <p className="order-sub">&nbsp;</p>;
  const { svip, isVip, vip_until, svip_until, juzibtc } = m.data;
  const level = svip ? `超级VIP，${formatDateTime(svip_until)} 到期` : isVip ? `VIP会员，${formatDateTime(vip_until)} 到期` : '普通用户';
  return (
    <p className="order-sub">
      当前身份：<b>{level}</b>；桔子币余额 <b>{juzibtc}</b>
    </p>
  );
}
