import { formatWan } from '../../lib/format';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { LogoBadge } from '../../ui/LogoBadge';
import { InvestorLinks } from './InvestorLinks';
import type { EventRow } from './queries/entity';
import './event-table.css';

/** The amount as announced ('数千万人民币'), or the figure in 万/亿 when only that is known. */
export const eventMoney = (e: Pick<EventRow, 'money' | 'guess_money'>) => (e.guess_money && e.guess_money !== '未透露' ? e.guess_money : e.money ? formatWan(e.money) : '未透露');

/**
 * Financing events as a table (cards on phones): date, company (unless the page is the company's),
 * round, amount, investors with links, and the event's detail link.
 */
export function EventTable({ rows, showCompany = true, empty = '暂无融资事件' }: { rows: EventRow[]; showCompany?: boolean; empty?: string }) {
  if (!rows.length) return <EmptyState text={empty} />;
  return (
    <table className="event-table">
      <thead>
        <tr>
          <th>日期</th>
          {showCompany && <th>公司</th>}
          <th>轮次</th>
          <th>金额</th>
          <th>投资方</th>
          <th>
            <span className="visually-hidden">详情</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((e) => (
          <tr key={e.id}>
            <td data-label="日期">{e.time}</td>
            {showCompany && (
              <td data-label="公司">
                <AppLink href={`/company/${e.com_id}`} className="event-company">
                  <LogoBadge src={e.logo} name={e.com_name} size={28} />
                  <span>{e.com_name}</span>
                </AppLink>
              </td>
            )}
            <td data-label="轮次">{e.round || '-'}</td>
            <td data-label="金额">{eventMoney(e)}</td>
            <td data-label="投资方">
              <InvestorLinks investors={e.invst} />
            </td>
            <td>
              <AppLink href={`/investevent/${e.id}`}>详情</AppLink>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
