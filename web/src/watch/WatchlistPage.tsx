import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { WATCH_NAME_MAX, WATCH_PAGE_SIZE } from '../../../worker/src/watch/constants';
import { formatDateTime } from '#shared/dates';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { EmptyState } from '../ui/EmptyState';
import { Pagination } from '../ui/Pagination';
import { toast } from '../ui/toast';
import { FollowedCompanies } from './FollowedCompanies';
import { MailboxForm } from './MailboxForm';
import { WebhookPanel } from './WebhookPanel';
import { useViewer } from '../features/auth/me';
import { deleteSavedSearch, fieldErrorOf, gateUnlessFieldError, refreshSavedSearches, type SavedSearch, savedSearchesQueryOptions, type SearchChange, updateSavedSearch } from './queries';
import './watchlist-page.css';
import { FieldError } from './FieldError';

/**
 * The watchlist: each saved search with its new matches since the last visit (open, rename, pause,
 * mail, feed, delete), then each followed company with its new events and news.
 */
export function WatchlistPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { data } = useSuspenseQuery(savedSearchesQueryOptions(page));
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const [hooksOf, setHooksOf] = useState<number | null>(null);
  const { isVip } = useViewer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const change = useMutation({
    mutationFn: ({ id, json }: { id: number; json: SearchChange }) => updateSavedSearch(id, json),
    onSuccess: (_d, { json }) => {
      void refreshSavedSearches(queryClient);
      if (json.paused !== undefined) toast(json.paused ? '已暂停' : '已恢复', { tone: 'success' });
      if (json.mail !== undefined) toast(json.mail ? '已开启邮件提醒' : '已关闭邮件提醒', { tone: 'success' });
      if (json.revoke_feed) toast('已更换订阅源地址，旧地址不再可用', { tone: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteSavedSearch(id),
    onSuccess: () => {
      void refreshSavedSearches(queryClient);
      toast('已删除订阅', { tone: 'success' });
    },
  });
  const open = async (s: SavedSearch) => {
    // Opening counts as a visit: its new matches are seen. The list opens either way.
    await updateSavedSearch(s.id, { seen: true }).catch(() => undefined);
    void refreshSavedSearches(queryClient);
    void navigate({ href: s.list_url });
  };
  const copyFeed = (url: string) =>
    navigator.clipboard?.writeText(url).then(
      () => toast('已复制订阅源地址', { tone: 'success' }),
      () => toast('复制失败，请手动复制', { tone: 'warning' }),
    );

  return (
    <section className="watchlist" aria-labelledby="watchlist-title">
      <div className="watchlist-head">
        <h2 id="watchlist-title">我的订阅</h2>
        <span className="watchlist-total">共 {data.page.total} 个</span>
      </div>
      <MailboxForm />
      {data.page.total === 0 ? (
        <EmptyState text="还没有订阅。在死亡公司、科创板、融资事件、新闻或烧钱榜列表中设置筛选条件后，点击“保存为订阅”。" />
      ) : (
        <>
          <ul className="watchlist-list">
            {data.info.map((s) => (
              <li key={s.id} className={s.paused ? 'is-paused' : undefined}>
                <div className="watch-main">
                  <button type="button" className="watch-name" onClick={() => void open(s)}>
                    {s.name}
                  </button>
                  {s.new_count > 0 && !s.paused && (
                    <span className="watch-new" aria-label={`${s.new_count}条新匹配`}>
                      {s.new_count > 99 ? '99+' : s.new_count} 条新
                    </span>
                  )}
                  {s.paused && <span className="watch-tag">已暂停</span>}
                  <div className="watch-meta">
                    {s.area_name} · {formatDateTime(s.created_at)} 保存{s.mail ? '' : ' · 不发邮件'}
                  </div>
                  {hooksOf === s.id && <WebhookPanel searchId={s.id} name={s.name} />}
                  {s.feed_url && (
                    <div className="watch-feed">
                      <span>Atom：</span>
                      <input readOnly value={s.feed_url} aria-label={`${s.name}的 Atom 订阅源地址`} onFocus={(e) => e.currentTarget.select()} />
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copyFeed(s.feed_url!)}>
                        复制
                      </button>
                      <button type="button" className="btn btn-ghost btn-sm" disabled={change.isPending} onClick={() => change.mutate({ id: s.id, json: { revoke_feed: true } })}>
                        更换地址
                      </button>
                    </div>
                  )}
                </div>
                <div className="watch-actions">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void open(s)}>
                    查看
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRenaming(s)}>
                    重命名
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" disabled={change.isPending} onClick={() => change.mutate({ id: s.id, json: { paused: !s.paused } })}>
                    {s.paused ? '恢复' : '暂停'}
                  </button>
                  <button type="button" className="btn btn-ghost btn-sm" disabled={change.isPending} onClick={() => change.mutate({ id: s.id, json: { mail: !s.mail } })}>
                    {s.mail ? '关闭邮件' : '开启邮件'}
                  </button>
                  {isVip && (
                    <button type="button" className="btn btn-ghost btn-sm" aria-expanded={hooksOf === s.id} onClick={() => setHooksOf(hooksOf === s.id ? null : s.id)}>
                      Webhook
                    </button>
                  )}
                  <button type="button" className="btn btn-ghost btn-sm watch-delete" onClick={() => setDeleting(s)}>
                    删除
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination total={data.page.total} page={page} pageSize={WATCH_PAGE_SIZE} onChange={onPage} jumper={false} />
        </>
      )}
      <FollowedCompanies />
      {renaming && <RenameDialog search={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="删除订阅"
        message={deleting ? `确定删除订阅“${deleting.name}”吗？它的 Atom 订阅源也会失效。` : ''}
        confirmText="删除"
        busy={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
        }}
      />
    </section>
  );
}

function RenameDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const [name, setName] = useState(search.name);
  const fieldId = useId();
  const errorId = useId();
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: () => updateSavedSearch(search.id, { name }),
    meta: { gate: 'off' },
    onSuccess: () => {
      void refreshSavedSearches(queryClient);
      toast('已重命名', { tone: 'success' });
      onClose();
    },
    onError: gateUnlessFieldError,
  });
  const error = fieldErrorOf(rename.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rename.isPending) rename.mutate();
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title="重命名订阅" size="sm">
      <form className="save-search-form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId}>订阅名称</label>
        <input id={fieldId} value={name} maxLength={WATCH_NAME_MAX} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
        <FieldError id={errorId} message={error} />
        <div className="save-search-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary" disabled={rename.isPending}>
            {rename.isPending ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
