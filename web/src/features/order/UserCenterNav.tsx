import { Link } from '@tanstack/react-router';
import './user-center-nav.css';

const ITEMS = [
  { to: '/user-center', label: '会员与桔子币' },
  { to: '/user-center/orders', label: '我的订单' },
  { to: '/user-center/download', label: '下载中心', hash: 'company_down' },
  { to: '/user-center/follows', label: '我的关注' },
  { to: '/user-center/watchlists', label: '我的订阅' },
  { to: '/user-center/api', label: 'API 密钥' },
] as const;

/** The user centre's sections, above each of its pages. */
export function UserCenterNav() {
  return (
    <nav className="uc-nav container" aria-label="个人中心">
      <span className="uc-nav-title">个人中心</span>
      {ITEMS.map((i) => (
        <Link key={i.to} to={i.to} hash={'hash' in i ? i.hash : undefined} className="uc-nav-item" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
          {i.label}
        </Link>
      ))}
    </nav>
  );
}
