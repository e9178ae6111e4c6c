import { useSuspenseQuery } from '@tanstack/react-query';
import { LedgerReason } from '../coins/LedgerReason';
import { EmptyState } from '../../ui/EmptyState';
import { Pagination } from '../../ui/Pagination';
import { formatDateTime } from '#shared/dates';
import { LEDGER_PER_PAGE, ledgerQueryOptions } from './queries/ledger';
import './ledger-table.css';

/** Every coin movement (top-ups, incense, exports, refunds), newest first, with its Chinese reason and its object. */
export function LedgerTable({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { data } = useSuspenseQuery(ledgerQueryOptions(page));
  return (
    <section className="ledger" aria-labelledby="ledger-title">
      <h2 id="ledger-title">桔子币明细</h2>
      {data.page.total === 0 ? (
        <EmptyState text="暂无桔子币记录" />
      ) : (
        <>
          <table className="ledger-table">
            <thead>
              <tr>
                <th scope="col">时间</th>
                <th scope="col">原因</th>
                <th scope="col" className="num">
                  变动
                </th>
              </tr>
            </thead>
            <tbody>
              {data.info.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.created_at)}</td>
                  <td>
                    <LedgerReason row={r} />
                  </td>
                  <td className={`num ${r.delta > 0 ? 'ledger-in' : 'ledger-out'}`}>{r.delta > 0 ? `+${r.delta}` : r.delta}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination total={data.page.total} page={page} pageSize={LEDGER_PER_PAGE} onChange={onPage} jumper={false} />
        </>
      )}
    </section>
  );
}
