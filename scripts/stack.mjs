// Local orchestration shared by `npm start` and the e2e tests: build the SPA, migrate and seed
// a local D1, run both workers (API + export consumer) in one workerd through wrangler dev,
// with real D1, R2, Queues and the cron trigger.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
// Wrangler's local observability (X_LOCAL_OBSERVABILITY, on by default) streams every invocation's
// trace spans, one per D1 call, to a collector worker for its local explorer: CPU on every request
// (more on a list request, which calls D1 more often; npm run bench -- profile --all-isolates shows it),
// a cost production never pays. The product's stack runs without it; X_LOCAL_OBSERVABILITY=true
// brings it back.
const env = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH}`,
  WRANGLER_SEND_METRICS: 'false',
  CI: process.env.CI ?? '',
  X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
};

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, env, stdio: opts.quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (r.status !== 0) {
    if (opts.quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} failed with exit code ${r.status}`);
  }
  return r.stdout;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds web/dist unless it is newer than every source file. */
export function buildSpa({ force = false } = {}) {
  const index = path.join(ROOT, 'web', 'dist', 'index.html');
  const fresh = existsSync(index) && statSync(index).mtimeMs > newestMtime(path.join(ROOT, 'web', 'src'));
  if (fresh && !force) return;
  console.log('› 构建前端 (vite build)…');
  run('vite', ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
}

/** Applies migrations and seeds the demo dataset into the D1 under persistTo (once). */
export function prepareDatabase({ persistTo, scale = 1, quiet = false }) {
  console.log(`› 准备本地 D1（${path.relative(ROOT, persistTo) || persistTo}）…`);
  // The seed script applies the migrations itself before it checks for data (one wrangler start fewer).
  const out = run('node', ['scripts/seed.ts', '--persist-to', persistTo, '--scale', String(scale), '--if-empty'], { quiet });
  return out;
}

/**
 * The local stack's secrets, generated once per state directory and kept beside the state
 * (`local-secrets.env`, readable by its owner only): the sandbox payment provider switched on with a
 * random secret, an operator key for `npm run refund`, and the key that signs the daily e-mail's
 * unsubscribe links. A key missing from an older file is added. A deployment has none of this; its
 * secrets are set with `wrangler secret put` (README, docs/payments.md).
 */
export function localSecretsEnv(persistTo) {
  const file = path.join(persistTo, 'local-secrets.env');
  const wanted = {
    PAY_SANDBOX: () => 'on',
    PAY_SANDBOX_SECRET: () => randomBytes(32).toString('hex'),
    PAY_OPERATOR_KEY: () => randomBytes(24).toString('hex'),
    DIGEST_SECRET: () => randomBytes(32).toString('hex'),
  };
  mkdirSync(persistTo, { recursive: true });
  const have = existsSync(file) ? readEnvFile(file) : {};
  const missing = Object.keys(wanted).filter((k) => !have[k]);
  if (missing.length) {
    const lines = Object.entries({ ...have, ...Object.fromEntries(missing.map((k) => [k, wanted[k]()])) }).map(([k, v]) => `${k}=${v}`);
    writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return file;
}

/** KEY=value lines of an env file. */
export function readEnvFile(file) {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((l) => /^([A-Z0-9_]+)=(.*)$/.exec(l.trim()))
      .filter(Boolean)
      .map((m) => [m[1], m[2]]),
  );
}

/** Whether a wrangler.toml's top-level [vars] switch the sandbox payment provider on (PAY_SANDBOX = "on"). */
export function sandboxSwitchedOn(tomlText) {
  const vars = /^\[vars\]\s*$([^[]*)/m.exec(tomlText)?.[1] ?? '';
  return /^\s*PAY_SANDBOX\s*=\s*["']on["']/m.test(vars);
}

/**
 * Starts both workers in one wrangler dev; resolves when /api/health answers.
 * The local origin follows the port (links in e-mails, List-Unsubscribe, payment return addresses),
 * and the sandbox payment provider is on with this state's secret (localSecretsEnv).
 * `detached` (the e2e stack) puts wrangler in its own process group, stopped as a group; `npm start`
 * keeps it in its own group instead, so killing `npm start`'s process group ends the whole stack.
 */
export async function startWorkers({ port, persistTo, logFile, detached = true }) {
  const url = `http://127.0.0.1:${port}`;
  // A stack left running on the port (e.g. its `npm start` was killed alone) would answer our
  // health checks and hide that this one cannot start.
  if (await answers(`${url}/api/health`)) throw new Error(`端口 ${port} 上已有服务在运行（可能是上次未退出的 wrangler/workerd），请先停止它或换一个 PORT`);
  const args = [
    'dev',
    '--config', 'wrangler.toml',
    '--config', 'export-worker/wrangler.toml',
    '--port', String(port),
    '--ip', '127.0.0.1',
    '--persist-to', persistTo,
    '--var', `APP_ORIGIN:http://localhost:${port}`,
    '--env-file', localSecretsEnv(persistTo),
    '--test-scheduled',
    '--show-interactive-dev-session=false',
    '--log-level', process.env.WRANGLER_LOG ?? 'warn',
  ];
  const child = spawn('wrangler', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: detached && process.platform !== 'win32' });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20000);
    if (logFile) logFile.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output}`);
    if (await answers(`${url}/api/health`)) return { child, url, output: () => output, stop: () => stopChild(child) };
    await new Promise((r) => setTimeout(r, 300));
  }
  stopChild(child);
  throw new Error(`wrangler dev did not answer on ${url} within 120 s:\n${output}`);
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false; // not listening
  }
}

export function stopChild(child) {
  if (child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/**
 * Fires a cron handler the way Cloudflare would (the cron string picks the jobs, worker/src/scheduled.ts).
 * Resolves to true when every job of the run succeeded.
 */
export async function fireCron(url, cron = '0 2 * * *') {
  const res = await fetch(`${url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}&format=json`);
  if (res.status === 404) {
    const legacy = await fetch(`${url}/__scheduled?cron=${encodeURIComponent(cron)}`);
    return legacy.ok;
  }
  return res.ok;
}

/** The cron triggers of the API worker's wrangler.toml ([triggers] crons). */
export function configuredCrons(file = path.join(ROOT, 'wrangler.toml')) {
  const toml = readFileSync(file, 'utf8');
  const m = /^\[triggers\][^[]*?^crons\s*=\s*\[([^\]]*)\]/ms.exec(toml);
  if (!m) return [];
  return [...m[1].matchAll(/"([^"]+)"/g)].map((x) => x[1]);
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
];

/** One field of a cron expression as the set of values it allows: *, n, a-b, with /step, comma lists. */
function cronField(text, { name, min, max }) {
  const allowed = new Set();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`cron: unsupported ${name} "${part}"`);
    const from = m[1] === '*' ? min : Number(m[2]);
    const to = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : from;
    const step = m[4] ? Number(m[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`cron: ${name} "${part}" out of range`);
    for (let v = from; v <= to; v += step) allowed.add(v);
  }
  return { allowed, any: text === '*' };
}

/**
 * The next time (strictly after `from`) a five-field cron expression fires, in UTC as Cloudflare's
 * cron triggers do. Day of month and day of week, when both are restricted, match either (cron's rule).
 */
export function nextCronTime(expr, from = new Date()) {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron: "${expr}" is not five fields`);
  const [minute, hour, dom, month, dow] = parts.map((p, i) => cronField(p, FIELDS[i]));
  if (dow.allowed.has(7)) dow.allowed.add(0);
  const t = new Date(from.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  // Minute by minute, at most a little over a year ahead (a yearly expression still fires within it).
  for (let i = 0; i < 366 * 24 * 60 + 1; i++) {
    const dayOk =
      dom.any && dow.any
        ? true
        : dom.any
          ? dow.allowed.has(t.getUTCDay())
          : dow.any
            ? dom.allowed.has(t.getUTCDate())
            : dom.allowed.has(t.getUTCDate()) || dow.allowed.has(t.getUTCDay());
    if (minute.allowed.has(t.getUTCMinutes()) && hour.allowed.has(t.getUTCHours()) && month.allowed.has(t.getUTCMonth() + 1) && dayOk) return t;
    t.setUTCMinutes(t.getUTCMinutes() + 1);
  }
  throw new Error(`cron: "${expr}" never fires`);
}

