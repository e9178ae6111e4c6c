/**
 * Watchlists in Chromium on the running stack: '保存为订阅' on a filtered closed-company list, the
 * watchlist page (new-match count, open with the filters, rename, pause, delete) at 1280 and 375 px,
 * the save button on the other lists, the search's Atom feed read by a maintained parser, and a new
 * row reaching the digest e-mail (the local mail sink), the feed and a local webhook receiver once;
 * followed companies with their new events and news, and a disabled webhook switched back on.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, demoBrowser, DESKTOP, PHONE, screenshot } from './browser';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { open, tokens } = demoBrowser(['user@demo.local', 'vip@demo.local']);

const api = async (path: string, token: string, init: RequestInit = {}) => {
  const res = await fetch(`${baseURL()}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) } });
  return (await res.json()) as { status: string; data: any; msg?: string };
};

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The widths every watchlist page is looked at. */
const WIDTHS = [
  [{ ...DESKTOP, width: 1280 }, '1280'],
  [PHONE, '375'],
] as const;

/** The VIP's watchlist page at a viewport. */
async function openWatchlist(viewport: { width: number; height: number }) {
  const page = await open('vip@demo.local', viewport);
  await page.goto(`${baseURL()}/user-center/watchlists`);
  return page;
}

async function clearSearches(token: string) {
  const mine = await api('/api/saved_searches', token);
  for (const s of mine.data.info) await api(`/api/saved_searches/${s.id}`, token, { method: 'DELETE' });
}

