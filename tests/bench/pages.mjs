// `npm run bench -- pages`: page weight and Lighthouse for the production SPA.
//
//   node tests/bench/pages.mjs [--scale 1] [--runs 1] [--no-lighthouse] [--no-weights] [--mobile] [--only /deathTrack]
//                              [--base http://127.0.0.1:8787]   (a stack already running from this tree's web/dist: no build, no seed)
//
// 1. Builds the SPA for production (vite build, with its manifest), seeds a private local D1 and starts
//    the product as `npm start` does (wrangler dev: the worker serves web/dist with its real headers).
// 2. Loads every route of web/src/routes (demo ids for the dynamic segments) in Debian's Chromium with an
//    empty cache, as a visitor and as the demo VIP, and prints the gzipped JS it loads:
//      first load  the entry and every chunk the matched routes pull in statically (Vite's manifest):
//                  what the browser must fetch and run before the route renders. Target <= 170 KB.
//      lazy        chunks loaded afterwards by React.lazy widgets (charts, QR codes…) until network idle.
//    Sizes are the files of web/dist gzipped at level 9, as a CDN sends them.
// 3. Checks delivery: a hashed asset's and an HTML page's Cache-Control.
// 4. Lighthouse (npm `lighthouse` with /usr/bin/chromium, never a downloaded browser), desktop preset
//    (and mobile with --mobile) for /deathCompany, /kcb, /health, /saas, /order, /kcb/project and a
//    company page: performance, accessibility, best practices and SEO, median of --runs runs.
//    Target >= 95 (perf, a11y, best practices) on each preset measured.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildSpa, prepareDatabase, ROOT, startWorkers } from '../../scripts/stack.mjs';
import { printSection, table } from './section.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const has = (name) => process.argv.includes(name);
const SCALE = Number(arg('--scale', '1'));
const RUNS = Number(arg('--runs', '1'));
const ONLY = arg('--only', null);
const BASE = arg('--base', null);
const LIMIT_KB = 170;
const LIGHTHOUSE_PAGES = ['/deathCompany', '/kcb', '/health', '/saas', '/order', '/kcb/project', '/company/$id'];
const CHROMIUM = '/usr/bin/chromium';
const DIST = path.join(ROOT, 'web', 'dist');
const PASSWORD = 'demo-pass-2026';

