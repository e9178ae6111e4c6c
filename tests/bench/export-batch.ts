/// <reference types="node" />
/**
 * Export benchmark: runs the DEPLOYABLE bundles (wrangler deploy --dry-run) in workerd through
 * Miniflare, with real D1, R2 and Queues, on the deterministic seed data. Never part of the test run.
 *
 *   npx node tests/bench/export-batch.ts              # one 2000-row batch of the widest export (scale 1)
 *   npx node tests/bench/export-batch.ts --scale 10   # also the end-to-end 60,000-row export through the API
 *
 * Prints, for one 2000-row file of the closed-company export (14 columns, the longest texts):
 * wall time, CPU time and peak memory of the workerd process (RSS high-water mark, reset via
 * /proc/<pid>/clear_refs just before the batch, minus the RSS before it). workerd hosts both
 * workers and the local D1, so the CPU figure includes the SQLite reads.
 * Targets: one batch well under 1 s of CPU and 64 MB; 60,000 rows within a minute.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { generateSeed } from '../../scripts/seed/generate.ts';
import { printSection, table } from './section.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({ options: { scale: { type: 'string', default: '1' }, runs: { type: 'string', default: '5' }, e2e: { type: 'boolean' } } });
const scale = Number(args.scale);
const runs = Number(args.runs);
const e2e = args.e2e ?? scale >= 10;

function bundle(config: string): string {
  const outdir = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
  const r = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--config', config, '--outdir', outdir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
  });
  if (r.status !== 0) throw new Error(`wrangler dry-run of ${config} failed:\n${r.stdout}\n${r.stderr}`);
  const js = readFileSync(path.join(outdir, 'index.js'));
  console.log(`bundle ${config}: ${(js.length / 1024).toFixed(0)} KiB, gzip ${(gzipSync(js).length / 1024).toFixed(0)} KiB`);
  return path.join(outdir, 'index.js');
}

// ---- workerd process figures -------------------------------------------------------------
function workerdPid(): number {
  const ps = spawnSync('ps', ['-eo', 'pid,ppid,comm'], { encoding: 'utf8' }).stdout.trim().split('\n').slice(1);
  const rows = ps.map((l) => l.trim().split(/\s+/)).map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm }));
  const mine = (pid: number): boolean => pid === process.pid || rows.some((r) => r.pid === pid && r.ppid !== pid && mine(r.ppid));
  const w = rows.filter((r) => r.comm === 'workerd' && mine(r.ppid));
  if (w.length !== 1) throw new Error(`expected one workerd child, found ${w.length}`);
  return w[0].pid;
}
const statusKb = (pid: number, field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
const cpuMs = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in USER_HZ (100) ticks
};
/** Runs fn and reports wall ms, workerd CPU ms, and the peak RSS above the RSS before (MB). */
async function measure<T>(pid: number, fn: () => Promise<T>) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const rssBefore = statusKb(pid, 'VmRSS');
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  const result = await fn();
  const wall = performance.now() - t0;
  return { result, wall, cpu: cpuMs(pid) - cpu0, peakMb: (statusKb(pid, 'VmHWM') - rssBefore) / 1024, rssMb: rssBefore / 1024 };
}

