import type { MouseEvent } from 'react';
import { requireLogin } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import './closure-widgets.css';

/** The pages of the closed-company area, in the nav bar's order. */
export const CLOSURE_NAV = [
  { key: 'home', label: '首页', href: '/deathCompany' },
  { key: 'reason', label: '死亡原因', href: '/deathReason' },
  { key: 'track', label: '死亡赛道', href: '/deathTrack' },
  { key: 'rank', label: '烧钱榜', href: '/deathRank' },
  { key: 'report', label: '死亡报告', href: '/deathReport' },
] as const;

export type ClosureNavKey = (typeof CLOSURE_NAV)[number]['key'];

export interface ClosureNavBarProps {
  /** The page this bar sits on; its item is highlighted and marked aria-current. */
  active: ClosureNavKey;
}

/**
 * The closed-company nav bar: 首页 / 死亡原因 / 死亡赛道 / 烧钱榜 / 死亡报告. Everything but 首页
 * needs login: a visitor's click opens the login dialog and does not navigate.
 */
export function ClosureNavBar({ active }: ClosureNavBarProps) {
  const gated = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!requireLogin()) e.preventDefault();
  };
  return (
    <nav className="closure-nav" aria-label="死亡公司库导航">
      {CLOSURE_NAV.map((item) => (
        <AppLink
          key={item.key}
          href={item.href}
          className={`closure-nav-item${item.key === active ? ' is-active' : ''}`}
          aria-current={item.key === active ? 'page' : undefined}
          onClick={item.key === 'home' ? undefined : gated}
        >
          {item.label}
        </AppLink>
      ))}
    </nav>
  );
}