const kb = (n) => (n / 1000).toFixed(1);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The routes the generator registered (routeTree.gen.ts, FileRouteTypes['to']): '/', '/company/$id', … */
function routePaths() {
  const gen = readFileSync(path.join(ROOT, 'web', 'src', 'routeTree.gen.ts'), 'utf8');
  const block = /\n\s+to:\s*\n([\s\S]*?)\n\s+id:/.exec(gen);
  if (!block) throw new Error('routeTree.gen.ts: no `to:` union');
  return [...block[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

// ---------- manifest: which chunks a route needs before it renders ----------

const manifest = () => JSON.parse(readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));
const gzCache = new Map();
function gz(file) {
  if (!gzCache.has(file)) gzCache.set(file, gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length);
  return gzCache.get(file);
}

function chunkIndex(m) {
  const byFile = new Map();
  for (const [key, c] of Object.entries(m)) if (c.file.endsWith('.js')) byFile.set(c.file, { key, ...c });
  /** The chunk and every chunk it imports statically (what must load before it runs). */
  const closure = (files) => {
    const seen = new Set();
    const walk = (key) => {
      const c = m[key];
      if (!c || seen.has(c.file)) return;
      seen.add(c.file);
      for (const k of c.imports ?? []) walk(k);
    };
    for (const f of files) walk(byFile.get(f)?.key);
    return seen;
  };
  const entry = Object.values(m).find((c) => c.isEntry);
  /** A chunk of the router (the entry or a route file's split component / loader / error component). */
  const isRouteChunk = (file) => {
    const c = byFile.get(file);
    return !!c && (c.isEntry || /(^|\/)src\/routes\//.test(c.src ?? c.key));
  };
  return { byFile, closure, entry, isRouteChunk };
}

// ---------- the stack and its demo ids ----------

async function apiCall(base, token, p, init = {}) {
  const res = await fetch(`${base}/api${p}`, {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = await res.json();
  if (body.status !== 'success') throw new Error(`${p}: ${res.status} ${body.msg}`);
  return body.data;
}

function d1Query(persistTo, sql) {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'juzi-pages-d1-'));
  try {
    cpSync(persistTo, copy, { recursive: true });
    const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'wrangler'), ['d1', 'execute', 'juzi-db', '--local', '--config', 'wrangler.toml', '--persist-to', copy, '--json', '--command', sql], {
      cwd: ROOT,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    if (r.status !== 0) throw new Error(r.stderr);
    return JSON.parse(r.stdout)[0].results;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Real ids for the dynamic segments, as tests/e2e/demo-ids.ts reads them. */
async function demoUrls(base, token, persistTo) {
  const call = (p, init) => apiCall(base, token, p, init);
  const closed = (await call('/closure')).info[0];
  const company = await call(`/company/${closed.com_id}`);
  const firms = await call('/closure/invst_top');
  const star = await call('/starmarket', { method: 'POST', body: '{}' });
  const events = await call('/investevent');
  const top = await call('/closure/incense_top');
  const incense = await call(`/closure/incense_list?type=1&item_id=${top[0].com_id}`);
  const policies = await call(`/policy?region=${encodeURIComponent('科创板')}`);
  // The cashier page needs an order, which only a stack with a payment provider switched on can create.
  const order = await call('/orders', { method: 'POST', body: JSON.stringify({ plan_id: 'coins_100' }), headers: { 'Idempotency-Key': `pages-bench-${Date.now()}` } }).catch(() => null);
  const [share] = persistTo ? d1Query(persistTo, 'SELECT (SELECT min(user_id) FROM share_profiles) AS user_id, (SELECT min(id) FROM dynamics) AS dynamic_id') : [{ user_id: 1, dynamic_id: 1 }];
  return {
    '/company/$id': `/company/${closed.com_id}`,
    '/investfirm/$id': `/investfirm/${firms.info[0].invst_id}`,
    '/investevent/$id': `/investevent/${events.info[0].id}`,
    '/person/$id': `/person/${company.team[0].person_id}`,
    '/user/$id': `/user/${incense.info[0].id}`,
    '/atlas/$tagId': '/atlas/101',
    '/health/$tagId': '/health/101',
    '/policy/$id': `/policy/${policies.info[0].id}`,
    '/kcb/$id': `/kcb/${star.info[0].m_com_id}`,
    ...(order ? { '/pay/sandbox/$orderId': `/pay/sandbox/${order.order_id}` } : {}),
    '/share/user/$id': `/share/user/${share.user_id}`,
    '/share/dynamic/$id': `/share/dynamic/${share.dynamic_id}`,
  };
}

// ---------- page weight ----------

async function measure(browser, url, token, index) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  if (token) await context.addInitScript((t) => localStorage.setItem('juzi_token', t), token);
  const page = await context.newPage();
  const loaded = [];
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js')) loaded.push(u.pathname.slice(1));
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  // Resource timing too: a module served from the memory cache raises no request event.
  const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  for (const name of entries) {
    const u = new URL(name);
    if (u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js')) loaded.push(u.pathname.slice(1));
  }
  await context.close();
  const all = new Set(loaded);
  const first = index.closure([...all].filter(index.isRouteChunk));
  const sum = (files) => [...files].reduce((n, f) => n + (existsSync(path.join(DIST, f)) ? gz(f) : 0), 0);
  const lazy = [...all].filter((f) => !first.has(f));
  return { first: sum(first), lazy: sum(lazy), lazyFiles: lazy, total: sum(new Set([...first, ...all])) };
}

// ---------- Lighthouse ----------

function lighthouseRun(url, preset) {
  return new Promise((resolve, reject) => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'juzi-lh-')), 'report.json');
    const args = [
      url,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ];
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'lighthouse'), args, { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse ${url} (${preset}) exited ${code}: ${err.slice(-2000)}`));
      const report = JSON.parse(readFileSync(out, 'utf8'));
      rmSync(path.dirname(out), { recursive: true, force: true });
      const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(report.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
        .map((a) => {
          // For an accessibility or best-practices finding, what it found (performance audits say it in displayValue).
          const perf = report.categories.performance.auditRefs.some((r) => r.id === a.id);
          const items = perf ? [] : (a.details?.items ?? []).slice(0, 2).map((i) => i.node?.snippet ?? i.issueType ?? i.description ?? JSON.stringify(i).slice(0, 160));
          return `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}${items.length ? ` [${items.join(' | ')}]` : ''}`;
        });
      resolve({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: report.audits['largest-contentful-paint']?.displayValue,
        cls: report.audits['cumulative-layout-shift']?.displayValue,
        tbt: report.audits['total-blocking-time']?.displayValue,
        failing,
      });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// ---------- main ----------

if (!BASE) {
  console.log('› 生产构建（vite build）…');
  buildSpa({ force: true });
}
const index = chunkIndex(manifest());
const entryClosure = index.closure([index.entry.file]);
const entryLine = `入口 ${index.entry.file}：自身 ${kb(gz(index.entry.file))} KB gzip，连同静态依赖 ${entryClosure.size} 个文件 ${kb([...entryClosure].reduce((n, f) => n + gz(f), 0))} KB gzip`;
console.log(entryLine);

const persistTo = BASE ? null : mkdtempSync(path.join(os.tmpdir(), 'juzi-pages-'));
if (persistTo) prepareDatabase({ persistTo, scale: SCALE, quiet: true });
const stack = persistTo ? await startWorkers({ port: await freePort(), persistTo }) : { url: BASE.replace(/\/$/, ''), stop() {} };
let failed = false;
try {
  const base = stack.url;

  // Delivery headers, read from the running worker.
  const html = await fetch(`${base}/deathCompany`);
  const asset = await fetch(`${base}/${index.entry.file}`);
  const htmlCc = html.headers.get('cache-control');
  const assetCc = asset.headers.get('cache-control');
  console.log(`\n缓存：HTML /deathCompany → ${htmlCc}；哈希资源 /${index.entry.file} → ${assetCc}`);
  if (!/immutable/.test(assetCc ?? '') || !/max-age=31536000/.test(assetCc ?? '')) {
    console.log('  ✗ 哈希资源应为 public, max-age=31536000, immutable');
    failed = true;
  }
  if (!/no-cache|must-revalidate|max-age=0/.test(htmlCc ?? '')) {
    console.log('  ✗ HTML 应每次重新验证');
    failed = true;
  }

  // The demo VIP's token and real ids for the dynamic segments, asked for once.
  let demo;
  const demoIds = () =>
    (demo ??= (async () => {
      const vip = (await apiCall(base, null, '/auth/login', { method: 'POST', body: JSON.stringify({ account: 'vip@demo.local', password: PASSWORD }) })).token;
      return { vip, ids: await demoUrls(base, vip, persistTo) };
    })());

  if (!has('--no-weights')) {
  const { vip, ids } = await demoIds();
  const urls = routePaths()
    .map((r) => ids[r] ?? (r.includes('$') ? null : r.length > 1 ? r.replace(/\/$/, '') : r))
    .filter((u) => u && (!ONLY || u === ONLY));
  const unknown = routePaths().filter((r) => r.includes('$') && !ids[r]);
  if (unknown.length) console.log(`  ! 没有演示 id 的动态路由（未测）：${unknown.join(', ')}`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'] });
  const rows = [];
  try {
    for (const url of urls) {
      const visitor = await measure(browser, `${base}${url}`, null, index);
      const member = await measure(browser, `${base}${url}`, vip, index);
      rows.push({ url, visitor, member });
    }
  } finally {
    await browser.close();
  }
  console.log(`\n首屏 JS（gzip -9，KB = 1000 字节；首屏 = 入口 + 匹配路由的分块及其静态依赖；懒加载 = 之后由图表、二维码等按需加载，至网络空闲）`);
  console.log(`${'路由'.padEnd(28)}${'游客首屏'.padStart(10)}${'懒加载'.padStart(10)}${'VIP首屏'.padStart(10)}${'懒加载'.padStart(10)}`);
  for (const { url, visitor, member } of rows) {
    const worst = Math.max(visitor.first, member.first);
    const flag = worst > LIMIT_KB * 1000 ? `  ✗ 超过 ${LIMIT_KB} KB` : '';
    if (flag) failed = true;
    console.log(`${url.padEnd(30)}${kb(visitor.first).padStart(10)}${kb(visitor.lazy).padStart(10)}${kb(member.first).padStart(10)}${kb(member.lazy).padStart(10)}${flag}`);
  }
  const max = rows.reduce((a, r) => (Math.max(r.visitor.first, r.member.first) > Math.max(a.visitor.first, a.member.first) ? r : a), rows[0]);
  console.log(`最大首屏：${max.url} ${kb(Math.max(max.visitor.first, max.member.first))} KB（目标 ≤ ${LIMIT_KB} KB）`);
  printSection(
    'first-load',
    '首屏 JS',
    `${entryLine}。首屏 = 入口 + 匹配路由的分块及其静态依赖（Vite manifest），懒加载 = 之后由图表、二维码等按需加载（至网络空闲）；web/dist 的文件 gzip -9，KB = 1000 字节。` +
      `最大首屏：${max.url} ${kb(Math.max(max.visitor.first, max.member.first))} KB（目标 ≤ ${LIMIT_KB} KB）。\n\n` +
      table(
        ['路由', '游客首屏 KB', '游客懒加载 KB', 'VIP 首屏 KB', 'VIP 懒加载 KB'],
        rows.map(({ url, visitor, member }) => [url, kb(visitor.first), kb(visitor.lazy), kb(member.first), kb(member.lazy)]),
      ),
  );
  }

  if (!has('--no-lighthouse')) {
    const presets = has('--mobile') ? ['desktop', 'mobile'] : ['desktop'];
    console.log(`\nLighthouse（${CHROMIUM}，${RUNS} 次取中位数；访客）`);
    console.log(`${'页面'.padEnd(16)}${'预设'.padEnd(9)}${'性能'.padStart(6)}${'无障碍'.padStart(6)}${'最佳实践'.padStart(6)}${'SEO'.padStart(6)}   LCP / CLS / TBT`);
    const scores = [];
    const { ids } = await demoIds();
    const pages = LIGHTHOUSE_PAGES.map((r) => ids[r] ?? r).filter((u) => !ONLY || u === ONLY);
    for (const preset of presets) {
      for (const p of pages) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          // A trace Chromium failed to record (NO_NAVSTART, NO_FCP on a starved machine) is retried once.
          const run = await lighthouseRun(`${base}${p}`, preset).catch(() => lighthouseRun(`${base}${p}`, preset).catch((e) => e));
          if (run instanceof Error) console.log(`${p.padEnd(18)}${preset.padEnd(9)}✗ ${run.message.split('\n')[0].slice(0, 300)}`);
          else runs.push(run);
        }
        if (!runs.length) {
          failed = true;
          continue;
        }
        const pick = (k) => median(runs.map((r) => r[k]));
        const mid = runs.find((r) => r.performance === pick('performance')) ?? runs[0];
        const s = { performance: pick('performance'), accessibility: pick('accessibility'), bestPractices: pick('bestPractices'), seo: pick('seo') };
        const low = s.performance < 95 || s.accessibility < 95 || s.bestPractices < 95;
        if (low) failed = true;
        console.log(
          `${p.padEnd(18)}${preset.padEnd(9)}${String(s.performance).padStart(6)}${String(s.accessibility).padStart(8)}${String(s.bestPractices).padStart(8)}${String(s.seo).padStart(8)}   ${mid.lcp} / ${mid.cls} / ${mid.tbt}${low ? '  ✗ < 95' : ''}`,
        );
        if (mid.failing.length) console.log(`${''.padEnd(20)}未通过：${mid.failing.join('，')}`);
        scores.push([p, preset, s.performance, s.accessibility, s.bestPractices, s.seo, `${mid.lcp} / ${mid.cls} / ${mid.tbt}`]);
      }
    }
    printSection(
      `lighthouse${has('--mobile') ? '-mobile' : ''}`,
      `Lighthouse${has('--mobile') ? '（桌面与手机预设）' : '（桌面预设）'}`,
      `${CHROMIUM}，访客，${RUNS} 次取中位数${BASE ? `，对 ${BASE}` : `，scale ${SCALE} 的本地栈`}。目标：性能、无障碍、最佳实践 ≥ 95。\n\n` +
        table(['页面', '预设', '性能', '无障碍', '最佳实践', 'SEO', 'LCP / CLS / TBT'], scores),
    );
  }
} finally {
  stack.stop();
  if (persistTo) rmSync(persistTo, { recursive: true, force: true });
}
if (failed) {
  console.log('\n✗ 有页面未达到目标（见上）');
  process.exitCode = 1;
}
