import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { LogoBadge } from '../../ui/LogoBadge';
import type { NewsRow } from './queries/entity';
import './news-policy-items.css';

/** News rows: logo, title (the article, in a new tab), company link, region, source and date. */
export function NewsItems({ rows, showCompany = true }: { rows: NewsRow[]; showCompany?: boolean }) {
  if (!rows.length) return <EmptyState text="暂无新闻" />;
  return (
    <ul className="news-items">
      {rows.map((n) => (
        <li key={n.id}>
          {showCompany && <LogoBadge src={n.logo} name={n.com_name || n.title} size={40} />}
          <div className="news-items-main">
            <a href={n.url} target="_blank" rel="noreferrer" className="news-items-title">
              {n.title}
            </a>
            <p className="news-items-meta">
              {showCompany && n.com_id > 0 && <AppLink href={`/company/${n.com_id}`}>{n.com_name}</AppLink>}
              {n.scope && <span>{n.scope}</span>}
              {n.prov && <span>{n.prov}</span>}
              {n.source && <span>{n.source}</span>}
              <time>{n.time}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
