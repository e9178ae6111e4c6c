import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDTHS } from './axe';
import { apiLogin, baseURL, launch } from './browser';
import { demoIds, type DemoIds } from './demo-ids';

/**
 * Every dialog of the product, driven by the keyboard alone: its opener is
 * focused and activated with Enter, focus lands inside the dialog, Tab and Shift+Tab cycle through
 * its controls without ever leaving it (more presses than it has controls), Escape closes it, and
 * focus goes back to the control that opened it. The ranking popover (a panel of links beside the
 * page, not a form): focus stays on its toggle when it opens, Tab moves into it and then cycles
 * there (and through its toggle), Escape closes it and returns focus to its toggle.
 */

let browser: Browser;
const tokens: Record<string, string> = {};
let ids: DemoIds;

beforeAll(async () => {
  browser = await launch();
  for (const a of ['vip@demo.local', 'user@demo.local']) tokens[a] = await apiLogin(a);
  // '动态订阅' opens the subscription dialog only for a VIP who is not subscribed.
  await fetch(`${baseURL()}/api/medical/rm_subscribe`, { method: 'POST', headers: { Authorization: `Bearer ${tokens['vip@demo.local']}` } });
  ids = await demoIds(tokens['vip@demo.local']);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function open(account: string | null, path: string, { token, viewport = WIDTHS.desktop }: { token?: string; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const t = token ?? (account ? tokens[account] : undefined);
  if (t) await context.addInitScript((v) => localStorage.setItem('juzi_token', v), t);
  const page = await context.newPage();
  await page.goto(`${baseURL()}${path}`);
  return page;
}

const isFocused = (el: Locator) => el.evaluate((node) => node === document.activeElement);
/**
 * Focus comes back to `el` after a dialog closes. Radix returns it in a task after the dialog is
 * removed, so this waits up to two seconds; when it never comes back, the failure names where
 * focus is instead.
 */
async function expectFocusBack(page: Page, el: Locator) {
  const back = await page
    .waitForFunction((node) => node === document.activeElement, await el.elementHandle(), { timeout: 2000 })
    .then(() => true)
    .catch(() => false);
  const where = back ? '' : await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');
  expect(back, `focus is on ${where}`).toBe(true);
}
const holdsFocus = (el: Locator) => el.evaluate((node) => node.contains(document.activeElement));
/** Tab stops inside an element: enabled, visible controls that are not taken out of the order. */
const tabStops = (el: Locator) =>
  el.evaluate(
    (node) =>
      [...node.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
        (e) => !(e as HTMLButtonElement).disabled && e.tabIndex >= 0 && e.getClientRects().length > 0,
      ).length,
  );

/** Focus stays inside `dialog` (or on `also`) through more Tab (then Shift+Tab) presses than it has controls. */
async function expectTrapped(page: Page, dialog: Locator, also?: Locator) {
  const stops = await tabStops(dialog);
  expect(stops).toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen = new Set<string>();
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press(key);
      const inside = (await holdsFocus(dialog)) || (also !== undefined && (await isFocused(also)));
      expect(inside, `${key} #${i + 1} left the dialog`).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
    }
    // It cycles through its controls, not sits on one.
    if (stops > 1) expect(seen.size).toBeGreaterThan(1);
  }
}

/** Focus the opener, Enter, and the whole keyboard round trip of a modal dialog. */
async function roundTrip(page: Page, opener: Locator, dialog: Locator, { activate }: { activate?: () => Promise<void> } = {}) {
  // A button busy while its page loads (disabled) cannot be activated yet.
  await page.waitForFunction((el) => el !== null && !(el as HTMLButtonElement).disabled, await opener.elementHandle());
  if (activate) await activate();
  else {
    await opener.focus();
    await page.keyboard.press('Enter');
  }
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement && document.activeElement.closest('[role="dialog"], [role="alertdialog"]'));
  expect(await holdsFocus(dialog)).toBe(true);
  await expectTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expectFocusBack(page, opener);
}

