import type { BrowserContext, Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a11yVisits } from './a11y-visits';
import { checkVisit, formatFindings, pool, type Finding, type Role, WIDTHS } from './axe';
import { apiLogin, baseURL, launch, screenshot } from './browser';
import { demoIds } from './demo-ids';

/**
 * axe-core on every page of the SPA: every route of web/src/routes with
 * real ids of the demo data, plus the opened states (login and register dialogs, the export, batch
 * download, incense, share, subscription and membership dialogs, the ranking popover, an expanded
 * row, the share pages' open-app mask), as a visitor and as a VIP (the membership prompt as a
 * signed-in non-member), each at 1280 px and, in the same page after a resize, at 375 px. No serious
 * or critical violation: text contrast ≥ 4.5:1, names, labels, ARIA, link and control names, and
 * every tab's aria-controls naming a panel in the page. A failure prints one line per node:
 * rule (impact)  page (state)  role width  selector — axe's reason.
 *
 * Fast on purpose: one browser, one context per role (signed in by its token in localStorage), four
 * pages at a time across all roles, axe injected once per page load and run with the WCAG 2.x A/AA
 * and best-practice rules only, both widths from one page load.
 */

const CONCURRENCY = 4;
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, string> = { vip: 'vip@demo.local', user: 'user@demo.local' };
const ROLES: Role[] = ['visitor', 'vip', 'user'];


let browser: Browser;
const findings: Record<Role, Finding[]> = { visitor: [], vip: [], user: [] };
const unreached: Record<Role, string[]> = { visitor: [], vip: [], user: [] };
const checked: Record<Role, number> = { visitor: 0, vip: 0, user: 0 };
let tokens: Record<string, string> = {};

beforeAll(async () => {
  const started = Date.now();
  browser = await launch();
  tokens = Object.fromEntries(await Promise.all(Object.values(ACCOUNTS).map(async (a) => [a, await apiLogin(a)] as const)));
  // The subscription dialog opens from '动态订阅', which a subscribed VIP does not see.
  await fetch(`${baseURL()}/api/medical/rm_subscribe`, { method: 'POST', headers: { Authorization: `Bearer ${tokens[ACCOUNTS.vip]}` } });
  const visits = a11yVisits(await demoIds(tokens[ACCOUNTS.vip]));

  const contexts = new Map<Role, BrowserContext>();
  for (const role of ROLES) {
    const context = await browser.newContext({ viewport: WIDTHS.desktop });
    if (role !== 'visitor') await context.addInitScript((t) => localStorage.setItem('juzi_token', t), tokens[ACCOUNTS[role]]);
    contexts.set(role, context);
  }
  // Every (role, visit) pair through one pool; each slot keeps one page per role and reuses it.
  const jobs = ROLES.flatMap((role) => visits.filter((v) => (v.roles ?? ['visitor', 'vip']).includes(role)).map((visit) => ({ role, visit })));
  const pages = new Map<string, Page>();
  await pool(jobs, CONCURRENCY, async ({ role, visit }, slot) => {
    const key = `${role}:${slot}`;
    if (!pages.has(key)) pages.set(key, await contexts.get(role)!.newPage());
    const page = pages.get(key)!;
    try {
      findings[role].push(...(await checkVisit(page, baseURL(), visit, role)));
      checked[role]++;
    } catch (e) {
      unreached[role].push(`${visit.path}${visit.state ? ` (${visit.state})` : ''}: ${(e as Error).message.split('\n')[0]}`);
      // A page left in an odd state (a dialog half open) is not reused.
      await page.close().catch(() => undefined);
      pages.delete(key);
    }
  });
  for (const context of contexts.values()) await context.close();
  console.log(`axe: ${jobs.length} visits × 2 widths in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, 600_000);

afterAll(async () => {
  await browser?.close();
});


describe('axe-core on every page at 1280 and 375 px', () => {
  for (const role of ROLES) {
    const who = role === 'user' ? 'a signed-in non-member' : role === 'vip' ? 'a VIP' : 'a visitor';
    it(`as ${who}: every page and opened state is reached and has no serious or critical violation`, () => {
      expect(unreached[role], unreached[role].join('\n')).toEqual([]);
      expect(checked[role]).toBeGreaterThan(0);
      const failing = findings[role];
      expect(formatFindings(failing), formatFindings(failing).join('\n')).toEqual([]);
    });
  }
});

describe('keyboard', () => {
  async function vipPage(viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript((t) => localStorage.setItem('juzi_token', t), tokens[ACCOUNTS.vip]);
    return context.newPage();
  }

  for (const [width, viewport] of Object.entries({ 1280: WIDTHS.desktop, 375: WIDTHS.phone })) {
    it(`the first Tab stop is a visible '跳到主要内容' that moves focus past the header to the page (${width} px)`, async () => {
      const page = await vipPage(viewport);
      await page.goto(`${baseURL()}/deathCompany`);
      await page.locator('.closure-name').first().waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: '跳到主要内容' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.height).toBeGreaterThan(20);
      await screenshot(page, `skip-link-${width}`);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      // The next stop is in the page: the area nav, not the header's links.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
      await page.context().close();
    });
  }

  it('the search box and the selects show a 2-px focus ring, not only a border colour', async () => {
    const page = await vipPage(WIDTHS.desktop);
    await page.goto(`${baseURL()}/deathCompany`);
    await page.locator('.closure-name').first().waitFor();
    for (const target of [page.getByRole('searchbox').or(page.getByPlaceholder('搜索公司名称')).first(), page.getByLabel('地区')]) {
      await target.focus();
      const ring = await target.evaluate((el) => {
        const cs = getComputedStyle(el);
        return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth) };
      });
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
    }
    await page.context().close();
  });
});
