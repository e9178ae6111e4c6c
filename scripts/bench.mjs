// `npm run bench [-- --scale N] [-- rows|throughput|exports]`: the benchmarks (never part of `npm test`). Each prints its figures.
//   rows:       every list, ranking, statistics, search and detail call of each area in tests/bench/areas:
//               p50/p99 latency in workerd, D1 rows read vs rows returned, the paged-call budget (tests/bench/rows.bench.test.ts)
//   throughput: the product started as `npm start` does, 32 connections × 15 s per main call with autocannon,
//               req/s, p50, p99 next to /api/health, edge-cached vs uncached (tests/bench/throughput.mjs; --tscale sets its seed scale,
//               default 1; --only closure,medical,… the areas of tests/bench/areas/main-calls.mjs to drive; --call <text> only the
//               calls whose label contains it)
//   exports:    one 2000-row batch's time and memory, and the 60,000-row export end to end at scale 10
//   size:       the D1 size per seed scale, measured: migrations + seed into SQLite, VACUUM, bytes (scripts/measure-size.mjs; --scales 1,10)
//   pages:      first-load JS (gzip) per SPA route in Chromium, cache headers, Lighthouse for five pages (tests/bench/pages.mjs; --pscale sets its seed scale)
//   profile:    where a signed-in call's CPU goes: per request, CPU ms of the API worker, the D1 database and the entry
//               isolate, and the API worker's busiest functions, from workerd's inspector (tests/bench/profile.mjs);
//               with --processes, CPU ms per request of each process of the stack instead
//   fuzz:       10,200 requests generated from /api/openapi.json over every operation and role (tests/bench/fuzz.bench.test.ts)
// Works on a fresh clone: web/dist (which the export bench's wrangler dry-run and the stack need) is built first when missing or stale.
import { spawnSync } from 'node:child_process';
import { buildSpa, ROOT } from './stack.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const scale = arg('--scale', '10');
const only = process.argv.find((a) => a === 'rows' || a === 'closure' || a === 'throughput' || a === 'exports' || a === 'fuzz' || a === 'size' || a === 'pages' || a === 'profile');

function run(cmd, args, env = {}) {
  console.log(`\n› ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (only === 'size') {
  run('node', ['scripts/measure-size.mjs', '--scales', arg('--scales', `1,${scale}`)]);
  process.exit(0);
}
buildSpa();
if (!only || only === 'rows' || only === 'closure') run('npx', ['vitest', 'run', '--config', 'tests/bench/closure.vitest.config.ts'], { BENCH_SCALE: scale });
if (only === 'profile')
  run('node', ['tests/bench/profile.mjs', '--scale', arg('--tscale', '1'), ...(arg('--only') ? ['--only', arg('--only')] : []), ...(process.argv.includes('--processes') ? ['--processes'] : [])]);
if (!only || only === 'throughput')
  run('node', ['tests/bench/throughput.mjs', '--scale', arg('--tscale', '1'), '--duration', arg('--duration', '15'), ...(arg('--only') ? ['--only', arg('--only')] : []), ...(arg('--call') ? ['--call', arg('--call')] : [])]);
if (!only || only === 'exports') run('node', ['tests/bench/export-batch.ts', '--scale', scale]);
if (!only || only === 'fuzz') run('npx', ['vitest', 'run', '--config', 'tests/bench/fuzz.vitest.config.ts']);
if (!only || only === 'pages') run('node', ['tests/bench/pages.mjs', '--scale', arg('--pscale', '1'), ...['--mobile', '--no-lighthouse', '--no-weights'].filter((f) => process.argv.includes(f))]);
