// CPU profile of the main signed-in calls, as the throughput bench drives them: starts the product
// as `npm start` does (scripts/stack.mjs), attaches to workerd's own inspector (the runtime's, not
// wrangler's proxy, so every isolate can be profiled: the API worker, the D1 database, the entry
// worker), drives each call with autocannon for --duration seconds, and prints per call the CPU
// time per request of each isolate and the API worker's busiest functions (self time).
// It says where a request's CPU goes; the throughput bench says what that costs in req/s.
// With --processes it attaches no inspector and prints instead the CPU time per request of each
// process of the stack (from /proc): the runtime's workerd runs every isolate on one thread, so
// its figure bounds the req/s of a call (1000 / ms per request), whatever the other core does.
//
//   node tests/bench/profile.mjs [--scale 1] [--duration 8] [--connections 8] [--top 15] [--out dir] [--only <path substring>] [--all-isolates | --processes]
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSpa, prepareDatabase, ROOT, startWorkers } from '../../scripts/stack.mjs';
import { DEMO_PASSWORD } from '../../scripts/seed/demo-accounts.ts';
import { mainCalls, requestOf } from './areas/main-calls.mjs';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '8' },
    port: { type: 'string', default: '8898' },
    top: { type: 'string', default: '15' },
    out: { type: 'string' },
    only: { type: 'string' },
    'all-isolates': { type: 'boolean', default: false },
    processes: { type: 'boolean', default: false },
  },
  strict: false,
});

/** The isolates worth timing: the API worker, its D1 database and the runtime's entry worker. */
const ISOLATES = { 'core:user:juzi-api': 'API worker', 'd1:db': 'D1 database', 'core:entry': 'entry' };

/** The inspector of the workerd that runs the workers (not wrangler's proxy): a port of a process in the stack's process group that lists the API worker. */
async function runtimeTargets(groupId) {
  const listening = execFileSync('ss', ['-ltnp'], { encoding: 'utf8' });
  for (const m of listening.matchAll(/127\.0\.0\.1:(\d+)\s.*"workerd",pid=(\d+)/g)) {
    const group = Number(execFileSync('ps', ['-o', 'pgid=', '-p', m[2]], { encoding: 'utf8' }).trim());
    if (group !== groupId) continue;
    try {
      const list = await (await fetch(`http://127.0.0.1:${m[1]}/json`, { signal: AbortSignal.timeout(1000) })).json();
      if (Array.isArray(list) && list.some((t) => t.id === 'core:user:juzi-api')) return list.filter((t) => args['all-isolates'] || t.id in ISOLATES);
    } catch {
      // not an inspector
    }
  }
  throw new Error('workerd 的调试端口没有找到（需要 ss 与 ps）');
}

/** CPU ms used so far by each process of a process group (utime + stime from /proc), and by this one. */
function groupCpu(groupId) {
  const tick = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const cpu = (stat) => {
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / tick;
  };
  const out = {};
  for (const line of execFileSync('ps', ['-e', '-o', 'pid=,pgid=,comm='], { encoding: 'utf8' }).trim().split('\n')) {
    const [pid, group, comm] = line.trim().split(/\s+/);
    if (Number(group) !== groupId) continue;
    try {
      out[`${comm} ${pid}`] = cpu(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      // gone
    }
  }
  out['bench (autocannon)'] = cpu(readFileSync('/proc/self/stat', 'utf8'));
  return out;
}

/** A Chrome DevTools Protocol session over the inspector's WebSocket. */
async function inspect(target) {
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: 'http://localhost' } });
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', () => reject(new Error(`inspector ${target.id}`)));
    setTimeout(() => reject(new Error(`inspector ${target.id}: no answer`)), 5000);
  });
  let next = 0;
  const pending = new Map();
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data);
    if (m.id && pending.has(m.id)) {
      pending.get(m.id)(m.result);
      pending.delete(m.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
      setTimeout(() => reject(new Error(`inspector ${target.id}: ${method} unanswered`)), 10_000);
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: SAMPLE_US });
  return { id: target.id, send, close: () => ws.close() };
}

/** Microseconds between samples: V8 samples a busy isolate at this interval and skips it while idle. */
const SAMPLE_US = 500;

