import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, demoBrowser, DESKTOP, PHONE, screenshot } from './browser';

/**
 * The STAR-market area (科创板) in Chromium against the real seeded stack: the visitor's login
 * gate on a project row, the membership check of /kcb/disclosure, a VIP's disclosure list and a
 * detail page with every section, and a STAR export read back by openpyxl.
 */

const { open, tokens } = demoBrowser();

async function post<T>(p: string, account: string, json: unknown = {}, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseURL()}/api${p}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${tokens[account]}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(json),
  });
  const body = (await res.json()) as { status: string; data: T; msg?: string };
  if (body.status !== 'success') throw new Error(`${p}: ${res.status} ${body.msg}`);
  return body.data;
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

interface Row {
  m_com_id: number;
  com_name: string;
}

describe('/kcb/project', () => {
  it('a visitor gets the login wall and the login dialog (spec §2: access login), and no list is asked for', async () => {
    const page = await open(null);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/starmarket')) asked.push(r.url());
    });
    await page.goto(`${baseURL()}/kcb/project`);
    await page.getByRole('dialog', { name: '登录' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByText('登录后查看科创板申报与上市企业').waitFor();
    await expect(page.locator('.star-row').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/kcb/project');
    expect(asked).toEqual([]);
    await page.context().close();
  });

  it('an export of an empty list warns 数据为空，不能下载 (the button is not greyed)', async () => {
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/kcb/project?keyword=${encodeURIComponent('没有这家公司')}`);
    await page.getByText('共 0 家').waitFor();
    const button = page.getByRole('button', { name: '导出数据' });
    await expect(button.isEnabled()).resolves.toBe(true);
    await button.click();
    await page.getByText('数据为空，不能下载', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('a stale link with a sector, review state or page the list does not have shows the defaults, and the address says so', async () => {
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/kcb/project?cat_id=99999&state=6&page=abc`);
    await page.locator('.star-row').first().waitFor();
    await page.waitForURL((u) => u.pathname === '/kcb/project' && u.search === '');
    await expect(page.getByRole('button', { name: '全部', pressed: true }).count()).resolves.toBe(1);
    await page.context().close();
  });

  it('a logged-in user switches to the listed tab (kept in the URL) and opens a row', async () => {
    const listed = await post<{ info: Row[] }>('/starmarket/listed', 'user@demo.local');
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/kcb/project`);
    await page.getByRole('tab', { name: '上市企业' }).click();
    await page.waitForURL('**/kcb/project?type=shangshi');
    await expect.poll(() => page.locator('.star-row strong').first().innerText()).toBe(listed.info[0].com_name);
    await page.locator('.star-row').first().click();
    await page.waitForURL(`**/kcb/${listed.info[0].m_com_id}`);
    await expect.poll(() => page.title()).toBe(`${listed.info[0].com_name}科创板详情`);
    await page.context().close();
  });
});

describe('/kcb/disclosure', () => {
  it('a non-VIP lands on /order?from=kcb', async () => {
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/kcb/disclosure`);
    await page.waitForURL('**/order?from=kcb');
    await page.context().close();
  });

  it('a VIP sees the type options and the list, 20 a page, with file links and dates', async () => {
    const first = await post<{ info: { file_name: string; url: string; disclosure_time: string }[]; page: { total: number } }>('/starmarket/info_disclosure', 'vip@demo.local');
    const page = await open('vip@demo.local');
    await page.goto(`${baseURL()}/kcb/disclosure`);
    const items = page.getByRole('list', { name: '信息披露列表' }).getByRole('listitem');
    await items.first().waitFor();
    expect(await items.count()).toBe(20);
    const link = items.first().getByRole('link');
    await expect(link.innerText()).resolves.toBe(first.info[0].file_name);
    await expect(link.getAttribute('href')).resolves.toBe(first.info[0].url);
    await expect(items.first().locator('time').innerText()).resolves.toBe(first.info[0].disclosure_time);
    const options = await page.getByLabel('披露类型').locator('option').allInnerTexts();
    expect(options.slice(0, 2)).toEqual(['全部类型', '招股说明书']);
    await page.context().close();
  });
});

