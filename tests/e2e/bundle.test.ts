import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Workers free plan: 3 MB gzipped per worker. */
const LIMIT = 3 * 1024 * 1024;

function dryRun(config: string) {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
  const r = spawnSync('wrangler', ['deploy', '--dry-run', '--config', config, '--outdir', outdir], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
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
}

describe('deployable bundles', () => {
  it.each([
    ['API worker', 'wrangler.toml'],
    ['export worker', 'export-worker/wrangler.toml'],
  ])('%s bundles with wrangler deploy --dry-run under the 3 MB gzip limit', (name, config) => {
    const { raw, gz } = dryRun(config);
    console.log(`[bundle] ${name}: ${(raw / 1024).toFixed(0)} KiB raw, ${(gz / 1024).toFixed(0)} KiB gzipped (limit 3072 KiB)`);
    expect(gz).toBeGreaterThan(0);
    expect(gz).toBeLessThan(LIMIT);
  });
});
