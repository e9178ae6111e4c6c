import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BLOCK_TAB_LABELS, MEDICAL_ORDERS, MEDICAL_PAGE_SIZE, type BlockType, type MedicalOrder } from '../../../../worker/src/medical/constants';
import { formatYmd } from '#shared/dates';
import { formatWan } from '../../lib/format';
import { handleApiError, requireLogin } from '../../lib/gate';
import { AppLink } from '../../ui/AppLink';
import { EmptyState } from '../../ui/EmptyState';
import { ListMore } from '../../ui/ListMore';
import { LogoBadge } from '../../ui/LogoBadge';
import { Select } from '../../ui/Select';
import { Tabs } from '../../ui/Tabs';
import { useViewer } from '../auth/me';
import { LoginPromptBar } from '../auth/LoginPromptBar';
import { companyHref, firmHref } from './healthLinks';
import { blockQueryOptions, fetchBlock, type BlockCompany, type BlockFirm, type MedicalBlockData } from './queries/block';
import { TagLink } from './TagLink';
import './medical-block.css';
import './top-tabs.css';

/** One tab's list: the rows loaded so far, the total, its own next-page counter (from 2) and loading flag. */
export interface TabList {
  rows: (BlockCompany | BlockFirm)[];
  total: number;
  next: number;
  loading: boolean;
}

type Lists = Partial<Record<BlockType, TabList>>;

const listOf = (part: { data: (BlockCompany | BlockFirm)[]; page: { total: number } } | undefined): TabList => ({
  rows: part?.data ?? [],
  total: part?.page.total ?? 0,
  next: 2,
  loading: false,
});

/** Whether the loaded pages cover the total (spec §9: more while total/10 exceeds the current page). */
export const hasMore = (l: TabList) => (l.next - 1) * MEDICAL_PAGE_SIZE < l.total;

const ORDER_OPTIONS = MEDICAL_ORDERS.map((o) => ({ value: String(o.id) as `${MedicalOrder}`, label: o.name }));

export interface MedicalBlockProps {
  /** The tabs in page order: on /health company / invst / invse_money_rank, on a tag page invst / company. */
  tabs: readonly BlockType[];
  defaultTab: BlockType;
  tagId?: number;
  title?: string;
}

/**
 * The medical-health block: hidden until its first load (page 1 of every tab) completes; tabs
 * (switching needs login); the company sort 排序方式; per tab a load-more button with its own page
 * counter, labelled 加载中… / 加载更多 / 没有更多数据了, and for a visitor the login message bar instead.
 */
