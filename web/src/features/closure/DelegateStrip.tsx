import { useQuery } from '@tanstack/react-query';
import { AppLink } from '../../ui/AppLink';
import { Loading } from '../../ui/Loading';
import { LogoBadge } from '../../ui/LogoBadge';
import { reasonDelegatesQueryOptions } from './queries/reasons';
import './delegate-strip.css';

/** 代表项目: the reason's companies that burned the most, as logos linking to /company/{com_id}. */
export function DelegateStrip({ typeId }: { typeId: number }) {
  const q = useQuery(reasonDelegatesQueryOptions(typeId));
  return (
    <section className="delegate-strip" aria-label="代表项目">
      <h3 className="delegate-title">代表项目</h3>
      {q.isPending ? (
        <Loading inline />
      ) : !q.data || q.data.length === 0 ? (
        <p className="delegate-empty">暂无代表项目</p>
      ) : (
        <ul className="delegate-list">
          {q.data.map((d) => (
            <li key={d.com_id}>
              <AppLink href={`/company/${d.com_id}`} className="delegate-item" title={d.com_name}>
                <LogoBadge src={d.logo} name={d.com_name} size={48} />
                <span>{d.com_name}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
