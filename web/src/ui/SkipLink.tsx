import type { MouseEvent } from 'react';

/**
 * "跳到主要内容": the first tab stop of every page, before the header's links, visible while it has focus.
 * It moves focus (and the next Tab) to the page's <main>, past the header and the area's nav bar.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    e.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href="#main" onClick={skip}>
      跳到主要内容
    </a>
  );
}
