import type { MouseEvent } from 'react';
import { requireLogin } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import './news-policy-items.css';

export interface PolicyItem {
  id: number;
  title: string;
  reference_number: string;
  region: string;
  scope: string;
  put_time: string;
}

/** A policy opens for logged-in users only (spec §2): a visitor's click opens the login dialog. */
const gated = (e: MouseEvent<HTMLAnchorElement>) => {
  if (!requireLogin()) e.preventDefault();
};

/** Policy and rule rows: title (link to /policy/{id}), reference number, scope and date. */
export function PolicyItems({ rows }: { rows: PolicyItem[] }) {
  if (!rows.length) return <EmptyState text="暂无政策法规" />;
  return (
    <ul className="policy-items">
      {rows.map((p) => (
        <li key={p.id}>
          <AppLink href={`/policy/${p.id}`} onClick={gated} className="policy-items-title">
            {p.title}
          </AppLink>
          <p className="policy-items-meta">
            {p.reference_number && <span>{p.reference_number}</span>}
            {(p.region || p.scope) && <span>{p.region || p.scope}</span>}
            <time>{p.put_time}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