/**
 * Fires every cron of wrangler.toml on its schedule against the local stack (Cloudflare does this
 * in production; wrangler dev does not). Returns a function that stops the timers.
 */
export function scheduleCrons(url, { crons = configuredCrons(), log = console.log, onError = console.error } = {}) {
  const timers = new Map();
  const arm = (cron) => {
    const wait = nextCronTime(cron).getTime() - Date.now();
    // setTimeout holds at most ~24.8 days; a longer wait re-arms on the way.
    const timer = setTimeout(async () => {
      if (nextCronTime(cron, new Date(Date.now() - 60_000)).getTime() <= Date.now()) {
        log(cron);
        await fireCron(url, cron).then((ok) => ok || onError(cron, new Error('a job failed'))).catch((e) => onError(cron, e));
      }
      arm(cron);
    }, Math.min(Math.max(wait, 0), 2 ** 31 - 1));
    timers.set(cron, timer);
  };
  for (const cron of crons) arm(cron);
  return () => {
    for (const t of timers.values()) clearTimeout(t);
  };
}

/**
 * The size of a worker as `wrangler deploy` would upload it (bundled with --dry-run, nothing
 * published): every output file but source maps, raw and gzip -9. Throws with wrangler's output.
 */
export function deployableSize(config) {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
  try {
    const r = spawnSync(path.join(BIN, 'wrangler'), ['deploy', '--dry-run', '--config', config, '--outdir', outdir], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    });
    if (r.status !== 0) throw new Error(`wrangler deploy --dry-run --config ${config}:\n${r.stdout}\n${r.stderr}`);
    let raw = 0;
    let gz = 0;
    for (const f of readdirSync(outdir)) {
      const p = path.join(outdir, f);
      if (!statSync(p).isFile() || f.endsWith('.map')) continue;
      const buf = readFileSync(p);
      raw += buf.length;
      gz += gzipSync(buf, { level: 9 }).length;
    }
    return { raw, gz };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
