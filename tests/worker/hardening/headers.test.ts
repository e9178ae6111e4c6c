import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HTML_CSP } from '../../../worker/src/lib/headers';

const get = (path: string, init: RequestInit = {}, origin = 'http://localhost') => SELF.fetch(`${origin}${path}`, { redirect: 'manual', ...init });

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(res.headers.get('X-Frame-Options')).toBe('DENY');
  expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('Referrer-Policy')).toBeTruthy();
  expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
}

describe('security headers', () => {
  it.each(['/deathCompany', '/kcb', '/saas', '/order', '/', '/deathRank'])('the SPA page %s has the strict CSP and is revalidated', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expectSecurityHeaders(res);
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toBe(HTML_CSP);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain('unsafe-eval');
    // No inline script in the page: everything the CSP allows is a file of this origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('the API reference page, the share page and the API answers carry them too', async () => {
    const docs = await get('/api/docs');
    expect(docs.headers.get('Content-Security-Policy')).toBe(HTML_CSP);
    expect(await docs.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expectSecurityHeaders(docs);
    for (const path of ['/api/health', '/api/closure', '/api/user/info', '/api/nope']) {
      const res = await get(path);
      await res.arrayBuffer();
      expectSecurityHeaders(res);
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('HSTS only over HTTPS', async () => {
    const plain = await get('/api/health');
    expect(plain.headers.get('Strict-Transport-Security')).toBeNull();
    await plain.arrayBuffer();
    const secure = await get('/api/health', {}, 'https://juzi.example.com');
    expect(secure.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    await secure.arrayBuffer();
  });

  it('CORS answers only the product’s own origin', async () => {
    const own = await get('/api/closure', { method: 'OPTIONS', headers: { Origin: 'http://localhost:8787', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,idempotency-key' } });
    expect(own.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:8787');
    expect(own.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('idempotency-key');
    await own.arrayBuffer();
    const evil = await get('/api/user/info', { headers: { Origin: 'https://evil.example' } });
    expect(evil.headers.get('Access-Control-Allow-Origin')).toBeNull();
    await evil.arrayBuffer();
    const evilPreflight = await get('/api/closure/add_incense', { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(evilPreflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    await evilPreflight.arrayBuffer();
  });
});

describe('delivery', () => {
  it('hashed assets are cached a year and immutable; the HTML that names them is revalidated', async () => {
    const html = await (await get('/deathCompany')).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await get(asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    await res.arrayBuffer();
  });

  it('/robots.txt is a real robots file pointing at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /user-center');
    expect(text).toMatch(/^Sitemap: http:\/\/localhost:8787\/sitemap\.xml$/m);
    expect(text).not.toContain('<html');
  });

  it('/sitemap.xml lists the public pages with absolute URLs', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/xml');
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(expect.arrayContaining(['http://localhost:8787/', 'http://localhost:8787/deathCompany', 'http://localhost:8787/kcb', 'http://localhost:8787/saas']));
    expect(locs.some((l) => l.includes('/user-center') || l.includes('/api/'))).toBe(false);
  });
});
