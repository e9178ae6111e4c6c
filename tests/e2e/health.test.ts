/**
 * The healthcare pages in Chromium against the built stack: a visitor's tab switch asks for login,
 * a non-member's atlas tag click gets the membership prompt, a VIP's opens the tag page in a new
 * tab, and a phone on /health lands on /healthMobile without sideways scrolling. Screenshots of
 * the three pages at desktop and phone widths go to test-results/e2e/.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, DESKTOP, launch, PHONE, screenshot } from './browser';

const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let browser: Browser;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  browser = await launch();
  for (const a of ['vip@demo.local', 'user@demo.local']) tokens[a] = await apiLogin(a);
});
afterAll(async () => {
  await browser?.close();
});

async function context(account: string | null, opts: { viewport?: typeof DESKTOP; userAgent?: string } = {}): Promise<BrowserContext> {
  const viewport = opts.viewport ?? DESKTOP;
  const ctx = await browser.newContext({ viewport, userAgent: opts.userAgent, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  if (account) await ctx.addInitScript((t) => localStorage.setItem('juzi_token', t), tokens[account]);
  return ctx;
}

/** Scrolls to the financing chart until it is drawn: the sections above it may still be growing as their data arrives. */
async function scrollToChart(page: Page) {
  const drawn = page.locator('.financing-chart .recharts-surface, .financing-chart .empty-state');
  await expect
    .poll(
      async () => {
        await page.locator('.financing-chart').scrollIntoViewIfNeeded();
        return drawn.count();
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
}

const overflow = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

describe('/health', () => {
  it('a visitor sees the default event tab and gets the login dialog on switching the information tab', async () => {
    const ctx = await context(null);
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/health`);
    const tabs = page.getByRole('tablist', { name: '资讯类型' });
    await page.locator('#information .info-event').first().waitFor();
    expect(await tabs.getByRole('tab', { name: '融资事件' }).getAttribute('aria-selected')).toBe('true');
    await page.locator('#database .block-row').first().waitFor();
    expect(await page.title()).toBe('医疗健康投资数据库 - 桔子数据');
    // A visitor has no 'view more' and the block offers the login bar instead of load-more.
    expect(await page.locator('#information').getByText('查看更多').count()).toBe(0);
    expect(await page.locator('#database').getByRole('button', { name: '立即登录' }).count()).toBe(1);
    await screenshot(page, 'health-desktop-visitor');
    await tabs.getByRole('tab', { name: '新闻' }).click();
    await page.getByRole('dialog', { name: '登录' }).waitFor();
    // The tab stays (a CSS locator: the modal hides the page from the accessibility tree meanwhile).
    expect(await page.locator('#information [role="tab"][aria-selected="true"]').textContent()).toBe('融资事件');
    await screenshot(page, 'health-desktop-visitor-login');
    await ctx.close();
  });

  it('the financing chart below the first screen loads Recharts only when the reader scrolls to it', async () => {
    const ctx = await context(null);
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${baseURL()}/health`);
    await page.locator('#information .info-event').first().waitFor();
    await page.locator('.financing-chart .chart-total').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.financing-chart .recharts-surface').count()).toBe(0);
    const before = scripts.length;
    await scrollToChart(page);
    expect(await page.locator('.financing-chart .recharts-wrapper').count()).toBe(1);
    // Drawing it fetched the chart library, which the first screen had not.
    expect(scripts.length).toBeGreaterThan(before);
    await ctx.close();
  });

  it('a non-member clicking an atlas tag gets the membership prompt and no new tab', async () => {
    const ctx = await context('user@demo.local');
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/health#atlas`);
    const tag = page.locator('#atlas .atlas-tag').first();
    await tag.waitFor();
    const pagesBefore = ctx.pages().length;
    await tag.click();
    const prompt = page.getByRole('dialog', { name: '开通VIP会员' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=health&return=%2Fhealth');
    expect(ctx.pages().length).toBe(pagesBefore);
    await ctx.close();
  });

  it('a VIP switches the information tab, loads more in the block and opens a tag page in a new tab', async () => {
    const ctx = await context('vip@demo.local');
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/health`);
    const tabs = page.getByRole('tablist', { name: '资讯类型' });
    await tabs.getByRole('tab', { name: '新闻' }).click();
    await expect.poll(() => tabs.getByRole('tab', { name: '新闻' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('#information').getByRole('link', { name: '查看更多 ›' }).getAttribute('href')).toBe(`/news?scope=${encodeURIComponent('医疗健康')}`);
    const block = page.locator('#database');
    const list = block.getByRole('list', { name: '融资金额TOP100' });
    await list.locator('.block-row').first().waitFor();
    expect(await list.locator('.block-row').count()).toBe(10);
    await block.getByRole('button', { name: '加载更多' }).click();
    await expect.poll(() => list.locator('.block-row').count()).toBe(20);
    await screenshot(page, 'health-desktop-vip');

    const [tagPage] = await Promise.all([ctx.waitForEvent('page'), page.locator('#atlas .atlas-tag').first().click()]);
    await tagPage.waitForLoadState();
    expect(new URL(tagPage.url()).pathname).toMatch(/^\/health\/\d+$/);
    await tagPage.locator('.tag-banner h1').waitFor();
    const name = (await tagPage.locator('.tag-banner h1').textContent())!;
    expect(await tagPage.title()).toBe(`${name} - 医疗健康 - 桔子数据`);
    // The block shows once its first load is done.
    await tagPage.locator('#database .block-row').first().waitFor();
    const heroes = tagPage.getByRole('tablist', { name: '数据库列表' });
    expect(await heroes.getByRole('tab').allTextContents()).toEqual(['投资机构', '全部公司']);
    expect(await heroes.getByRole('tab', { name: '全部公司' }).getAttribute('aria-selected')).toBe('true');
    const more = tagPage.locator('#information').getByRole('link', { name: '查看更多 ›' });
    expect(await more.getAttribute('href')).toBe(`/investevent?tag=${encodeURIComponent(name)}`);
    expect(await more.getAttribute('target')).toBe('_blank');
    await screenshot(tagPage, 'health-tag-desktop-vip');
    await ctx.close();
  });

  it('the tag page at phone width has no sideways scrolling', async () => {
    const ctx = await context('vip@demo.local', { viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/health`);
    expect(new URL(page.url()).pathname).toBe('/health');
    await page.locator('#atlas .atlas-tag').first().waitFor();
    const href = (await page.locator('#atlas a.atlas-tag').first().getAttribute('href'))!;
    await page.goto(`${baseURL()}${href}`);
    await page.locator('#database .block-row').first().waitFor();
    expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
    await screenshot(page, 'health-tag-phone-vip');
    await ctx.close();
  });
});

describe('/healthMobile', () => {
  it('a phone user agent on /health lands on /healthMobile, laid out at 375 px without horizontal overflow', async () => {
    const ctx = await context(null, { viewport: PHONE, userAgent: IPHONE_UA });
    const page = await ctx.newPage();
    const answer = await page.goto(`${baseURL()}/health`);
    // The mobile page's HTML comes straight back (no redirect round trip); the app then puts its address in the bar.
    expect(answer!.request().redirectedFrom()).toBeNull();
    await page.locator('.hm-banner h1').waitFor();
    expect(new URL(page.url()).pathname).toBe('/healthMobile');
    await page.locator('#database .block-row').first().waitFor();
    await scrollToChart(page);
    // rem is a tenth of the width.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('37.5px');
    expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
    expect(await page.title()).toBe('医疗健康 - 桔子数据');
    await screenshot(page, 'health-mobile-phone');
    await ctx.close();
  });

  it('the desktop page at phone width has no overflow either', async () => {
    const ctx = await context(null, { viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/health`);
    await page.locator('#database .block-row').first().waitFor();
    expect(await page.evaluate(overflow)).toBeLessThanOrEqual(0);
    await screenshot(page, 'health-desktop-page-phone');
    const wide = await context(null);
    const m = await wide.newPage();
    await m.goto(`${baseURL()}/healthMobile`);
    await m.locator('#database .block-row').first().waitFor();
    await screenshot(m, 'health-mobile-desktop');
    await wide.close();
    await ctx.close();
  });
});
