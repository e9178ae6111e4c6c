// Local orchestration shared by `npm start` and the e2e tests: build the SPA, migrate and seed
// a local D1, run both workers (API + export consumer) in one workerd through wrangler dev,
// with real D1, R2, Queues and the cron trigger.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH}`, WRANGLER_SEND_METRICS: 'false', CI: process.env.CI ?? '' };

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
  run('wrangler', ['d1', 'migrations', 'apply', 'juzi-db', '--local', '--config', 'wrangler.toml', '--persist-to', persistTo], { quiet: true });
  const out = run('node', ['scripts/seed.ts', '--persist-to', persistTo, '--scale', String(scale), '--if-empty'], { quiet });
  return out;
}

/** Starts both workers in one wrangler dev; resolves when /api/health answers. */
export async function startWorkers({ port, persistTo, logFile }) {
  const args = [
    'dev',
    '--config', 'wrangler.toml',
    '--config', 'export-worker/wrangler.toml',
    '--port', String(port),
    '--ip', '127.0.0.1',
    '--persist-to', persistTo,
    '--test-scheduled',
    '--show-interactive-dev-session=false',
    '--log-level', process.env.WRANGLER_LOG ?? 'warn',
  ];
  const child = spawn('wrangler', args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20000);
    if (logFile) logFile.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return { child, url, output: () => output, stop: () => stopChild(child) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  stopChild(child);
  throw new Error(`wrangler dev did not answer on ${url} within 120 s:\n${output}`);
}

export function stopChild(child) {
  if (child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/** Fires the cron handler the way Cloudflare would at 02:00 UTC (10:00 Beijing). */
export async function fireCron(url, cron = '0 2 * * *') {
  const res = await fetch(`${url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(cron)}`);
  if (!res.ok) {
    const legacy = await fetch(`${url}/__scheduled?cron=${encodeURIComponent(cron)}`);
    return legacy.ok;
  }
  return true;
}

/** Milliseconds until the next 02:00 UTC. */
export function msUntilCron(now = new Date()) {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2, 0, 0));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}
