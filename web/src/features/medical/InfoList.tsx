import type { InfoTab } from '../../../../worker/src/medical/constants';
import { roundAmount } from '#shared/amounts';
import { formatYmd, formatYmdParts } from '#shared/dates';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { LogoBadge } from '../../ui/LogoBadge';
import { companyHref, eventHref, firmHref, policyHref } from './healthLinks';
import type { EventItem, NewsItem, PolicyItem } from './queries/info';
import './info-list.css';

export type InfoRows = { type: 'policy'; data: PolicyItem[] } | { type: 'news'; data: NewsItem[] } | { type: 'event'; data: EventItem[] };

/** The amount of a round: the money in 万/亿元, or the disclosed wording when no figure is known. */
export const eventMoney = (money: number, guess: string) => roundAmount(money, guess);

/**
 * Rows of an information tab: policies (title, date; linked to /policy/{id} for signed-in users),
 * news (title linking to the article, company, date), financing events (company, round, amount,
 * investors, date).
 */
export function InfoList({ rows, signedIn }: { rows: InfoRows; signedIn: boolean; tab?: InfoTab }) {
  if (rows.data.length === 0) return <EmptyState />;
  if (rows.type === 'policy') {
    return (
      <ul className="info-list">
        {rows.data.map((p) => (
          <li key={p.id} className="info-row">
            <span className="info-title">{signedIn ? <AppLink href={policyHref(p.id)}>{p.title}</AppLink> : p.title}</span>
            {p.reference_number && <span className="info-meta">{p.reference_number}</span>}
            <time className="info-time">{formatYmd(p.put_time)}</time>
          </li>
        ))}
      </ul>
    );
  }
  if (rows.type === 'news') {
    return (
      <ul className="info-list">
        {rows.data.map((n) => (
          <li key={n.id} className="info-row">
            <a className="info-title" href={n.url} target="_blank" rel="noopener noreferrer">
              {n.title}
            </a>
            {n.com_id > 0 && (
              <AppLink className="info-meta" href={companyHref(n.com_id)}>
                {n.com_name}
              </AppLink>
            )}
            <time className="info-time">{formatYmdParts(n.year, n.month, n.day)}</time>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="info-list">
      {rows.data.map((e) => (
        <li key={e.id} className="info-row info-event">
          <LogoBadge src={e.logo} name={e.com_name} size={36} />
          <div className="info-event-main">
            <div>
              <AppLink className="info-company" href={companyHref(e.com_id)}>
                {e.com_name}
              </AppLink>
              <span className="info-round">{e.round}</span>
              <AppLink className="info-money" href={eventHref(e.id)}>
                {eventMoney(e.money, e.guess_money)}
              </AppLink>
            </div>
            <div className="info-investors">
              {e.invst.length === 0
                ? '投资方未透露'
                : e.invst.map((i, k) => (
                    <span key={`${i.id}-${k}`}>
                      {k > 0 && '、'}
                      {i.type === 'invst' && i.id > 0 ? <AppLink href={firmHref(i.id)}>{i.name}</AppLink> : i.name}
                    </span>
                  ))}
            </div>
          </div>
          <time className="info-time">{formatYmd(e.time)}</time>
        </li>
      ))}
    </ul>
  );
}
