import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RETURN_ROUTES } from '../../../worker/src/order/plans';
import { orderHref } from '../../../web/src/lib/gate';

/** The SPA's pages as the router generates them (web/src/routeTree.gen.ts, FileRoutesByFullPath). */
function spaRoutes(): string[] {
  const text = readFileSync(path.resolve(import.meta.dirname, '../../../web/src/routeTree.gen.ts'), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => (m[1].length > 1 ? m[1].replace(/\/$/, '') : m[1]));
}

describe('the pages a purchase returns to', () => {
  it('are the SPA\'s own pages, every one but the order and payment pages', () => {
    const pages = spaRoutes().filter((p) => p !== '/order' && !p.startsWith('/pay/'));
    expect(pages.length).toBeGreaterThan(30);
    expect([...RETURN_ROUTES].sort()).toEqual([...new Set(pages)].sort());
  });

  it('a link to /order carries the page it is on', () => {
    window.history.replaceState(null, '', '/company/9741?tab=events');
    expect(orderHref('company')).toBe('/order?from=company&return=%2Fcompany%2F9741%3Ftab%3Devents');
    window.history.replaceState(null, '', '/order?from=health');
    expect(orderHref('health')).toBe('/order?from=health');
  });
});
