import { useSuspenseQuery } from '@tanstack/react-query';
import { AppLink } from '../../ui/AppLink';
import { MemberBadge } from '../layout/MemberBadge';
import { formatDateTime } from '#shared/dates';
import { membershipQueryOptions } from './queries/plans';
import './membership-card.css';

/** The user centre's head: membership level and expiry, coin balance, and the ways to buy more. */
export function MembershipCard() {
  const { data: m } = useSuspenseQuery(membershipQueryOptions());
  const level = m.svip ? '超级VIP会员' : m.isVip ? 'VIP会员' : '普通用户';
  return (
    <section className="member-card" aria-label="会员与余额">
      <div className="member-block">
        <h2>
          会员身份 <MemberBadge isVip={m.isVip} svip={m.svip} />
        </h2>
        <p className="member-level">{level}</p>
        <p className="member-expiry">
          {m.svip && m.svip_until ? `超级VIP ${formatDateTime(m.svip_until)} 到期` : ''}
          {m.svip && m.vip_until && m.vip_until !== m.svip_until ? `；VIP ${formatDateTime(m.vip_until)} 到期` : ''}
          {!m.svip && m.isVip && m.vip_until ? `${formatDateTime(m.vip_until)} 到期` : ''}
          {!m.isVip ? '开通会员可不限页数浏览、订阅每日动态等' : ''}
        </p>
        <AppLink className="btn btn-primary btn-sm" href="/order?from=user-center">
          {m.isVip ? '续费会员' : '开通会员'}
        </AppLink>
      </div>
      <div className="member-block">
        <h2>桔子币余额</h2>
        <p className="member-coins">
          <b>{m.juzibtc}</b> 桔子币
        </p>
        <p className="member-expiry">用于上香与导出数据</p>
        <AppLink className="btn btn-ghost btn-sm" href="/order?from=user-center#order-coins">
          充值桔子币
        </AppLink>
      </div>
    </section>
  );
}
