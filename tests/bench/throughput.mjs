// Throughput bench: starts the product as `npm start` does (scripts/stack.mjs: the built SPA, a
// seeded local D1, both workers in wrangler dev), then drives each call with autocannon for
// --duration seconds (default 15) over --connections (default 32) on loopback, and prints req/s,
// p50 and p99 next to the constant /api/health measured in the same run (before and after).
// Visitor calls answered from the edge cache (lib/cache.ts) are printed next to the same call
// signed in, which the cache never serves.
//
//   node tests/bench/throughput.mjs [--scale 1] [--duration 15] [--connections 32] [--port 8899] [--only closure|starmarket] [--call <part of a call's label>]
import autocannon from 'autocannon';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildSpa, prepareDatabase, ROOT, startWorkers } from '../../scripts/stack.mjs';
import { DEMO_PASSWORD } from '../../scripts/seed/demo-accounts.ts';
import { mainCalls, requestOf } from './areas/main-calls.mjs';
import { printSection, table } from './section.mjs';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: process.env.JUZI_SEED_SCALE ?? '1' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '32' },
    port: { type: 'string', default: '8899' },
    only: { type: 'string' },
    call: { type: 'string' },
  },
  strict: false,
});
const scale = Number(args.scale);
const duration = Number(args.duration);
const connections = Number(args.connections);
const persistTo = path.join(ROOT, '.wrangler', `bench-state-${scale}`);
mkdirSync(persistTo, { recursive: true });

buildSpa();
prepareDatabase({ persistTo, scale, quiet: true });
const stack = await startWorkers({ port: Number(args.port), persistTo, detached: true });
const stop = () => stack.stop();
process.on('SIGINT', () => { stop(); process.exit(130); });

try {
  const login = async (account) => {
    const res = await fetch(`${stack.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ account, password: DEMO_PASSWORD }) });
    const body = await res.json();
    if (!body.data?.token) throw new Error(`login ${account}: ${JSON.stringify(body)}`);
    return body.data.token;
  };
  const vip = await login('vip@demo.local');
  const auth = { Authorization: `Bearer ${vip}` };

  const CALLS = mainCalls(auth).filter(([area, label]) => (!args.only || args.only.split(',').includes(area)) && (!args.call || label.includes(args.call)));

  /** Every answer that is not 2xx, by status and envelope code (e.g. '429 RATE_LIMITED'), so a non-2xx count says what it was. */
  const measure = async (label, p, opts = {}) => {
    const refused = new Map();
    const r = await autocannon({
      url: `${stack.url}${p}`,
      connections,
      duration,
      requests: [
        {
          ...requestOf(p, opts),
          onResponse: (status, body) => {
            if (status >= 200 && status < 300) return;
            let code;
            try {
              code = JSON.parse(body).code ?? '';
            } catch {
              code = String(body).slice(0, 60);
            }
            const key = `${status} ${code}`.trim();
            refused.set(key, (refused.get(key) ?? 0) + 1);
          },
        },
      ],
    });
    // autocannon counts a request with no answer in 10 s as a timeout, and its `errors` already include the
    // timeouts (they were added twice before: 32 connections timing out once showed as 64 non-2xx). Not HTTP statuses.
    if (r.timeouts) refused.set('timeout (no answer in 10 s)', r.timeouts);
    if (r.errors - r.timeouts > 0) refused.set('socket error', r.errors - r.timeouts);
    const why = [...refused].map(([k, n]) => `${n}× ${k}`).join(', ');
    return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, why };
  };

  console.log(`\nthroughput, scale ${scale}, ${connections} connections × ${duration} s per call, loopback, ${stack.url}`);
  const rows = [await measure('GET /api/health (the floor)', '/api/health')];
  for (const [, label, p, opts] of CALLS) rows.push(await measure(label, p, opts));
  rows.push(await measure('GET /api/health (the floor, again)', '/api/health'));
  const floor = Math.min(rows[0].rps, rows[rows.length - 1].rps);
  const floorP99 = Math.max(rows[0].p99, rows[rows.length - 1].p99);
  const pad = (s, n) => String(s).padEnd(n);
  console.log('non-2xx counts HTTP answers outside 2xx plus requests that timed out or failed; the note after a row says which.');
  console.log(`${pad('call', 52)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('non-2xx', 9)}${pad('× floor', 9)}target (≥ ½ floor req/s, p99 < 2× floor p99)`);
  for (const r of rows) {
    const ok = r.rps >= floor / 2 && r.p99 < 2 * floorP99;
    console.log(
      `${pad(r.label, 52)}${pad(r.rps.toFixed(0), 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.non2xx + r.errors, 9)}${pad((r.rps / floor).toFixed(2), 9)}${ok ? 'met' : 'missed'}${r.why ? `  (non-2xx: ${r.why})` : ''}`,
    );
  }
  printSection(
    `throughput${args.only || args.call ? `-${[args.only, args.call].filter(Boolean).join('-').replace(/[^\w,-]+/g, '_')}` : ''}`,
    `吞吐（scale ${scale}，${connections} 连接 × ${duration} 秒${args.only ? `，区域 ${args.only}` : ''}${args.call ? `，调用含“${args.call}”` : ''}）`,
    `回环上的 autocannon；“× 地板”按同一次运行前后两次 \`/api/health\` 中较低的 req/s 算。目标：req/s ≥ 地板的一半，p99 < 2 × 地板较高的 p99（${floorP99} ms）。\n\n` +
      table(
        ['调用', 'req/s', 'p50 ms', 'p99 ms', '非 2xx', '× 地板', '目标'],
        rows.map((r) => [r.label, r.rps.toFixed(0), r.p50, r.p99, r.non2xx + r.errors, (r.rps / floor).toFixed(2), `${r.rps >= floor / 2 && r.p99 < 2 * floorP99 ? '达到' : '未达'}${r.why ? `（${r.why}）` : ''}`]),
      ),
  );
} finally {
  stop();
}
