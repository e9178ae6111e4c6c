import * as Menu from '@radix-ui/react-dropdown-menu';
import type { Me } from '../auth/me';
import { useLogout } from '../auth/session';
import { AppLink } from '../../ui/AppLink';
import { MemberBadge } from './MemberBadge';

/** The signed-in user's menu in the header: who, membership, coin balance, user centre, download centre, upgrade, recharge, logout. */
export function UserMenu({ me }: { me: Me }) {
  const logout = useLogout();
  return (
    <Menu.Root modal={false}>
      {/* Badge and balance beside the button: its visible text is the name its label carries (axe label-content-name-mismatch). */}
      <MemberBadge isVip={me.isVip} svip={me.svip} />
      <span className="user-coins">桔子币 {me.juzibtc}</span>
      <Menu.Trigger className="user-trigger" aria-label={`用户菜单：${me.username}`}>
        <span className="avatar" aria-hidden="true" data-initial={me.username.slice(0, 1).toUpperCase()} />
        <span className="user-name">{me.username}</span>
        <span className="caret" aria-hidden="true" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={8}>
          <div className="menu-head">
            <div className="menu-user">
              <strong>{me.username}</strong>
              <MemberBadge isVip={me.isVip} svip={me.svip} />
            </div>
            <div className="menu-coins">
              桔子币 <b>{me.juzibtc}</b>
            </div>
          </div>
          <Menu.Separator className="menu-sep" />
          <Menu.Item asChild className="menu-item">
            <AppLink href="/user-center">个人中心</AppLink>
          </Menu.Item>
          <Menu.Item asChild className="menu-item">
            <AppLink href="/user-center/download#company_down">个人下载中心</AppLink>
          </Menu.Item>
          <Menu.Item asChild className="menu-item">
            <AppLink href="/order">开通会员</AppLink>
          </Menu.Item>
          <Menu.Item asChild className="menu-item">
            <AppLink href="/order#order-coins">充值桔子币</AppLink>
          </Menu.Item>
          <Menu.Separator className="menu-sep" />
          <Menu.Item className="menu-item" disabled={logout.isPending} onSelect={() => logout.mutate()}>
            退出登录
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
