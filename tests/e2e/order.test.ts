import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWorkers } from '../../scripts/stack.mjs';
import { DESKTOP, launch, PHONE, screenshot } from './browser';

/**
 * Buying membership and coins in Chromium, through the sandbox provider's cashier and its signed
 * callback. Purchases change the demo accounts, and other files rely on user@demo.local being a
 * plain user: so this file runs its own stack on a copy of the seeded state.
 */

let browser: Browser;
let stack: Awaited<ReturnType<typeof startWorkers>>;
let stateDir: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'juzi-e2e-order-'));
  cpSync(inject('persistTo'), stateDir, { recursive: true });
  stack = await startWorkers({ port: await freePort(), persistTo: stateDir });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  stack?.stop();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

async function login(account: string): Promise<string> {
  const res = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account, password: 'demo-pass-2026' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function apiGet<T>(p: string, token: string): Promise<T> {
  const res = await fetch(`${stack.url}${p}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

async function openPage(token: string | null, viewport = DESKTOP): Promise<Page> {
  const page = await browser.newPage({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  if (token) await page.addInitScript((t) => localStorage.setItem('juzi_token', t), token);
  return page;
}

const currentPage = (page: Page) => page.locator('.pagination [aria-current="page"]').innerText();
const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the local stack', () => {
  it('follows its port: the origin in absolute links is the one it runs on, and the sandbox is on', async () => {
    const port = new URL(stack.url).port;
    const robots = await (await fetch(`${stack.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
    const plans = (await (await fetch(`${stack.url}/api/order/plans`)).json()) as { data: { providers: { name: string }[] } };
    expect(plans.data.providers.map((p) => p.name)).toEqual(['sandbox']);
  });
});

describe('/order in Chromium', () => {
  it('a visitor sees the plans with prices in yuan, logs in when buying, and the purchase continues to the cashier', async () => {
    const page = await openPage(null, PHONE);
    await page.goto(`${stack.url}/order?from=health`);
    const month = page.getByRole('article', { name: 'VIP会员·月卡' });
    await expect(month.locator('.plan-price').innerText()).resolves.toBe('¥30.00');
    await expect(page.getByRole('article', { name: '2000桔子币' }).locator('.plan-price').innerText()).resolves.toBe('¥160.00');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'order-visitor-phone');

    await month.getByRole('button', { name: '立即开通' }).click();
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByLabel('账号').fill('user@demo.local');
    await dialog.getByLabel('密码').fill('demo-pass-2026');
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/\/pay\/sandbox\/\d+$/);
    await expect(page.locator('.cashier-amount b').innerText()).resolves.toBe('¥30.00');
    await screenshot(page, 'order-cashier-phone');
    // Declining closes the order; nothing is granted.
    await page.getByRole('button', { name: '拒绝支付' }).click();
    await page.getByRole('status').getByText('支付未完成，订单已关闭').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('juzi_token'));
    expect((await apiGet<{ isVip: boolean }>('/api/user/info', token!)).isVip).toBe(false);
    await page.close();
  });

  it('user@demo.local hits the page-3 limit, buys a VIP month from the prompt and opens page 4 of /deathCompany', async () => {
    const token = await login('user@demo.local');
    const page = await openPage(token);
    await page.goto(`${stack.url}/deathCompany?page=3`);
    await page.getByRole('button', { name: '查看详情' }).first().waitFor();
    await page.getByRole('button', { name: '第 4 页' }).click();
    const prompt = page.getByRole('dialog', { name: '开通VIP会员' });
    await prompt.getByRole('link', { name: '立即开通' }).click();
    // The link carries the page asked for: after paying, the buyer lands on page 4.
    await page.waitForURL(/\/order\?from=deathCompany&return=%2FdeathCompany%3Fpage%3D4$/);
    await page.getByRole('article', { name: 'VIP会员·月卡' }).getByRole('button', { name: '立即开通' }).click();
    await page.waitForURL(/\/pay\/sandbox\/\d+$/);
    await screenshot(page, 'order-cashier-desktop');
    await page.getByRole('button', { name: '确认支付 ¥30.00' }).click();

    await page.waitForURL(/\/deathCompany\?page=4$/);
    await page.locator('.site-header').getByText('VIP', { exact: true }).first().waitFor();
    await expect.poll(() => currentPage(page)).toBe('4');
    expect(await page.getByRole('dialog', { name: '开通VIP会员' }).count()).toBe(0);
    await page.getByRole('button', { name: '查看详情' }).first().waitFor();
    await screenshot(page, 'order-vip-page4');

    await page.goto(`${stack.url}/user-center`);
    await page.getByText('VIP会员', { exact: true }).waitFor();
    await expect(page.locator('.member-expiry').first().innerText()).resolves.toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} 到期$/);
    await screenshot(page, 'user-center-desktop');
    await page.goto(`${stack.url}/user-center/orders`);
    const paid = page.locator('.orders-table tbody tr').first();
    await expect(paid.innerText()).resolves.toContain('已支付');
    await expect(paid.innerText()).resolves.toContain('VIP会员·月卡');
    await page.close();
  });

  it('poor@demo.local buys a coin pack from the recharge confirm and then lights incense', async () => {
    const token = await login('poor@demo.local');
    const page = await openPage(token, PHONE);
    await page.goto(`${stack.url}/deathCompany`);
    const row = page.locator('.closure-row').first();
    const company = await row.locator('.closure-name').innerText();
    await row.getByRole('button', { name: '上香', exact: true }).click();
    const incense = page.getByRole('dialog', { name: `为「${company}」上香` });
    await incense.getByText('当前余额：0 桔子币').waitFor();
    await incense.getByRole('button', { name: '确认上香' }).click();
    const confirm = page.getByRole('dialog', { name: '桔子币余额不足' });
    await confirm.waitFor();
    await expect(confirm.getByRole('link', { name: '去充值' }).getAttribute('href')).resolves.toBe('/order?from=deathCompany&return=%2FdeathCompany');
    await confirm.getByRole('link', { name: '去充值' }).click();

    await page.waitForURL(/\/order\?from=deathCompany&return=%2FdeathCompany$/);
    await page.getByRole('article', { name: '100桔子币' }).getByRole('button', { name: '立即充值' }).click();
    await page.waitForURL(/\/pay\/sandbox\/\d+$/);
    await page.getByRole('button', { name: '确认支付 ¥10.00' }).click();
    await page.waitForURL(/\/deathCompany$/);
    await expect.poll(() => page.locator('.user-coins').innerText()).toBe('桔子币 100');

    await page.locator('.closure-row').first().getByRole('button', { name: '上香', exact: true }).click();
    await incense.getByText('当前余额：100 桔子币').waitFor();
    await incense.getByText('3 炷', { exact: true }).click();
    await incense.getByRole('button', { name: '确认上香' }).click();
    await page.getByRole('dialog', { name: '上香成功' }).waitFor();
    await expect.poll(() => page.locator('.user-coins').innerText()).toBe('桔子币 97');

    await page.goto(`${stack.url}/user-center`);
    const reasons = page.locator('.ledger-table tbody td:nth-child(2)');
    await reasons.first().waitFor();
    const texts = await reasons.allInnerTexts();
    // Each row names what it paid for, linked to its page.
    expect(texts[0]).toMatch(/^上香（公司）\s*\S+$/);
    expect(texts[1]).toMatch(/^充值\s*订单 \d+（100桔子币）$/);
    await expect(reasons.first().getByRole('link').getAttribute('href')).resolves.toMatch(/^\/company\/\d+$/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'user-center-phone');
    await page.close();
  });
});
