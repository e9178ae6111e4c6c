import { useState, type MouseEvent } from 'react';
import { INCENSE_TYPES } from '../../../../worker/src/closure/constants';
import { formatSurvival } from '../../lib/format';
import { requireLogin } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { CommentWidget } from './CommentWidget';
import { IncenseRecords } from './IncenseRecords';
import { LogoBadge } from '../../ui/LogoBadge';
import { ReasonTag } from './ReasonTag';
import type { ClosureRow } from './queries/list';
import './closure-detail.css';

/** Investors shown before '展开' (spec §9). */
const INVESTORS_SHOWN = 3;

const TABS = [
  { value: 'comment', label: '评论' },
  { value: 'incense', label: '上香记录' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** The reason pages need login: a visitor's click on a reason opens the login dialog instead. */
const gatedLink = (e: MouseEvent<HTMLAnchorElement>) => {
  if (!requireLogin()) e.preventDefault();
};

/**
 * The expanded row of the closed-company table: the top info block (logo, name, founded → closed,
 * survival, province, sector, funding, team, investors, tags, closing reasons, description), then
 * tabs 评论 and 上香记录. Switching tabs needs login, as every tab of the area does.
 */
export function ClosureDetail({ row }: { row: ClosureRow }) {
  const [tab, setTab] = useState<Tab>('comment');
  const [allInvestors, setAllInvestors] = useState(false);
  const investors = allInvestors ? row.com_invst : row.com_invst.slice(0, INVESTORS_SHOWN);
  const sector = [row.cat_name, row.se_cat_name].filter(Boolean).join('-');
  return (
    <div className="closure-detail">
      <div className="closure-detail-top">
        <LogoBadge src={row.logo} name={row.com_name} size={64} />
        <div className="closure-detail-info">
          <h3>
            <AppLink href={`/company/${row.com_id}`}>{row.com_name}</AppLink>
          </h3>
          <dl className="closure-facts">
            <div>
              <dt>存活</dt>
              <dd>
                {row.born || '未知'} → {row.com_change_close_date}（{formatSurvival(row.survival)}）
              </dd>
            </div>
            <div>
              <dt>地区</dt>
              <dd>{row.com_prov || '-'}</dd>
            </div>
            <div>
              <dt>行业</dt>
              <dd>{sector || '-'}</dd>
            </div>
            <div>
              <dt>融资</dt>
              <dd>{row.com_fund_status_name || '未融资'}</dd>
            </div>
            <div>
              <dt>香火</dt>
              <dd>{row.incense_total} 炷</dd>
            </div>
            {row.com_team.length > 0 && (
              <div>
                <dt>团队</dt>
                <dd>{row.com_team.map((m) => (m.position ? `${m.name}（${m.position}）` : m.name)).join('、')}</dd>
              </div>
            )}
            {row.com_invst.length > 0 && (
              <div>
                <dt>投资方</dt>
                <dd>
                  {investors.map((i, n) => (
                    <span key={i.invst_id}>
                      {n > 0 && '、'}
                      <AppLink href={`/investfirm/${i.invst_id}`}>{i.invst_name}</AppLink>
                    </span>
                  ))}
                  {row.com_invst.length > INVESTORS_SHOWN && (
                    <button type="button" className="link-btn" onClick={() => setAllInvestors(!allInvestors)}>
                      {allInvestors ? '收起' : `展开（共${row.com_invst.length}家）`}
                    </button>
                  )}
                </dd>
              </div>
            )}
          </dl>
          {row.com_tag.length > 0 && (
            <ul className="closure-tags" aria-label="标签">
              {row.com_tag.map((t) => (
                <li key={t.tag_id}>{t.tag_name}</li>
              ))}
            </ul>
          )}
          {row.closure_type.length > 0 && (
            <div className="closure-reasons">
              <span>关闭原因：</span>
              {row.closure_type.map((r) => (
                <ReasonTag key={r.id} reason={r} onClick={gatedLink} />
              ))}
            </div>
          )}
          {row.com_des && <p className="closure-des">{row.com_des}</p>}
        </div>
      </div>
      <Tabs value={tab} onValueChange={(v) => requireLogin(() => setTab(v))} items={TABS} label={`${row.com_name}的评论与上香记录`}>
        <TabPanel value="comment">
          <CommentWidget target={{ kind: 'com', comId: row.com_id }} from="deathCompany" />
        </TabPanel>
        <TabPanel value="incense">
          <IncenseRecords type={INCENSE_TYPES.company} itemId={row.com_id} />
        </TabPanel>
      </Tabs>
    </div>
  );
}
