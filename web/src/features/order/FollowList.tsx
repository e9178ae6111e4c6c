import { useSuspenseQuery } from '@tanstack/react-query';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { Pagination } from '../../ui/Pagination';
import { formatDateTime } from '#shared/dates';
import { FOLLOWS_PER_PAGE, followsQueryOptions } from './queries/follows';
import './follow-list.css';

/** The companies the user follows, newest first. */
export function FollowList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { data } = useSuspenseQuery(followsQueryOptions(page));
  return (
    <section className="follows" aria-labelledby="follows-title">
      <h2 id="follows-title">我的关注</h2>
      {data.page.total === 0 ? (
        <EmptyState text="还没有关注的公司" />
      ) : (
        <>
          <ul className="follow-list">
            {data.info.map((f) => (
              <li key={f.item_id}>
                <span className="follow-logo" aria-hidden="true">
                  {f.logo ? <img src={f.logo} alt="" /> : f.name.slice(0, 1)}
                </span>
                <AppLink className="follow-name" href={`/company/${f.item_id}`}>
                  {f.name}
                </AppLink>
                <span className="follow-at">{formatDateTime(f.created_at)} 关注</span>
              </li>
            ))}
          </ul>
          <Pagination total={data.page.total} page={page} pageSize={FOLLOWS_PER_PAGE} onChange={onPage} jumper={false} />
        </>
      )}
    </section>
  );
}
