import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

// SELF.fetch: /health is outside /api (where the typed client is rooted), and the test reads a redirect.
const UA = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Safari/537.36',
  app: 'JuziApp/6.2 (iOS)',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
};

describe('/health on phones', () => {
  it.each(['iphone', 'android', 'app'] as const)('%s goes to /healthMobile', async (kind) => {
    const res = await SELF.fetch('http://localhost/health', { headers: { 'User-Agent': UA[kind] }, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/healthMobile');
  });

  it('a desktop browser stays on /health', async () => {
    const res = await SELF.fetch('http://localhost/health', { headers: { 'User-Agent': UA.desktop }, redirect: 'manual' });
    expect(res.status).not.toBe(302);
  });
});
