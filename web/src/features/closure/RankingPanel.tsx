import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { INCENSE_TYPES } from '../../../../worker/src/closure/constants';
import { requireLogin } from '../../lib/gate';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { Tabs } from '../../ui/Tabs';
import { IncenseIcon } from './IncenseIcon';
import { incenseTopQueryOptions, type IncenseType } from './queries/incense';
import { reasonSearch } from './ReasonTag';
import './ranking-panel.css';

const TABS = [
  { value: 'com', label: '公司榜' },
  { value: 'reason', label: '原因榜' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** Ranks shown highlighted (spec §9). */
const HIGHLIGHTED = 3;

/**
 * The floating incense ranking (上香榜), fixed at the right edge: closed by default, opened and
 * closed by its toggle, closed by any press outside it and by Esc. Tabs 公司榜 / 原因榜; company rows
 * link to /deathCompany?company={name}, reason rows to /deathReason?parent_id=&child_id=.
 * A visitor sees the company ranking; switching tabs or following a row needs login. Render it once per page.
 */
export function RankingPanel() {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('com');
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    // An outside press closes it, as Radix's dismissable layers decide (on pointer-down, where the
    // press starts), not a 'click': a tab switches on mouse-down, the list shrinks while it loads,
    // and the mouse-up then lands outside, so the click would count as outside and close the panel.
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className={`ranking-panel${open ? ' is-open' : ''}`}>
      <button type="button" className="ranking-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <IncenseIcon />
        上香榜
      </button>
      {open && (
        <div id={panelId} className="ranking-body" role="region" aria-label="上香排行榜">
          <Tabs value={tab} onValueChange={(v) => requireLogin(() => setTab(v))} items={TABS} label="排行榜类型" />
          <RankingList type={tab === 'com' ? INCENSE_TYPES.company : INCENSE_TYPES.reason} onFollow={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}

function RankingList({ type, onFollow }: { type: IncenseType; onFollow: () => void }) {
  const q = useQuery(incenseTopQueryOptions(type));
  if (q.isPending) return <Loading inline />;
  if (q.isError || q.data.length === 0) return <EmptyState text="暂无上香记录" />;
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!requireLogin()) e.preventDefault();
    else onFollow();
  };
  return (
    <ol className="ranking-list">
      {q.data.map((r, i) => (
        // Both rankings share rank and total; a company row opens the list searched by its name, a reason row its page.
        <li key={'com_id' in r ? `c${r.com_id}` : `r${r.id}`} className="ranking-row">
          <span className={`ranking-no${i < HIGHLIGHTED ? ` is-top is-top-${i + 1}` : ''}`}>{i + 1}</span>
          {'com_id' in r ? (
            <Link to="/deathCompany" search={{ company: r.com_name }} className="ranking-name" onClick={follow}>
              {r.com_name}
            </Link>
          ) : (
            <Link to="/deathReason" search={reasonSearch(r)} className="ranking-name" onClick={follow}>
              {r.name}
            </Link>
          )}
          <span className="ranking-total">{r.total} 炷</span>
        </li>
      ))}
    </ol>
  );
}
