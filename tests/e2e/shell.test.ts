import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/demo-accounts.ts';
import { apiLogin, baseURL, DESKTOP, launch, PHONE, screenshot } from './browser';

const VIP = DEMO_ACCOUNTS.find((a) => a.account === 'vip@demo.local')!;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('the shell in Chromium', () => {
  it('a visitor opens the login dialog, logs in as the demo VIP, and the header shows the user and balance', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseURL());
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: '登录' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'shell-login-dialog');

    await dialog.getByLabel('账号').fill('vip@demo.local');
    await dialog.getByLabel('密码').fill('demo-pass-2026');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();

    const trigger = page.getByRole('button', { name: `用户菜单：${VIP.username}` });
    await trigger.waitFor();
    await expect(dialog.count()).resolves.toBe(0);
    const header = page.locator('header');
    await expect(header.innerText()).resolves.toContain(VIP.username);
    // Other e2e files may have spent some of the VIP's 500 coins: the header must show the wallet as it is now.
    const info = await fetch(`${baseURL()}/api/user/info`, { headers: { Authorization: `Bearer ${await apiLogin(VIP.account)}` } });
    const { juzibtc } = ((await info.json()) as { data: { juzibtc: number } }).data;
    expect(juzibtc).toBeGreaterThan(0);
    await expect(header.innerText()).resolves.toMatch(new RegExp(`桔子币\\s*${juzibtc}(?!\\d)`));
    await screenshot(page, 'shell-logged-in-vip');

    // Reload: the session persists.
    await page.reload();
    await page.getByRole('button', { name: `用户菜单：${VIP.username}` }).waitFor();
    await page.close();
  });

  it('a wrong password shows the server message and keeps the dialog open; Esc closes it', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(baseURL());
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('账号').fill('user@demo.local');
    await dialog.getByLabel('密码').fill('wrong-password');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    await expect(dialog.getByRole('alert').innerText()).resolves.toContain('账号或密码错误');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.close();
  });

  it('works on a phone: the footer shows contact, filing number and service links', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(baseURL());
    const footer = page.locator('footer');
    const text = await footer.innerText();
    expect(text).toMatch(/ICP/);
    expect(await footer.locator('a[href="/info_api"]').count()).toBeGreaterThan(0);
    expect(await footer.locator('a[href="/mall"]').count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'shell-phone-home');
    await page.close();
  });
});
