import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type MouseEvent } from 'react';
import { requireLogin } from '../../lib/gate';
import { useScrollCue } from '../../lib/useScrollCue';
import { CLOSURE_PAGES } from './closurePages';
import './closure-nav-bar.css';

/**
 * The closed-company nav bar: 首页 / 死亡原因 / 死亡赛道 / 烧钱榜 / 死亡报告. The current page's item
 * is highlighted (the router marks it active, with aria-current="page"). Every item but 首页 needs
 * login: a visitor's click opens the login dialog and does not navigate.
 * On a phone the row scrolls sideways: a fade and an arrow mark the end that hides items, and the
 * current page's item is scrolled into view.
 */
export function ClosureNavBar() {
  const gated = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!requireLogin()) e.preventDefault();
  };
  const row = useRef<HTMLElement>(null);
  const cue = useScrollCue(row);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Only a row that overflows (a phone; the cue says so once it has been laid out) can hide the
  // current item: measuring it on every page load would make the browser lay out the page inside
  // this script (a forced reflow of the whole page).
  const overflows = cue.before || cue.after;
  useEffect(() => {
    const el = row.current;
    const active = overflows ? el?.querySelector<HTMLElement>('[aria-current="page"]') : null;
    if (el && active && (active.offsetLeft < el.scrollLeft || active.offsetLeft + active.offsetWidth > el.scrollLeft + el.clientWidth)) {
      el.scrollLeft = active.offsetLeft - 16;
    }
  }, [pathname, overflows]);
  return (
    <div className={`closure-nav-frame${cue.before ? ' has-before' : ''}${cue.after ? ' has-after' : ''}`}>
      <nav ref={row} className="closure-nav" aria-label="死亡公司库导航">
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
      {/* Decorative: the items past the edge are links, reached by Tab and read out like the rest. */}
      <span className="closure-nav-cue is-before" aria-hidden="true">
        ‹
      </span>
      <span className="closure-nav-cue is-after" aria-hidden="true">
        ›
      </span>
    </div>
  );
}
