import { formatCount, formatWan } from '../../lib/format';
import type { TagBasic } from './queries/info';

/** A tag's (or the area's) companies, financing events and total funding, styled by the banner it sits in. */
export function TagFigures({ basic, className, companiesLabel = '公司数' }: { basic: TagBasic; className?: string; companiesLabel?: string }) {
  return (
    <dl className={className}>
      <div>
        <dt>{companiesLabel}</dt>
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
  );
}
