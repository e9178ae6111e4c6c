import { useNavigate } from '@tanstack/react-router';
import { formatWan } from '../../lib/format';
import { requireLogin } from '../../lib/gate';
import { EmptyState } from '../../ui/EmptyState';
import type { StarRow } from './queries/starmarket';
import './starmarket.css';

const logoText = (name: string) => name.slice(0, 2);

/**
 * A table of STAR-market companies (applicants or listed). Rows open /kcb/{m_com_id} after the
 * login check (the row is a link named by its visible text, so a voice command of what is
 * shown reaches it); on a phone the table becomes a list of cards.
 */
export function StarTable({ rows, listed, rankOf }: { rows: readonly StarRow[]; listed: boolean; rankOf?: (r: StarRow) => number }) {
  const navigate = useNavigate();
  if (!rows.length) return <EmptyState />;
  const open = (r: StarRow) => requireLogin(() => void navigate({ to: '/kcb/$id', params: { id: String(r.m_com_id) } }));
  return (
    <div className="star-table-wrap">
      <table className="star-table">
        <thead>
          <tr>
            {rankOf && <th>排名</th>}
            <th>公司</th>
            <th>地区</th>
            <th>行业</th>
            <th>{listed ? '开盘市值' : '审核状态'}</th>
            <th>{listed ? '募集资金' : '融资总额'}</th>
            <th>受理日期</th>
            <th>更新日期</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.m_com_id}
              className="star-row"
              tabIndex={0}
              role="link"
              onClick={() => open(r)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') open(r);
              }}
            >
              {rankOf && <td className="star-rank" data-top={rankOf(r) <= 3 ? '' : undefined}>{rankOf(r)}</td>}
              <td className="star-com">
                {r.com_logo ? <img className="star-logo" src={r.com_logo} alt="" /> : <span className="star-logo star-logo-text">{logoText(r.com_name)}</span>}
                <span className="star-com-text">
                  <strong>{r.com_name}</strong>
                  <small>{r.com_slogan}</small>
                </span>
              </td>
              <td data-label="地区">{[r.com_prov, r.com_city].filter(Boolean).join('·')}</td>
              <td data-label="行业">{[r.cat_name, r.se_cat_name].filter(Boolean).join(' / ')}</td>
              <td data-label={listed ? '开盘市值' : '审核状态'}>{listed ? formatWan(r.count_money) : <span className={`state-tag state-${r.state_id}`}>{r.state_sub_name}</span>}</td>
              <td data-label={listed ? '募集资金' : '融资总额'}>{formatWan(listed ? r.money : r.total_money)}</td>
              <td data-label="受理日期">{r.acceptance_time}</td>
              <td data-label="更新日期">{r.acceptance_update_time}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
