import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, demoBrowser } from './browser';
import { demoIds, type DemoIds } from './demo-ids';

/**
 * No dead links: starting from every route of the SPA (web/src/routeTree.gen.ts, params filled with
 * real ids of the demo data), a signed-in VIP follows every internal link in Chromium, breadth
 * first, at most PER_PATTERN pages per route pattern and MAX_PAGES in all, and the test fails on any
 * page that shows 页面不存在 (routes/-NotFound.tsx) or a route's error view. Links to /api/* (the
 * docs, the OpenAPI file) are fetched and must answer 200.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAX_PAGES = 200;
const PER_PATTERN = 4;

const { open, tokens } = demoBrowser(['vip@demo.local']);
let ids: DemoIds;

beforeAll(async () => {
  ids = await demoIds(tokens['vip@demo.local']);
}, 120_000);

/** Every full path the route generator registered ('/company/$id', '/news/', ...). */
function routePaths(): string[] {
  const gen = readFileSync(path.join(ROOT, 'web/src/routeTree.gen.ts'), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(gen)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1]);
}

/** A route path as a URL of the demo data: each param replaced by a real id. */
function urlOf(route: string): string {
  const byRoute: Record<string, string> = {
    '/company/$id': `/company/${ids.closedCompany.id}`,
    '/investfirm/$id': `/investfirm/${ids.firm}`,
    '/investevent/$id': `/investevent/${ids.event}`,
    '/person/$id': `/person/${ids.person}`,
    '/user/$id': `/user/${ids.user}`,
    '/atlas/$tagId': `/atlas/${ids.childTag}`,
    '/policy/$id': `/policy/${ids.policy}`,
    '/kcb/$id': `/kcb/${ids.starCompany.mComId}`,
    '/pay/sandbox/$orderId': `/pay/sandbox/${ids.order}`,
    '/pay/result/$orderId': `/pay/result/${ids.order}`,
    '/share/user/$id': `/share/user/${ids.shareUser}`,
    '/share/dynamic/$id': `/share/dynamic/${ids.shareDynamic}`,
    '/health/$tagId': `/health/${ids.childTag}`,
    '/health/$id': `/health/${ids.childTag}`,
  };
  if (byRoute[route]) return byRoute[route];
  if (route.includes('$')) throw new Error(`link checker: no demo id for the route ${route}; add one to urlOf()`);
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/** The pattern a URL belongs to: numeric segments as :id, with its query's keys. */
function patternOf(url: URL): string {
  const p = url.pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
  const keys = [...new Set(url.searchParams.keys())].sort().join('&');
  return keys ? `${p}?${keys}` : p;
}

interface Problem {
  url: string;
  from: string;
  what: string;
}

/** API calls of each page still in flight (a page's secondary queries may fail after the route settled). */
const inFlight = new WeakMap<Page, Set<unknown>>();

function trackApiCalls(page: Page) {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => isApi(r.url()) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
}

/** What the page shows once it settled: 'ok', 'not-found' or 'error: <message>'. */
async function verdict(page: Page): Promise<string> {
  // Wait for the route to settle: no route spinner, and the page's own content or a failure view.
  await page.waitForFunction(() => !document.querySelector('.route-pending') && document.querySelector('main')?.children.length, undefined, { timeout: 20_000 }).catch(() => undefined);
  // Then for its API calls to answer and the answers to be painted (two animation frames), instead
  // of a fixed pause: an error view of a query that fails late is on the page when it is read.
  const pending = inFlight.get(page)!;
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  for (let i = 0; i < 3; i++) {
    await frames();
    const deadline = Date.now() + 5_000;
    while (pending.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!pending.size) break;
  }
  await frames();
  if (await page.locator('.not-found').count()) return 'not-found';
  const alert = page.locator('main [role="alert"]');
  if (await alert.count()) return `error: ${(await alert.first().textContent())?.trim().slice(0, 80)}`;
  if (await page.locator('.star-error').count()) return `error: ${(await page.locator('.star-error').first().textContent())?.trim()}`;
  return 'ok';
}

describe('link checker', () => {
  it('every internal link from every route opens a real page', async () => {
    const routes = routePaths();
    const origin = new URL(baseURL()).origin;
    const queue: { url: string; from: string }[] = routes.map((r) => ({ url: urlOf(r), from: `route ${r}` }));
    const seen = new Set<string>();
    const perPattern = new Map<string, number>();
    const problems: Problem[] = [];
    const apiLinks = new Map<string, string>();
    const page = await open('vip@demo.local');
    trackApiCalls(page);
    let visited = 0;

    while (queue.length && visited < MAX_PAGES) {
      const { url, from } = queue.shift()!;
      const u = new URL(url, origin);
      const key = u.pathname + u.search;
      if (seen.has(key)) continue;
      seen.add(key);
      const pattern = patternOf(u);
      if ((perPattern.get(pattern) ?? 0) >= PER_PATTERN) continue;
      perPattern.set(pattern, (perPattern.get(pattern) ?? 0) + 1);
      visited++;
      await page.goto(`${origin}${key}`);
      const v = await verdict(page);
      if (v !== 'ok') problems.push({ url: key, from, what: v });
      const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      for (const href of hrefs) {
        const next = new URL(href, origin);
        if (next.origin !== origin || next.protocol.startsWith('javascript')) continue;
        const nextKey = next.pathname + next.search;
        if (next.pathname.startsWith('/api/') || /\.(pdf|png|xlsx)$/.test(next.pathname)) {
          apiLinks.set(nextKey, key);
          continue;
        }
        if (!seen.has(nextKey)) queue.push({ url: nextKey, from: key });
      }
    }

    for (const [link, from] of apiLinks) {
      const res = await fetch(`${origin}${link}`);
      if (res.status !== 200) problems.push({ url: link, from, what: `HTTP ${res.status}` });
    }

    const lines = (list: Problem[]) => list.map((p) => `  ${p.url}  <- ${p.from}: ${p.what}`).join('\n');
    console.log(`link checker: ${visited} pages visited, ${perPattern.size} route patterns, ${apiLinks.size} API links fetched`);
    if (problems.length) console.error(`link checker: dead links or broken pages:\n${lines(problems)}`);
    expect(problems, lines(problems)).toEqual([]);
    expect(visited).toBeGreaterThan(routes.length);
  }, 900_000);
});
