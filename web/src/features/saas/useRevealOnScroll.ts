import { useEffect, useRef, useState } from 'react';

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * `shown` turns true the first time the element scrolls into view (or is scrolled past), and stays true. With reduced
 * motion preferred, or without IntersectionObserver, it is shown from the start (no animation).
 */
export function useRevealOnScroll<E extends Element>() {
  const ref = useRef<E>(null);
  const [shown, setShown] = useState(() => reducedMotion() || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (shown || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          io.disconnect();
        }
      },
      // The root reaches far above the viewport: a section the page jumped past (a link, scroll
      // restoration) counts as seen instead of staying hidden above the reader.
      { threshold: 0.15, rootMargin: '100000px 0px 0px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [shown]);
  return { ref, shown };
}
