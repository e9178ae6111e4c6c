import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The API worker's deployable bundle (wrangler deploy --dry-run) starts without evaluating what
 * only one route or job needs: the pinyin dictionaries (the search), the working-day calendar and
 * the daily e-mail's rendering (the cron and the digest queue). A module esbuild can evaluate on
 * demand sits in a wrapper named after its path; each heavy module's wrapper is made to record its
 * evaluation, and the bundle is started in workerd.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEAVY = [
  'node_modules/pinyin-pro/dist/esm/index.mjs',
  'worker/src/search/keys.ts',
  'node_modules/chinese-days/dist/index.es.js',
  'worker/src/digest/calendar.ts',
  'worker/src/digest/render.ts',
  'worker/src/digest/mime.ts',
];

let dir: string;
let mf: Miniflare;
const missing: string[] = [];
/** esbuild's metafile of the bundle: each input file and the imports it makes. */
let meta: { inputs: Record<string, { imports: { path: string; original?: string }[] }> };

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'startup-'));
  const r = spawnSync('wrangler', ['deploy', '--dry-run', '--outdir', dir, '--metafile', path.join(dir, 'meta.json')], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' } });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  meta = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8'));
  let code = readFileSync(path.join(dir, 'index.js'), 'utf8');
  for (const m of HEAVY) {
    // The path is relative to the project, through any symlink on the way to node_modules.
    const wrapper = new RegExp(`"((?:[^"]*/)?${m.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')})"\\(\\) \\{`);
    if (!wrapper.test(code)) missing.push(m);
    code = code.replace(wrapper, (w) => `${w} globalThis.__evaluated.push(${JSON.stringify(m)});`);
  }
  writeFileSync(path.join(dir, 'index.js'), `globalThis.__evaluated = [];\n${code}`);
  // A second entry reads the record; the first request to it is the isolate's start.
  writeFileSync(
    path.join(dir, 'probe.js'),
    `import worker from './index.js';
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === '/evaluated') return Response.json(globalThis.__evaluated);
    return worker.fetch(request, env, ctx);
  },
};`,
  );
  mf = new Miniflare(
    convertV4MiniflareOptions({
      modules: [
        { type: 'ESModule', path: path.join(dir, 'probe.js') },
        { type: 'ESModule', path: path.join(dir, 'index.js') },
      ],
      modulesRoot: dir,
      compatibilityDate: '2026-10-01',
      compatibilityFlags: ['nodejs_compat'],
      d1Databases: { DB: 'juzi-db' },
      bindings: { APP_ORIGIN: 'http://localhost', MAIL_FROM: 'digest@example.com' },
    }),
  );
  await mf.ready;
}, 300_000);

afterAll(async () => {
  await mf?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const evaluated = async () => (await (await mf.dispatchFetch('http://localhost/evaluated')).json()) as string[];

describe('API worker start-up', () => {
  it('bundles the pinyin dictionaries, the working-day calendar and the e-mail rendering for evaluation on demand', () => {
    expect(missing).toEqual([]);
  });

  it('starts and answers a request without evaluating them', async () => {
    const health = await mf.dispatchFetch('http://localhost/api/health');
    expect(health.status).toBe(200);
    await health.arrayBuffer();
    expect(await evaluated()).toEqual([]);
  });

  it('evaluates the pinyin dictionaries when the first search asks for them', async () => {
    const res = await mf.dispatchFetch(`http://localhost/api/search?q=${encodeURIComponent('美团mt')}`);
    await res.arrayBuffer();
    expect(await evaluated()).toEqual(expect.arrayContaining(['node_modules/pinyin-pro/dist/esm/index.mjs', 'worker/src/search/keys.ts']));
    expect(await evaluated()).not.toContain('node_modules/chinese-days/dist/index.es.js');
  });

  it("bundles only the zod locales the worker uses, and the alias touches only zod's import of them", () => {
    const inputs = Object.keys(meta.inputs);
    const locales = inputs.filter((f) => /node_modules\/zod\/v4\/locales\//.test(f)).map((f) => f.replace(/.*\/locales\//, ''));
    expect(locales.sort()).toEqual(['en.js', 'zh-CN.js']);
    const redirected = Object.entries(meta.inputs).filter(([, v]) => v.imports.some((i) => i.original === '../locales/index.js'));
    expect(redirected.map(([f]) => f.replace(/.*node_modules\//, '')).sort()).toEqual(['zod/v4/classic/external.js', 'zod/v4/core/index.js']);
  });

  it("words what a schema does not in zod's Chinese", async () => {
    const res = await mf.dispatchFetch('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.71' },
      body: '[]',
    });
    const body = (await res.json()) as { code: string; msg: string };
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', msg: '请求体：无效输入：期望 object，实际接收 数组' });
  });
});