// ---- setup -------------------------------------------------------------------------------
// Generated before workerd starts: a long synchronous generation would let the idle proxy socket to workerd time out.
const { statements, counts } = generateSeed({ scale });
const exportScript = bundle('export-worker/wrangler.toml');
const apiScript = e2e ? bundle('wrangler.toml') : undefined;
const common = { modules: true, compatibilityDate: '2026-10-01', compatibilityFlags: ['nodejs_compat'], d1Databases: { DB: 'juzi-db' }, r2Buckets: { FILES: 'juzi-exports' } };
// Miniflare 5 takes a new options shape; the v4 shape (the one wrangler's docs show) converts to it.
const mf = new Miniflare(convertV4MiniflareOptions({
  workers: [
    {
      ...common,
      name: 'export',
      scriptPath: exportScript,
      modulesRoot: path.dirname(exportScript),
      queueConsumers: { 'juzi-exports': { maxBatchSize: 5, maxBatchTimeout: 1, maxRetries: 3, deadLetterQueue: 'juzi-exports-dlq' } },
    },
    ...(apiScript
      ? [{ ...common, name: 'api', scriptPath: apiScript, modulesRoot: path.dirname(apiScript), queueProducers: { EXPORT_QUEUE: 'juzi-exports' }, bindings: { APP_ORIGIN: 'http://localhost', MAIL_FROM: 'bench@example.com' } }]
      : []),
  ],
}));
await mf.ready;
const db = await mf.getD1Database('DB', 'export');
const pid = workerdPid();

