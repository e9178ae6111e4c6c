import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, PHONE, screenshot } from './browser';
import { d1Query } from './d1';

let browser: Browser;
let userId: number;
let cardPostId: number;
beforeAll(async () => {
  browser = await launch();
  userId = d1Query<{ id: number }>('SELECT p.user_id AS id FROM share_profiles p WHERE EXISTS (SELECT 1 FROM dynamics d WHERE d.user_id = p.user_id) ORDER BY p.user_id LIMIT 1')[0]!.id;
  cardPostId = d1Query<{ id: number }>('SELECT id FROM dynamics WHERE type = 2 ORDER BY id LIMIT 1')[0]!.id;
});
afterAll(async () => {
  await browser?.close();
});

describe('share pages in Chromium at 375 px', () => {
  it('a tap on the profile shows the open-app mask, 再看看 closes it, and the next tap shows it again', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL()}/share/user/${userId}`);
    const name = page.getByRole('heading', { level: 1 });
    await name.waitFor();
    // Root font size 10vw.
    await expect(page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).resolves.toBe('37.5px');
    await expect(page.getByRole('tab', { name: /^动态/ }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'share-user-phone');

    await page.locator('.profile-header').click();
    const mask = page.getByRole('dialog', { name: '打开桔子App继续浏览' });
    await mask.waitFor();
    await expect(mask.getByRole('link', { name: '打开App' }).getAttribute('href')).resolves.toMatch(/^juziapp:\/\//);
    await screenshot(page, 'share-user-phone-mask');
    await mask.getByRole('button', { name: '再看看' }).click();
    await mask.waitFor({ state: 'detached' });

    await page.locator('.share-item').first().click();
    await mask.waitFor();
    await page.keyboard.press('Escape');
    await mask.waitFor({ state: 'detached' });

    // The tabs switch on the page instead of showing the mask.
    await page.getByRole('tab', { name: /^评论/ }).click();
    await expect(page.getByRole('tab', { name: /^评论/ }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(mask.count()).resolves.toBe(0);
    await page.close();
  });

  it('on a touch screen, a tap outside the mask closes it and it stays closed; the next tap on the page opens it again', async () => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${baseURL()}/share/user/${userId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const mask = page.getByRole('dialog', { name: '打开桔子App继续浏览' });
    await page.tap('.profile-header');
    await mask.waitFor();
    // The dimmed area above the mask.
    await page.touchscreen.tap(PHONE.width / 2, 20);
    await mask.waitFor({ state: 'detached' });
    await page.waitForTimeout(400);
    await expect(mask.count()).resolves.toBe(0);
    await page.tap('.profile-header');
    await mask.waitFor();
    await page.getByRole('button', { name: '再看看' }).tap();
    await mask.waitFor({ state: 'detached' });
    await context.close();
  });

  it('with a mouse, a click outside the mask closes it and it stays closed', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseURL()}/share/user/${userId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const mask = page.getByRole('dialog', { name: '打开桔子App继续浏览' });
    await page.locator('.profile-header').click();
    await mask.waitFor();
    await page.mouse.click(10, 10);
    await mask.waitFor({ state: 'detached' });
    await page.waitForTimeout(400);
    await expect(mask.count()).resolves.toBe(0);
    await page.close();
  });

  it('a company-card post shows author, card, likes and comments; a tap shows the mask', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL()}/share/dynamic/${cardPostId}`);
    await page.locator('.company-card').waitFor();
    await expect(page.locator('.company-card-stage').innerText()).resolves.toMatch(/轮|万元|亿元/);
    await expect(page.getByText(/人赞过/).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: /^评论 \d+$/ }).isVisible()).resolves.toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    await screenshot(page, 'share-dynamic-phone');
    await page.locator('.post-text').click();
    await page.getByRole('dialog', { name: '打开桔子App继续浏览' }).waitFor();
    await page.close();
  });

  it('an unknown post says so in Chinese', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL()}/share/dynamic/2000000000`);
    await page.getByRole('heading', { name: '该动态不存在' }).waitFor();
    await screenshot(page, 'share-dynamic-missing');
    await page.close();
  });

  it('on a desktop window the page is a centred phone-width column', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseURL()}/share/user/${userId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const box = await page.locator('.share-column').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(480);
    expect(Math.abs(box!.x + box!.width / 2 - DESKTOP.width / 2)).toBeLessThan(2);
    await screenshot(page, 'share-user-desktop');
    await page.close();
  });

  it('the HTML of a share link carries its Open Graph title', async () => {
    const html = await (await fetch(`${baseURL()}/share/dynamic/${cardPostId}`)).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+的动态 - 桔子数据"/);
    expect(html).toMatch(/<meta property="og:image" content="http/);
  });
});
