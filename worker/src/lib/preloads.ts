import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { escapeHtml } from './html';

/**
 * A page's HTML names the files its route loads after the entry (web/vite.config.ts writes them to
 * route-preloads.json at build time): they download alongside the entry instead of after it has run
 * and the router has matched the route, and Vite's loader, finding them in the document, adds no link
 * of its own. Every page is the same index.html otherwise; a path no route matches gets it unchanged.
 */
export interface RoutePreload {
  /** The route's path as the router writes it, '/health', '/company/$id': a `$` segment matches any one segment. */
  path: string;
  /** Its stylesheets, in the order Vite's loader would add them. */
  css: string[];
  /** Its scripts: the split components of the route and of the layouts above it, and what they import, the entry excepted. */
  js: string[];
}

/** Written by the build into web/dist, served like any static file. */
export const PRELOADS_FILE = '/route-preloads.json';

/** The table of this build, read once per isolate (the worker and the assets are deployed together). */
let table: Promise<RoutePreload[]> | undefined;

function preloadTable(assets: Fetcher, url: string): Promise<RoutePreload[]> {
  table ??= assets.fetch(new Request(new URL(PRELOADS_FILE, url))).then(async (res) => {
    if (!res.ok || !(res.headers.get('Content-Type') ?? '').includes('json')) throw new Error(`${PRELOADS_FILE}: ${res.status}`);
    return (await res.json()) as RoutePreload[];
  });
  // A build without the table (or a failed read) gets plain pages, and the next page asks again.
  return table.catch(() => {
    table = undefined;
    return [];
  });
}

/** The route a page path belongs to: exact segments first, so /kcb/rank is not /kcb/$id. */
export function matchRoute(routes: readonly RoutePreload[], pathname: string): RoutePreload | undefined {
  const segments = pathname.split('/').filter(Boolean);
  let best: RoutePreload | undefined;
  let bestParams = Infinity;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    if (!pattern.every((p, i) => p.startsWith('$') || p === segments[i])) continue;
    const params = pattern.filter((p) => p.startsWith('$')).length;
    if (params < bestParams) {
      best = route;
      bestParams = params;
    }
  }
  return best;
}

/** The scripts, for the end of <head>: they download at once and block nothing. */
export const scriptLinks = (route: RoutePreload) => route.js.map((href) => `<link rel="modulepreload" as="script" crossorigin href="${escapeHtml(href)}">`).join('');

/**
 * The stylesheets, for the end of <body>, in the order Vite's loader would add them (after the
 * entry's): the loading placeholder paints without waiting for them, and the app's script, which runs
 * after the document's stylesheets have loaded, never renders the page unstyled.
 */
export const styleLinks = (route: RoutePreload) => route.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`).join('');

/** Adds a page's links to every HTML page the worker answers with (200 or 404). */
export const routePreloads: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  if (!['GET', 'HEAD'].includes(c.req.method) || c.req.path.startsWith('/api/') || !c.env.ASSETS) return;
  if (!(res.headers.get('Content-Type') ?? '').includes('text/html')) return;
  const route = matchRoute(await preloadTable(c.env.ASSETS, c.req.url), c.get('pagePath') ?? c.req.path);
  if (!route) return;
  const body =
    res.body &&
    new HTMLRewriter()
      .on('head', { element: (e) => void e.append(scriptLinks(route), { html: true }) })
      .on('body', { element: (e) => void e.append(styleLinks(route), { html: true }) })
      .transform(res).body;
  const headers = new Headers(res.headers);
  // Not the stored bytes any more: the assets server's validator and length are index.html's.
  headers.delete('ETag');
  headers.delete('Content-Length');
  c.res = undefined;
  c.res = new Response(body, { status: res.status, headers });
};
