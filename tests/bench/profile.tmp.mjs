// temp: CPU profile of the worker under load (inspector of wrangler dev)
import autocannon from 'autocannon';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase, ROOT, startWorkers } from '../../scripts/stack.mjs';
import { DEMO_PASSWORD } from '../../scripts/seed/demo-accounts.ts';

const persistTo = path.join(ROOT, '.wrangler', 'bench-state-1');
prepareDatabase({ persistTo, scale: 1, quiet: true });
const stack = await startWorkers({ port: 8899, persistTo, detached: true });
try {
  const res = await fetch(`${stack.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ account: 'vip@demo.local', password: DEMO_PASSWORD }) });
  const token = (await res.json()).data.token;
  const { execSync } = await import('node:child_process');
  const ports = [...execSync('ss -ltnp').toString().matchAll(/127\.0\.0\.1:(\d+).*workerd",pid=(\d+)/g)]
    .filter((m) => Number(execSync(`ps -o pgid= -p ${m[2]}`).toString().trim()) === stack.child.pid).map((m) => m[1]);
  let target;
  for (const port of ports) {
    try {
      const list = await (await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(1000) })).json();
      target = list.find?.((t) => t.id === 'core:user:juzi-api') ?? target;
    } catch {}
  }
  console.log(target.webSocketDebuggerUrl);
  const ws = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: 'http://localhost' } });
  await new Promise((r, j) => { ws.addEventListener('open', r); ws.addEventListener('error', (e) => j(new Error('ws error ' + e.message))); setTimeout(() => j(new Error('ws open timeout')), 10000); });
  console.log('ws open');
  let id = 0; const pending = new Map();
  ws.addEventListener('message', (e) => { if (process.env.DBG) console.log(String(e.data).slice(0,200)); const m = JSON.parse(e.data); if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); } });
  const send = (method, params = {}) => new Promise((r) => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
  console.log(await send('Profiler.enable'));
  if (process.env.INTERVAL) await send('Profiler.setSamplingInterval', { interval: Number(process.env.INTERVAL) });
  const calls = process.argv.slice(2);
  for (const p of calls) {
    const [pth, body] = p.split('|');
    await autocannon({ url: `${stack.url}${pth}`, connections: 8, duration: 3, requests: [{ method: body ? 'POST' : 'GET', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body }] });
    await send('Profiler.start');
    const r = await autocannon({ url: `${stack.url}${pth}`, connections: 8, duration: 8, requests: [{ method: body ? 'POST' : 'GET', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body }] });
    const prof = await send('Profiler.stop');
    const name = pth.replace(/[^a-z0-9]+/gi, '_');
    writeFileSync(`/work/prof/${name}.cpuprofile`, JSON.stringify(prof.result.profile));
    console.log(p, r.requests.average, 'req/s', r.non2xx);
  }
  ws.close();
} finally {
  stack.stop();
}
