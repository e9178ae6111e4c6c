import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
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
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the row scrolls sideways: bring the current section into view.
  useEffect(() => {
    const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = nav.current;
    if (current && row && row.scrollWidth > row.clientWidth) row.scrollLeft = current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav ref={nav} className="uc-nav container" aria-label="个人中心">
      <span className="uc-nav-title">个人中心</span>
      {ITEMS.map((i) => (
        <Link key={i.to} to={i.to} hash={'hash' in i ? i.hash : undefined} className="uc-nav-item" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page' }}>
          {i.label}
        </Link>
      ))}
    </nav>
  );
}
