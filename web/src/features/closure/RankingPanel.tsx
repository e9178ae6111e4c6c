import { lazy, Suspense, useRef, useState } from 'react';
import { lazyChunk, prefetchQuietly } from '../../lib/staleBuild';
import { IncenseIcon } from './IncenseIcon';
import './ranking-panel.css';

const loadPopover = () => import('./RankingPopover');
const RankingPopover = lazy(lazyChunk(loadPopover));

/**
 * The incense ranking (上香榜) toggle. The panel behind it (Radix Popover with floating-ui, its tabs
 * and list; ./RankingPopover) is not part of /deathCompany's first load: it starts loading when the
 * pointer comes over the toggle or focus reaches it, and mounts open on the first press. Until then
 * this renders the same toggle in the same place, so nothing moves when the panel takes over, and
 * focus passes to the real toggle if the press came from the keyboard or a click. Render it once per page.
 */
export function RankingPanel() {
  const [wanted, setWanted] = useState(false);
  const hadFocus = useRef(false);
  const standIn = (
    <div className="ranking-panel">
      <button
        type="button"
        className="ranking-toggle"
        aria-haspopup="dialog"
        aria-expanded={false}
        aria-busy={wanted || undefined}
        onPointerEnter={() => void prefetchQuietly(loadPopover)}
        onFocus={() => void prefetchQuietly(loadPopover)}
        onClick={(e) => {
          hadFocus.current = document.activeElement === e.currentTarget;
          setWanted(true);
        }}
      >
        <IncenseIcon />
        <span className="ranking-toggle-text">上香榜</span>
      </button>
    </div>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RankingPopover focusToggle={hadFocus.current} />
    </Suspense>
  );
}
