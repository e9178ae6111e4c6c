import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { isOpeningScreen, openingScreenDrawn } from '../lib/firstScreen';
import './below-the-fold.css';

/**
 * Sections below the first screen, rendered once the first screen is on it, when the page is the one
 * the document was opened on (lib/firstScreen.ts): the page's first render stays small (one long task
 * of React work and layout fewer), and these render in a transition, which React splits into short
 * tasks. Anywhere else they render at once: a link to an anchor (/health#atlas from a tag page) finds
 * its target, and going back to the page finds its scroll position. Until then an empty block a
 * screen high holds the place, so the footer does not show on the first screen and then move away.
 */
export function BelowTheFold({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(() => !isOpeningScreen());
  useEffect(() => {
    openingScreenDrawn();
    if (shown) return;
    // After the frame that paints the first screen: a task of its own, then a transition.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  return shown ? children : <div className="below-the-fold-placeholder" aria-busy="true" />;
}
