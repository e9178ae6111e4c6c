import { formatSurvival, formatWan } from '../../lib/format';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { LogoBadge } from '../../ui/LogoBadge';
import type { RankedCompany } from './queries/rankings';
import './rank-no.css';
import './rank-table.css';

export interface RankTableProps {
  rows: readonly RankedCompany[];
  /** The last column: financing total (融资总额) or valuation (估值), both in 万元. */
  measure: 'amount' | 'valuation';
}

/**
 * The company table of the first four burn-ranking tabs: serial number, company, sector, province,
 * closing date, survival time (phones keep serial, company, province and measure) and the measure shown by the 万元/亿元 rule (formatWan). Empty: '暂无数据'.
 * Rows come in the worker's order; 序号 is the worker's `serial` (the place in that order, which
 * differs from `rank`, the place by the measure, once a sort is chosen).
 */
export function RankTable({ rows, measure }: RankTableProps) {
  if (rows.length === 0) return <EmptyState />;
  const label = measure === 'amount' ? '融资总额' : '估值';
  return (
    <div className="table-scroll">
      <table className="rank-table">
        <thead>
          <tr>
            <th scope="col">序号</th>
            <th scope="col">公司</th>
            <th scope="col" className="hide-phone">
              行业
            </th>
            <th scope="col">地区</th>
            <th scope="col" className="hide-phone">
              关闭时间
            </th>
            <th scope="col" className="hide-phone">
              存活时间
            </th>
            <th scope="col" className="num">
              {label}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.com_id}>
              <td className={`rank-no${r.serial <= 3 ? ' is-top' : ''}`}>{r.serial}</td>
              <td>
                <AppLink href={`/company/${r.com_id}`} className="rank-company">
                  <LogoBadge src={r.logo} name={r.com_name} size={32} />
                  <span>{r.com_name}</span>
                </AppLink>
              </td>
              <td className="hide-phone">{[r.cat_name, r.se_cat_name].filter(Boolean).join('-') || '-'}</td>
              <td>{r.com_prov || '-'}</td>
              <td className="hide-phone">{r.com_change_close_date || '-'}</td>
              <td className="hide-phone">{formatSurvival(r.survival)}</td>
              <td className="num rank-measure">{formatWan(measure === 'amount' ? r.total_money : r.valuation)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
