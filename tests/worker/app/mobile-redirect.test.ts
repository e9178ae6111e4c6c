import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

// SELF.fetch: /health is outside /api (where the typed client is rooted), and the test reads the raw answer.
const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Safari/537.36',
  app: 'JuziApp/6.2 (iOS)',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
};

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('/health on phones', () => {
  it.each(['iphone', 'android', 'app'] as const)('%s gets the mobile page at once, with its files and no redirect', async (kind) => {
    const [phone, mobile] = await Promise.all([
      SELF.fetch('http://localhost/health', { headers: { 'User-Agent': UA[kind] }, redirect: 'manual' }),
      SELF.fetch('http://localhost/healthMobile', { headers: { 'User-Agent': UA[kind] } }),
    ]);
    expect(phone.status).toBe(200);
    expect(phone.headers.get('Location')).toBeNull();
    expect(phone.headers.get('Vary')).toMatch(/User-Agent/);
    const html = await phone.text();
    // The same route files as /healthMobile itself, so nothing of the desktop page is fetched.
    expect(preloads(html)).toEqual(preloads(await mobile.text()));
    expect(preloads(html).length).toBeGreaterThan(0);
  });

  it('a desktop browser gets the desktop page, whose files differ', async () => {
    const [desktop, phone] = await Promise.all([
      SELF.fetch('http://localhost/health', { headers: { 'User-Agent': UA.desktop }, redirect: 'manual' }),
      SELF.fetch('http://localhost/health', { headers: { 'User-Agent': UA.iphone }, redirect: 'manual' }),
    ]);
    expect(desktop.status).toBe(200);
    expect(desktop.headers.get('Vary')).toMatch(/User-Agent/);
    expect(preloads(await desktop.text())).not.toEqual(preloads(await phone.text()));
  });
});
