// The API worker's start-up: bundle size and the CPU its top-level code takes, from `wrangler check startup`.
//
//   node tests/bench/startup.mjs [--runs 5] [--modules 15]
//
// Each run builds the worker as `wrangler deploy` would (its bundle, raw and gzip) and evaluates it once
// in a local workerd under a CPU profiler. Printed per run and as the median: the profile's active time
// (CPU spent, garbage collection included) and its garbage collection. With --modules N, the N modules
// whose own top-level code (nested imports excluded) took the most CPU in the median run's profile.
// The figures are of this machine's CPU, not Cloudflare's; compare runs made on the same machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/stack.mjs';
import { printSection, table } from './section.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const runs = arg('--runs', 5);
const topModules = arg('--modules', 15);
const COMMAND = 'npx wrangler check startup';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One `wrangler check startup`: its figures and the CPU profile it wrote. */
function measure(outfile) {
  const r = spawnSync('npx', ['wrangler', 'check', 'startup', '--outfile', outfile], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const out = `${r.stdout}\n${r.stderr}`;
  const bundle = out.match(/Bundle:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/);
  const active = out.match(/Active:\s*([\d.]+)\s*ms\s*\(including\s*([\d.]+)\s*ms garbage collection\)/);
  if (r.status !== 0 || !bundle || !active) {
    console.error(out);
    throw new Error(`${COMMAND} failed (exit ${r.status})`);
  }
  return { raw: Number(bundle[1]), gzip: Number(bundle[2]), active: Number(active[1]), gc: Number(active[2]), profile: outfile };
}

/**
 * CPU per module from a profile of the bundle: esbuild names each lazily evaluated module's
 * top-level function after its path, so a sample is charged to the innermost such frame on its stack.
 */
function moduleTimes(file) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const modulePath = (name) => name.match(/(?:^|\/)((?:node_modules|worker|export-worker)\/.*\.(?:m?[jt]sx?|json))$/)?.[1];
  const own = new Map();
  p.samples.forEach((id, i) => {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    if (['(idle)', '(program)'].includes(nodes.get(id).callFrame.functionName)) return;
    let at = id;
    let owner = '(bundle top level, runtime, garbage collection)';
    while (at !== undefined) {
      const name = modulePath(nodes.get(at).callFrame.functionName);
      if (name) {
        owner = name;
        break;
      }
      at = parent.get(at);
    }
    own.set(owner, (own.get(owner) ?? 0) + dt);
  });
  return [...own].sort((a, b) => b[1] - a[1]);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'startup-'));
const results = [];
try {
  for (let i = 1; i <= runs; i++) {
    const m = measure(path.join(dir, `run-${i}.cpuprofile`));
    results.push(m);
    console.log(`run ${i}: bundle ${m.raw} KiB (gzip ${m.gzip} KiB), start-up CPU ${m.active} ms (garbage collection ${m.gc} ms)`);
  }
  const mid = median(results.map((r) => r.active));
  const last = results.at(-1);
  console.log(`\n${COMMAND}, ${runs} runs: start-up CPU median ${mid} ms (min ${Math.min(...results.map((r) => r.active))}, max ${Math.max(...results.map((r) => r.active))}); bundle ${last.raw} KiB, gzip ${last.gzip} KiB`);
  if (topModules > 0) {
    const closest = results.reduce((a, b) => (Math.abs(b.active - mid) < Math.abs(a.active - mid) ? b : a));
    console.log(`\nModules whose own top-level code took the most CPU (the run of ${closest.active} ms):`);
    for (const [name, ms] of moduleTimes(closest.profile).slice(0, topModules)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
  }
  printSection(
    'startup',
    'API worker start-up',
    `\`${COMMAND}\`, ${runs} runs (CPU of this machine, not Cloudflare's):\n\n${table(
      ['bundle', 'bundle (gzip)', 'start-up CPU, median', 'min', 'max'],
      [[`${last.raw} KiB`, `${last.gzip} KiB`, `${mid} ms`, `${Math.min(...results.map((r) => r.active))} ms`, `${Math.max(...results.map((r) => r.active))} ms`]],
    )}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
