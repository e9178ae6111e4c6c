import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { LogoBadge } from '../../ui/LogoBadge';
import type { RankedFirm } from './queries/rankings';
import './firm-rank-list.css';
import './rank-no.css';

/**
 * 机构TOP100: firms (/investfirm/{id}) with their representative closed-company cases
 * (/company/{id}) and the number of closed companies they invested in.
 */
export function FirmRankList({ firms }: { firms: readonly RankedFirm[] }) {
  if (firms.length === 0) return <EmptyState />;
  return (
    <ol className="firm-rank">
      {firms.map((f, i) => (
        <li key={f.invst_id} className="firm-row">
          <span className={`rank-no${i < 3 ? ' is-top' : ''}`}>{f.rank}</span>
          <AppLink href={`/investfirm/${f.invst_id}`} className="firm-name">
            <LogoBadge src={f.invst_logo} name={f.invst_name} size={40} />
            <span>{f.invst_name}</span>
          </AppLink>
          <div className="firm-cases">
            <span className="firm-cases-label">死亡案例：</span>
            {f.com.length === 0
              ? '-'
              : f.com.map((c) => (
                  <AppLink key={c.com_id} href={`/company/${c.com_id}`} className="firm-case">
                    {c.com_name}
                  </AppLink>
                ))}
          </div>
          <span className="firm-count">
            死亡案例 <b>{f.closed_count}</b> 家 · 投资事件 <b>{f.count}</b> 起
          </span>
        </li>
      ))}
    </ol>
  );
}
