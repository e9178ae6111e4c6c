import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MEDICAL_PAGE_SIZE } from '../../../../worker/src/medical/constants';
import { formatYmd } from '#shared/dates';
import { requireLogin } from '../../lib/gate';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { Pagination } from '../../ui/Pagination';
import { useViewer } from '../auth/me';
import { LoginPromptBar } from '../auth/LoginPromptBar';
import { healthDataQueryOptions } from './queries/data';
import './info-list.css';

/** The report section (#report): broker research reports, newest first; paging needs login. */
export function BrokerReports() {
  const [page, setPage] = useState(1);
  const { loggedIn } = useViewer();
  const q = useQuery(healthDataQueryOptions('broker_report', page));
  return (
    <section id="report" className="health-card" aria-labelledby="report-title">
      <header className="health-card-head">
        <h2 id="report-title">券商研报</h2>
      </header>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <EmptyState text={q.error.message} />
      ) : q.data.data.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ul className="info-list">
            {q.data.data.map((r) => (
              <li key={r.id} className="info-row">
                <a className="info-title" href={r.url} target="_blank" rel="noopener noreferrer">
                  {r.title}
                </a>
                <span className="info-meta">{r.name}</span>
                <time className="info-time">{formatYmd(r.time)}</time>
              </li>
            ))}
          </ul>
          {loggedIn ? (
            <Pagination total={q.data.page.total} page={page} pageSize={MEDICAL_PAGE_SIZE} onChange={(p) => requireLogin(() => setPage(p))} jumper={false} />
          ) : (
            q.data.page.total > MEDICAL_PAGE_SIZE && <LoginPromptBar />
          )}
        </>
      )}
    </section>
  );
}