describe('saving a search and the watchlist page', () => {
  it('saves the filtered closed-company list under a name, lists it, opens it with its filters, renames, pauses and deletes it', async () => {
    const token = tokens['user@demo.local']!;
    await clearSearches(token);
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/deathCompany?com_prov=${encodeURIComponent('上海')}`);
    await page.locator('.closure-name').first().waitFor();
    const save = page.getByRole('button', { name: '保存为订阅' });
    await save.click();
    const dialog = page.getByRole('dialog', { name: '保存为订阅' });
    await dialog.waitFor();
    const field = dialog.getByLabel('订阅名称');
    expect(await field.inputValue()).toBe('死亡公司：上海');
    // Keyboard: Esc closes, focus returns to the button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('保存为订阅');
    await save.click();
    await field.fill('   ');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: '请输入订阅名称' }).waitFor();
    await field.fill('上海的死亡公司');
    await screenshot(page, 'watch-save-dialog-1280');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    const done = page.getByRole('dialog', { name: '已保存为订阅' });
    await done.waitFor();
    await done.getByRole('link', { name: '查看我的订阅' }).click();

    await page.waitForURL(/\/user-center\/watchlists$/);
    const row = page.locator('.watchlist-list li').filter({ hasText: '上海的死亡公司' });
    await row.waitFor();
    expect(await row.textContent()).toContain('死亡公司');
    const feedUrl = await row.getByLabel('上海的死亡公司的 Atom 订阅源地址').inputValue();
    expect(feedUrl).toMatch(/\/feeds\/[0-9a-f]{64}\.atom$/);
    await page.getByText(/有新匹配的订阅会汇总发送到/).waitFor();
    await screenshot(page, 'watch-page-1280');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);

    // The feed a reader would fetch: valid Atom with the list's first page at once.
    const feed = parseFeed(await (await fetch(feedUrl.replace(/^https?:\/\/[^/]+/, baseURL()))).text());
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('上海的死亡公司 - 死亡公司 - 桔子订阅');
    expect(feed.items.length).toBeGreaterThan(0);
    expect(feed.items.every((i) => /\/company\/\d+$/.test(i.url ?? ''))).toBe(true);

    // Rename through the dialog.
    await row.getByRole('button', { name: '重命名' }).click();
    const rename = page.getByRole('dialog', { name: '重命名订阅' });
    await rename.getByLabel('订阅名称').fill('上海·关闭');
    await rename.getByRole('button', { name: '保存', exact: true }).click();
    const renamed = page.locator('.watchlist-list li').filter({ hasText: '上海·关闭' });
    await renamed.waitFor();
    // Pause and resume.
    await renamed.getByRole('button', { name: '暂停' }).click();
    await renamed.getByText('已暂停').waitFor();
    expect((await api('/api/saved_searches', token)).data.info[0].paused).toBe(true);
    await renamed.getByRole('button', { name: '恢复' }).click();
    await renamed.getByRole('button', { name: '暂停' }).waitFor();

    // Opening it shows the list with its filters.
    await renamed.getByRole('button', { name: '查看' }).click();
    await page.waitForURL(/\/deathCompany\?com_prov=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toContain('com_prov=上海');
    await page.locator('.closure-name').first().waitFor();

    // Delete, confirmed in a dialog.
    await page.goto(`${baseURL()}/user-center/watchlists`);
    await page.locator('.watchlist-list li').first().getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '删除订阅' }).getByRole('button', { name: '删除' }).click();
    await page.getByText(/还没有订阅/).waitFor();
    expect((await api('/api/saved_searches', token)).data.page.total).toBe(0);
    // The deleted search's feed is gone.
    expect((await fetch(feedUrl.replace(/^https?:\/\/[^/]+/, baseURL()))).status).toBe(404);
    await page.context().close();
  });

  it('a plain user past 5 searches gets the membership prompt; the other lists carry the button', async () => {
    const token = tokens['user@demo.local']!;
    await clearSearches(token);
    for (let i = 0; i < 5; i++) expect((await api('/api/saved_searches', token, { method: 'POST', body: JSON.stringify({ name: `新闻${i}`, area: 'news', query: {} }) })).status).toBe('success');
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/news?scope=${encodeURIComponent('医疗健康')}`);
    await page.getByRole('button', { name: '保存为订阅' }).click();
    const dialog = page.getByRole('dialog', { name: '保存为订阅' });
    expect(await dialog.getByLabel('订阅名称').inputValue()).toBe('新闻：医疗健康');
    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByRole('dialog').filter({ hasText: '普通用户最多保存5个订阅' }).waitFor();
    await page.context().close();
    for (const path of ['/investevent', '/kcb/project', '/deathRank']) {
      const p = await open('vip@demo.local');
      await p.goto(`${baseURL()}${path}`);
      await p.getByRole('button', { name: '保存为订阅' }).waitFor();
      await p.context().close();
    }
    await clearSearches(token);
  });

  it('the watchlist page fits 375 px; a visitor is asked to sign in', async () => {
    const token = tokens['vip@demo.local']!;
    await clearSearches(token);
    await api('/api/saved_searches', token, { method: 'POST', body: JSON.stringify({ name: '医疗健康融资事件', area: 'investevent', query: { scope: '医疗健康' } }) });
    await api('/api/saved_searches', token, { method: 'POST', body: JSON.stringify({ name: '科创板·半导体相关的上市企业', area: 'starmarket/listed', query: {} }) });
    for (const [viewport, name] of WIDTHS) {
      const page = await openWatchlist(viewport);
      await page.locator('.watchlist-list li').nth(1).waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `watch-page-vip-${name}`);
      await page.context().close();
    }
    const visitor = await open(null);
    await visitor.goto(`${baseURL()}/user-center/watchlists`);
    await visitor.getByRole('dialog').filter({ hasText: '登录' }).first().waitFor();
    await visitor.context().close();
    await clearSearches(token);
  });
});

// --- a change in the data, end to end on the running stack ---

/** Writes to the running stack's local D1 through wrangler, as an operator's import would. */
function d1Write(sqlText: string) {
  execFileSync(path.join(ROOT, 'node_modules', '.bin', 'wrangler'), ['d1', 'execute', 'juzi-db', '--local', '--config', 'wrangler.toml', '--persist-to', inject('persistTo'), '--command', sqlText], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: 'pipe',
  });
}

const fire = (cron: string, day: string) => fetch(`${baseURL()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}&time=${Date.parse(`${day}T02:00:00Z`)}&format=json`);

