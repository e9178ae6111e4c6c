import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatWan } from '../../web/src/lib/format';
import { baseURL, demoBrowser, PHONE, screenshot } from './browser';

/**
 * The track/album, burn-ranking, news and reason pages of the closed-company area in Chromium,
 * against the real seeded stack.
 */

const { open, tokens } = demoBrowser();

async function apiGet<T>(path: string, account: string): Promise<T> {
  const res = await fetch(`${baseURL()}/api${path}`, { headers: { Authorization: `Bearer ${tokens[account]}` } });
  const body = (await res.json()) as { data: T };
  return body.data;
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Slices drawn by Recharts inside a chart figure. */
const sectors = (page: Page, title: string) => page.locator(`figure[aria-label="${title}"] .recharts-pie-sector`);

describe('/deathTrack', () => {
  it('a VIP sees the first track selected, both charts, the update line and the company list; an album shows only the status chart', async () => {
    const tracks = await apiGet<{ tag_id: number; tag_name: string }[]>('/closure/death_track', 'vip@demo.local');
    const first = tracks[0];
    const list = await apiGet<{ info: { com_name: string }[]; page: { total: number } }>(`/closure/death_track_list?item_id=${first.tag_id}`, 'vip@demo.local');

    const page = await open('vip@demo.local');
    await page.goto(`${baseURL()}/deathTrack`);
    const trackBlock = page.getByRole('region', { name: '死亡赛道' });
    await trackBlock.getByRole('button', { name: first.tag_name, pressed: true }).waitFor();
    await page.waitForURL(`**/deathTrack?tag_id=${first.tag_id}`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(`死亡公司赛道${first.tag_name}`);
    await expect.poll(() => page.locator('.track-total').innerText()).toBe(`共 ${list.page.total.toLocaleString('zh-CN')} 家公司`);
    await sectors(page, '死亡原因分布').first().waitFor();
    await sectors(page, '运营状态分布').first().waitFor();
    const today = new Date();
    const ymd = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await expect(page.locator('.track-updated').innerText()).resolves.toBe(`更新于 ${ymd} | 数据来源：桔子数据`);
    const names = page.locator('.failed-row .failed-name');
    await names.first().waitFor();
    await expect(names.allInnerTexts()).resolves.toEqual(list.info.map((c) => c.com_name));
    // The total is shown once on the page (the header's), in the one number format.
    await expect(page.getByText(`共 ${list.page.total.toLocaleString('zh-CN')} 家公司`, { exact: true }).count()).resolves.toBe(1);
    if (list.page.total > 10) await page.getByRole('navigation', { name: '分页' }).waitFor();
    await screenshot(page, 'closure-track-desktop');

    // Hovering a slice of the reason chart shows the tooltip with its numbered children.
    await sectors(page, '死亡原因分布').first().hover();
    const tip = page.locator('.pie-tooltip').first();
    await tip.waitFor();
    await expect(tip.innerText()).resolves.toMatch(/\d+家（\d+(\.\d{1,2})?%）[\s\S]*1\. /);

    // The VIP expands the album block and picks the second album: album mode, no reason chart.
    const albums = await apiGet<{ album_id: number; album_name: string }[]>('/closure/death_album', 'vip@demo.local');
    const albumBlock = page.getByRole('region', { name: '死亡专辑' });
    await albumBlock.getByRole('button', { name: '查看全部(VIP)' }).click();
    await albumBlock.getByRole('button', { name: '收起' }).waitFor();
    await albumBlock.getByRole('button', { name: albums[1].album_name }).click();
    await page.waitForURL(`**/deathTrack?album_id=${albums[1].album_id}`);
    // The URL changes at once; the page follows when its loader has the album's data.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(`死亡公司专辑${albums[1].album_name}`);
    await expect(trackBlock.getByRole('button', { pressed: true }).count()).resolves.toBe(0);
    await sectors(page, '运营状态分布').first().waitFor();
    await expect(page.locator('figure[aria-label="死亡原因分布"]').count()).resolves.toBe(0);
    await page.close();
  });

  it('works at phone width without horizontal overflow', async () => {
    const page = await open('vip@demo.local', PHONE);
    await page.goto(`${baseURL()}/deathTrack`);
    await page.locator('.failed-row').first().waitFor();
    await sectors(page, '运营状态分布').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'closure-track-phone');
    await page.close();
  });

  it('a non-VIP who tries to expand the track block gets the membership dialog', async () => {
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/deathTrack`);
    const trackBlock = page.getByRole('region', { name: '死亡赛道' });
    await trackBlock.getByRole('button', { pressed: true }).waitFor();
    await trackBlock.getByRole('button', { name: '查看全部(VIP)' }).click();
    const dialog = page.getByRole('dialog', { name: '开通VIP会员' });
    await dialog.waitFor();
    await expect(dialog.getByRole('link', { name: '立即开通' }).getAttribute('href')).resolves.toBe('/order?from=deathTrack&return=%2FdeathTrack%3Ftag_id%3D1');
    await page.close();
  });

  it('a visitor gets the login dialog and a login prompt instead of data', async () => {
    const page = await open(null);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/closure/death_track')) calls.push(r.url());
    });
    await page.goto(`${baseURL()}/deathTrack`);
    await page.getByRole('dialog', { name: '登录' }).waitFor();
    await expect(page.locator('.login-wall').innerText()).resolves.toContain('登录后查看');
    expect(calls).toEqual([]);
    await page.close();
  });
});

describe('/deathReason', () => {
  it('a non-VIP clicking 全部公司 gets the membership prompt (the worker refuses the list too)', async () => {
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/deathReason`);
    await page.getByRole('tab', { name: '全部公司' }).click();
    const dialog = page.getByRole('dialog', { name: '开通VIP会员' });
    await dialog.waitFor();
    await expect(dialog.getByRole('link', { name: '立即开通' }).getAttribute('href')).resolves.toBe('/order?from=deathReason&return=%2FdeathReason%3Ftab%3Dcompanies');
    await page.keyboard.press('Escape');
    await expect(page.locator('.upgrade-prompt').innerText()).resolves.toContain('仅对VIP会员开放');
    await expect(page.locator('.failed-row').count()).resolves.toBe(0);

    const tree = await apiGet<{ child: { id: number }[] }[]>('/closure/closure_type', 'user@demo.local');
    const res = await fetch(`${baseURL()}/api/closure/closure_type_list?type_id=${tree[0].child[0].id}`, { headers: { Authorization: `Bearer ${tokens['user@demo.local']}` } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('VIP_REQUIRED');
    await page.close();
  });

  it('a VIP sees the reason navigation, representative projects and the company list of a child chosen in the query', async () => {
    const tree = await apiGet<{ id: number; name: string; child: { id: number; name: string }[] }[]>('/closure/closure_type', 'vip@demo.local');
    const parent = tree[1];
    const child = parent.child[1];
    const page = await open('vip@demo.local');
    await page.goto(`${baseURL()}/deathReason?parent_id=${parent.id}&child_id=${child.id}`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(child.name);
    await expect(page.getByRole('tab', { name: child.name, selected: true }).count()).resolves.toBe(1);
    await page.locator('.delegate-item').first().waitFor();
    await expect(page.locator('.delegate-item').first().getAttribute('href')).resolves.toMatch(/^\/company\/\d+$/);
    await page.getByRole('tab', { name: '全部公司' }).click();
    await page.locator('.failed-row').first().waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await screenshot(page, 'closure-reason-desktop');
    await page.close();
  });

  it('lighting incense on a reason switches to 上香记录 with the new record on top', async () => {
    const me = await apiGet<{ username: string; juzibtc: number }>('/user/info', 'svip@demo.local');
    const page = await open('svip@demo.local');
    await page.goto(`${baseURL()}/deathReason`);
    const title = await page.getByRole('heading', { level: 1 }).innerText();
    await page.getByRole('button', { name: '为它上香' }).click();
    const dialog = page.getByRole('dialog', { name: `为「${title}」上香` });
    await dialog.getByText('当前余额').waitFor();
    // The radio itself is styled away; its label is what a user clicks.
    await dialog.locator('label', { hasText: '3 炷' }).click();
    await expect(dialog.getByRole('radio', { name: '3 炷' }).isChecked()).resolves.toBe(true);
    await dialog.getByRole('button', { name: '确认上香' }).click();
    const scene = page.getByRole('dialog', { name: '上香成功' });
    await scene.waitFor();
    await scene.click();
    await page.waitForURL(/tab=records/);
    await expect(page.getByRole('tab', { name: '上香记录', selected: true }).count()).resolves.toBe(1);
    const top = page.locator('.incense-record').first();
    await top.waitFor();
    await expect(top.innerText()).resolves.toMatch(new RegExp(`${me.username}[\\s\\S]*上香 3 炷`));
    const after = await apiGet<{ juzibtc: number }>('/user/info', 'svip@demo.local');
    expect(after.juzibtc).toBe(me.juzibtc - 3);
    await page.close();
  });

  it('works at phone width without horizontal overflow', async () => {
    const page = await open('vip@demo.local', PHONE);
    await page.goto(`${baseURL()}/deathReason`);
    await page.locator('.delegate-item').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'closure-reason-phone');
    await page.close();
  });
});

interface RankRow {
  com_id: number;
  com_name: string;
  total_money: number;
  valuation: number;
}

describe('/deathRank', () => {
  it('switches tabs through the URL and shows amounts of 10000万 or more as 亿元, smaller ones as 万元', async () => {
    // A province whose top list mixes both units (found through the API, not hard-coded).
    const { provinces } = await apiGet<{ provinces: string[] }>('/closure/filters', 'vip@demo.local');
    let province = '';
    let rows: RankRow[] = [];
    for (const p of provinces) {
      const data = await apiGet<{ info: RankRow[] }>(`/closure/amount_top?per_page=100&com_prov=${encodeURIComponent(p)}`, 'vip@demo.local');
      if (data.info.some((r) => r.total_money >= 10000) && data.info.some((r) => r.total_money < 10000)) {
        province = p;
        rows = data.info;
        break;
      }
    }
    expect(province).not.toBe('');

    const page = await open('vip@demo.local');
    await page.goto(`${baseURL()}/deathRank`);
    await page.getByRole('tab', { name: '融资总额TOP100', selected: true }).waitFor();
    await page.locator('.rank-table tbody tr').first().waitFor();
    await screenshot(page, 'closure-rank-desktop');
    await page.getByLabel('地区').selectOption(province);
    await page.waitForURL(/com_prov=/);
    const table = page.locator('.rank-table');
    // Polled on the figures, not the row count: the unfiltered top 100 has as many rows as a big province's.
    await expect.poll(() => table.locator('tbody tr td.rank-measure').allInnerTexts()).toEqual(rows.map((r) => formatWan(r.total_money)));
    const shown = await table.locator('tbody tr td.rank-measure').allInnerTexts();
    expect(shown).toHaveLength(rows.length);
    expect(shown.some((s) => s.endsWith('亿元'))).toBe(true);
    expect(shown.some((s) => s.endsWith('万元'))).toBe(true);
    const serials = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(serials).toEqual(rows.map((_, i) => String(i + 1)));

    // Sorted by survival time: the worker's order of the same 100 (serials 1..n), not a re-sort in the page.
    const bySurvival = await apiGet<{ info: (RankRow & { rank: number })[] }>(
      `/closure/amount_top?per_page=100&sort=3&com_prov=${encodeURIComponent(province)}`,
      'vip@demo.local',
    );
    expect(bySurvival.info.map((r) => r.com_id)).not.toEqual(rows.map((r) => r.com_id));
    expect(new Set(bySurvival.info.map((r) => r.com_id))).toEqual(new Set(rows.map((r) => r.com_id)));
    await page.getByLabel('排序').selectOption('3');
    await page.waitForURL(/sort=3/);
    const names = () => table.locator('tbody tr .rank-company > span:last-child').allInnerTexts();
    await expect.poll(names).toEqual(bySurvival.info.map((r) => r.com_name));
    expect(await table.locator('tbody tr td:first-child').allInnerTexts()).toEqual(rows.map((_, i) => String(i + 1)));

    await page.getByRole('tab', { name: '估值TOP100' }).click();
    await page.waitForURL(/tab=valuation/);
    await expect.poll(() => table.locator('thead th').last().innerText()).toBe('估值');

    await page.getByRole('tab', { name: '机构TOP100' }).click();
    await page.waitForURL(/tab=firm/);
    const firm = page.locator('.firm-row').first();
    await firm.waitFor();
    await expect(firm.locator('.firm-name').getAttribute('href')).resolves.toMatch(/^\/investfirm\/\d+$/);
    await expect(firm.locator('.firm-case').first().getAttribute('href')).resolves.toMatch(/^\/company\/\d+$/);
    await page.close();
  });

  it('works at phone width: serial, company, province and amount fit without page overflow', async () => {
    const page = await open('vip@demo.local', PHONE);
    await page.goto(`${baseURL()}/deathRank?tab=unicorn`);
    await page.locator('.rank-table tbody tr').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await expect(page.locator('.rank-table tbody tr td.rank-measure').first().isVisible()).resolves.toBe(true);
    await screenshot(page, 'closure-rank-phone');
    await page.close();
  });
});

describe('/deathReport', () => {
  it('lists closed-company news 20 a page and filters by year and company name', async () => {
    const page = await open('vip@demo.local');
    await page.goto(`${baseURL()}/deathReport`);
    const rows = page.locator('.news-row');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(20);
    await expect(rows.first().locator('.news-title').getAttribute('target')).resolves.toBe('_blank');
    await screenshot(page, 'closure-report-desktop');

    const year = String(new Date().getFullYear() - 1);
    await page.getByLabel('年份').selectOption(year);
    await page.waitForURL(new RegExp(`year=${year}`));
    const allMatch = async (locator: ReturnType<Page['locator']>, ok: (text: string) => boolean) => {
      const texts = await locator.allInnerTexts();
      return texts.length > 0 && texts.every(ok);
    };
    await expect.poll(() => allMatch(rows.locator('.news-meta'), (t) => t.includes(`${year}-`))).toBe(true);

    const company = (await page.locator('.news-company').first().innerText()).trim();
    await page.getByRole('searchbox', { name: '公司名称' }).fill(company);
    await page.waitForURL(/keyword=/);
    await expect.poll(() => allMatch(rows.locator('.news-company'), (t) => t.includes(company))).toBe(true);
    await page.close();
  });

  it('works at phone width without horizontal overflow', async () => {
    const page = await open('vip@demo.local', PHONE);
    await page.goto(`${baseURL()}/deathReport`);
    await page.locator('.news-row').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'closure-report-phone');
    await page.close();
  });
});

describe('hand-edited and stale links', () => {
  it('every closed-company page shows its defaults for bad values, rewrites the address in place, and shows nothing raw', async () => {
    const page = await open('vip@demo.local');
    const cases: [string, string, string][] = [
      ['/deathCompany?page=abc&sort=9&cat_id=-1', '/deathCompany', '.closure-list'],
      ['/deathCompany?cat_id=99999', '/deathCompany', '.closure-list'],
      ['/deathRank?cat_id=-1', '/deathRank', 'table'],
      ['/deathRank?sort=9', '/deathRank', 'table'],
      ['/deathReport?page=abc', '/deathReport', '.report-page'],
      ['/deathReport?year=1999', '/deathReport', '.report-page'],
      ['/deathReason?parent_id=1&page=abc', '/deathReason?parent_id=1', '.reason-main'],
    ];
    for (const [bad, shown, ready] of cases) {
      await page.goto(`${baseURL()}/kcb`);
      await page.goto(`${baseURL()}${bad}`);
      await page.waitForURL((u) => u.pathname + u.search === shown);
      await page.locator(ready).first().waitFor();
      const text = await page.locator('main').innerText();
      expect(text, bad).not.toMatch(/重试|page：|cat_id：|sort：|year：|item_id：/);
      // The bad address was replaced, not kept in the history: Back leaves the page.
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/kcb');
    }
    await page.goto(`${baseURL()}/deathTrack?tag_id=abc`);
    await page.waitForURL(/\/deathTrack\?tag_id=\d+$/);
    await page.locator('.track-total').waitFor();
    await page.context().close();
  });

  it('an unknown company or STAR company shows a not-found state with a way back, not 重试', async () => {
    const page = await open('vip@demo.local');
    await page.goto(`${baseURL()}/kcb/99999999`);
    await page.locator('main').getByText('该科创板公司不存在').waitFor();
    await expect(page.getByRole('button', { name: '重试' }).count()).resolves.toBe(0);
    await screenshot(page, 'not-found-kcb-desktop');
    await page.getByRole('link', { name: '返回科创板企业列表' }).click();
    await page.waitForURL('**/kcb/project');
    await page.locator('.star-row').first().waitFor();
    await page.goto(`${baseURL()}/company/99999999`);
    await page.locator('main').getByText('该公司不存在').waitFor();
    await page.getByRole('link', { name: '返回首页' }).waitFor();
    await page.context().close();
  });
});
