import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, launch, PHONE, screenshot } from './browser';
import { d1Query } from './d1';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const REQUIRED_MESSAGES = ['请输入姓名', '请输入邮箱地址', '请输入公司名称', '请输入您的职位', '请输入联系电话'];

async function alerts(page: Page) {
  return page.getByRole('alert').allInnerTexts();
}

describe('/saas/try in Chromium at 375 px', () => {
  it('an empty submit shows the message of every required field', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL()}/saas/try`);
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(alerts(page)).resolves.toEqual(REQUIRED_MESSAGES);
    for (const msg of REQUIRED_MESSAGES) await expect(page.getByText(msg, { exact: true }).isVisible()).resolves.toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    await screenshot(page, 'saas-try-phone-empty');
    await page.close();
  });

  it('a valid application, typed by keyboard, shows the success pop-up and is stored in D1; the backdrop closes the pop-up', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${baseURL()}/saas/try`);
    const stamp = Date.now().toString(36);
    const email = `e2e-${stamp}@example.com`;
    const phone = `139${String(Date.now()).slice(-8)}`;
    await page.getByLabel('姓名').focus();
    // Tab order follows the form: name, e-mail, company, position, phone, weixin, 'same as phone', need.
    for (const value of ['王小明', email, '杭州远景资本管理有限公司', '投资总监', phone]) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: '同手机号' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('希望试用投后管理模块');
    await page.getByLabel('公司名称').press('Enter');

    const dialog = page.getByRole('dialog', { name: '申请提交成功' });
    await dialog.waitFor();
    await screenshot(page, 'saas-try-phone-success');

    const rows = d1Query<{ name: string; phone: string; weixin: string; need: string }>(`SELECT name, phone, weixin, need FROM trial_applications WHERE email = '${email}'`);
    expect(rows).toEqual([{ name: '王小明', phone, weixin: phone, need: '希望试用投后管理模块' }]);

    // A click on the dimmed backdrop (outside the pop-up) closes it.
    await page.mouse.click(8, 8);
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });

  it("the pop-up's button leads to /saas (desktop layout)", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseURL()}/saas/try`, { waitUntil: 'networkidle' });
    const stamp = Date.now().toString(36);
    await page.getByLabel('姓名').fill('李华');
    await page.getByLabel('邮箱').fill(`e2e-desk-${stamp}@example.com`);
    await page.getByLabel('公司名称').fill('深圳星河创新投资');
    await page.getByLabel('职位').fill('合伙人');
    await page.getByLabel('联系电话').fill(`0755-8${String(Date.now()).slice(-7)}`);
    await expect(page.getByLabel('姓名').inputValue()).resolves.toBe('李华');
    await screenshot(page, 'saas-try-desktop');
    await page.getByRole('button', { name: '提交申请' }).click();
    const dialog = page.getByRole('dialog', { name: '申请提交成功' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '返回产品首页' }).click();
    await page.waitForURL(`${baseURL()}/saas`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain('智能投资管理系统');
    await page.close();
  });
});

describe('/saas in Chromium', () => {
  async function headerState(page: Page) {
    const header = page.locator('header.saas-header');
    const trial = header.getByRole('link', { name: '申请试用', includeHidden: true });
    return {
      opaque: await header.getAttribute('data-opaque'),
      background: await header.evaluate((el) => getComputedStyle(el).backgroundColor),
      trialVisible: await trial.isVisible(),
    };
  }

  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${label}: the header turns opaque after a scroll and the trial button appears`, async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseURL()}/saas`);
      await page.getByRole('heading', { name: '九大优势' }).waitFor();
      const top = await headerState(page);
      // See-through: a translucent navy tint that keeps the white text readable (saas-header.css).
      expect(top).toMatchObject({ opaque: 'false', background: 'rgba(29, 43, 79, 0.66)', trialVisible: false });
      await screenshot(page, `saas-${label}-top`);

      await page.mouse.wheel(0, 900);
      await page.waitForFunction(() => document.querySelector('header.saas-header')?.getAttribute('data-opaque') === 'true');
      // The background fades in: wait for the end of the transition, not for a time.
      await page.waitForFunction(() => getComputedStyle(document.querySelector('header.saas-header')!).backgroundColor === 'rgb(255, 255, 255)');
      await page.locator('header.saas-header .saas-trial-btn.is-shown').waitFor();
      const scrolled = await headerState(page);
      expect(scrolled.opaque).toBe('true');
      expect(scrolled.trialVisible).toBe(true);
      // The button leads to the trial page.
      await expect(page.locator('header.saas-header .saas-trial-btn').getAttribute('href')).resolves.toBe('/saas/try');

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      // The nine advantages and the module sections are there, and sections reveal as they scroll in.
      await expect(page.locator('.advantage').count()).resolves.toBe(9);
      await expect(page.locator('.module-section').count()).resolves.toBe(8);
      await page.getByRole('heading', { name: '人脉管理' }).scrollIntoViewIfNeeded();
      await page.locator('.module-section.is-shown', { hasText: '人脉管理' }).waitFor();
      await screenshot(page, `saas-${label}-scrolled`);
      await page.close();
    });
  }

  it('serves the product-introduction PDF and switches to the park edition', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${baseURL()}/saas`);
    const href = await page.getByRole('link', { name: '产品介绍（PDF）' }).getAttribute('href');
    const pdf = await fetch(`${baseURL()}${href}`);
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(20_000);

    await page.getByRole('tab', { name: '产业园区版' }).click();
    await page.waitForURL(/edition=park/);
    await expect(page.locator('.module-section').count()).resolves.toBe(4);
    await expect(page.getByRole('heading', { name: '数字园区项目管理' }).isVisible()).resolves.toBe(true);
    await page.close();
  });
});
