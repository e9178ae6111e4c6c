import { useViewer } from '../auth/me';
import { openLogin, openMembership } from '../../lib/gate';
import './starmarket.css';

export type StarNavKey = 'home' | 'project' | 'rank' | 'disclosure';

const ITEMS: { key: StarNavKey; label: string; href: string; level: 'public' | 'login' | 'vip' }[] = [
  { key: 'home', label: '科创板首页', href: '/kcb', level: 'public' },
  { key: 'project', label: '申报/上市企业', href: '/kcb/project', level: 'login' },
  { key: 'rank', label: '排行榜', href: '/kcb/rank', level: 'login' },
  { key: 'disclosure', label: '信息披露', href: '/kcb/disclosure', level: 'vip' },
];

/**
 * The area's nav bar: links open in a new tab (spec §2); a visitor clicking a gated link gets the
 * login dialog, a non-VIP clicking the members-only link the membership prompt.
 */
export function StarNav({ active }: { active?: StarNavKey }) {
  const { loggedIn, isVip, loading } = useViewer();
  return (
    <nav className="star-nav" aria-label="科创板">
      {ITEMS.map((item) => (
        <a
          key={item.key}
          href={item.href}
          target="_blank"
          rel="noreferrer"
          className={`star-nav-link${active === item.key ? ' is-active' : ''}`}
          aria-current={active === item.key ? 'page' : undefined}
          onClick={(e) => {
            if (item.level !== 'public' && !loggedIn) {
              e.preventDefault();
              openLogin();
            } else if (item.level === 'vip' && !loading && !isVip) {
              e.preventDefault();
              openMembership('kcb');
            }
          }}
        >
          {item.label}
          {item.level === 'vip' && <span className="star-nav-vip">VIP</span>}
        </a>
      ))}
    </nav>
  );
}
