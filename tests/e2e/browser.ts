import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium, never a downloaded browser. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export const baseURL = () => inject('baseURL');

export async function screenshot(page: Page, name: string) {
  const file = path.join(inject('artifactsDir'), `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 375, height: 740 };

/** Logs in through the API and puts the token where the SPA keeps it. */
export async function apiLogin(account: string, password = 'demo-pass-2026'): Promise<string> {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

/**
 * One browser for a test file and the demo accounts' tokens, set up in beforeAll and closed in
 * afterAll; `open(account)` gives a page signed in as that account (null: a visitor).
 */
export function demoBrowser(accounts = ['vip@demo.local', 'user@demo.local', 'svip@demo.local']) {
  let browser: Browser;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    browser = await launch();
    for (const account of accounts) tokens[account] = await apiLogin(account);
  });
  afterAll(async () => {
    await browser?.close();
  });
  async function open(account: string | null, viewport = DESKTOP): Promise<Page> {
    const context = await browser.newContext({ viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
    if (account) await context.addInitScript((t) => localStorage.setItem('juzi_token', t), tokens[account]);
    return context.newPage();
  }
  return { open, tokens };
}
