// `npm run bench [-- --scale N]`: the benchmarks (never part of `npm test`). Each prints its figures.
//   closed-company calls: p50/p99 latency and D1 rows read per request (tests/bench/closure.bench.test.ts)
//   exports: one 2000-row batch's time and memory, and the 60,000-row export end to end at scale 10
//   fuzz: 10,200 requests generated from /api/openapi.json over every operation and role (tests/bench/fuzz.bench.test.ts)
import { spawnSync } from 'node:child_process';
import { ROOT } from './stack.mjs';

const i = process.argv.indexOf('--scale');
const scale = i > 0 ? process.argv[i + 1] : '10';
const only = process.argv.find((a) => a === 'closure' || a === 'exports' || a === 'fuzz');

function run(cmd, args, env = {}) {
  console.log(`\n› ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!only || only === 'closure') run('vitest', ['run', '--config', 'tests/bench/closure.vitest.config.ts'], { BENCH_SCALE: scale });
if (!only || only === 'exports') run('node', ['tests/bench/export-batch.ts', '--scale', scale]);
if (!only || only === 'fuzz') run('vitest', ['run', '--config', 'tests/bench/fuzz.vitest.config.ts']);
