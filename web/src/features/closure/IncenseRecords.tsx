import { useInfiniteQuery } from '@tanstack/react-query';
import { INCENSE_TYPES } from '../../../../worker/src/closure/constants';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { ListEnd, ListMore } from '../../ui/ListMore';
import { Loading } from '../../ui/Loading';
import { LoginPromptBar } from '../auth/LoginPromptBar';
import { useViewer } from '../auth/me';
import { incenseRecordsQueryOptions, type IncenseType } from './queries/incense';
import './incense-records.css';

export interface IncenseRecordsProps {
  /** 1 = a closed company (com_id), 2 = a closing reason (child type id). */
  type: IncenseType;
  itemId: number;
  /** Overrides the empty-list text ('该公司还没有上香记录' for a company, '还没有上香记录' for a reason). */
  emptyText?: string;
}

/**
 * Who lit incense for a company or reason: user (link /user/{id}), '上香 N 炷' and the time,
 * newest first, INCENSE_PAGE_SIZE per fetch with '加载更多' and '已经到底了'. The worker lists records only to
 * signed-in users, so a visitor sees the login prompt instead. An offering reloads it
 * (IncenseDialog invalidates incenseKeys.records(type, itemId)).
 */
export function IncenseRecords({ type, itemId, emptyText }: IncenseRecordsProps) {
  const { loggedIn } = useViewer();
  const q = useInfiniteQuery({ ...incenseRecordsQueryOptions(type, itemId), enabled: loggedIn });
  if (!loggedIn) return <LoginPromptBar text="登录后查看上香记录" />;
  if (q.isPending) return <Loading inline />;
  if (q.isError) return <EmptyState text="上香记录加载失败" />;
  const records = q.data.pages.flatMap((p) => p.info);
  if (records.length === 0) return <EmptyState text={emptyText ?? (type === INCENSE_TYPES.company ? '该公司还没有上香记录' : '还没有上香记录')} />;
  return (
    <div className="incense-records">
      <ul>
        {records.map((r) => (
          <li key={r.comment_id} className="incense-record">
            <AppLink href={`/user/${r.id}`} className="incense-record-user">
              {r.name}
            </AppLink>
            <span className="incense-record-amount">上香 {r.amount} 炷</span>
            <time className="incense-record-time">{r.time}</time>
          </li>
        ))}
      </ul>
      <ListMore>
        {q.hasNextPage ? (
          <button type="button" className="link-btn" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {q.isFetchingNextPage ? '加载中…' : '加载更多'}
          </button>
        ) : (
          <ListEnd />
        )}
      </ListMore>
    </div>
  );
}
