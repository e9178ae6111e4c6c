import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

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
