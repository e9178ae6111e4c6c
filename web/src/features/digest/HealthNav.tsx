import { Link } from '@tanstack/react-router';
import './health-nav.css';

/** The healthcare area's nav links (spec: /health and /health-subscription). */
export function HealthNav({ current }: { current: 'health' | 'subscription' }) {
  return (
    <nav className="health-nav" aria-label="医疗健康">
      <a href="/health" className={current === 'health' ? 'is-active' : undefined} aria-current={current === 'health' ? 'page' : undefined}>
        医疗健康首页
      </a>
      <Link to="/health-subscription" className={current === 'subscription' ? 'is-active' : undefined} aria-current={current === 'subscription' ? 'page' : undefined}>
        动态订阅
      </Link>
    </nav>
  );
}
