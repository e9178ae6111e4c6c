import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings, formatFindings } from './axe';
import { baseURL, DESKTOP, launch, PHONE, screenshot } from './browser';

/**
 * /user-center/api in Chromium: a new user creates a key (shown once), calls the API with it, sees
 * the calls in the usage chart and per endpoint, rotates it (the old secret stops) and revokes it.
 * The user is registered by this file, from its own address, so the demo accounts stay as they are.
 */

let browser: Browser;
let token: string;

beforeAll(async () => {
  browser = await launch();
  const res = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.39' },
    body: JSON.stringify({ account: `apikeys${Date.now()}@example.com`, password: 'Kx9#tqPz!mW2-apikeys', username: '接口开发者' }),
  });
  token = ((await res.json()) as { data: { token: string } }).data.token;
});
afterAll(async () => {
  await browser?.close();
});

async function open(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  await context.addInitScript((t) => localStorage.setItem('juzi_token', t), token);
  const page = await context.newPage();
  await page.goto(`${baseURL()}/user-center/api`);
  return page;
}

const withKey = (path: string, key: string) => fetch(`${baseURL()}${path}`, { headers: { Authorization: `Bearer ${key}` } });

describe('/user-center/api', () => {
  let key = '';

  it('creates a key, shows it once, and the key reads the API', async () => {
    const page = await open();
    await page.getByText('还没有 API 密钥').waitFor();
    await page.getByRole('button', { name: '创建密钥' }).click();
    const dialog = page.getByRole('dialog', { name: '创建 API 密钥' });
    await dialog.getByLabel('名称').fill('行情同步脚本');
    await dialog.getByRole('button', { name: '创建' }).click();
    const shown = page.getByRole('dialog', { name: '密钥已创建' });
    key = (await shown.getByTestId('apikey-secret').textContent()) ?? '';
    expect(key).toMatch(/^juzi_live_[0-9A-Za-z]{40}$/);
    await shown.getByRole('button', { name: '我已保存' }).click();
    await expect.poll(() => shown.isVisible()).toBe(false);
    // The list shows the prefix, never the whole key.
    const row = page.getByRole('row', { name: /行情同步脚本/ });
    await expect.poll(() => row.textContent()).toContain(key.slice(0, 18));
    expect(await page.content()).not.toContain(key);

    for (let i = 0; i < 3; i++) expect((await withKey('/api/closure', key)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await withKey('/api/user/info', key)).status).toBe(200);
    const res = await withKey('/api/closure', key);
    expect(res.headers.get('RateLimit-Policy')).toBe('"minute";q=60;w=60');
    await page.close();
  });

  it('shows the calls by day and by endpoint, at 1280 px and at 375 px', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      const page = await open(viewport);
      await page.getByRole('heading', { name: /“行情同步脚本”近 30 天：6 次调用/ }).waitFor();
      const endpoints = page.getByRole('table', { name: '按接口' });
      await expect.poll(() => endpoints.textContent()).toContain('GET /api/closure4');
      expect(await endpoints.textContent()).toContain('GET /api/user/info2');
      await page.locator('.apikey-chart .recharts-bar-rectangle').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(formatFindings(await axeFindings(page, { page: '/user-center/api', role: 'user', width: viewport.width }))).toEqual([]);
      await screenshot(page, `apikeys-${viewport.width}`);
      await page.close();
    }
  });

  it('导出用量 makes a free xlsx of exactly those calls through the export dialog', async () => {
    const page = await open();
    const usage = page.getByRole('region', { name: '密钥“行情同步脚本”的用量' });
    await usage.getByRole('heading', { name: /6 次调用/ }).waitFor();
    await usage.getByRole('button', { name: '导出用量' }).click();
    const dialog = page.getByRole('dialog', { name: '导出数据' });
    const confirm = dialog.getByRole('button', { name: '确认导出' });
    await confirm.waitFor();
    const quote = await dialog.innerText();
    expect(quote).toContain('共 2 条用量记录');
    expect(quote).toContain('免费');
    await screenshot(page, 'apikeys-usage-export-dialog');
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), confirm.click()]);
    expect(download.suggestedFilename()).toMatch(/^API用量-行情同步脚本-近30天_\d{8}\.xlsx$/);
    const file = path.join(inject('artifactsDir'), 'apikeys-usage.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(2)));
    expect(rows).toEqual([
      ['密钥名称', '接口', '调用次数', '该密钥当日花费桔子币'],
      ['行情同步脚本', 'GET /api/user/info', 2, 0],
      ['行情同步脚本', 'GET /api/closure', 4, 0],
    ]);
    await page.close();
  });

  it('rotates (the old secret stops at once) and revokes with the keyboard', async () => {
    const page = await open();
    await page.getByRole('button', { name: '轮换' }).click();
    await page.getByRole('dialog', { name: '轮换密钥' }).getByRole('button', { name: '轮换' }).click();
    const shown = page.getByRole('dialog', { name: '“行情同步脚本”的新密钥' });
    const next = (await shown.getByTestId('apikey-secret').textContent()) ?? '';
    expect(next).toMatch(/^juzi_live_/);
    expect(next).not.toBe(key);
    await page.keyboard.press('Escape');
    expect((await withKey('/api/closure', key)).status).toBe(401);
    expect((await withKey('/api/closure', next)).status).toBe(200);

    await page.getByRole('button', { name: '吊销' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: '吊销密钥' });
    expect(formatFindings(await axeFindings(page, { page: '/user-center/api (revoke dialog)', role: 'user', width: DESKTOP.width }))).toEqual([]);
    await confirm.getByRole('button', { name: '吊销' }).click();
    await page.getByText(/已吊销 \d{4}-/).waitFor();
    expect(formatFindings(await axeFindings(page, { page: '/user-center/api (revoked key)', role: 'user', width: DESKTOP.width }))).toEqual([]);
    expect((await withKey('/api/closure', next)).status).toBe(401);
    await page.close();
  });
});

describe('/info_api', () => {
  it('states the price and lists the operations under the API areas', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseURL()}/info_api`);
    await page.locator('.info-api-group li').first().waitFor();
    expect(await page.getByTestId('api-price').textContent()).toContain('超出后每 100 次 1 个桔子币');
    const areas = await page.locator('.info-api-group h3').allTextContents();
    expect(areas).toEqual(expect.arrayContaining(['死亡公司库', '科创板', '医疗健康', 'API 密钥']));
    expect(areas).not.toContain('default');
    await page.close();
  });
});

describe('/api/docs', () => {
  it('shows the key schemes, the curl and Python examples and the operations under their Chinese areas', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    page.setDefaultTimeout(90_000);
    await page.goto(`${baseURL()}/api/docs`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: '示例' }).first().waitFor();
    await page.getByText(/curl -H "Authorization: Bearer juzi_live_/).first().waitFor();
    await page.getByText('headers={"Authorization": f"Bearer {API_KEY}"}', { exact: false }).first().waitFor();
    for (const area of ['死亡公司库', '科创板', 'API 密钥']) await page.getByText(area, { exact: true }).first().waitFor();
    await page.close();
  });
});
