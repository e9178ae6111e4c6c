import { useQuery } from '@tanstack/react-query';
import { formatSurvival, totalText } from '../../lib/format';
import { useToken } from '../auth/me';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { PagerOrLoginBar } from '../auth/PagerOrLoginBar';
import { FollowButton } from '../follow/FollowButton';
import { LogoBadge } from '../../ui/LogoBadge';
import { MetaLine } from '../../ui/MetaLine';
import { ReasonTag } from './ReasonTag';
import { CLOSURE_PAGE_SIZE } from '../../../../worker/src/closure/constants';
import { followStatusQueryOptions } from '../follow/queries/follows';
import type { FailedCompany } from './queries/tracks';
import './failed-company-list.css';

export interface FailedCompanyListProps {
  companies: readonly FailedCompany[] | undefined;
  total: number;
  page: number;
  /** Gate it in the caller (login, VIP) like every page change. */
  onPageChange: (page: number) => void;
  loading?: boolean;
  pageSize?: number;
  /** '共 N 家公司' above the rows; off where the page's header already shows the total. */
  showTotal?: boolean;
}

/** Survival time of a row: '存活3年5个月'. */
export const survivalText = (s: { years: number; months: number }) => `存活${formatSurvival(s)}`;

/**
 * The failed-company list shared by the track/album and reason pages (spec §2 "Failed-company list"):
 * logo, name (/company/{id}), founding month to closing date, province, sector, closing-reason tags,
 * follow button, description, survival time; '共 N 家公司'; pagination only when it does not fit one page.
 */
export function FailedCompanyList({ companies, total, page, onPageChange, loading, pageSize = CLOSURE_PAGE_SIZE, showTotal = true }: FailedCompanyListProps) {
  const loggedIn = useToken() !== null;
  const ids = companies?.map((c) => c.com_id) ?? [];
  // One status call for the page's companies; a visitor has no follows to ask about.
  const follows = useQuery({ ...followStatusQueryOptions(ids), enabled: loggedIn && ids.length > 0 });
  const followed = new Set(loggedIn ? follows.data : undefined);
  if (loading && !companies) return <Loading />;
  return (
    <section className="failed-list" aria-label="死亡公司列表" aria-busy={loading || undefined}>
      {showTotal && <p className="failed-list-total">{totalText(total)}</p>}
      {!companies || companies.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="failed-list-rows">
          {companies.map((c) => (
            <li key={c.com_id} className="failed-row">
              <AppLink href={`/company/${c.com_id}`} className="failed-logo" aria-hidden="true" tabIndex={-1}>
                <LogoBadge src={c.logo} name={c.com_name} size={56} />
              </AppLink>
              <div className="failed-body">
                <div className="failed-head">
                  <AppLink href={`/company/${c.com_id}`} className="failed-name">
                    {c.com_name}
                  </AppLink>
                  <FollowButton comId={c.com_id} name={c.com_name} followed={followed.has(c.com_id)} />
                </div>
                <MetaLine className="failed-meta">
                  <span>
                    {c.born || '未知'} 至 {c.com_change_close_date || '未知'}
                  </span>
                  {c.com_prov && <span>{c.com_prov}</span>}
                  {c.cat_name && <span>{[c.cat_name, c.se_cat_name].filter(Boolean).join('-')}</span>}
                  <span className="failed-survival">{survivalText(c.survival)}</span>
                </MetaLine>
                {c.closure_type.length > 0 && (
                  <p className="failed-reasons">
                    {c.closure_type.map((r) => (
                      <ReasonTag key={r.id} reason={r} tone="fill" />
                    ))}
                  </p>
                )}
                {c.com_des && <p className="failed-des">{c.com_des}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <PagerOrLoginBar total={total} page={page} pageSize={pageSize} onChange={onPageChange} loginText="登录后可翻页查看更多死亡公司" />
    </section>
  );
}
