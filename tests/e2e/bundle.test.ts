import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiLogin, baseURL, demoBrowser } from './browser';
import { demoIds } from './demo-ids';
import { deployableSize, ROOT } from '../../scripts/stack.mjs';

/** Workers free plan: 3 MB gzipped per worker. */
const LIMIT = 3 * 1024 * 1024;

describe('deployable bundles', () => {
  it.each([
    ['API worker', 'wrangler.toml'],
    ['export worker', 'export-worker/wrangler.toml'],
  ])('%s bundles with wrangler deploy --dry-run under the 3 MB gzip limit', (name, config) => {
    const { raw, gz } = deployableSize(config);
    console.log(`[bundle] ${name}: ${(raw / 1024).toFixed(0)} KiB raw, ${(gz / 1024).toFixed(0)} KiB gzipped (limit 3072 KiB)`);
    expect(gz).toBeGreaterThan(0);
    expect(gz).toBeLessThan(LIMIT);
  });
});

/** web/dist as the e2e stack serves it (global setup builds it), with Vite's manifest. */
const DIST = path.join(ROOT, 'web', 'dist');
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = () => JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** A chunk's file and every file it imports statically: what must load before its code runs. */
function staticClosure(m: Record<string, ManifestChunk>, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (key: string) => {
    const c = m[key];
    if (!c || seen.has(c.file)) return;
    seen.add(c.file);
    for (const k of c.imports ?? []) walk(k);
  };
  keys.forEach(walk);
  return seen;
}

const entryKey = (m: Record<string, ManifestChunk>) => Object.keys(m).find((k) => m[k].isEntry)!;
/** Recharts' wrapper class, a string only its code carries. */
const RECHARTS = 'recharts-wrapper';
const hasText = (files: Set<string>, text: string) => [...files].filter((f) => readFileSync(path.join(DIST, f), 'utf8').includes(text));

describe('first-load JS of the SPA', () => {
  it('keeps Recharts out of the entry and of every route chunk: charts load when a chart is drawn', () => {
    const m = manifest();
    const entry = entryKey(m);
    const routeChunks = Object.keys(m).filter((k) => k.includes('?tsr-split='));
    // The check would be empty if the build stopped splitting routes or if Recharts were renamed.
    expect(routeChunks.length).toBeGreaterThan(40);
    expect(readdirSync(path.join(DIST, 'assets')).some((f) => f.endsWith('.js') && readFileSync(path.join(DIST, 'assets', f), 'utf8').includes(RECHARTS))).toBe(true);
    expect(hasText(staticClosure(m, [entry]), RECHARTS)).toEqual([]);
    const offenders = routeChunks.filter((k) => hasText(staticClosure(m, [entry, k]), RECHARTS).length > 0);
    expect(offenders).toEqual([]);
  });

  it('loads a page in a few files: the entry is one file and no route pulls in more than 8 more', () => {
    // Before the code-splitting groups of web/vite.config.ts the entry alone was 26 files and
    // /deathCompany another 25: on HTTP/1.1 (six connections) the page's API calls queued behind them.
    const m = manifest();
    const entry = staticClosure(m, [entryKey(m)]);
    expect([...entry]).toHaveLength(1);
    const routeChunks = Object.keys(m).filter((k) => k.endsWith('?tsr-split=component'));
    const files = Object.fromEntries(routeChunks.map((k) => [k, [...staticClosure(m, [k])].filter((f) => !entry.has(f)).length]));
    expect(Object.entries(files).filter(([, n]) => n > 8)).toEqual([]);
    expect(files['src/routes/_closure/deathCompany.tsx?tsr-split=component']).toBeLessThanOrEqual(6);
  });

  it('loads the QR encoder and the pie canvas on demand, outside the entry', () => {
    const m = manifest();
    const entry = staticClosure(m, [entryKey(m)]);
    const qr = Object.values(m).find((c) => c.src?.includes('qrcode.react'));
    expect(qr?.isDynamicEntry).toBe(true);
    expect(entry.has(qr!.file)).toBe(false);
    expect(Object.values(m).some((c) => c.src?.endsWith('ClosurePieCanvas.tsx') && c.isDynamicEntry)).toBe(true);
  });
});

describe('delivery', () => {
  it('serves hashed assets cached for a year and immutable, and HTML revalidated', async () => {
    const m = manifest();
    const entry = m[entryKey(m)].file;
    const asset = await fetch(`${baseURL()}/${entry}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/deathCompany', '/kcb']) {
      const html = await fetch(`${baseURL()}${page}`);
      expect(html.status).toBe(200);
      expect(html.headers.get('content-type')).toContain('text/html');
      expect(html.headers.get('cache-control')).toBe('no-cache');
      // The page names the very entry the manifest has, so a cached old asset is never paired with new HTML.
      expect(await html.text()).toContain(`/${entry}`);
    }
  });
});

describe('a page names its route\'s files in its HTML', () => {
  const { open } = demoBrowser([]);

  /** The assets a page loads before its network falls quiet, and the links its <head> has by then. */
  async function load(path: string) {
    const page = await open(null);
    const requested = new Set<string>();
    page.on('request', (req) => {
      const u = new URL(req.url());
      if (u.pathname.startsWith('/assets/')) requested.add(u.pathname.slice(1));
    });
    const res = await page.goto(`${baseURL()}${path}`, { waitUntil: 'networkidle' });
    const html = await res!.text();
    const named = [...html.matchAll(/<link rel="(?:modulepreload|stylesheet)"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
    const head = await page.evaluate(() => [...document.head.querySelectorAll('link[rel="modulepreload"], link[rel="stylesheet"]')].map((l) => new URL((l as HTMLLinkElement).href).pathname.slice(1)));
    await page.context().close();
    return { requested, named, head };
  }

  it.each(['/health', '/deathCompany', '/kcb', '/saas', '/order', '/company'])(
    '%s: every route chunk the page runs is named in the HTML, each link once, and every named file is used',
    async (path) => {
      const m = manifest();
      const url = path === '/company' ? `/company/${(await demoIds(await apiLogin('vip@demo.local'))).closedCompany.id}` : path;
      const { requested, named, head } = await load(url);
      const routeChunks = Object.values(m).filter((c) => c.src?.endsWith('?tsr-split=component')).map((c) => c.file);
      const ran = routeChunks.filter((f) => requested.has(f));
      // The page's component at least (and its layouts' where it has any).
      expect(ran.length, url).toBeGreaterThanOrEqual(1);
      expect(ran.filter((f) => !named.includes(f)), url).toEqual([]);
      expect(named.filter((f) => !requested.has(f)), url).toEqual([]);
      // Vite's loader found the named files present and added none of them again.
      expect(head.filter((f, i) => head.indexOf(f) !== i), url).toEqual([]);
    },
  );
});
