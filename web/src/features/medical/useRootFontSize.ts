import { useEffect } from 'react';

/** The phone page's rem: a tenth of the viewport width, the width capped at 1120 device pixels. */
export const MAX_DEVICE_WIDTH = 1120;
/** Resizes and rotations settle for this long before the root font size follows. */
export const RESIZE_DELAY_MS = 300;

export function rootFontSize(cssWidth: number, dpr: number): number {
  const ratio = dpr > 0 ? dpr : 1;
  return Math.min(cssWidth, MAX_DEVICE_WIDTH / ratio) / 10;
}

/** Sets <html>'s font size for the phone layout while the page is shown, and restores it after. */
export function useRootFontSize() {
  useEffect(() => {
    const html = document.documentElement;
    const before = html.style.fontSize;
    const apply = () => {
      html.style.fontSize = `${rootFontSize(html.clientWidth || window.innerWidth, window.devicePixelRatio)}px`;
    };
    apply();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, RESIZE_DELAY_MS);
    };
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', onResize);
      html.style.fontSize = before;
    };
  }, []);
}
