import { useRef } from 'react';
import { useScrollCue } from '../../lib/useScrollCue';
import type { ReasonChild, ReasonParent } from './queries/reasons';
import './reason-nav.css';

export interface ReasonNavProps {
  tree: readonly ReasonParent[];
  parentId?: number;
  childId?: number;
  /** Choose a reason; a parent alone means its first child. */
  onSelect: (parent: ReasonParent, child?: ReasonChild) => void;
}

/**
 * The two-level side navigation of closing reasons: every parent, and under the current one its
 * children. On a phone it turns into a row of parent chips (the child tabs follow in the page) that
 * scrolls sideways, a fade and an arrow marking the end that hides chips.
 */
export function ReasonNav({ tree, parentId, childId, onSelect }: ReasonNavProps) {
  const row = useRef<HTMLUListElement>(null);
  const cue = useScrollCue(row);
  return (
    <nav className={`reason-nav${cue.before ? ' has-before' : ''}${cue.after ? ' has-after' : ''}`} aria-label="死亡原因">
      <span className="reason-nav-cue is-before" aria-hidden="true">
        ‹
      </span>
      <span className="reason-nav-cue is-after" aria-hidden="true">
        ›
      </span>
      <ul ref={row}>
        {tree.map((p) => {
          const open = p.id === parentId;
          return (
            <li key={p.id} className={open ? 'is-open' : undefined}>
              <button type="button" className="reason-nav-parent" aria-expanded={open} onClick={() => onSelect(p)}>
                {p.name}
                <span className="reason-nav-count">{p.child.length}</span>
              </button>
              {open && (
                <ul className="reason-nav-children">
                  {p.child.map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        className={`reason-nav-child${c.id === childId ? ' is-active' : ''}`}
                        aria-current={c.id === childId ? 'page' : undefined}
                        onClick={() => onSelect(p, c)}
                      >
                        {c.name}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