const t0 = performance.now();
for (const f of readdirSync(path.join(root, 'migrations')).filter((f) => f.endsWith('.sql')).sort()) {
  for (const sql of readFileSync(path.join(root, 'migrations', f), 'utf8').split('--> statement-breakpoint')) {
    if (sql.replace(/--.*$/gm, '').trim()) await db.prepare(sql).run();
  }
}
for (let i = 0; i < statements.length; i += 20) await db.batch(statements.slice(i, i + 20).map((s) => db.prepare(s)));
console.log(`seed scale ${scale}: ${counts.closures} closures, applied in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const now = Date.now();
const user = await db
  .prepare("INSERT INTO users (account, username, password_hash, password_salt, password_iterations, created_at) VALUES ('bench@example.com', '压测', 'x', 'x', 1, ?) RETURNING id")
  .bind(now)
  .first<{ id: number }>();
await db.prepare('INSERT INTO coin_wallets (user_id, balance, updated_at) VALUES (?, 0, ?)').bind(user!.id, now).run();

/** A job of one record: rows offset..offset+2000 of the whole closed-company list (the batch button "2001-4000"). */
async function oneBatchRecord(n: number): Promise<number> {
  const job = await db
    .prepare("INSERT INTO export_jobs (user_id, kind, title, params, total_rows, batches, coins, idempotency_key, op_nonce, created_at) VALUES (?, 'closure', '死亡公司数据', '{}', 2000, 1, 0, ?, 'bench', ?) RETURNING id")
    .bind(user!.id, `bench-${n}`, now)
    .first<{ id: number }>();
  const rec = await db
    .prepare("INSERT INTO download_records (job_id, user_id, batch_no, offset, rows, filename, status, coins, created_at) VALUES (?, ?, 1, 2000, 2000, 'bench.xlsx', 'queued', 0, ?) RETURNING id")
    .bind(job!.id, user!.id, now)
    .first<{ id: number }>();
  return rec!.id;
}

// ---- one 2000-row batch ------------------------------------------------------------------
const exportWorker = await mf.getWorker('export');
const figures: { wall: number; cpu: number; peakMb: number }[] = [];
for (let i = 0; i < runs; i++) {
  const recordId = await oneBatchRecord(i);
  const m = await measure(pid, () => exportWorker.queue('juzi-exports', [{ id: `bench-${i}`, timestamp: new Date(), attempts: 1, body: { recordId } }]));
  const rec = await db.prepare('SELECT status, rows_done, size FROM download_records WHERE id = ?').bind(recordId).first<{ status: string; rows_done: number; size: number }>();
  if (m.result.outcome !== 'ok' || rec?.status !== 'done' || rec.rows_done !== 2000) throw new Error(`batch ${i} did not finish: ${JSON.stringify({ outcome: m.result.outcome, rec })}`);
  figures.push(m);
  console.log(
    `batch ${i + 1}${i === 0 ? ' (cold isolate)' : ''}: ${m.wall.toFixed(0)} ms wall, ${m.cpu.toFixed(0)} ms CPU, peak +${m.peakMb.toFixed(1)} MB over ${m.rssMb.toFixed(0)} MB RSS, xlsx ${(rec.size / 1024).toFixed(0)} KiB`,
  );
}
const warm = figures.slice(1).sort((a, b) => a.wall - b.wall);
const reportRows: string[][] = [];
if (warm.length) {
  const mid = warm[Math.floor(warm.length / 2)];
  const peak = Math.max(...warm.map((f) => f.peakMb)).toFixed(1);
  console.log(`one 2000-row batch (warm median of ${warm.length}): ${mid.wall.toFixed(0)} ms wall, ${mid.cpu.toFixed(0)} ms CPU, peak +${peak} MB`);
  reportRows.push([`一个 2000 行文件（死亡公司导出，热 isolate ${warm.length} 次的中位数）`, `${mid.wall.toFixed(0)} ms`, `${mid.cpu.toFixed(0)} ms`, `+${peak} MB`]);
}

// ---- the whole list through the API and the queue -----------------------------------------
if (apiScript) {
  const api = await mf.getWorker('api');
  const reg = await api.fetch('http://localhost/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account: 'bench-e2e@example.com', password: 'bench-pass-123' }),
  });
  const { data: session } = (await reg.json()) as { data: { token: string } };
  const me = await db.prepare("SELECT id FROM users WHERE account = 'bench-e2e@example.com'").first<{ id: number }>();
  await db.prepare("INSERT INTO memberships (user_id, level, starts_at, ends_at) VALUES (?, 'svip', ?, ?)").bind(me!.id, now - 1000, now + 86400_000).run();

  const m = await measure(pid, async () => {
    const res = await api.fetch('http://localhost/api/closure/closure_down', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}`, 'Idempotency-Key': 'bench-e2e-00001' },
      body: JSON.stringify({ down_type: 0 }),
    });
    const body = (await res.json()) as { data: { job_id: number; rows: number; batches: number } };
    if (res.status !== 200) throw new Error(`closure_down: ${res.status} ${JSON.stringify(body)}`);
    const { job_id, rows, batches } = body.data;
    const started = performance.now();
    for (;;) {
      const r = await db
        .prepare("SELECT SUM(status = 'done') AS done, SUM(status = 'failed') AS failed, SUM(rows_done) AS written, SUM(size) AS bytes FROM download_records WHERE job_id = ?")
        .bind(job_id)
        .first<{ done: number; failed: number; written: number; bytes: number }>();
      if (r!.done + r!.failed >= batches) return { rows, batches, ...r! };
      if (performance.now() - started > 300_000) throw new Error(`not finished after 5 minutes: ${JSON.stringify(r)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  const r = m.result;
  console.log(
    `end to end: ${r.rows} rows in ${r.batches} files (${r.done} done, ${r.failed} failed, ${r.written} rows written, ${(r.bytes / 1048576).toFixed(1)} MB) ` +
      `in ${(m.wall / 1000).toFixed(1)} s wall, ${(m.cpu / 1000).toFixed(1)} s workerd CPU, peak +${m.peakMb.toFixed(1)} MB`,
  );
  reportRows.push([`整个列表经 API 与队列：${r.rows} 行、${r.batches} 个文件（${r.done} 完成，${r.failed} 失败）`, `${(m.wall / 1000).toFixed(1)} s`, `${(m.cpu / 1000).toFixed(1)} s`, `+${m.peakMb.toFixed(1)} MB`]);
}
printSection(
  `exports-scale-${scale}`,
  `导出（scale ${scale}）`,
  'workerd 里运行可部署的 bundle（wrangler deploy --dry-run），真实的 D1、R2 与队列；CPU 与内存是整个 workerd 进程的（含本地 D1 的读取）。目标：一个文件远低于 1 s CPU 与 64 MB，60,000 行一分钟以内。\n\n' +
    table(['项目', '耗时', 'CPU', '内存峰值'], reportRows),
);

await mf.dispose();
