/**
 * axe-core in Chromium for the e2e tests (tests/e2e/a11y.test.ts): injected once per page through the
 * DevTools protocol (page.evaluate of axe's source, not an inline <script>: the product's CSP,
 * script-src 'self', rightly refuses inline scripts and the test must not weaken it), run with the WCAG
 * 2.x A/AA and best-practice rules only, returning serious and critical findings as flat records.
 * No vitest import here: it works on any playwright Page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  rule: string;
  impact: string;
  /** What was checked: a page path and the opened state, if any. */
  page: string;
  role: string;
  width: number;
  selector: string;
  /** axe's one-line reason for the first failing check (e.g. the contrast ratio and colours). */
  why: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: unknown[]; failureSummary?: string; any: { message: string }[]; all: { message: string }[]; none: { message: string }[] }[];
}

/** Puts axe on the page unless it is there already (a client-side navigation keeps it). */
export async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object')) return;
  await page.evaluate(AXE);
}

/** axe on the page as it is now: the serious and critical violations. */
export async function axeFindings(page: Page, where: { page: string; role: string; width: number }): Promise<Finding[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    // Only what the test needs crosses the protocol (the full result carries every node's HTML).
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({
          target: n.target,
          any: n.any.map((c) => ({ message: c.message })),
          all: n.all.map((c) => ({ message: c.message })),
          none: n.none.map((c) => ({ message: c.message })),
        })),
      }));
  });
  return violations.flatMap((v) =>
    v.nodes.map((n) => ({
      rule: v.id,
      impact: v.impact ?? '',
      ...where,
      selector: n.target.map(String).join(' '),
      why: (n.any[0] ?? n.all[0] ?? n.none[0])?.message ?? '',
    })),
  );
}

/** Every tab's aria-controls that names no element of the page (axe only sees it once the tab is used). */
export const danglingTabs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="tab"][aria-controls]')].filter((t) => !document.getElementById(t.getAttribute('aria-controls')!)).map((t) => t.textContent ?? ''),
  );

/** Findings as the lines a failing test prints: rule (impact) page, role, width: selector — why. */
export const formatFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.rule} (${f.impact})  ${f.page}  ${f.role} ${f.width}px  ${f.selector}  — ${f.why}`);

/** Requests in flight per page (fetches, scripts, styles), counted from the page's own events. */
const inflight = new WeakMap<Page, { count: number; last: number }>();
function track(page: Page) {
  if (inflight.has(page)) return inflight.get(page)!;
  const state = { count: 0, last: Date.now() };
  inflight.set(page, state);
  page.on('request', () => {
    state.count++;
    state.last = Date.now();
  });
  const done = () => {
    state.count = Math.max(0, state.count - 1);
    state.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/** Resolves once nothing has been in flight for `idleMs` (or after `timeoutMs`). Works for client-side navigations too. */
async function networkQuiet(page: Page, idleMs = 250, timeoutMs = 10_000) {
  const state = track(page);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (state.count === 0 && Date.now() - state.last >= idleMs) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until a page has settled: the network quiet, no route spinner or loading status, the main landmark filled. */
export async function settle(page: Page, { network = true } = {}): Promise<void> {
  if (network) await networkQuiet(page);
  await page
    .waitForFunction(() => !document.querySelector('.route-pending, .loading') && (document.querySelector('main')?.children.length ?? 0) > 0, undefined, { timeout: 15_000 })
    .catch(() => undefined);
  if (network) await networkQuiet(page);
}

/** Pages whose last visit was a plain one, on a loaded SPA: the next plain visit is a client-side navigation. */
const clean = new WeakSet<Page>();

/**
 * Goes to `path`: a full load the first time and before (or after) an opened state, otherwise the
 * SPA's own navigation (history.pushState and a popstate, which the router follows), so the bundle
 * and axe are not parsed again for every page.
 */
async function visitPath(page: Page, origin: string, path: string, reuse: boolean) {
  track(page);
  if (reuse) {
    await page.evaluate((url) => {
      window.scrollTo(0, 0);
      history.pushState(history.state, '', url);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
    // A page may complete its own URL at once (/deathTrack adds the first track's ?tag_id=): without a
    // query of its own, the path alone says the navigation happened.
    await page.waitForFunction((url) => location.pathname + location.search === url || (!url.includes('?') && location.pathname === url), path);
  } else {
    await page.goto(`${origin}${path}`);
  }
}

export type Role = 'visitor' | 'vip' | 'user';

export interface Visit {
  path: string;
  /** The opened state, if any ('login dialog', 'ranking popover'...). */
  state?: string;
  /** Who sees it (default: a visitor and a VIP). */
  roles?: Role[];
  /** What shows the page has its content; default: the page settled. */
  ready?: string;
  /** Brings the page into the state to check (click a button, open a row); runs at 1280 px. */
  open?: (page: Page) => Promise<void>;
}

export const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } } as const;

/**
 * One visit at both widths in one page: load at 1280 px, bring it into its state, run axe, then
 * resize to 375 px (every layout switch of the SPA follows media queries) and run axe again.
 */
export async function checkVisit(page: Page, origin: string, visit: Visit, role: Role): Promise<Finding[]> {
  await page.setViewportSize(WIDTHS.desktop);
  const reuse = !visit.open && clean.has(page);
  clean.delete(page);
  await visitPath(page, origin, visit.path, reuse);
  await settle(page);
  if (visit.ready) await page.locator(visit.ready).first().waitFor({ timeout: 15_000 });
  if (visit.open) {
    await visit.open(page);
    await settle(page, { network: false });
  }
  const name = visit.state ? `${visit.path} (${visit.state})` : visit.path;
  const findings = await axeFindings(page, { page: name, role, width: WIDTHS.desktop.width });
  const tabs = await danglingTabs(page);
  await page.setViewportSize(WIDTHS.phone);
  // Let layout switches (and anything they load) finish before the second run.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await settle(page, { network: false });
  findings.push(...(await axeFindings(page, { page: name, role, width: WIDTHS.phone.width })));
  tabs.push(...(await danglingTabs(page)));
  if (!visit.open) clean.add(page);
  for (const t of new Set(tabs)) findings.push({ rule: 'aria-controls-dangling', impact: 'serious', page: name, role, width: 0, selector: `[role=tab] ${t}`, why: "the tab's aria-controls names no element" });
  return findings;
}

/** Runs `work` over `items`, `limit` at a time. */
export async function pool<T, R>(items: T[], limit: number, work: (item: T, slot: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async (_, slot) => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], slot);
      }
    }),
  );
  return out;
}
