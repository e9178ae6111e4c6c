import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, baseURL, DESKTOP, launch, PHONE, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A browser context signed in as `token` (the SPA keeps it in localStorage 'juzi_token'). */
async function signedIn(token: string, viewport = DESKTOP): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport, acceptDownloads: true, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  await ctx.addInitScript((t) => localStorage.setItem('juzi_token', t), token);
  return ctx;
}

async function api<T>(token: string, p: string, init: { method?: string; json?: unknown; key?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  if (init.key) headers['Idempotency-Key'] = init.key;
  const res = await fetch(`${baseURL()}${p}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const body = (await res.json()) as { status: string; data: T; msg?: string };
  if (body.status !== 'success') throw new Error(`${p}: ${body.msg}`);
  return body.data;
}

const balanceOf = async (token: string) => (await api<{ juzibtc: number }>(token, '/api/user/info')).juzibtc;

/** Saves a Playwright download into the artifacts and returns its bytes. */
async function saveDownload(page: Page, click: () => Promise<void>, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  const file = path.join(inject('artifactsDir'), name);
  await download.saveAs(file);
  return { file, bytes: readFileSync(file), suggested: download.suggestedFilename() };
}

/** The xlsx's first sheet as rows of cell texts (header first). */
async function sheetRows(file: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows: string[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe('exports in Chromium', () => {
  it('a VIP exports the closed-company list filtered to 北京 from /deathCompany: cost shown first, one charge, the xlsx lands in the download folder', async () => {
    const token = await apiLogin('vip@demo.local');
    const before = await balanceOf(token);
    const ctx = await signedIn(token);
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/deathCompany?com_prov=${encodeURIComponent('北京')}`);
    const head = page.locator('.closure-list-head');
    await head.getByText(/共 [\d,]+ 家公司/).waitFor();
    const total = Number((await head.innerText()).replace(/[^\d]/g, ''));
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(2000);

    // Up to 2000 rows there is no batch to pick: the export dialog opens directly.
    await page.getByRole('button', { name: '下载全部数据' }).click();
    const dialog = page.getByRole('dialog', { name: '导出数据' });
    await dialog.getByRole('button', { name: '确认导出' }).waitFor();
    expect(await page.getByRole('dialog', { name: '下载全部数据' }).count()).toBe(0);
    expect(await dialog.locator('.export-subject').innerText()).toBe('死亡公司数据');
    const coins = Math.ceil(total / 100);
    const quote = await dialog.innerText();
    expect(quote).toContain(`共 ${total} 家公司`);
    expect(quote).toContain(`${coins} 桔子币`);
    expect(quote).toContain(`${before} 桔子币`);
    expect(quote).toContain('VIP会员导出每 100 条数据扣 1 桔子币');
    await screenshot(page, 'exports-dialog-confirm');

    const confirm = dialog.getByRole('button', { name: '确认导出' });
    const saved = await saveDownload(page, () => confirm.dblclick(), 'exports-e2e-beijing.xlsx');
    expect(saved.suggested).toMatch(/^死亡公司数据_\d{8}\.xlsx$/);
    expect(saved.bytes.length).toBeGreaterThan(0);
    expect(saved.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await screenshot(page, 'exports-dialog-done');

    // The file holds exactly the filtered rows; a double click charged once; the header shows the new balance.
    const rows = await sheetRows(saved.file);
    const prov = rows[0].indexOf('地区');
    expect(rows[0][0]).toBe('公司名称');
    expect(rows).toHaveLength(total + 1);
    expect(new Set(rows.slice(1).map((r) => r[prov]))).toEqual(new Set(['北京']));
    expect(await balanceOf(token)).toBe(before - coins);
    await page.locator('header').getByText(`桔子币 ${before - coins}`).waitFor();

    // The download centre lists it, done, newest first.
    await page.goto(`${baseURL()}/user-center/download#company_down`);
    const first = page.locator('#company_down tbody tr').first();
    await first.getByText(saved.suggested).waitFor();
    await expect(first.innerText()).resolves.toContain('已完成');
    await expect(first.innerText()).resolves.toContain(String(total));
    await screenshot(page, 'exports-centre-after-dialog');
    await ctx.close();
  });

  it('the download centre follows a 3-file export by itself until every batch is done, then saves a batch', async () => {
    const token = await apiLogin('svip@demo.local');
    // Created through the real API, as the dialog would: the whole unfiltered list, 2000 rows a file.
    const job = await api<{ job_id: number; rows: number; batches: number; records: { filename: string }[] }>(token, '/api/exports', {
      method: 'POST',
      json: { kind: 'closure', params: {} },
      key: crypto.randomUUID(),
    });
    expect(job.batches).toBeGreaterThanOrEqual(3);
    const ctx = await signedIn(token);
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/user-center/download#company_down`);
    const rows = page.locator('#company_down tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(job.batches);
    // Usually some batch is still queued or being written at first paint (then the wait below proves
    // the list refreshed itself); the component test pins the refresh down without the race.
    const pendingAtFirstPaint = await page.locator('#company_down .dl-status', { hasText: /排队中|生成中/ }).count();
    console.info(`download centre: ${pendingAtFirstPaint} of ${job.batches} files pending at first paint`);
    // No reload: the list refreshes while records are queued or generating.
    await page.waitForFunction(
      (n) => [...document.querySelectorAll('#company_down tbody .dl-status')].filter((s) => s.textContent === '已完成').length === n,
      job.batches,
      { timeout: 90_000 },
    );
    const last = rows.filter({ hasText: `第 ${job.batches}/${job.batches} 批` });
    await expect(last.innerText()).resolves.toContain(`整体 ${job.batches}/${job.batches} 批`);
    await expect(last.innerText()).resolves.toMatch(/文件保留7天，至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await screenshot(page, 'exports-centre-desktop');

    const name = job.records[job.batches - 1].filename;
    const saved = await saveDownload(page, () => last.getByRole('button', { name: `下载 ${name}` }).click(), 'exports-e2e-batch.xlsx');
    expect(saved.suggested).toBe(name);
    expect(saved.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect((await sheetRows(saved.file)).length).toBe(job.rows - 2000 * (job.batches - 1) + 1);
    await ctx.close();

    const phone = await signedIn(token, PHONE);
    const p2 = await phone.newPage();
    await p2.goto(`${baseURL()}/user-center/download#company_down`);
    await p2.locator('#company_down tbody tr').first().waitFor();
    const overflow = await p2.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(p2, 'exports-centre-phone');
    await phone.close();
  });

  it('a batch of a list past 2000 rows is named by its range in the dialog, the progress step, the saved file and the download centre', async () => {
    const token = await apiLogin('vip@demo.local');
    const ctx = await signedIn(token);
    const page = await ctx.newPage();
    await page.goto(`${baseURL()}/deathCompany`);
    await page.locator('.closure-list-head').getByText(/共 [\d,]+ 家公司/).waitFor();
    await page.getByRole('button', { name: '下载全部数据' }).click();
    const picker = page.getByRole('dialog', { name: '下载全部数据' });
    await picker.getByRole('button', { name: '2001-4000' }).click();

    const range = '死亡公司数据（第2001-4000条）';
    const dialog = page.getByRole('dialog', { name: '导出数据' });
    await dialog.getByRole('button', { name: '确认导出' }).waitFor();
    expect(await dialog.locator('.export-subject').innerText()).toBe(range);
    expect(await dialog.innerText()).toContain('共 2000 家公司');
    const saved = await saveDownload(page, () => dialog.getByRole('button', { name: '确认导出' }).click(), 'exports-e2e-range.xlsx');
    // The progress step names the batch, the file carries the same words.
    expect(await dialog.locator('.export-subject').innerText()).toBe(range);
    expect(saved.suggested).toMatch(/^死亡公司数据（第2001-4000条）_\d{8}\.xlsx$/);
    expect((await sheetRows(saved.file)).length).toBe(2001);
    await screenshot(page, 'exports-range-done');

    await page.goto(`${baseURL()}/user-center/download#company_down`);
    const first = page.locator('#company_down tbody tr').first();
    await first.getByText(saved.suggested).waitFor();
    await ctx.close();
  });
});
