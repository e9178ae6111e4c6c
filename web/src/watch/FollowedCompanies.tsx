import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WATCH_PAGE_SIZE } from '../../../worker/src/watch/constants';
import { formatDateTime } from '#shared/dates';
import { AppLink } from '../ui/AppLink';
import { EmptyState } from '../ui/EmptyState';
import { Loading } from '../ui/Loading';
import { LogoBadge } from '../ui/LogoBadge';
import { Pagination } from '../ui/Pagination';
import { followedQueryOptions, markFollowSeen, type FollowedCompany } from './queries';

/**
 * The watchlist's followed companies, each with its new financing events and news since the user
 * last opened it from here; opening one goes to the company page and starts its count again.
 */
export function FollowedCompanies() {
  const [page, setPage] = useState(1);
  const q = useQuery({ ...followedQueryOptions(page), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const visit = (c: FollowedCompany) => {
    // The company page opens either way; a failed mark only leaves the count up.
    void markFollowSeen(c.com_id)
      .then(() => queryClient.invalidateQueries({ queryKey: ['user', 'saved_searches', 'follows'] }))
      .catch(() => undefined);
  };
  return (
    <section className="watch-follows" aria-labelledby="watch-follows-title">
      <div className="watchlist-head">
        <h3 id="watch-follows-title">关注的公司</h3>
        {q.data && <span className="watchlist-total">共 {q.data.page.total} 家</span>}
      </div>
      {q.isPending ? (
        <Loading inline />
      ) : q.isError ? (
        <p className="watch-follows-note" role="alert">
          加载失败，
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void q.refetch()}>
            重试
          </button>
        </p>
      ) : q.data.page.total === 0 ? (
        <EmptyState text="还没有关注公司。在公司页点击“关注”后，它的新融资事件和新闻会显示在这里。" />
      ) : (
        <>
          <ul className="watch-follows-list">
            {q.data.info.map((c) => (
              <li key={c.com_id}>
                <LogoBadge src={c.logo} name={c.name || '公司'} size={32} />
                <div className="watch-main">
                  <AppLink href={`/company/${c.com_id}`} className="watch-name" onClick={() => visit(c)}>
                    {c.name || `公司 ${c.com_id}`}
                  </AppLink>
                  {c.new_count > 0 && (
                    <span className="watch-new" aria-label={`${c.new_count}条新动态`}>
                      {c.new_count > 99 ? '99+' : c.new_count} 条新
                    </span>
                  )}
                  <div className="watch-meta">
                    {formatDateTime(c.followed_at)} 关注{c.seen_at > c.followed_at ? ` · ${formatDateTime(c.seen_at)} 查看` : ''}
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <Pagination total={q.data.page.total} page={page} pageSize={WATCH_PAGE_SIZE} onChange={setPage} jumper={false} />
        </>
      )}
    </section>
  );
}