/** Busy time (ms: busy samples × the interval) and the busiest functions by self time of a V8 CPU profile. */
function summarise(profile, top) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let busy = 0;
  for (const id of profile.samples) {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)') continue;
    busy++;
    const where = frame.url ? `${frame.url.split('/').pop()}:${frame.lineNumber + 1}` : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const functions = [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, n]) => ({ name, share: n / Math.max(1, busy) }));
  return { busyMs: (busy * SAMPLE_US) / 1000, functions };
}

const persistTo = path.join(ROOT, '.wrangler', `bench-state-${args.scale}`);
mkdirSync(persistTo, { recursive: true });
buildSpa();
prepareDatabase({ persistTo, scale: Number(args.scale), quiet: true });
const stack = await startWorkers({ port: Number(args.port), persistTo, detached: true });
const sessions = [];
try {
  const res = await fetch(`${stack.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ account: 'vip@demo.local', password: DEMO_PASSWORD }) });
  const token = (await res.json()).data.token;
  for (const t of args.processes ? [] : await runtimeTargets(stack.child.pid)) {
    // Some of the runtime's own services take no inspector session: profile the rest.
    const session = await inspect(t).catch(() => null);
    if (session) sessions.push(session);
  }
  const outDir = args.out ? path.resolve(args.out) : null;
  if (outDir) mkdirSync(outDir, { recursive: true });
  console.log(
    args.processes
      ? `\nCPU per process, scale ${args.scale}, ${args.connections} connections × ${args.duration} s per call, signed in as the demo VIP; CPU ms per request by process`
      : `\nCPU profile, scale ${args.scale}, ${args.connections} connections × ${args.duration} s per call, signed in as the demo VIP; CPU ms per request by isolate`,
  );
  // The floor and the signed-in calls of the throughput bench that reach their handler (the edge
  // cache serves the answers that are the same for everyone; their `fresh` rows get past it each time).
  const auth = { Authorization: `Bearer ${token}` };
  const calls = [['health', 'GET /api/health (the floor)', '/api/health', { headers: auth }], ...mainCalls(auth)].filter(
    ([, label, p, o]) => o.headers?.Authorization && !label.includes('edge cache') && (!args.only || p.includes(args.only)),
  );
  for (const [, label, p, o] of calls) {
    const request = requestOf(p, o);
    const drive = (duration) => autocannon({ url: `${stack.url}${p}`, connections: Number(args.connections), duration, requests: [request] });
    await drive(2); // warm: JIT, kept names, kept sessions
    for (const s of sessions) await s.send('Profiler.start');
    const before = args.processes ? groupCpu(stack.child.pid) : null;
    const run = await drive(Number(args.duration));
    const done = run.requests.total;
    if (before) {
      const after = groupCpu(stack.child.pid);
      const used = Object.entries(after)
        .map(([name, ms]) => [name, (ms - (before[name] ?? 0)) / Math.max(1, done)])
        .filter(([, ms]) => ms >= 0.01)
        .sort((a, b) => b[1] - a[1]);
      console.log(`\n${label}: ${(done / Number(args.duration)).toFixed(0)} req/s, ${used.map(([n, ms]) => `${n} ${ms.toFixed(2)}`).join(', ')}`);
      continue;
    }
    const figures = [];
    let worker;
    for (const s of sessions) {
      const { profile } = await s.send('Profiler.stop');
      if (outDir) writeFileSync(path.join(outDir, `${label.replace(/[^\w]+/g, '_')}.${s.id.replace(/[^\w]+/g, '_')}.cpuprofile`), JSON.stringify(profile));
      const sum = summarise(profile, Number(args.top));
      if (sum.busyMs > 0) figures.push(`${ISOLATES[s.id] ?? s.id} ${(sum.busyMs / Math.max(1, done)).toFixed(2)}`);
      if (s.id === 'core:user:juzi-api') worker = sum;
    }
    console.log(`\n${label}: ${done} requests (${run.non2xx} non-2xx), ${figures.join(', ')}`);
    for (const f of worker.functions) console.log(`  ${(100 * f.share).toFixed(1).padStart(5)}%  ${f.name}`);
  }
} finally {
  for (const s of sessions) s.close();
  stack.stop();
}