export function MedicalBlock({ tabs, defaultTab, tagId, title = '医疗健康数据库' }: MedicalBlockProps) {
  const { loggedIn } = useViewer();
  const first = useQuery(blockQueryOptions(tabs, undefined, tagId));
  const [tab, setTab] = useState<BlockType>(defaultTab);
  const [order, setOrder] = useState<MedicalOrder | undefined>(undefined);
  const [lists, setLists] = useState<Lists | null>(null);

  useEffect(() => {
    const data: MedicalBlockData | undefined = first.data;
    if (!data) return;
    setLists(Object.fromEntries(tabs.map((t) => [t, listOf(data[t])])) as Lists);
  }, [first.data, tabs]);

  if (!lists) return null;
  const current = lists[tab] ?? listOf(undefined);

  const patch = (t: BlockType, p: Partial<TabList>) => setLists((ls) => (ls ? { ...ls, [t]: { ...(ls[t] ?? listOf(undefined)), ...p } } : ls));

  const loadMore = async () => {
    if (!requireLogin() || current.loading) return;
    const t = tab;
    patch(t, { loading: true });
    try {
      const r = await fetchBlock({ types: [t], page: current.next, order: t === 'company' ? order : undefined, tagId });
      const part = r[t];
      setLists((ls) => {
        const was = ls?.[t] ?? listOf(undefined);
        return { ...ls, [t]: { rows: [...was.rows, ...(part?.data ?? [])], total: part?.page.total ?? was.total, next: was.next + 1, loading: false } };
      });
    } catch (e) {
      patch(t, { loading: false });
      handleApiError(e);
    }
  };

  const sortBy = (v: string) =>
    requireLogin(async () => {
      const o = v ? (Number(v) as MedicalOrder) : undefined;
      setOrder(o);
      patch('company', { loading: true });
      try {
        const r = await fetchBlock({ types: ['company'], page: 1, order: o, tagId });
        patch('company', { ...listOf(r.company), loading: false });
      } catch (e) {
        patch('company', { loading: false });
        handleApiError(e);
      }
    });

  return (
    <section className="health-card medical-block" aria-labelledby="block-title">
      <header className="health-card-head">
        <h2 id="block-title">{title}</h2>
        {tab === 'company' && <Select placeholder="排序方式" value={order ? (`${order}` as const) : ''} options={ORDER_OPTIONS} onChange={sortBy} />}
      </header>
      <Tabs value={tab} onValueChange={(t) => requireLogin(() => setTab(t))} items={tabs.map((t) => ({ value: t, label: BLOCK_TAB_LABELS[t] }))} label="数据库列表" />
      {current.rows.length === 0 && !current.loading ? (
        <EmptyState />
      ) : (
        <ul className="block-list" aria-label={BLOCK_TAB_LABELS[tab]}>
          {current.rows.map((row, i) => (tab === 'invst' ? <FirmRow key={row.id} firm={row as BlockFirm} /> : <CompanyRow key={row.id} company={row as BlockCompany} rank={tab === 'invse_money_rank' ? i + 1 : undefined} />))}
        </ul>
      )}
      <ListMore>
        {current.loading ? (
          <span className="block-more-state" role="status">
            加载中…
          </span>
        ) : !hasMore(current) ? (
          current.rows.length > 0 && <span className="block-more-state">没有更多数据了</span>
        ) : loggedIn ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void loadMore()}>
            加载更多
          </button>
        ) : (
          <LoginPromptBar />
        )}
      </ListMore>
    </section>
  );
}

function CompanyRow({ company: c, rank }: { company: BlockCompany; rank?: number }) {
  return (
    <li className="block-row">
      {rank !== undefined && <span className={`top-no ${rank <= 3 ? 'is-top' : ''}`}>{rank}</span>}
      <LogoBadge src={c.logo} name={c.name} size={44} />
      <div className="block-main">
        <AppLink className="block-name" href={companyHref(c.id)}>
          {c.name}
        </AppLink>
        <p className="block-des">{c.des}</p>
        <div className="block-tags">
          {c.medical_tag.map((t) => (
            <TagLink key={t.tag_id} id={t.tag_id} className="block-tag">
              {t.name}
            </TagLink>
          ))}
        </div>
      </div>
      <div className="block-side">
        {rank !== undefined ? (
          <strong className="block-money">{formatWan(c.total_money)}</strong>
        ) : (
          <>
            <span>融资总额 {formatWan(c.total_money)}</span>
            {c.born && <span>成立于 {c.born}</span>}
            {c.last_invse_date > 0 && <span>最近融资 {formatYmd(c.last_invse_date)}</span>}
          </>
        )}
      </div>
    </li>
  );
}

function FirmRow({ firm: f }: { firm: BlockFirm }) {
  return (
    <li className="block-row">
      <LogoBadge src={f.logo} name={f.name} size={44} />
      <div className="block-main">
        <AppLink className="block-name" href={firmHref(f.id)}>
          {f.name}
        </AppLink>
        <p className="block-des">{f.des}</p>
      </div>
      <div className="block-side">
        <span>医疗健康投资事件</span>
        <strong className="block-money">{f.medical_invse_num} 起</strong>
      </div>
    </li>
  );
}
