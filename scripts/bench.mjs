// `npm run bench [-- <bench>] [-- --scale N] [-- --write docs/benchmarks.md]`: the benchmarks (never part of `npm test`).
// Each prints its figures; with --write <file> each also replaces its own sections of that file (between
// `<!-- bench:<id> -->` markers), stamped with the commit, date and machine it was measured on.
//   rows:       every list, ranking, statistics, search and detail call of each area in tests/bench/areas:
//               p50/p99 latency in workerd, D1 rows read vs rows returned, the paged-call budget (tests/bench/rows.bench.test.ts;
//               BENCH_AREA=<area>[,<area>…] limits it to those areas, BENCH_RUNS the timed runs per call)
//   throughput: the product started as `npm start` does, 32 connections × 15 s per main call with autocannon,
//               req/s, p50, p99 next to /api/health, edge-cached vs uncached (tests/bench/throughput.mjs; --tscale sets its seed scale,
//               default 1; --only closure,medical,… the areas of tests/bench/areas/main-calls.mjs to drive; --call <text> only the
//               calls whose label contains it)
//   apikeys:    the same signed-in list call with a session and with an API key, in one run: req/s, p50, p99 and the
//               key / session ratio (tests/bench/apikeys.bench.test.ts; --scale sets its seed scale, default 1)
//   exports:    one 2000-row batch's time and memory, and the 60,000-row export end to end at scale 10
//   bundle:     each deployable worker's size, raw and gzip (tests/bench/bundle.mjs)
//   size:       the D1 size per seed scale, measured: migrations + seed into SQLite, VACUUM, bytes (scripts/measure-size.mjs; --scales 1,10)
//   pages:      first-load JS (gzip) per SPA route in Chromium, cache headers, Lighthouse for five pages (tests/bench/pages.mjs; --pscale sets
//               its seed scale; --base <url> measures a stack already running from this tree's web/dist; --no-lighthouse, --no-weights, --mobile)
//   startup:    the API worker's startup CPU (tests/bench/startup.mjs, when present)
//   profile:    where a signed-in call's CPU goes: per request, CPU ms of the API worker, the D1 database and the entry
//               isolate, and the API worker's busiest functions, from workerd's inspector (tests/bench/profile.mjs);
//               with --processes, CPU ms per request of each process of the stack instead
//   shaped:     the API worker's CPU per request of list calls with lib/shaped.ts's statement cache and without it (tests/bench/shaped-cache.mjs)
//   import:     `npm run import` of 100,000 closed companies (--rows N): read, first import, the same file again, undo (tests/bench/import.mjs)
//   fuzz:       10,200 requests generated from /api/openapi.json over every operation and role (tests/bench/fuzz.bench.test.ts)
//   watch:      rows the 10:00 watchlist matching step reads for a day of N changed rows, 10,000 saved searches (tests/bench/watch.bench.test.ts)
// Without a bench name every bench but profile, startup, import and shaped runs. Works on a fresh clone: web/dist (which the export
// bench's wrangler dry-run and the stack need) is built first when missing, and when stale for the benches that serve it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSpa, ROOT } from './stack.mjs';
import { SECTION_BEGIN, SECTION_END } from '../tests/bench/section.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const BENCHES = ['rows', 'closure', 'throughput', 'apikeys', 'exports', 'bundle', 'fuzz', 'size', 'pages', 'profile', 'startup', 'watch', 'import', 'shaped'];
const scale = arg('--scale', '10');
const only = process.argv.find((a) => BENCHES.includes(a));
const writeTo = arg('--write', null) && path.resolve(process.cwd(), arg('--write', null));
const runs = (name) => only === name || (!only && !['profile', 'startup', 'import', 'shaped'].includes(name));

/** What was measured on: the commit (and whether the tree had changes), the time, the machine and its load when the run began. */
const stamp = (() => {
  const git = (...a) => spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const cpus = os.cpus();
  return {
    commit: `\`${git('rev-parse', '--short', 'HEAD')}\`${dirty ? '（工作树含未提交的改动）' : ''}`,
    machine: `${cpus[0]?.model.trim() ?? 'unknown CPU'}，${cpus.length} 核，Node ${process.version}，开始时 1 分钟负载 ${os.loadavg()[0].toFixed(1)}`,
    command: `${['BENCH_AREA', 'BENCH_RUNS']
      .filter((v) => process.env[v])
      .map((v) => `${v}=${process.env[v]} `)
      .join('')}npm run bench -- ${process.argv
      .slice(2)
      .filter((a, i, all) => a !== '--write' && all[i - 1] !== '--write')
      .join(' ')}`.trim(),
  };
})();

/** Runs a bench with its output shown as it comes; with --write, its marked sections go into the file. */
async function run(cmd, args, env = {}) {
  console.log(`\n› ${cmd} ${args.join(' ')}`);
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['inherit', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  let out = '';
  child.stdout.on('data', (d) => {
    process.stdout.write(d);
    out += d;
  });
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) process.exit(code ?? 1);
  if (writeTo) writeSections(writeTo, sectionsOf(out));
}

