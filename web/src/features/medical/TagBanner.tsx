import { formatCount, formatWan } from '../../lib/format';
import type { TagBasic } from './queries/info';
import './tag-banner.css';

/** The banner of /health (the area) or of a tag page: name, description, companies, events, total funding. */
export function TagBanner({ basic, kicker }: { basic: TagBasic; kicker?: string }) {
  return (
    <div className="tag-banner">
      {kicker && <p className="tag-banner-kicker">{kicker}</p>}
      <h1>{basic.name}</h1>
      <p className="tag-banner-desc">{basic.desc}</p>
      <dl className="tag-banner-figures">
        <div>
          <dt>公司数</dt>
          <dd>{formatCount(basic.com_num)}</dd>
        </div>
        <div>
          <dt>融资事件</dt>
          <dd>{formatCount(basic.invse_num)}</dd>
        </div>
        <div>
          <dt>融资总额</dt>
          <dd>{formatWan(basic.total_money)}</dd>
        </div>
      </dl>
    </div>
  );
}
