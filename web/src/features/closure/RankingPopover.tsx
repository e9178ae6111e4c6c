import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { INCENSE_TYPES } from '../../../../worker/src/closure/constants';
import { requireLogin } from '../../lib/gate';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { OutsideTabPanel, Tabs } from '../../ui/Tabs';
import { IncenseIcon } from './IncenseIcon';
import { incenseTopQueryOptions, type IncenseType } from './queries/incense';
import { reasonSearch } from './ReasonTag';

const TABS = [
  { value: 'com', label: '公司榜' },
  { value: 'reason', label: '原因榜' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** Ranks shown highlighted (spec §9). */
const HIGHLIGHTED = 3;

/** Wide enough for the handle to sit in the page margin beside the 1160-px content column (see ranking-panel.css). */
const HANDLE_QUERY = '(min-width: 1256px)';

/**
 * The incense ranking (上香榜) once opened, on Radix Popover: closed by default, opened and closed by its toggle,
 * closed by a press outside it (Radix decides on pointer-down, where the press starts, so switching to
 * 原因榜 – the tab switches on mouse-down, the list shrinks while it loads and the mouse-up lands outside –
 * keeps it open) and by Esc, focus returning to the toggle.
 * Where it sits never covers content: on a wide screen a tab-sized handle fixed in the right page margin,
 * the panel opening to its left; narrower, a button in the page's title block, the panel opening below.
 * Tabs 公司榜 / 原因榜; company rows link to /deathCompany?company={name}, reason rows to
 * /deathReason?parent_id=&child_id=. A visitor sees the company ranking; switching tabs or following a row
 * needs login. Render it once per page.
 */
export default function RankingPopover({ focusToggle }: { focusToggle: boolean }) {
  // It loads when asked for, so it mounts open (see RankingPanel).
  const [open, setOpen] = useState(true);
  const [tab, setTab] = useState<Tab>('com');
  const panelId = useId();
  const handle = useMediaQuery(HANDLE_QUERY);
  const body = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Esc always hands focus back to the toggle. (Radix skips that once focus has visited the toggle while
  // the panel was open, which it counts as an interaction outside the panel.)
  const escaped = useRef(false);
  // Focus cycles through the open panel and its toggle (Radix loops Tab inside the panel; Shift+Tab
  // from its first control reaches the toggle): Shift+Tab on the toggle goes to the panel's last control,
  // never to the page behind the open panel.
  // The toggle that was pressed was RankingPanel's stand-in: focus moves to this one if it had it.
  useEffect(() => {
    if (focusToggle) toggle.current?.focus();
  }, [focusToggle]);
  const toggleKeyDown = (e: KeyboardEvent) => {
    if (!open || e.key !== 'Tab' || !e.shiftKey) return;
    const stops = [...(body.current?.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), [tabindex="0"]') ?? [])].filter((el) => el.tabIndex >= 0);
    const last = stops[stops.length - 1];
    if (!last) return;
    e.preventDefault();
    last.focus();
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <div className={`ranking-panel${open ? ' is-open' : ''}`}>
        <Popover.Trigger ref={toggle} className="ranking-toggle" onKeyDown={toggleKeyDown}>
          <IncenseIcon />
          <span className="ranking-toggle-text">上香榜</span>
        </Popover.Trigger>
        <Popover.Content
          ref={body}
          className="ranking-body"
          role="region"
          aria-label="上香排行榜"
          side={handle ? 'left' : 'bottom'}
          align={handle ? 'center' : 'end'}
          sideOffset={8}
          collisionPadding={12}
          // Focus stays on the toggle (the panel is a list of links, not a form); Tab moves into it.
          onOpenAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={() => {
            escaped.current = true;
          }}
          onCloseAutoFocus={(e) => {
            if (!escaped.current) return;
            escaped.current = false;
            e.preventDefault();
            toggle.current?.focus();
          }}
        >
          <Tabs value={tab} onValueChange={(v) => requireLogin(() => setTab(v))} items={TABS} label="排行榜类型" panelId={panelId} />
          <OutsideTabPanel id={panelId} label={tab === 'com' ? '公司榜' : '原因榜'}>
            <RankingList type={tab === 'com' ? INCENSE_TYPES.company : INCENSE_TYPES.reason} onFollow={() => setOpen(false)} />
          </OutsideTabPanel>
        </Popover.Content>
      </div>
    </Popover.Root>
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
