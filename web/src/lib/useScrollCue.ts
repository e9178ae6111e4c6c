import { useEffect, useState, type RefObject } from 'react';

export interface ScrollCue {
  /** Content is hidden to the left (the row has been scrolled). */
  before: boolean;
  /** Content is hidden to the right. */
  after: boolean;
}

/**
 * For a row that scrolls sideways (overflow-x: auto): which ends hide content, followed on scroll and
 * resize, so the row can show a cue (a fade and an arrow) where more items are.
 */
export function useScrollCue(ref: RefObject<HTMLElement | null>): ScrollCue {
  const [cue, setCue] = useState<ScrollCue>({ before: false, after: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const max = el.scrollWidth - el.clientWidth;
      const next = { before: el.scrollLeft > 1, after: el.scrollLeft < max - 1 };
      setCue((c) => (c.before === next.before && c.after === next.after ? c : next));
    };
    el.addEventListener('scroll', update, { passive: true });
    // A ResizeObserver reports the row once it has been laid out, and again whenever its size changes:
    // reading its widths then costs nothing. Measuring here, right after React wrote the page, would
    // force the browser to lay out the whole page inside this script (a forced reflow). Without one,
    // measure now and on resize.
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    if (ro) ro.observe(el);
    else {
      update();
      window.addEventListener('resize', update);
    }
    return () => {
      el.removeEventListener('scroll', update);
      ro?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref]);
  return cue;
}
