import { CompanyCard } from './CompanyCard';
import type { Dynamic } from './queries/group';
import { ShareAvatar } from './ShareAvatar';
import './post-detail.css';

/** The dynamic post page: author and time, the text, the company card (type 2), likes, and the comments. */
export function PostDetail({ post }: { post: Dynamic }) {
  const comments = post.comment_list;
  return (
    <article className="post-detail">
      <header className="post-author">
        <ShareAvatar src={post.user_logo} name={post.user_name} size="md" />
        <div>
          <h1 className="post-author-name">{post.user_name}</h1>
          <time className="post-time">{post.ctime}</time>
        </div>
      </header>
      <p className="post-text">{post.dynamic_desc}</p>
      {post.dynamic_img && <img className="post-img" src={post.dynamic_img} alt="" />}
      {post.type === 2 && post.com_name && <CompanyCard post={post} />}
      <p className="post-likes">
        <svg className="post-like-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M7 10v11H3V10z" />
          <path d="M7 10l4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7" />
        </svg>
        {post.praise_num} 人赞过
      </p>
      <section className="post-comments" aria-labelledby="post-comments-title">
        <h2 id="post-comments-title" className="post-comments-title">
          评论 {comments.total}
        </h2>
        {comments.list.length === 0 ? (
          <p className="post-comments-empty">暂无评论，打开App抢沙发</p>
        ) : (
          <ul className="post-comment-list">
            {comments.list.map((c, i) => (
              <li key={`${c.user_id}-${c.ctime}-${i}`} className="post-comment">
                <ShareAvatar src={c.user_logo} name={c.user_name} size="sm" />
                <div className="post-comment-body">
                  <p className="post-comment-head">
                    <span className="post-comment-name">{c.user_name}</span>
                    <time className="post-comment-time">{c.ctime}</time>
                  </p>
                  <p className="post-comment-text">{c.comment_desc}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {comments.total > comments.list.length && <p className="post-comments-more">打开App查看全部 {comments.total} 条评论</p>}
      </section>
    </article>
  );
}
