/**
 * /health-subscription in Chromium, and the daily e-mail end to end on the running stack: the cron
 * fired as Cloudflare fires it, the real digest queue and consumer, the send_email binding, and the
 * message wrangler keeps locally, parsed by an independent MIME parser (Python's `email`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, demoBrowser, DESKTOP, PHONE, screenshot } from './browser';
import { d1Query } from './d1';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { open, tokens } = demoBrowser(['vip@demo.local', 'user@demo.local', 'svip@demo.local']);

async function post(p: string, token: string, json?: unknown) {
  const res = await fetch(`${baseURL()}${p}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return (await res.json()) as { status: string; data: { status: number; email: string | null } };
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('/health-subscription', () => {
  it('a VIP subscribes (the worker checks the address), sees 取消订阅, then cancels and sees 取消订阅成功', async () => {
    await post('/api/medical/rm_subscribe', tokens['vip@demo.local']!);
    const page = await open('vip@demo.local');
    await page.goto(`${baseURL()}/health-subscription`);
    await expect.poll(() => page.title()).toContain('动态订阅');
    await page.getByRole('link', { name: '医疗健康首页' }).waitFor();
    expect(await page.getByRole('link', { name: '医疗健康首页' }).getAttribute('href')).toBe('/health');
    expect(await page.getByText('融资事件', { exact: true }).count()).toBe(1);
    expect(await page.locator('.sample-event').count()).toBe(3);
    expect(await page.getByText(/法定节假日不发/).count()).toBeGreaterThan(0);

    const button = page.getByRole('button', { name: '动态订阅' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: '动态订阅' });
    await dialog.waitFor();
    // Keyboard: the field has focus; Esc closes and focus returns to the button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('请输入您的邮箱地址');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('动态订阅');
    // The backdrop closes it too.
    await button.click();
    await dialog.waitFor();
    await page.mouse.click(5, DESKTOP.height - 5);
    await dialog.waitFor({ state: 'detached' });

    await button.click();
    await dialog.getByRole('button', { name: '确定订阅' }).click();
    await dialog.getByRole('alert').filter({ hasText: '请输入邮箱地址' }).waitFor();
    await dialog.getByPlaceholder('请输入您的邮箱地址').fill('not-an-address');
    await dialog.getByRole('button', { name: '确定订阅' }).click();
    await dialog.getByRole('alert').filter({ hasText: '请输入正确的邮箱地址' }).waitFor();
    await screenshot(page, 'health-subscription-invalid-1280');
    await dialog.getByPlaceholder('请输入您的邮箱地址').fill('vip.reader@example.com');
    await dialog.getByRole('button', { name: '确定订阅' }).click();
    const thanks = page.getByRole('dialog', { name: /订阅成功/ });
    await thanks.waitFor();
    expect(await thanks.textContent()).toContain('vip.reader@example.com');
    await thanks.getByRole('button', { name: '知道了' }).click();

    await page.getByRole('button', { name: '取消订阅' }).waitFor();
    await page.getByText('已订阅，日报发送到').waitFor();
    expect((await post('/api/medical/check_subscribe', tokens['vip@demo.local']!)).data).toMatchObject({ status: 1, email: 'vip.reader@example.com' });
    await screenshot(page, 'health-subscription-subscribed-1280');

    await page.getByRole('button', { name: '取消订阅' }).click();
    await page.getByText('取消订阅成功', { exact: true }).waitFor();
    await page.getByRole('button', { name: '动态订阅' }).waitFor();
    expect((await post('/api/medical/check_subscribe', tokens['vip@demo.local']!)).data.status).toBe(0);
    // The notice goes after 2 s.
    await page.getByText('取消订阅成功', { exact: true }).waitFor({ state: 'detached', timeout: 5000 });
    await page.context().close();
  });

  it('a non-member sees popup 3 (the upgrade prompt), on arrival and on 动态订阅', async () => {
    const page = await open('user@demo.local');
    await page.goto(`${baseURL()}/health-subscription`);
    const prompt = page.getByRole('dialog', { name: '开通VIP会员' });
    await prompt.waitFor();
    expect(await prompt.getByRole('link', { name: '立即开通' }).getAttribute('href')).toBe('/order?from=health-subscription&return=%2Fhealth-subscription');
    await screenshot(page, 'health-subscription-not-member-1280');
    await prompt.getByRole('button', { name: '再想想' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '动态订阅' }).click();
    await prompt.waitFor();
    expect((await post('/api/medical/check_subscribe', tokens['user@demo.local']!)).data.status).toBe(0);
    await page.context().close();
  });

  it('a visitor gets the login dialog', async () => {
    const page = await open(null);
    await page.goto(`${baseURL()}/health-subscription`);
    await page.getByRole('dialog').filter({ hasText: '登录' }).first().waitFor();
    await page.context().close();
  });

  it('from an expired unsubscribe link (?unsubscribe=1) the signed-in subscriber is told why and cancels here', async () => {
    const vip = tokens['vip@demo.local']!;
    expect((await post('/api/medical/subscribe', vip, { email: 'vip.link@example.com' })).data.status).toBe(1);
    for (const [viewport, name] of [
      [{ ...DESKTOP, width: 1280 }, '1280'],
      [PHONE, '375'],
    ] as const) {
      const page = await open('vip@demo.local', viewport);
      await page.goto(`${baseURL()}/health-subscription?unsubscribe=1`);
      await page.getByText('邮件中的退订链接已失效，点击下方“取消订阅”即可退订。').waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `health-subscription-link-${name}`);
      if (name === '375') {
        await page.getByRole('button', { name: '取消订阅' }).click();
        await page.getByText('取消订阅成功', { exact: true }).waitFor();
        await page.getByText('当前账号未订阅日报，不会再收到邮件', { exact: false }).waitFor();
      }
      await page.context().close();
    }
    expect((await post('/api/medical/check_subscribe', vip)).data.status).toBe(0);
    // A visitor gets the login dialog and the reason.
    const visitor = await open(null);
    await visitor.goto(`${baseURL()}/health-subscription?unsubscribe=1`);
    await visitor.getByText('邮件中的退订链接已失效，登录后即可在这里取消订阅。').waitFor();
    await visitor.getByRole('dialog').filter({ hasText: '登录' }).first().waitFor();
    await visitor.context().close();
  });

  it('fits 1280 and 375 px without horizontal overflow', async () => {
    for (const [viewport, name] of [
      [{ ...DESKTOP, width: 1280 }, '1280'],
      [PHONE, '375'],
    ] as const) {
      const page = await open('vip@demo.local', viewport);
      await page.goto(`${baseURL()}/health-subscription`);
      await page.getByRole('button', { name: /动态订阅|取消订阅/ }).waitFor();
      await page.locator('.sample-event').first().waitFor();
      expect(await noOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `health-subscription-${name}`);
      await page.context().close();
    }
  });
});

// --- the daily e-mail on the running stack ---

const PARSE = String.raw`
import email, email.policy, json, sys
out = []
for f in sys.argv[1:]:
    m = email.message_from_bytes(open(f, 'rb').read(), policy=email.policy.default)
    parts = [{'type': p.get_content_type(), 'charset': p.get_content_charset(), 'content': p.get_content(), 'defects': len(p.defects)} for p in m.iter_parts()]
    out.append({'subject': str(m['Subject']), 'from': str(m['From']), 'to': str(m['To']), 'type': m.get_content_type(),
                'list_unsubscribe': str(m['List-Unsubscribe']), 'list_unsubscribe_post': str(m['List-Unsubscribe-Post']),
                'message_id': str(m['Message-ID']), 'date': str(m['Date']), 'defects': len(m.defects), 'parts': parts})
print(json.dumps(out, ensure_ascii=False))
`;

interface Parsed {
  subject: string;
  from: string;
  to: string;
  type: string;
  list_unsubscribe: string;
  list_unsubscribe_post: string;
  message_id: string;
  date: string;
  defects: number;
  parts: { type: string; charset: string; content: string; defects: number }[];
}

/** What wrangler's local send_email keeps: the Local Explorer's list of sent messages (and an .eml file each). */
interface SentEmail {
  to: string[];
  subject: string;
  messageId: string;
}