/** The blocks a bench printed with printSection (tests/bench/section.mjs), blocks of one id joined in order. */
function sectionsOf(output) {
  const sections = new Map();
  let open = null;
  for (const line of output.split('\n')) {
    if (line.startsWith(SECTION_BEGIN)) {
      const rest = line.slice(SECTION_BEGIN.length);
      const id = rest.split(' ')[0];
      open = { id, title: rest.slice(id.length + 1).trim(), lines: [] };
    } else if (open && line.startsWith(SECTION_END)) {
      const s = sections.get(open.id) ?? { title: open.title, bodies: [] };
      s.bodies.push(open.lines.join('\n').trim());
      sections.set(open.id, s);
      open = null;
    } else if (open) open.lines.push(line);
  }
  return sections;
}

const HEAD = `# 基准数字

本文件由基准写入：\`npm run bench -- <基准> --write docs/benchmarks.md\`（基准见 \`scripts/bench.mjs\` 的开头）。
每一节只由它自己的基准替换（\`<!-- bench:… -->\` 标记之间），并写明测量时的提交、日期与机器；不要手改标记之间的内容。
延迟与吞吐只在空闲的机器上有意义；读取行数、大小与 Lighthouse 之外的数字与机器无关。
`;

function writeSections(file, sections) {
  if (!sections.size) return;
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : HEAD;
  const date = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  for (const [id, { title, bodies }] of sections) {
    const begin = `<!-- bench:${id} -->`;
    const end = `<!-- /bench:${id} -->`;
    const block = `${begin}\n## ${title}\n\n测于提交 ${stamp.commit}，${date}；${stamp.machine}。命令：\`${stamp.command}\`。\n\n${bodies.join('\n\n')}\n${end}`;
    const at = doc.indexOf(begin);
    const stop = doc.indexOf(end, at);
    doc = at >= 0 && stop > at ? doc.slice(0, at) + block + doc.slice(stop + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  }
  writeFileSync(file, doc.endsWith('\n') ? doc : `${doc}\n`);
  console.log(`\n› ${path.relative(ROOT, file)}：写入 ${[...sections.keys()].join('、')}`);
}

if (only === 'size') await run('node', ['scripts/measure-size.mjs', '--scales', arg('--scales', `1,${scale}`)]);
else {
  if (runs('bundle')) await run('node', ['tests/bench/bundle.mjs']);
  if (only === 'bundle') process.exit(0);
  if (only === 'startup') {
    if (!existsSync(path.join(ROOT, 'tests/bench/startup.mjs'))) throw new Error('tests/bench/startup.mjs is not in this tree');
    await run('node', ['tests/bench/startup.mjs', ...['--runs', '--modules'].flatMap((f) => (arg(f) ? [f, arg(f)] : []))]);
    process.exit(0);
  }
  // The stack and the deployable bundle serve the current SPA; the rows and fuzz benches only need one to exist.
  const servesSpa = ['throughput', 'exports', 'pages', 'profile', 'shaped'].some(runs);
  if (!arg('--base') && (servesSpa || !existsSync(path.join(ROOT, 'web', 'dist', 'index.html')))) buildSpa();
  if (runs('rows') || only === 'closure') await run('npx', ['vitest', 'run', '--config', 'tests/bench/closure.vitest.config.ts'], { BENCH_SCALE: scale });
  if (only === 'profile')
    await run('node', ['tests/bench/profile.mjs', '--scale', arg('--tscale', '1'), ...(arg('--only') ? ['--only', arg('--only')] : []), ...(process.argv.includes('--processes') ? ['--processes'] : [])]);
  if (only === 'shaped') await run('node', ['tests/bench/shaped-cache.mjs', ...(arg('--duration') ? ['--duration', arg('--duration')] : [])]);
  if (runs('throughput'))
    await run('node', ['tests/bench/throughput.mjs', '--scale', arg('--tscale', '1'), '--duration', arg('--duration', '15'), ...(arg('--only') ? ['--only', arg('--only')] : []), ...(arg('--call') ? ['--call', arg('--call')] : [])]);
  if (runs('apikeys')) await run('npx', ['vitest', 'run', '--config', 'tests/bench/apikeys.vitest.config.ts'], { BENCH_SCALE: arg('--scale', '1') });
  if (runs('exports')) await run('node', ['tests/bench/export-batch.ts', '--scale', scale]);
  if (runs('import')) await run('node', ['tests/bench/import.mjs', ...(arg('--rows') ? ['--rows', arg('--rows')] : [])]);
  if (runs('fuzz')) await run('npx', ['vitest', 'run', '--config', 'tests/bench/fuzz.vitest.config.ts']);
  if (runs('watch')) await run('npx', ['vitest', 'run', '--config', 'tests/bench/watch.vitest.config.ts'], { BENCH_SCALE: scale });
  if (runs('pages'))
    await run('node', [
      'tests/bench/pages.mjs',
      '--scale',
      arg('--pscale', '1'),
      ...(arg('--base') ? ['--base', arg('--base')] : []),
      ...(arg('--runs') ? ['--runs', arg('--runs')] : []),
      ...['--mobile', '--no-lighthouse', '--no-weights'].filter((f) => process.argv.includes(f)),
    ]);
}
