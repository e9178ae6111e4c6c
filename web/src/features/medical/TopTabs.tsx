import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_TOP_TAB, MEDICAL_PAGE_SIZE, TOP_TAB_LABELS, TOP_TABS, type TopTab } from '../../../../worker/src/medical/constants';
import { formatYmd } from '#shared/dates';
import { formatValuation, formatWan } from '../../lib/format';
import { requireLogin } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { LogoBadge } from '../../ui/LogoBadge';
import { Pagination } from '../../ui/Pagination';
import { Tabs } from '../../ui/Tabs';
import { useViewer } from '../auth/me';
import { companyHref, firmHref } from './healthLinks';
import { eventMoney } from './InfoList';
import { healthDataQueryOptions, type HealthData } from './queries/data';
import './top-tabs.css';

/**
 * The top lists: FA机构TOP20, IPO, 千里马, 独角兽 (default 独角兽). Switching tabs and paging need
 * login. Companies link to /company/{id}, FA firms to /investfirm/{id}.
 */
export function TopTabs() {
  const [tab, setTab] = useState<TopTab>(DEFAULT_TOP_TAB);
  const [page, setPage] = useState(1);
  const { loggedIn } = useViewer();
  const q = useQuery(healthDataQueryOptions(tab, page));
  const choose = (t: TopTab) =>
    requireLogin(() => {
      setTab(t);
      setPage(1);
    });
  return (
    <section className="health-card top-tabs" aria-labelledby="top-title">
      <header className="health-card-head">
        <h2 id="top-title">医疗健康榜单</h2>
      </header>
      <Tabs value={tab} onValueChange={choose} items={TOP_TABS.map((t) => ({ value: t, label: TOP_TAB_LABELS[t] }))} label="榜单类型" />
      <div className="top-panel">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <EmptyState text={q.error.message} />
        ) : q.data.data.length === 0 ? (
          <EmptyState />
        ) : (
          <>
            <TopRows data={q.data} page={page} />
            {tab !== 'fa_rand' &&
              (loggedIn ? (
                <Pagination total={q.data.page.total} page={page} pageSize={MEDICAL_PAGE_SIZE} onChange={(p) => requireLogin(() => setPage(p))} jumper={false} />
              ) : null)}
          </>
        )}
      </div>
    </section>
  );
}

function TopRows({ data, page }: { data: HealthData; page: number }) {
  const offset = data.type === 'fa_rand' ? 0 : (page - 1) * MEDICAL_PAGE_SIZE;
  const no = (i: number) => <span className={`top-no ${offset + i < 3 ? 'is-top' : ''}`}>{offset + i + 1}</span>;
  if (data.type === 'fa_rand') {
    return (
      <ol className="top-list">
        {data.data.map((f, i) => (
          <li key={f.id} className="top-row">
            {no(i)}
            <LogoBadge src={f.logo} name={f.name} size={32} />
            <div className="top-main">
              <AppLink className="top-name" href={firmHref(f.id)}>
                {f.name}
              </AppLink>
              <span className="top-figure">医疗健康 {f.medical_fa_total} 起 / 共 {f.fa_total} 起</span>
            </div>
          </li>
        ))}
      </ol>
    );
  }
  if (data.type === 'ipo_rank') {
    return (
      <ol className="top-list">
        {data.data.map((r, i) => (
          <li key={`${r.com_id}-${i}`} className="top-row">
            {no(i)}
            <LogoBadge src={r.logo} name={r.name} size={32} />
            <div className="top-main">
              <AppLink className="top-name" href={companyHref(r.com_id)}>
                {r.name}
              </AppLink>
              <span className="top-figure">
                募资 {formatWan(r.money)} · 估值 {r.valuation_text} · {formatYmd(r.time)}
              </span>
            </div>
            <span className="top-tag">{r.ipo_platform_name}</span>
          </li>
        ))}
      </ol>
    );
  }
  if (data.type === 'horse' || data.type === 'unicorn') {
    return (
      <ol className="top-list">
        {data.data.map((c, i) => (
          <li key={c.id} className="top-row">
            {no(i)}
            <LogoBadge src={c.logo} name={c.name} size={32} />
            <div className="top-main">
              <AppLink className="top-name" href={companyHref(c.id)}>
                {c.name}
              </AppLink>
              {c.event && (
                <span className="top-figure">
                  最近 {c.event.round} {eventMoney(c.event.money, c.event.guess_money)}（{formatYmd(c.event.time)}）
                </span>
              )}
            </div>
            <strong className="top-value">{formatValuation(c.valuation)}</strong>
          </li>
        ))}
      </ol>
    );
  }
  return null;
}
