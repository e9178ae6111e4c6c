import { useEffect, useState } from 'react';

/**
 * [ref, near]: `near` turns true once the element given to `ref` has come within `margin` of the viewport
 * (and stays true). Charts below the fold use it to load their library only when the reader scrolls
 * towards them, so the first screen's scripting does not pay for them. The ref is a callback, so an
 * element that mounts later (after a loading state) is observed too. Without IntersectionObserver
 * `near` is true from the start.
 */
export function useNearView(margin = '300px'): [(el: Element | null) => void, boolean] {
  const [el, setEl] = useState<Element | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [el, margin, near]);
  return [setEl, near];
}
