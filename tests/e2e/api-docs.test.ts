import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, demoBrowser, PHONE } from './browser';

/**
 * The API reference (/api/docs) in Chromium: Scalar renders the product's own OpenAPI document in
 * Chinese from the product's own files, under the page's strict CSP, and asks no other host for
 * anything (no CDN, fonts, telemetry or AI service): it works offline.
 */

const { open } = demoBrowser([]);

/** The first screen only: the whole reference is tens of thousands of pixels tall. */
const firstScreen = (page: Page, name: string) => page.screenshot({ path: path.join(inject('artifactsDir'), `${name}.png`) });

async function openDocs(viewport?: typeof PHONE) {
  const page = await open(null, viewport);
  // The bundle is large and a loaded machine evaluates it slowly.
  page.setDefaultTimeout(90_000);
  const foreign: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL()).origin) foreign.push(r.url());
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  await page.goto(`${baseURL()}/api/docs`, { waitUntil: 'load' });
  await page.getByRole('heading', { name: '创投数据平台 API' }).first().waitFor();
  // The document's description is Markdown: the header's placeholder shows as written, not as a tag.
  await page.getByText('Authorization: Bearer <token>').first().waitFor();
  return { page, foreign, problems };
}

describe('API reference page', () => {
  it('renders the operations of the OpenAPI document in Chinese from the product’s own files, nothing from another host', async () => {
    const { page, foreign, problems } = await openDocs();
    // Operations of the document, by the summaries the routes declare.
    await page.getByText('服务健康检查').first().waitFor();
    await page.getByText(/死亡公司列表/).first().waitFor();
    // The interface is Scalar's Chinese locale.
    await page.getByText('下载 OpenAPI 文档').first().waitFor();
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
    await firstScreen(page, 'api-docs');
  });

  it('fits a 375 px phone', async () => {
    const { page, foreign, problems } = await openDocs(PHONE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
    await firstScreen(page, 'api-docs-phone');
  });
});
