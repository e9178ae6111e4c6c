import { useState, type ReactNode } from 'react';
import { AppLink } from '../../ui/AppLink';
import { REPLIES_SHOWN } from '../../../../worker/src/closure/constants';
import type { Comment } from './queries/comments';
import './comment-item.css';

export interface ReplyTarget {
  commentId: number;
  userId: number;
  userName: string;
}

export interface CommentItemProps {
  comment: Comment;
  /** Replies are offered on top-level comments (comment_type 1) when the widget allows them. */
  canReply: boolean;
  /** Opens the reply box of this comment, answering its author or one of its repliers. */
  onReply: (to: ReplyTarget) => void;
  /** The reply box, when it is open for this comment. */
  replyBox?: ReactNode;
}

/** One top-level comment: author, time, text, its replies (3 shown, the rest behind a toggle). */
export function CommentItem({ comment, canReply, onReply, replyBox }: CommentItemProps) {
  const [allReplies, setAllReplies] = useState(false);
  const replies = comment.comment_replay;
  const hidden = replies.length - REPLIES_SHOWN;
  const shown = allReplies ? replies : replies.slice(0, REPLIES_SHOWN);
  const replyable = canReply && comment.comment_type === 1;
  return (
    <li className="comment">
      <span className="comment-avatar" aria-hidden="true">
        {comment.logo ? <img src={comment.logo} alt="" /> : Array.from(comment.name)[0]}
      </span>
      <div className="comment-main">
        <div className="comment-head">
          <AppLink href={`/user/${comment.id}`} className="comment-author">
            {comment.name}
          </AppLink>
          <time className="comment-time">{comment.time}</time>
        </div>
        <p className="comment-text">{comment.des}</p>
        {replyable && (
          <button type="button" className="link-btn comment-reply-btn" onClick={() => onReply({ commentId: comment.comment_id, userId: comment.id, userName: comment.name })}>
            回复
          </button>
        )}
        {shown.length > 0 && (
          <ul className="comment-replies" aria-label="回复">
            {shown.map((r) => (
              <li key={r.comment_id} className="comment-reply">
                <AppLink href={`/user/${r.id}`} className="comment-author">
                  {r.name}
                </AppLink>
                {r.replay_name && (
                  <>
                    {' 回复 '}
                    <AppLink href={`/user/${r.replay_user_id}`} className="comment-author">
                      {r.replay_name}
                    </AppLink>
                  </>
                )}
                ：<span className="comment-reply-text">{r.info}</span>
                <span className="comment-reply-meta">
                  <time className="comment-time">{r.time}</time>
                  {replyable && (
                    <button type="button" className="link-btn" onClick={() => onReply({ commentId: comment.comment_id, userId: r.id, userName: r.name })}>
                      回复
                    </button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        {hidden > 0 && (
          <button type="button" className="link-btn comment-toggle" aria-expanded={allReplies} onClick={() => setAllReplies(!allReplies)}>
            {allReplies ? '收起' : `展开剩余${hidden}条回复`}
          </button>
        )}
        {replyBox}
      </div>
    </li>
  );
}
