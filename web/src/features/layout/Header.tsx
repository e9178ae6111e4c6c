import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { openLogin } from '../../lib/gate';
import { site } from '../../lib/site';
import { AppLink } from '../../ui/AppLink';
import { SkipLink } from '../../ui/SkipLink';
import { useViewer } from '../auth/me';
import { SearchBox } from '../search/SearchBox';
import { AREAS, areaOf } from './areas';
import { MemberBadge } from './MemberBadge';
import { lazyChunk } from '../../lib/staleBuild';

// The dropdown (Radix menu + floating-ui, ~15 KB gzip) loads when a signed-in header first draws, not in
// every visitor's first load; until then the same badge, balance and name hold its place.
const UserMenu = lazy(lazyChunk(() => import('./UserMenu').then((m) => ({ default: m.UserMenu }))));

/** The top bar: brand, the product's areas, and login or the user menu. Collapses to a menu button on phones. */
export function Header() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = areaOf(pathname)?.key;
  const [navOpen, setNavOpen] = useState(false);
  useEffect(() => setNavOpen(false), [pathname]);

  return (
    <header className="site-header">
      <SkipLink />
      <div className="header-inner">
        <Link to="/" className="brand" title={`${site.name}首页`}>
          <span className="brand-mark" aria-hidden="true">
            桔
          </span>
          <span className="brand-name">{site.name}</span>
        </Link>
        <button
          type="button"
          className="nav-toggle"
          aria-label={navOpen ? '收起导航' : '展开导航'}
          aria-expanded={navOpen}
          aria-controls="site-nav"
          onClick={() => setNavOpen(!navOpen)}
        >
          <span aria-hidden="true" />
        </button>
        <nav id="site-nav" className={`site-nav${navOpen ? ' is-open' : ''}`} aria-label="产品导航">
          {AREAS.map((a) => (
            <AppLink key={a.key} href={a.href} className={`nav-link${a.key === active ? ' is-active' : ''}`} aria-current={a.key === active ? 'page' : undefined}>
              {a.label}
            </AppLink>
          ))}
        </nav>
        <SearchBox />
        <div className="header-user">
          <Account />
        </div>
      </div>
    </header>
  );
}

function Account() {
  const viewer = useViewer();
  if (viewer.me)
    return (
      <Suspense
        fallback={
          <>
            <MemberBadge isVip={viewer.me.isVip} svip={viewer.me.svip} />
            <span className="user-coins">桔子币 {viewer.me.juzibtc}</span>
            {/* Not yet a button: tests and assistive tech find the real menu button once it has loaded. */}
            <span className="user-trigger" aria-hidden="true">
              <span className="avatar" data-initial={viewer.me.username.slice(0, 1).toUpperCase()} />
              <span className="user-name">{viewer.me.username}</span>
              <span className="caret" />
            </span>
          </>
        }
      >
        <UserMenu me={viewer.me} />
      </Suspense>
    );
  if (viewer.loading) return <span className="user-pending" role="status" aria-label="正在获取用户信息" />;
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => openLogin()}>
      登录
    </button>
  );
}