describe('dialogs by keyboard: opened with Enter, focus trapped, Escape closes, focus returns to the opener', () => {
  it('login (header 登录)', async () => {
    const page = await open(null, '/');
    await roundTrip(page, page.getByRole('banner').getByRole('button', { name: '登录' }), page.getByRole('dialog', { name: '登录' }));
    await page.context().close();
  });

  it('register (switched to from the login dialog): Escape returns focus to the header 登录', async () => {
    const page = await open(null, '/');
    const opener = page.getByRole('banner').getByRole('button', { name: '登录' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /注册/ }).first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /注册/ }).waitFor();
    await expectTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocusBack(page, opener);
    await page.context().close();
  });

  it('expired session: the login dialog that opens by itself keeps focus and closes with Escape', async () => {
    const page = await open(null, '/deathCompany', { token: 'expired-or-revoked-token' });
    const dialog = page.getByRole('dialog', { name: '登录' });
    await dialog.getByText('登录已过期，请重新登录').waitFor();
    expect(await holdsFocus(dialog)).toBe(true);
    await expectTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Nothing opened it: focus is on the page, not lost in a removed node.
    expect(await page.evaluate(() => document.activeElement?.isConnected)).toBe(true);
    await page.context().close();
  });

  it('export confirm (/deathRank 导出数据, VIP)', async () => {
    const page = await open('vip@demo.local', '/deathRank');
    await page.locator('.rank-table tbody tr').first().waitFor();
    await roundTrip(page, page.getByRole('button', { name: '导出数据' }), page.getByRole('dialog'));
    await page.context().close();
  });

  it('batch download (/deathCompany 下载全部数据, VIP)', async () => {
    const page = await open('vip@demo.local', '/deathCompany');
    await page.locator('.closure-name').first().waitFor();
    await roundTrip(page, page.getByRole('button', { name: '下载全部数据' }), page.getByRole('dialog', { name: '下载全部数据' }));
    await page.context().close();
  });

  it('incense (/deathCompany 上香, VIP)', async () => {
    const page = await open('vip@demo.local', '/deathCompany');
    await page.locator('.closure-name').first().waitFor();
    await roundTrip(page, page.getByRole('button', { name: '上香', exact: true }).first(), page.getByRole('dialog', { name: /上香/ }));
    await page.context().close();
  });

  it('share QR code (/deathCompany 分享)', async () => {
    const page = await open(null, '/deathCompany');
    await page.locator('.closure-name').first().waitFor();
    await roundTrip(page, page.getByRole('button', { name: '分享' }).first(), page.getByRole('dialog', { name: '分享到手机' }));
    await page.context().close();
  });

  it('membership prompt (/deathReason 全部公司, signed-in non-member, reached with the arrow key)', async () => {
    const page = await open('user@demo.local', '/deathReason');
    await page.locator('.reason-title').first().waitFor();
    // Tabs follow focus (arrow keys): → from 讨论 selects 全部公司, which opens the prompt.
    const activate = async () => {
      await page.getByRole('tab', { name: '讨论' }).focus();
      await page.keyboard.press('ArrowRight');
    };
    await roundTrip(page, page.getByRole('tab', { name: '全部公司' }), page.getByRole('dialog', { name: /开通/ }), { activate });
    await page.context().close();
  });

  it('subscription (/health-subscription 动态订阅, VIP)', async () => {
    const page = await open('vip@demo.local', '/health-subscription');
    await roundTrip(page, page.getByRole('button', { name: '动态订阅' }), page.getByRole('dialog', { name: '动态订阅' }));
    await page.context().close();
  });

  it('SaaS trial: the success pop-up after a keyboard-submitted application returns focus to the form', async () => {
    const page = await open(null, '/saas/try');
    const stamp = Date.now().toString(36);
    await page.getByLabel('姓名').focus();
    for (const value of ['李明', `a11y-${stamp}@example.com`, '杭州远景资本管理有限公司', '投资经理', `138${String(Date.now()).slice(-8)}`]) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    const submit = page.getByRole('button', { name: /提交|申请/ }).last();
    await roundTrip(page, submit, page.getByRole('dialog', { name: '申请提交成功' }));
    await page.context().close();
  });

  it('open-app mask on a share page: focus inside, trapped, Escape closes it', async () => {
    const page = await open(null, `/share/dynamic/${ids.shareDynamic}`, { viewport: WIDTHS.phone });
    await page.locator('.share-column').click({ position: { x: 20, y: 20 } });
    const dialog = page.getByRole('dialog', { name: '打开桔子App继续浏览' });
    await dialog.waitFor();
    expect(await holdsFocus(dialog)).toBe(true);
    await expectTrapped(page, dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('ranking popover (上香榜): Enter opens it, the first Tab moves into it and focus cycles there, Escape closes it and focus returns to the toggle', async () => {
    const page = await open('vip@demo.local', '/deathCompany');
    await page.locator('.closure-name').first().waitFor();
    const toggle = page.getByRole('button', { name: /上香榜/ });
    const panel = page.getByRole('region', { name: '上香排行榜' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('link').first().waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The panel loads on the first press and its toggle takes the stand-in's place, focus included.
    expect(await isFocused(toggle)).toBe(true);
    // Focus stays on the toggle when it opens (a panel of links, not a form); Tab enters it.
    await page.keyboard.press('Tab');
    expect(await holdsFocus(panel)).toBe(true);
    // Shift+Tab from its first control goes back to the toggle, and from the toggle into the panel's end.
    await expectTrapped(page, panel, toggle);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expectFocusBack(page, toggle);
    await page.context().close();
  });

  it("a route chunk gone after a deploy: hovering a link (the router preloads its route) leaves the page alone, and following it loads the page anew", async () => {
    const page = await open('vip@demo.local', '/deathCompany');
    await page.locator('.closure-name').first().waitFor();
    let gone = true;
    await page.route(/\/assets\/deathRank-[^/]+\.js$/, (route) => (gone ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
    await page.evaluate(() => ((window as unknown as { juziMark: number }).juziMark = 1));
    const tag = page.getByRole('link', { name: '烧钱榜' }).first();
    const preloaded = page.waitForResponse(/\/assets\/deathRank-[^/]+\.js$/);
    await tag.hover();
    expect((await preloaded).status()).toBe(404);
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    expect(await page.evaluate(() => (window as unknown as { juziMark?: number }).juziMark)).toBe(1);
    // The deploy is over: following the link is a full page load, which brings the new build.
    gone = false;
    const loaded = page.waitForEvent('load');
    await tag.click();
    await loaded;
    await page.waitForURL(/\/deathRank/);
    expect(await page.evaluate(() => (window as unknown as { juziMark?: number }).juziMark)).toBeUndefined();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.context().close();
  });

  it('a lazy chunk gone after a deploy (the ranking panel here): a failed hover prefetch leaves the page alone; the press reloads it once, and then the panel opens', async () => {
    const page = await open('vip@demo.local', '/deathCompany');
    await page.locator('.closure-name').first().waitFor();
    let gone = true;
    let asked = 0;
    await page.route(/\/assets\/RankingPopover-[^/]+\.js$/, (route) => {
      asked++;
      return gone ? route.fulfill({ status: 404, body: 'gone' }) : route.continue();
    });
    // A mark on this document: a reload would drop it.
    await page.evaluate(() => ((window as unknown as { juziMark: number }).juziMark = 1));
    const toggle = page.getByRole('button', { name: /上香榜/ });
    const prefetched = page.waitForResponse(/\/assets\/RankingPopover-[^/]+\.js$/);
    await toggle.hover();
    expect((await prefetched).status()).toBe(404);
    // The prefetch failed while nobody waited for it: no reload, the page is the same document.
    await page.locator('.closure-name').first().waitFor();
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    expect(await page.evaluate(() => (window as unknown as { juziMark?: number }).juziMark)).toBe(1);
    // The press needs the chunk: the page loads again (once).
    const reloaded = page.waitForEvent('load');
    await toggle.click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { juziMark?: number }).juziMark)).toBeUndefined();
    gone = false;
    await page.locator('.closure-name').first().waitFor();
    await page.getByRole('button', { name: /上香榜/ }).click();
    await page.getByRole('region', { name: '上香排行榜' }).getByRole('link').first().waitFor();
    expect(asked).toBeGreaterThanOrEqual(2);
    await page.context().close();
  });
});
