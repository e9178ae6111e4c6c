import { useState } from 'react';
import { INCENSE_TYPES } from '../../../../worker/src/closure/constants';
import { formatSurvival } from '../../lib/format';
import { AppLink } from '../../ui/AppLink';
import { ClosureDetail } from './ClosureDetail';
import { IncenseButton } from './IncenseButton';
import { LogoBadge } from '../../ui/LogoBadge';
import type { ClosureRow } from './queries/list';
import './closure-table.css';

const COLUMNS = ['公司', '成立时间', '关闭时间', '存活时间', '地区', '行业', '操作'];

/**
 * The closed-company table: one row per company with '查看详情' / '收起' and an incense button.
 * A list of grid rows rather than a <table>: an expanded row holds a whole detail block with tabs,
 * and on phones each row becomes a card (labels come from data-label) without page overflow.
 */
export function ClosureTable({ rows }: { rows: ClosureRow[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <div className="closure-table">
      <div className="closure-tr closure-th" aria-hidden="true">
        {COLUMNS.map((c) => (
          <span key={c}>{c}</span>
        ))}
      </div>
      <ul aria-label="死亡公司列表">
      {rows.map((row) => {
        const expanded = open.has(row.com_id);
        const detailId = `closure-detail-${row.com_id}`;
        return (
          <li key={row.com_id} className={`closure-row${expanded ? ' is-open' : ''}`}>
            <div className="closure-tr">
              <span className="closure-td-name">
                <LogoBadge src={row.logo} name={row.com_name} size={36} />
                <span className="closure-name-text">
                  <AppLink href={`/company/${row.com_id}`} className="closure-name">
                    {row.com_name}
                  </AppLink>
                  <span className="closure-reason-line">{row.closure_type.map((r) => r.name).join('、')}</span>
                </span>
              </span>
              <span data-label="成立">
                {row.born || '-'}
              </span>
              <span data-label="关闭">
                {row.com_change_close_date}
              </span>
              <span data-label="存活">
                {formatSurvival(row.survival)}
              </span>
              <span data-label="地区">
                {row.com_prov || '-'}
              </span>
              <span data-label="行业">
                {row.cat_name || '-'}
              </span>
              <span className="closure-td-ops">
                <button type="button" className="link-btn" aria-expanded={expanded} aria-controls={detailId} onClick={() => toggle(row.com_id)}>
                  {expanded ? '收起' : '查看详情'}
                </button>
                <IncenseButton type={INCENSE_TYPES.company} itemId={row.com_id} itemName={row.com_name} from="deathCompany" />
              </span>
            </div>
            {expanded && (
              <div id={detailId}>
                <ClosureDetail row={row} />
              </div>
            )}
          </li>
        );
      })}
      </ul>
    </div>
  );
}
