import { useSyncExternalStore } from 'react';

/**
 * The page's scroll offset, read in the scroll event (and once just after the first frame a header
 * is in, when the browser has laid the page out), never during a render or before a frame: reading
 * window.scrollY right after React wrote the page makes the browser lay out the whole page inside
 * the script (a forced reflow).
 */
let y = 0;
const listeners = new Set<() => void>();
const read = () => {
  y = window.scrollY;
  for (const l of listeners) l();
};

const subscribe = (onChange: () => void) => {
  if (!listeners.size) window.addEventListener('scroll', read, { passive: true });
  listeners.add(onChange);
  // After the next frame (rAF, then a task): the page a reload restores to a scrolled position is read without a layout of its own.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(read);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    listeners.delete(onChange);
    if (!listeners.size) window.removeEventListener('scroll', read);
  };
};

/** True once the page has scrolled past `threshold` pixels (re-renders only when that flips). */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(subscribe, () => y > threshold, () => false);
}
