import { formatWan } from '../../lib/format';
import type { Dynamic } from './queries/group';
import './company-card.css';

/** The company card of a type-2 post: logo, name, slogan, funding stage | amount. */
export function CompanyCard({ post }: { post: Dynamic }) {
  const stage = [post.com_fund_status_name, post.money > 0 ? formatWan(post.money) : ''].filter(Boolean).join(' | ');
  return (
    <div className="company-card">
      {post.com_logo_archive ? (
        <img className="company-card-logo" src={post.com_logo_archive} alt="" />
      ) : (
        <span className="company-card-logo company-card-initial" aria-hidden="true">
          {[...post.com_name][0] ?? '企'}
        </span>
      )}
      <div className="company-card-body">
        <p className="company-card-name">{post.com_name}</p>
        {post.com_slogan && <p className="company-card-slogan">{post.com_slogan}</p>}
        {stage && <p className="company-card-stage">{stage}</p>}
      </div>
    </div>
  );
}