describe('/kcb/{id}', () => {
  it('a VIP sees the card, the stage tracker, project info, financing, disclosures and news, at desktop and phone width', async () => {
    const applicants = await post<{ info: Row[] }>('/starmarket', 'vip@demo.local', { state: 2 });
    const id = applicants.info[0].m_com_id;
    const d = await post<{ com_info: { com_name: string }; com_invse: unknown[]; com_news: unknown[]; star_market_state: { time: string }[] }>('/starmarket/detail', 'vip@demo.local', { id });
    expect(d.com_invse.length).toBeGreaterThan(0);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open('vip@demo.local', viewport);
      await page.goto(`${baseURL()}/kcb/${id}`);
      await page.getByRole('heading', { level: 1, name: d.com_info.com_name }).waitFor();
      expect(await page.title()).toBe(`${d.com_info.com_name}科创板详情`);
      for (const section of ['公司信息', '上市进程', '项目信息', '历史融资记录', '信息披露', '新闻']) await page.getByRole('region', { name: section }).waitFor();
      const steps = page.locator('.stage-step');
      expect(await steps.count()).toBe(d.star_market_state.length);
      await expect(page.locator('.stage-step[data-status="current"]').count()).resolves.toBe(1);
      // Horizontal at every width (spec §2): the dots share one row; on a phone the tracker scrolls sideways.
      const tops = await page.locator('.stage-dot').evaluateAll((dots) => dots.map((d) => Math.round(d.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      const tracker = await page.locator('.stage-tracker').evaluate((el) => ({ scrolls: el.scrollWidth > el.clientWidth, overflowX: getComputedStyle(el).overflowX }));
      if (viewport === PHONE) expect(tracker).toEqual({ scrolls: true, overflowX: 'auto' });
      await expect(page.getByRole('region', { name: '历史融资记录' }).locator('tbody tr').count()).resolves.toBe(d.com_invse.length);
      await expect(page.getByRole('region', { name: '信息披露' }).getByRole('listitem').count()).resolves.toBeLessThanOrEqual(5);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `kcb-detail-${viewport === PHONE ? 'phone' : 'desktop'}`);
      await page.context().close();
    }
  });

  it('a non-VIP sees one financing record and the upgrade link', async () => {
    const applicants = await post<{ info: Row[] }>('/starmarket', 'user@demo.local', { state: 2 });
    const id = applicants.info[0].m_com_id;
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/kcb/${id}`);
    const region = page.getByRole('region', { name: '历史融资记录' });
    await region.waitFor();
    await expect(region.locator('tbody tr').count()).resolves.toBe(1);
    await expect(region.getByRole('link', { name: '开通VIP会员查看全部融资记录' }).getAttribute('href')).resolves.toBe(`/order?from=kcb&return=%2Fkcb%2F${id}`);
    await page.context().close();
  });
});

describe('STAR exports', () => {
  const ACCOUNT = 'user@demo.local';
  // A plain user pays one coin for these 10 rows; the VIP and super-VIP download centres are left to
  // the export tests, which count their records.
  it('the financing top 10 is exported through the pipeline and read back by openpyxl', async () => {
    const top = await post<{ rank: number; com_name: string; total_money: number }[]>('/starmarket/amount_top', ACCOUNT);
    const job = await post<{ record_id: number }>('/export/starmarket_company_down', ACCOUNT, { type: 2, number: 10 }, { 'Idempotency-Key': `kcb-e2e-${Date.now()}` });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(`${baseURL()}/api/downloads/${job.record_id}`, { headers: { Authorization: `Bearer ${tokens[ACCOUNT]}` } });
      const status = ((await res.json()) as { data: { status: string } }).data.status;
      if (status === 'done') break;
      expect(status).not.toBe('failed');
      if (Date.now() > deadline) throw new Error(`export not done in 60 s: ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const res = await fetch(`${baseURL()}/api/downloads/${job.record_id}/file`, { headers: { Authorization: `Bearer ${tokens[ACCOUNT]}` } });
    expect(res.status).toBe(200);
    const file = path.join(inject('artifactsDir'), 'kcb-amount-top.xlsx');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const read = JSON.parse(execFileSync('/usr/bin/python3', [path.join(import.meta.dirname, 'read_xlsx.py'), file], { encoding: 'utf8' }));
    const [header, ...rows] = read[file].rows as unknown[][];
    expect(header.slice(0, 2)).toEqual(['排名', '公司简称']);
    const money = header.indexOf('融资总额(万元)');
    expect(rows.map((r) => [r[0], r[1], r[money]])).toEqual(top.map((t) => [t.rank, t.com_name, t.total_money]));
  });
});

describe('phone layouts', () => {
  it('/kcb, /kcb/project, /kcb/rank and /kcb/disclosure fit 375 px', async () => {
    const page = await open('vip@demo.local', PHONE);
    for (const p of ['/kcb', '/kcb/project', '/kcb/rank', '/kcb/disclosure']) {
      await page.goto(`${baseURL()}${p}`);
      await page.locator('.star-card').first().waitFor();
      await page.locator('.loading').first().waitFor({ state: 'detached' }).catch(() => undefined);
      expect(await horizontalOverflow(page), p).toBe(0);
      await screenshot(page, `kcb-phone${p.replace(/\//g, '-')}`);
    }
    await page.context().close();
  });
});

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LAPTOP = { width: 1280, height: 800 };

/** axe-core's serious and critical violations as 'impact rule: selector' lines (evaluated through DevTools: the CSP refuses inline scripts). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    type V = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: V[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')}`));
}

describe('axe on every /kcb page', () => {
  for (const account of [null, 'vip@demo.local'] as const) {
    for (const [width, viewport] of [
      ['1280', LAPTOP],
      ['375', PHONE],
    ] as const) {
      it(`${account ? 'a VIP' : 'a visitor'} at ${width} px: no serious or critical violation, no sideways scroll`, async () => {
        const applicants = await post<{ info: Row[] }>('/starmarket', 'vip@demo.local', { state: 2 });
        const pages: [string, string][] = [
          ['/kcb', '.kcb-list li'],
          ['/kcb/project', '.star-row'],
          ['/kcb/project?type=shangshi', '.star-row'],
          ['/kcb/rank', '.star-row'],
          ['/kcb/rank?tab=firm', '.firm-list li'],
          ['/kcb/disclosure', '.disclosure-list li'],
          [`/kcb/${applicants.info[0].m_com_id}`, '.stage-step'],
        ];
        const page = await open(account, viewport);
        const found: string[] = [];
        for (const [p, ready] of pages) {
          await page.goto(`${baseURL()}${p}`);
          // A visitor sees the home; the other pages are behind the login wall.
          const visible = account || p === '/kcb';
          await page.locator(visible ? ready : '.login-wall').first().waitFor();
          await page.waitForLoadState('networkidle');
          if (!account) await page.keyboard.press('Escape');
          for (const v of await seriousViolations(page)) found.push(`${p}: ${v}`);
          expect(await horizontalOverflow(page), p).toBe(0);
          await screenshot(page, `kcb-axe-${account ? 'vip' : 'visitor'}-${width}${p.replace(/[/?=]/g, '-')}`);
        }
        expect(found).toEqual([]);
        await page.context().close();
      });
    }
  }
});
