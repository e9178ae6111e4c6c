// `npm run bench -- bundle`: the size of each deployable worker, as `wrangler deploy --dry-run` bundles
// it (every file of the output except source maps), raw and gzipped at level 9. The Workers limit is on
// the gzipped size (3 MB on the free plan, 10 MB on the paid one). The SPA's own sizes are the pages bench.
//
//   node tests/bench/bundle.mjs
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../scripts/stack.mjs';
import { printSection, table } from './section.mjs';

const WORKERS = [
  ['API worker', 'wrangler.toml'],
  ['导出 worker', 'export-worker/wrangler.toml'],
];
const KiB = (n) => `${(n / 1024).toFixed(0)} KiB`;

const rows = [];
for (const [name, config] of WORKERS) {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-'));
  try {
    const r = spawnSync(path.join(ROOT, 'node_modules', '.bin', 'wrangler'), ['deploy', '--dry-run', '--config', config, '--outdir', outdir], {
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
    console.log(`${name} (${config}): ${KiB(raw)} raw, ${KiB(gz)} gzip`);
    rows.push([name, `\`${config}\``, KiB(raw), KiB(gz)]);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
printSection('bundle', 'Worker 包大小', '`wrangler deploy --dry-run --outdir` 的输出（不含 source map），gzip -9；KiB = 1024 字节。上限按 gzip 计：免费版 3 MB，付费版 10 MB。\n\n' + table(['worker', '配置', '原始', 'gzip'], rows));
