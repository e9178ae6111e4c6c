import { mobileRedirect } from './mobile';

/**
 * The page this document was opened on (read when the app boots, web/src/main.tsx): a few sections
 * may render after the first screen only then (ui/BelowTheFold.tsx), when nothing else is on screen
 * yet and there is no scroll position to restore. A phone opening /health is on /healthMobile once
 * the root route has replaced the address (lib/mobile.ts): the same opening page.
 */
const opened =
  typeof window === 'undefined'
    ? null
    : { href: (mobileRedirect(window.location.pathname, navigator.userAgent) ?? window.location.pathname) + window.location.search, hash: window.location.hash };
let spent = false;

/** The document was reached by a plain load (not a reload or back / forward) without an anchor: it starts at the top, with nothing to restore. */
export function openedPlainly(): boolean {
  if (!opened || opened.hash) return false;
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return nav === undefined || nav.type === 'navigate';
}

/** True on the first render of the page the document was opened on, reached by a plain load (not a reload or back / forward), without an anchor. */
export function isOpeningScreen(): boolean {
  if (spent || !openedPlainly()) return false;
  return window.location.pathname + window.location.search === opened!.href && !window.location.hash;
}

/** The opening screen has been drawn: every later render draws whole pages at once. */
export function openingScreenDrawn(): void {
  spent = true;
}