async function mailsTo(address: string): Promise<{ subject: string; messageId: string }[]> {
  const res = await fetch(`${baseURL()}/cdn-cgi/local/explorer/api/local/email/sending`);
  const body = (await res.json()) as { result: { to: string[]; subject: string; messageId: string }[] };
  return body.result.filter((m) => m.to.includes(address));
}

describe('a change in the data reaches the e-mail, the feed and a webhook once', () => {
  it('save -> a new closed company -> the jobs -> one e-mail, one feed entry, one signed POST to a local receiver', async () => {
    const token = tokens['vip@demo.local']!;
    await clearSearches(token);
    const got: { headers: Record<string, string>; body: string }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const comId = 9_900_000 + Math.floor(Math.random() * 90_000);
    try {
      const port = (server.address() as AddressInfo).port;
      const prov = '西藏';
      const s = (await api('/api/saved_searches', token, { method: 'POST', body: JSON.stringify({ name: 'e2e 西藏', area: 'closure', query: { com_prov: prov } }) })).data;
      const hook = (await api(`/api/saved_searches/${s.id}/webhooks`, token, { method: 'POST', body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook` }) })).data;
      expect(hook.secret).toMatch(/^whsec_/);
      await new Promise((r) => setTimeout(r, 50));
      d1Write(
        `INSERT INTO closures (com_id, com_name, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date, operating_status)
         SELECT ${comId}, 'E2E雪域科技', '${prov}', cat_id, se_cat_id, 1, 20200101, 20261130, '已关闭' FROM closures WHERE fund_status_id = 1 LIMIT 1`,
      );

      // The frequent cron posts to the webhook; the 10:00 cron of a working day sends the e-mail.
      expect((await fire('*/2 * * * *', '2026-12-01')).ok).toBe(true);
      await expect.poll(() => got.length, { timeout: 30_000, interval: 500 }).toBe(1);
      const payload = new Webhook(hook.secret).verify(got[0]!.body, got[0]!.headers) as { data: { item: { title: string; url: string } } };
      const title = payload.data.item.title;
      expect(title).toMatch(/^E2E雪域科技（.+）$/);
      // Links use the product's origin (APP_ORIGIN), here localhost on the stack's port.
      expect(new URL(payload.data.item.url).pathname).toBe(`/company/${comId}`);

      expect((await fire('0 2 * * *', '2026-12-01')).ok).toBe(true);
      await expect.poll(async () => (await mailsTo('vip@demo.local')).filter((m) => m.subject.includes('1条新匹配')).length, { timeout: 30_000, interval: 500 }).toBe(1);

      const feed = parseFeed(await (await fetch(s.feed_url.replace(/^https?:\/\/[^/]+/, baseURL()))).text());
      expect(feed.items.filter((i) => i.title === title)).toHaveLength(1);

      // Running the jobs again sends nothing more.
      await fire('*/2 * * * *', '2026-12-01');
      await fire('0 2 * * *', '2026-12-01');
      await new Promise((r) => setTimeout(r, 3000));
      expect(got).toHaveLength(1);
      expect((await mailsTo('vip@demo.local')).filter((m) => m.subject.includes('1条新匹配'))).toHaveLength(1);
      const log = (await api(`/api/saved_searches/${s.id}/webhooks`, token)).data[0];
      expect(log.deliveries).toMatchObject([{ status: 'delivered', attempts: 1, last_status: 204 }]);

      // The watchlist page shows the delivery log.
      const page = await openWatchlist(PHONE);
      await page.getByRole('button', { name: 'Webhook' }).click();
      await page.getByRole('table', { name: 'e2e 西藏 的推送记录' }).getByText('已送达').waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'watch-webhooks-375');
      await page.context().close();
    } finally {
      server.close();
      await clearSearches(token);
      // The other files read the demo lists: the made-up company goes again.
      d1Write(`DELETE FROM closures WHERE com_id = ${comId}`);
    }
  });
});

describe('followed companies and a disabled webhook on the watchlist page', () => {
  it('a followed company shows its new news since the last visit, opens its page and starts again; at 1280 and 375 px', async () => {
    const token = tokens['vip@demo.local']!;
    const comId = 9_800_000 + Math.floor(Math.random() * 90_000);
    d1Write(
      `INSERT INTO companies (id, name, full_name, slogan, prov, city, cat_id, se_cat_id, born_year, born_month) VALUES (${comId}, 'E2E关注科技', 'E2E关注科技有限公司', '', '北京', '北京', 1, 0, 2019, 1)`,
    );
    expect((await api('/api/follow', token, { method: 'POST', body: JSON.stringify({ type: 1, item_id: comId }) })).status).toBe('success');
    try {
      await new Promise((r) => setTimeout(r, 50));
      d1Write(
        `INSERT INTO news (id, title, url, source, com_id, com_name, date, scope) VALUES (${comId}, 'E2E关注科技发布新品', 'https://news.example.com/${comId}', '36氪', ${comId}, 'E2E关注科技', 20261203, '');
         INSERT INTO invest_events (id, com_id, round_id, money, date, scope) VALUES (${comId}, ${comId}, 2, 20000, 20261203, '企业服务')`,
      );
      for (const [viewport, name] of WIDTHS) {
        const page = await openWatchlist(viewport);
        const row = page.locator('.watch-follows-list li').filter({ hasText: 'E2E关注科技' });
        await row.locator('.watch-new', { hasText: '2 条新' }).waitFor();
        expect(await noOverflow(page)).toBeLessThanOrEqual(0);
        await row.scrollIntoViewIfNeeded();
        await screenshot(page, `watch-follows-${name}`);
        if (name === '375') {
          await row.getByRole('link', { name: 'E2E关注科技' }).click();
          await page.waitForURL(new RegExp(`/company/${comId}$`));
          await page.goBack();
          await page.locator('.watch-follows-list li').filter({ hasText: 'E2E关注科技' }).waitFor();
          await expect.poll(() => page.locator('.watch-follows-list li').filter({ hasText: 'E2E关注科技' }).locator('.watch-new').count()).toBe(0);
        }
        await page.context().close();
      }
      const mine = (await api('/api/saved_searches/follows', token)).data.info.find((c: { com_id: number }) => c.com_id === comId);
      expect(mine.new_count).toBe(0);
    } finally {
      await api('/api/follow/cancel', token, { method: 'POST', body: JSON.stringify({ type: 1, item_id: comId }) });
      d1Write(`DELETE FROM news WHERE id = ${comId}; DELETE FROM invest_events WHERE id = ${comId}; DELETE FROM companies WHERE id = ${comId}`);
    }
  });

  it('a disabled webhook is switched back on from the page', async () => {
    const token = tokens['vip@demo.local']!;
    await clearSearches(token);
    try {
      const s = (await api('/api/saved_searches', token, { method: 'POST', body: JSON.stringify({ name: 'e2e 停用的推送', area: 'news', query: {} }) })).data;
      const hook = (await api(`/api/saved_searches/${s.id}/webhooks`, token, { method: 'POST', body: JSON.stringify({ url: 'https://hooks.example.com/e2e' }) })).data;
      // As the delivery step leaves an endpoint after repeated failures.
      d1Write(`UPDATE watch_endpoints SET status = 'disabled', failures = 10, disabled_at = ${Date.now()} WHERE id = ${hook.id}`);
      const page = await openWatchlist(PHONE);
      await page.getByRole('button', { name: 'Webhook' }).click();
      const again = page.getByRole('button', { name: `重新启用 Webhook ${hook.url}` });
      await page.getByText(/因连续10次推送失败已停用/).waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'watch-webhook-disabled-375');
      await again.click();
      await again.waitFor({ state: 'detached' });
      await page.locator('.webhook-state.is-active').waitFor();
      await page.context().close();
      expect((await api(`/api/saved_searches/${s.id}/webhooks`, token)).data[0]).toMatchObject({ status: 'active', failures: 0, disabled_at: null });
    } finally {
      await clearSearches(token);
    }
  });
});
