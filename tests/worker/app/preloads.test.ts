import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { matchRoute, PRELOADS_FILE, type RoutePreload } from '../../../worker/src/lib/preloads';

const get = (path: string, init: RequestInit = {}) => SELF.fetch(`http://localhost${path}`, { redirect: 'manual', ...init });

/** The table of the build under test (npm test builds the SPA first). */
async function table(): Promise<RoutePreload[]> {
  const res = await get(PRELOADS_FILE);
  expect(res.status).toBe(200);
  return (await res.json()) as RoutePreload[];
}

const linksOf = (html: string, rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]!);

describe('a page names the files its route loads', () => {
  it('/health lists its layout and page chunks and their stylesheets once, after the entry, and drops the stored ETag', async () => {
    const routes = await table();
    const health = routes.find((r) => r.path === '/health')!;
    // The layout (health/route.tsx) and the page (health/index.tsx) each bring a chunk and a stylesheet.
    expect(health.js.length).toBeGreaterThanOrEqual(2);
    expect(health.css.length).toBeGreaterThanOrEqual(2);
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toBeNull();
    const html = await res.text();
    expect(linksOf(html, 'modulepreload')).toEqual(health.js);
    const sheets = linksOf(html, 'stylesheet');
    // The entry's stylesheet first (index.html's own link), then the route's, in the loader's order.
    expect(sheets.slice(1)).toEqual(health.css);
    expect(sheets[0]).toMatch(/^\/assets\/index-/);
    // Scripts in <head>; stylesheets at the end of <body>, so the loading placeholder paints without them.
    expect(html.lastIndexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf(health.css[0]!)).toBeGreaterThan(html.indexOf('<div id="root">'));
    // The files exist: the links are not stale names.
    for (const href of [...health.js, ...health.css]) expect((await get(href)).status, href).toBe(200);
  });

  it('a static path beats a parameter: /kcb/rank is the ranking, /kcb/688001 a company; /company/1 is the company page', async () => {
    const routes = await table();
    const html = async (p: string) => linksOf(await (await get(p)).text(), 'modulepreload');
    expect(await html('/kcb/rank')).toEqual(routes.find((r) => r.path === '/kcb/rank')!.js);
    expect(await html('/kcb/688001')).toEqual(routes.find((r) => r.path === '/kcb/$id')!.js);
    expect(await html('/company/1')).toEqual(routes.find((r) => r.path === '/company/$id')!.js);
    expect(routes.find((r) => r.path === '/kcb/rank')!.js).not.toEqual(routes.find((r) => r.path === '/kcb/$id')!.js);
  });

  it('a path no route has, the API and HEAD get no links', async () => {
    const unknown = await (await get('/no-such-page/at-all')).text();
    expect(unknown).toContain('<div id="root">');
    expect(linksOf(unknown, 'modulepreload')).toEqual([]);
    const api = await get('/api/closure/incense_top');
    expect(api.headers.get('Content-Type')).toContain('application/json');
    const head = await get('/deathCompany', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('ETag')).toBeNull();
    expect(await head.text()).toBe('');
  });

  it('share pages keep their meta and get their route\'s links', async () => {
    const routes = await table();
    const html = await (await get('/share/user/999999')).text();
    expect(html).toContain('<meta property="og:title"');
    expect(linksOf(html, 'modulepreload')).toEqual(routes.find((r) => r.path === '/share/user/$id')!.js);
  });
});

describe('matchRoute', () => {
  const routes: RoutePreload[] = [
    { path: '/', css: [], js: ['/a.js'] },
    { path: '/kcb', css: [], js: ['/kcb.js'] },
    { path: '/kcb/$id', css: [], js: ['/kcb-id.js'] },
    { path: '/kcb/rank', css: [], js: ['/rank.js'] },
    { path: '/share/dynamic/$id', css: [], js: ['/dyn.js'] },
  ];
  it.each([
    ['/', '/'],
    ['/kcb', '/kcb'],
    ['/kcb/', '/kcb'],
    ['/kcb/rank', '/kcb/rank'],
    ['/kcb/688001', '/kcb/$id'],
    ['/share/dynamic/12', '/share/dynamic/$id'],
  ])('%s → %s', (path, route) => {
    expect(matchRoute(routes, path)?.path).toBe(route);
  });
  it.each(['/kcb/688001/x', '/share/dynamic', '/deathCompany'])('%s matches nothing', (path) => {
    expect(matchRoute(routes, path)).toBeUndefined();
  });
});
