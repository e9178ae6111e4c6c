import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, demoBrowser, PHONE, screenshot } from './browser';

/**
 * axe-core on every page of the closed-company area, as a visitor and as a VIP, at 1280 and 375 px:
 * no serious or critical violation (issue 9 item 15, issue 15 "Accessibility"): text contrast ≥ 4.5:1,
 * every tab's aria-controls names a panel in the page, scroll regions reachable by keyboard, names that
 * match visible labels. Plus what axe cannot see: a skip link as the first tab stop, a 2-px focus ring.
 */

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const { open } = demoBrowser(['vip@demo.local']);
const LAPTOP = { width: 1280, height: 800 };

interface Violation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}

/** axe on the page as it is; serious and critical violations as 'rule: selector' lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the page's CSP (script-src 'self')
  // rightly refuses inline scripts, and the test must not weaken it.
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')}`));
}

/** Every tab's aria-controls that names no element of the page. */
const danglingTabs = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="tab"][aria-controls]')].filter((t) => !document.getElementById(t.getAttribute('aria-controls')!)).map((t) => t.textContent),
  );

interface Visit {
  path: string;
  /** What shows the page has its data (a VIP's view). */
  ready: string;
  /** Something to do before the check (open a row, the ranking panel). */
  then?: (page: Page) => Promise<void>;
}

const VISITS: Visit[] = [
  { path: '/deathCompany', ready: '.closure-name' },
  {
    path: '/deathCompany',
    ready: '.closure-name',
    then: async (page) => {
      await page.getByRole('button', { name: '查看详情' }).first().click();
      await page.locator('.closure-detail [role="tabpanel"]').first().waitFor();
    },
  },
  {
    path: '/deathCompany',
    ready: '.closure-name',
    then: async (page) => {
      await page.getByRole('button', { name: /上香榜/ }).click();
      await page.getByRole('region', { name: '上香排行榜' }).getByRole('link').first().waitFor();
    },
  },
  { path: '/deathReason', ready: '.reason-title' },
  { path: '/deathReason?tab=companies', ready: '.reason-title' },
  { path: '/deathTrack', ready: '.recharts-pie-sector' },
  { path: '/deathRank', ready: '.rank-table tbody tr' },
  { path: '/deathRank?tab=firm', ready: '.firm-row' },
  { path: '/deathReport', ready: '.news-row' },
];

for (const account of [null, 'vip@demo.local'] as const) {
  for (const [width, viewport] of [
    ['1280', LAPTOP],
    ['375', PHONE],
  ] as const) {
    describe(`axe on the closed-company pages, ${account ? 'VIP' : 'visitor'} at ${width} px`, () => {
      for (const visit of VISITS) {
        // A visitor sees the home (and its panel) and the login wall of the other pages.
        if (!account && visit.then && visit.path !== '/deathCompany') continue;
        it(`${visit.path}${visit.then ? ' (opened)' : ''}: no serious or critical violation, every tab controls a panel in the page`, async () => {
          const page = await open(account, viewport);
          await page.goto(`${baseURL()}${visit.path}`);
          if (account || visit.path === '/deathCompany') await page.locator(visit.ready).first().waitFor();
          else await page.getByRole('dialog', { name: '登录' }).waitFor();
          if (account || visit.path === '/deathCompany') await visit.then?.(page);
          await page.waitForLoadState('networkidle');
          expect(await seriousViolations(page)).toEqual([]);
          expect(await danglingTabs(page)).toEqual([]);
          await page.close();
        });
      }
    });
  }
}

describe('keyboard', () => {
  for (const [width, viewport] of [
    ['1280', LAPTOP],
    ['375', PHONE],
  ] as const) {
    it(`the first Tab stop is a visible '跳到主要内容' that moves focus past the header to the page (${width} px)`, async () => {
      const page = await open('vip@demo.local', viewport);
      await page.goto(`${baseURL()}/deathCompany`);
      await page.locator('.closure-name').first().waitFor();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: '跳到主要内容' });
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await skip.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.height).toBeGreaterThan(20);
      await screenshot(page, `closure-skip-link-${width}`);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
      // The next stop is in the page: the area nav, not the header's links.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
      await page.close();
    });
  }

  it('the search box and the selects show a 2-px focus ring, not only a border colour', async () => {
    const page = await open('vip@demo.local', LAPTOP);
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
    await page.close();
  });
});
