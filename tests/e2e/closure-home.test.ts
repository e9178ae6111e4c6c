import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, baseURL, DESKTOP, launch, PHONE, screenshot } from './browser';

let browser: Browser;
let userToken: string;
beforeAll(async () => {
  browser = await launch();
  userToken = await apiLogin('user@demo.local');
});
afterAll(async () => {
  await browser?.close();
});

/** A page signed in as `token` (the SPA reads it from localStorage), or a visitor's page. */
async function openPage(viewport = DESKTOP, token?: string): Promise<Page> {
  const page = await browser.newPage({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  if (token) await page.addInitScript((t) => localStorage.setItem('juzi_token', t), token);
  return page;
}

async function gotoHome(page: Page, query = '') {
  await page.goto(`${baseURL()}/deathCompany${query}`);
  await page.getByRole('button', { name: '查看详情' }).first().waitFor();
}

const currentPage = (page: Page) => page.locator('.pagination [aria-current="page"]').innerText();

async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: T }).data;
}

describe('the closed-company home in Chromium', () => {
  it('a visitor sees the login prompt bar instead of the pager; its button opens the login dialog and the page stays on page 1', async () => {
    const page = await openPage();
    await gotoHome(page);
    const firstRow = await page.locator('.closure-name').first().innerText();
    expect(await page.getByText('登录后可翻页、筛选和查看全部死亡公司').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: '第 2 页' }).count()).toBe(0);
    await page.getByRole('button', { name: '立即登录' }).click();
    await page.getByRole('dialog', { name: '登录' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('.closure-name').first().innerText()).toBe(firstRow);
    await screenshot(page, 'closure-home-visitor-login');
    await page.close();
  });

  it('a visitor changing a filter gets the login dialog and the filter does not change', async () => {
    const page = await openPage();
    await gotoHome(page);
    const province = page.getByLabel('地区');
    await province.selectOption('北京');
    await page.getByRole('dialog', { name: '登录' }).waitFor();
    expect(await province.inputValue()).toBe('');
    await page.waitForTimeout(400);
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });

  it('a non-VIP on page 3 clicking page 4 stays on page 3 with the membership prompt', async () => {
    const page = await openPage(DESKTOP, userToken);
    await gotoHome(page, '?page=3');
    expect(await currentPage(page)).toBe('3');
    const rowsOnThree = await page.locator('.closure-name').allInnerTexts();
    await page.getByRole('button', { name: '第 4 页' }).click();
    const prompt = page.getByRole('dialog', { name: '开通VIP会员' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=deathCompany&return=%2FdeathCompany%3Fpage%3D4');
    expect(new URL(page.url()).searchParams.get('page')).toBe('3');
    expect(await currentPage(page)).toBe('3');
    expect(await page.locator('.closure-name').allInnerTexts()).toEqual(rowsOnThree);
    await page.keyboard.press('Escape');

    // Typing page=4 into the address bar: the worker refuses (VIP_REQUIRED), its message is in the
    // membership prompt, and the page goes back to 3 (the modal prompt hides the page until it is closed).
    await page.goto(`${baseURL()}/deathCompany?page=4`);
    const refused = page.getByRole('dialog', { name: '开通VIP会员' });
    await refused.waitFor();
    expect(await refused.innerText()).toContain('前3页');
    await page.waitForURL(/page=3/);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '查看详情' }).first().waitFor();
    expect(await currentPage(page)).toBe('3');
    await page.close();
  });

  it('lighting 3 sticks drops the header balance by 3 and puts the record at the top of 上香记录', async () => {
    const me = await apiGet<{ username: string; juzibtc: number }>('/api/user/info', userToken);
    expect(me.juzibtc).toBeGreaterThanOrEqual(3);
    const page = await openPage(DESKTOP, userToken);
    await gotoHome(page);
    const coins = page.locator('.user-coins');
    await expect.poll(() => coins.innerText()).toBe(`桔子币 ${me.juzibtc}`);

    const row = page.locator('.closure-row').first();
    const company = await row.locator('.closure-name').innerText();
    await row.getByRole('button', { name: '上香', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `为「${company}」上香` });
    await dialog.getByText(`当前余额：${me.juzibtc} 桔子币`).waitFor();
    await dialog.getByText('3 炷', { exact: true }).click();
    await dialog.getByRole('button', { name: '确认上香' }).click();
    const scene = page.getByRole('dialog', { name: '上香成功' });
    await scene.waitFor();
    await screenshot(page, 'closure-home-incense-scene');
    await expect.poll(() => coins.innerText()).toBe(`桔子币 ${me.juzibtc - 3}`);
    await scene.click();
    await expect.poll(() => scene.count()).toBe(0);

    await row.getByRole('button', { name: '查看详情' }).click();
    await row.getByRole('tab', { name: '上香记录' }).click();
    const first = row.locator('.incense-record').first();
    await first.waitFor();
    expect(await first.locator('.incense-record-user').innerText()).toBe(me.username);
    expect(await first.locator('.incense-record-amount').innerText()).toBe('上香 3 炷');
    await screenshot(page, 'closure-home-incense-records');
    await page.close();
  });

  it('a filter with more than 2000 rows offers the batch buttons and the hint', async () => {
    const page = await openPage(DESKTOP, userToken);
    await gotoHome(page);
    await page.getByLabel('排序').selectOption({ label: '按存活时间' });
    await page.waitForURL(/sort=3/);
    const list = await apiGet<{ page: { total: number } }>('/api/closure?sort=3', userToken);
    const total = list.page.total;
    expect(total).toBeGreaterThan(2000);
    await expect.poll(() => page.locator('.closure-list-head').innerText()).toBe(`共 ${total.toLocaleString('zh-CN')} 家公司`);

    await page.getByRole('button', { name: '下载全部数据' }).click();
    const dialog = page.getByRole('dialog', { name: '下载全部数据' });
    await dialog.waitFor();
    const expected: string[] = [];
    for (let from = 1; from <= total; from += 2000) expected.push(`${from}-${Math.min(from + 1999, total)}`);
    expect(await dialog.locator('.batch-buttons button').allInnerTexts()).toEqual(expected);
    expect(expected.slice(0, 2)).toEqual(['1-2000', '2001-4000']);
    expect(await dialog.innerText()).toContain('分批下载；若下载失败，请等待五分钟后到个人下载中心获取文件');
    await screenshot(page, 'closure-home-batch-dialog');

    // A batch button hands over to the shared export dialog.
    await dialog.getByRole('button', { name: '2001-4000' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: '下载全部数据' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    await page.close();
  });

  it('looks right at desktop and phone widths, without page-level horizontal overflow on the phone', async () => {
    const desktop = await openPage(DESKTOP, userToken);
    await gotoHome(desktop);
    await desktop.getByRole('button', { name: '查看详情' }).first().click();
    await desktop.locator('.closure-detail').waitFor();
    await screenshot(desktop, 'closure-home-desktop');
    await desktop.close();

    const phone = await openPage(PHONE, userToken);
    await gotoHome(phone);
    await phone.getByRole('button', { name: '查看详情' }).first().click();
    await phone.locator('.closure-detail').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'closure-home-phone');
    await phone.getByRole('button', { name: /上香榜/ }).click();
    await phone.getByRole('region', { name: '上香排行榜' }).getByRole('link').first().waitFor();
    await screenshot(phone, 'closure-home-phone-ranking');
    await phone.close();
  });
});
