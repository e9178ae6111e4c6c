import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { totalText } from '../../lib/format';
import { requireLogin } from '../../lib/gate';
import { EmptyState } from '../../ui/EmptyState';
import { ListMore } from '../../ui/ListMore';
import { Loading } from '../../ui/Loading';
import { toast } from '../../ui/toast';
import { LoginPromptBar } from '../auth/LoginPromptBar';
import { useViewer } from '../auth/me';
import { CommentComposer } from './CommentComposer';
import { CommentItem, type ReplyTarget } from './CommentItem';
import { COMMENT_PAGE_SIZE } from '../../../../worker/src/closure/constants';
import { allCommentsQueryOptions, commentsKey, commentsQueryOptions, postComment, postReply, type CommentTarget } from './queries/comments';
import './comment-widget.css';

export interface CommentWidgetProps {
  /** A closed company ({ kind: 'com', comId }) or a second-level closing reason ({ kind: 'reason', typeId }). */
  target: CommentTarget;
  /** Offer 回复 on top-level comments; true by default. */
  replies?: boolean;
  /** The area for /order?from=<from> if the worker asks for an upgrade; defaults to the current path's. */
  from?: string;
}

/**
 * Comments of a company or reason (spec §2 "Comment widget"): a new-comment box, the first 5
 * top-level comments with '查看全部' / '收起', each with its replies (3 shown, then
 * '展开剩余N条回复' / '收起') and one reply box open at a time. Posting shows '发布成功'.
 * Companies' comments are public on page 1; a reason's discussion needs login, as do all posting,
 * and '查看全部'.
 */
export function CommentWidget({ target, replies = true, from }: CommentWidgetProps) {
  const { loggedIn } = useViewer();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState(false);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const visible = loggedIn || target.kind === 'com';
  const q = useQuery({ ...(expanded ? allCommentsQueryOptions(target) : commentsQueryOptions(target)), enabled: visible,
    meta: { from },
    // Switching between the first 5 and all keeps the list on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });

  const posted = () => {
    toast('发布成功', { tone: 'success' });
    void queryClient.invalidateQueries({ queryKey: commentsKey(target) });
  };
  const comment = useMutation({ mutationFn: (text: string) => postComment(target, text), meta: { from }, onSuccess: posted });
  const reply = useMutation({
    mutationFn: ({ to, text }: { to: ReplyTarget; text: string }) => postReply(target, to.commentId, to.userId, text),
    meta: { from },
    onSuccess: () => {
      setReplyTo(null);
      posted();
    },
  });

  if (!visible) return <LoginPromptBar text="登录后查看讨论" />;

  const total = q.data?.page.total ?? 0;
  return (
    <section className="comment-widget" aria-label="评论">
      <CommentComposer onSubmit={(text) => comment.mutateAsync(text)} busy={comment.isPending} />
      {q.isPending ? (
        <Loading inline />
      ) : q.isError ? (
        <EmptyState text="评论加载失败" />
      ) : q.data.info.length === 0 ? (
        <EmptyState text="还没有评论，来说两句吧" />
      ) : (
        <>
          <div className="comment-count">{totalText(total, '条评论')}</div>
          <ul className="comment-list">
            {q.data.info.map((c) => (
              <CommentItem
                key={c.comment_id}
                comment={c}
                canReply={replies}
                onReply={(to) => requireLogin(() => setReplyTo(to))}
                replyBox={
                  replyTo?.commentId === c.comment_id ? (
                    <CommentComposer
                      // A new box (and focus) when the answered user changes.
                      key={replyTo.userId}
                      autoFocus
                      placeholder={`回复 ${replyTo.userName}`}
                      submitText="回复"
                      busy={reply.isPending}
                      onCancel={() => setReplyTo(null)}
                      onSubmit={(text) => reply.mutateAsync({ to: replyTo, text })}
                    />
                  ) : undefined
                }
              />
            ))}
          </ul>
          {total > COMMENT_PAGE_SIZE && (
            <ListMore>
              <button type="button" className="link-btn" aria-expanded={expanded} onClick={() => (expanded ? setExpanded(false) : requireLogin(() => setExpanded(true)))}>
                {expanded ? '收起' : `查看全部（${total}条）`}
              </button>
            </ListMore>
          )}
        </>
      )}
    </section>
  );
}
