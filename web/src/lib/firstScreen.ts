/**
 * The page this document was opened on (read when the app boots, web/src/main.tsx): a few sections
 * may render after the first screen only then (ui/BelowTheFold.tsx), when nothing else is on screen
 * yet and there is no scroll position to restore.
 */
const opened = typeof window === 'undefined' ? null : { href: window.location.pathname + window.location.search, hash: window.location.hash };
let spent = false;

/** True on the first render of the page the document was opened on, reached by a plain load (not a reload or back / forward), without an anchor. */
export function isOpeningScreen(): boolean {
  if (spent || !opened || opened.hash) return false;
  if (window.location.pathname + window.location.search !== opened.href || window.location.hash) return false;
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav === undefined || nav.type === 'navigate';
}

/** The opening screen has been drawn: every later render draws whole pages at once. */
export function openingScreenDrawn(): void {
  spent = true;
}
