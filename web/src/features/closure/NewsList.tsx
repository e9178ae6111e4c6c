import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { LogoBadge } from '../../ui/LogoBadge';
import { MetaLine } from '../../ui/MetaLine';
import type { NewsItem } from './queries/news';
import './news-list.css';

/**
 * Rows of the closed-company news list (spec §2 "Closed-company news list"): logo, title (opens the
 * article in a new tab), company (/company/{id}), industry, province, time and source.
 */
export function NewsList({ items }: { items: readonly NewsItem[] }) {
  if (items.length === 0) return <EmptyState />;
  return (
    <ul className="news-list">
      {items.map((n) => (
        <li key={n.id} className="news-row">
          <LogoBadge src={n.logo} name={n.com_name || n.title} size={44} />
          <div className="news-body">
            <a className="news-title" href={n.url} target="_blank" rel="noopener noreferrer">
              {n.title}
            </a>
            <MetaLine className="news-meta">
              {n.com_id > 0 && n.com_name ? (
                <AppLink href={`/company/${n.com_id}`} className="news-company">
                  {n.com_name}
                </AppLink>
              ) : (
                n.com_name && <span>{n.com_name}</span>
              )}
              {n.cat_name && <span>{n.cat_name}</span>}
              {n.com_prov && <span>{n.com_prov}</span>}
              <span>{n.time}</span>
              {(n.source || n.main_url) && <span className="news-source">来源：{n.source || hostOf(n.main_url)}</span>}
            </MetaLine>
          </div>
        </li>
      ))}
    </ul>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
