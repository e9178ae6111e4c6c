// `npm run bench -- bundle`: the size of each deployable worker, as `wrangler deploy --dry-run` bundles
// it (every file of the output except source maps), raw and gzipped at level 9. The Workers limit is on
// the gzipped size (3 MB on the free plan, 10 MB on the paid one). The SPA's own sizes are the pages bench.
//
//   node tests/bench/bundle.mjs
import { deployableSize } from '../../scripts/stack.mjs';
import { printSection, table } from './section.mjs';

const WORKERS = [
  ['API worker', 'wrangler.toml'],
  ['导出 worker', 'export-worker/wrangler.toml'],
];
const KiB = (n) => `${(n / 1024).toFixed(0)} KiB`;

const rows = [];
for (const [name, config] of WORKERS) {
  const { raw, gz } = deployableSize(config);
  console.log(`${name} (${config}): ${KiB(raw)} raw, ${KiB(gz)} gzip`);
  rows.push([name, `\`${config}\``, KiB(raw), KiB(gz)]);
}
printSection('bundle', 'Worker 包大小', '`wrangler deploy --dry-run --outdir` 的输出（不含 source map），gzip -9；KiB = 1024 字节。上限按 gzip 计：免费版 3 MB，付费版 10 MB。\n\n' + table(['worker', '配置', '原始', 'gzip'], rows));
