import { Link } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { requireLogin } from '../../lib/gate';
import { CLOSURE_PAGES } from './closurePages';
import './closure-nav-bar.css';

/**
 * The closed-company nav bar: 首页 / 死亡原因 / 死亡赛道 / 烧钱榜 / 死亡报告. The current page's item
 * is highlighted (the router marks it active, with aria-current="page"). Every item but 首页 needs
 * login: a visitor's click opens the login dialog and does not navigate.
 */
export function ClosureNavBar() {
  const gated = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!requireLogin()) e.preventDefault();
  };
  return (
    <nav className="closure-nav" aria-label="死亡公司库导航">
      {CLOSURE_PAGES.map((page) => (
        <Link
          key={page.key}
          to={page.to}
          className="closure-nav-item"
          activeProps={{ className: 'is-active' }}
          // Any view of the page (filters, tabs in the search) is still that page.
          activeOptions={{ includeSearch: false }}
          onClick={page.loginWall ? gated : undefined}
        >
          {page.label}
        </Link>
      ))}
    </nav>
  );
}
