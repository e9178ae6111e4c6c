import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, demoBrowser, PHONE, screenshot } from './browser';
import { searchText } from '../../worker/src/search/keys';
import { demoIds, type DemoIds } from './demo-ids';

/**
 * The pages every area links to, in Chromium against the seeded stack, for real ids: each renders
 * its heading and sections (never 页面不存在 or an error), sets its title and fits a 375 px phone;
 * the header's search finds a company by pinyin initials and opens it from the keyboard.
 */

const { open, tokens } = demoBrowser(['vip@demo.local', 'user@demo.local']);
let ids: DemoIds;

beforeAll(async () => {
  ids = await demoIds(tokens['vip@demo.local']);
}, 120_000);

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function expectPage(page: Page, path: string, heading: RegExp | string, titlePart: string) {
  await page.goto(`${baseURL()}${path}`);
  const h1 = page.locator('main h1').first();
  await h1.waitFor();
  expect(await h1.textContent(), path).toMatch(heading);
  expect(await page.locator('.not-found').count(), `${path} shows 页面不存在`).toBe(0);
  expect(await page.locator('main [role="alert"]').count(), `${path} shows an error`).toBe(0);
  await page.waitForFunction((t) => document.title.includes(t), titlePart);
}

describe('entity pages', () => {
  it('a closed company: card, closing block linking to /deathCompany?company=, financing, team and news', async () => {
    const page = await open('vip@demo.local');
    await expectPage(page, `/company/${ids.closedCompany.id}`, ids.closedCompany.name, '公司主页');
    await page.getByText('关闭信息').waitFor();
    const back = page.locator(`a[href="/deathCompany?company=${encodeURIComponent(ids.closedCompany.name)}"]`);
    expect(await back.count()).toBe(1);
    expect(await page.locator('section[aria-label="团队"] a[href^="/person/"]').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: new RegExp(`关注${ids.closedCompany.name}`) }).count()).toBe(1);
    await screenshot(page, 'entity-company-closed');
  });

  it('a STAR-market company links to its /kcb page', async () => {
    const page = await open('vip@demo.local');
    await expectPage(page, `/company/${ids.starCompany.comId}`, /.+/, '公司主页');
    await page.locator(`a[href="/kcb/${ids.starCompany.mComId}"]`).waitFor();
  });

  it('a firm, an event, a person, a user, an atlas tag, a policy and the lists render for real ids', async () => {
    const page = await open('vip@demo.local');
    await expectPage(page, `/investfirm/${ids.firm}`, /.+/, '投资机构');
    await page.getByText('医疗健康投资事件').waitFor();
    await page.locator('section[aria-label="死亡公司案例"] a[href^="/company/"]').first().waitFor();
    await expectPage(page, `/investevent/${ids.event}`, /.+/, '融资事件');
    await page.locator('section[aria-label="投资方"]').waitFor();
    await expectPage(page, `/person/${ids.person}`, /.+/, '人物');
    await page.locator('section[aria-label="任职与投资"] a[href^="/company/"]').first().waitFor();
    await expectPage(page, `/user/${ids.user}`, /.+/, '用户主页');
    await page.getByRole('tab', { name: '上香记录' }).waitFor();
    await expectPage(page, `/atlas/${ids.childTag}`, /.+/, '产业图谱');
    await page.locator('section[aria-label="公司"] a[href^="/company/"]').first().waitFor();
    await expectPage(page, `/policy/${ids.policy}`, /.+/, '桔子数据');
    await expectPage(page, `/policy?region=${encodeURIComponent('科创板')}`, '科创板业务规则', '科创板业务规则');
    await expectPage(page, `/news?scope=${encodeURIComponent('医疗健康')}`, '医疗健康新闻', '医疗健康新闻');
    await page.locator('.news-items li').first().waitFor();
    await expectPage(page, `/investevent?scope=${encodeURIComponent('医疗健康')}`, '医疗健康融资事件', '医疗健康融资事件');
    await page.locator('.event-table tbody tr').first().waitFor();
    await expectPage(page, '/info_api', /数据API/, '数据API');
    await page.locator('.info-api-group li').first().waitFor();
    expect(await page.locator('a[href="/api/docs"]').count()).toBeGreaterThan(0);
    await expectPage(page, '/mall', '桔子商城', '桔子商城');
    expect(await page.locator('.mall-card a[href="/order?from=mall"]').count()).toBe(7);
  });

  it('a visitor sees the login wall on a policy and the login bar instead of the pager', async () => {
    const page = await open(null);
    await page.goto(`${baseURL()}/policy/${ids.policy}`);
    await page.getByText('登录后查看政策法规详情').waitFor();
    await page.goto(`${baseURL()}/news`);
    await page.locator('.news-items li').first().waitFor();
    expect(await page.locator('.pagination').count()).toBe(0);
  });

  it('fits a 375 px phone without horizontal overflow', async () => {
    const page = await open('vip@demo.local', PHONE);
    for (const path of [`/company/${ids.closedCompany.id}`, `/investfirm/${ids.firm}`, `/investevent/${ids.event}`, `/user/${ids.user}`, '/news', '/mall', '/info_api']) {
      await page.goto(`${baseURL()}${path}`);
      await page.locator('main h1').first().waitFor();
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
    await page.goto(`${baseURL()}/company/${ids.closedCompany.id}`);
    await page.locator('main h1').first().waitFor();
    await screenshot(page, 'entity-company-phone');
  });
});

describe('header search', () => {
  it('finds a company by its pinyin and opens a result with the keyboard', async () => {
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/`);
    const box = page.getByRole('combobox', { name: '搜索公司、投资机构、人物' });
    // The closed company's name typed as its full pinyin (as the worker reads it, with pinyin-pro).
    await box.fill(searchText(ids.closedCompany.name).pinyin.replace(/ /g, ''));
    const option = page.getByRole('option').filter({ hasText: ids.closedCompany.name }).first();
    await option.waitFor();
    await screenshot(page, 'entity-search-open');
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/(company|investfirm|person)\/\d+$/);
    await page.locator('main h1').first().waitFor();
    expect(await page.locator('.not-found').count()).toBe(0);
  });

  it('works on a 375 px phone: the list spans the screen under the header', async () => {
    const page = await open(null, PHONE);
    await page.goto(`${baseURL()}/`);
    const box = page.getByRole('combobox', { name: '搜索公司、投资机构、人物' });
    await box.fill('zh');
    await page.getByRole('option').first().waitFor();
    const panel = await page.getByRole('listbox', { name: '搜索结果' }).boundingBox();
    expect(panel!.x).toBeLessThanOrEqual(1);
    expect(panel!.width).toBeGreaterThanOrEqual(370);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'entity-search-phone');
  });
});