async function sentTo(address: string): Promise<SentEmail[]> {
  const all: SentEmail[] = [];
  let cursor: string | undefined;
  do {
    const res = await fetch(`${baseURL()}/cdn-cgi/local/explorer/api/local/email/sending${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
    const body = (await res.json()) as { result: SentEmail[]; result_info?: { cursor?: string; has_more?: boolean } };
    all.push(...body.result);
    cursor = body.result_info?.has_more ? body.result_info.cursor : undefined;
  } while (cursor);
  return all.filter((m) => m.to.includes(address));
}

async function rawOf(messageId: string): Promise<string> {
  const res = await fetch(`${baseURL()}/cdn-cgi/local/explorer/api/local/email/sending?email_id=${encodeURIComponent(messageId)}`);
  const body = (await res.json()) as { result: { raw?: string; rawBase64?: string } };
  return body.result.rawBase64 ? Buffer.from(body.result.rawBase64, 'base64').toString('latin1') : body.result.raw!;
}

/** The .eml files wrangler dev writes under .wrangler/tmp/email/<session>/email/ while it runs. */
function emlFiles(): string[] {
  const dir = path.join(ROOT, '.wrangler', 'tmp', 'email');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((s) => {
    const d = path.join(dir, s, 'email');
    return existsSync(d) ? readdirSync(d).map((f) => path.join(d, f)) : [];
  });
}

const fireDaily = (day: string) => fetch(`${baseURL()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent('0 2 * * *')}&time=${Date.parse(`${day}T02:00:00Z`)}&format=json`);

describe('the daily e-mail', () => {
  it('is sent by the 10:00 cron through the queue, parses as multipart/alternative with both parts and the RFC 8058 headers, and its link unsubscribes', async () => {
    const svip = tokens['svip@demo.local']!;
    const address = `digest-e2e-${Date.now()}@example.com`;
    expect((await post('/api/medical/subscribe', svip, { email: address })).data.status).toBe(1);

    // The first working day after the 2026 National Day break.
    expect((await fireDaily('2026-10-08')).ok).toBe(true);
    await expect.poll(() => sentTo(address), { timeout: 30_000, interval: 500 }).toHaveLength(1);
    const [sent] = await sentTo(address);
    const raw = await rawOf(sent!.messageId);
    // The same message is on disk, where the README says a developer finds it.
    const file = emlFiles().find((f) => path.basename(f) === `${sent!.messageId.replace(/^<|>$/g, '')}.eml`);
    expect(file, 'the .eml file under .wrangler/tmp/email').toBeTruthy();

    const tmp = mkdtempSync(path.join(os.tmpdir(), 'juzi-eml-'));
    try {
      const eml = path.join(tmp, 'digest.eml');
      writeFileSync(eml, Buffer.from(raw, 'latin1'));
      const [fromApi, fromDisk] = JSON.parse(execFileSync('/usr/bin/python3', ['-c', PARSE, eml, file!], { encoding: 'utf8' })) as Parsed[];
      for (const m of [fromApi!, fromDisk!]) {
        expect(m.defects).toBe(0);
        expect(m.type).toBe('multipart/alternative');
        expect(m.subject).toMatch(/^桔子医疗健康日报 2026年10月8日（周四）：融资事件\d+起，新闻\d+条$/);
        expect(m.from).toBe('桔子医疗健康日报 <digest@juzi.example.com>');
        expect(m.to).toBe(address);
        expect(m.list_unsubscribe).toMatch(/^<https?:\/\/[^>]+\/api\/medical\/unsubscribe\?s=\d+&e=\d+&a=[0-9a-f]{16}&t=[0-9a-f]{64}>$/);
        expect(m.list_unsubscribe_post).toBe('List-Unsubscribe=One-Click');
        expect(m.date).toMatch(/\+0000$/);
        expect(m.parts.map((p) => [p.type, p.charset, p.defects])).toEqual([
          ['text/plain', 'utf-8', 0],
          ['text/html', 'utf-8', 0],
        ]);
        const [text, html] = [m.parts[0]!.content, m.parts[1]!.content];
        expect(text).toContain('本期覆盖：9月30日至10月7日');
        expect(text).toContain('【融资事件】');
        expect(text).toContain('一键退订：');
        expect(html).toContain('融资事件');
        expect(html).toMatch(/<table role="presentation"/);
        expect(html).not.toMatch(/<script|<style|<link /i);
        expect(html).toContain('/health');
      }

      // One click from the mail client (RFC 8058), no login.
      const link = /^<(.+)>$/.exec(fromApi!.list_unsubscribe)![1]!;
      const local = `${baseURL()}${new URL(link).pathname}${new URL(link).search}`;
      const page = await fetch(local);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('确认退订');
      const done = await fetch(local, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('退订成功');
      expect((await post('/api/medical/check_subscribe', svip)).data.status).toBe(0);

      // The next working day: every remaining subscriber's row is settled, and none was planned for this address.
      expect((await fireDaily('2026-10-09')).ok).toBe(true);
      await expect
        .poll(() => d1Query<{ n: number }>(`SELECT COUNT(*) AS n FROM email_deliveries WHERE day = 20261009 AND status NOT IN ('sent', 'skipped')`)[0]!.n, { timeout: 60_000, interval: 2000 })
        .toBe(0);
      const mine = d1Query<{ status: string; day: number }>(
        `SELECT d.status, d.day FROM email_deliveries d JOIN subscriptions s ON s.id = d.subscription_id WHERE s.email = '${address}' ORDER BY d.day`,
      );
      expect(mine).toEqual([{ status: 'sent', day: 20261008 }]);
      expect(await sentTo(address)).toHaveLength(1);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
