/**
 * Issue 16, end to end: kill the local stack (SIGKILL of `npm start`'s process group) while exports
 * run, start it again with `npm start` on the same state, and every file of those exports ends done,
 * or failed and refunded, within a few minutes, with the ledger summing to the balance. The open
 * download centre says the list failed to load during the outage and recovers by itself.
 *
 * This test runs its own stack (its own port, state directory and process group) through
 * scripts/start.mjs, so the kill never touches the shared e2e stack; afterAll kills what is left.
 * Its state directory starts as a copy of the e2e run's freshly seeded one (global-setup.ts), so
 * `npm start` finds the demo data there and does not seed again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, DESKTOP } from './browser';
import { E2E_SCALE } from './global-setup';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
/** The e2e data set (4,500 closed companies): the whole-list export is three files (2000 + 2000 + 500 rows). */
const SEED_SCALE = String(E2E_SCALE);

interface RecordView {
  record_id: number;
  status: string;
  status_text: string;
  refunded: boolean;
  requeues: number;
  coins: number;
  rows: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let stateDir: string;
let port: number;
let base: string;
let log: WriteStream;
let npmStart: ChildProcess | undefined;
let browser: Browser | undefined;

/** True while any process of the group is alive. */
function groupAlive(pgid: number) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm start` as a tester runs it (node scripts/start.mjs), leader of its own process group. */
async function startStack() {
  log.write(`\n===== npm start ${new Date().toISOString()} =====\n`);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH}`, PORT: String(port), JUZI_STATE_DIR: stateDir, JUZI_SEED_SCALE: SEED_SCALE, WRANGLER_SEND_METRICS: 'false' },
  });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  npmStart = child;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}); see test-results/e2e/export-crash.log`);
    // start.mjs prints its banner after the boot reconcile; the health check alone may come first.
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(300);
  }
  throw new Error('npm start did not answer within 240 s');
}

async function killStack(signal: NodeJS.Signals) {
  const child = npmStart;
  if (!child?.pid) return;
  if (groupAlive(child.pid)) process.kill(-child.pid, signal);
  for (let i = 0; i < 200 && groupAlive(child.pid); i++) await sleep(100);
  npmStart = undefined;
}

async function api<T>(token: string, p: string, init: { method?: string; json?: unknown; key?: string } = {}): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  if (init.key) headers['Idempotency-Key'] = init.key;
  const res = await fetch(`${base}${p}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
  const body = (await res.json()) as { status: string; data: T; msg?: string };
  if (body.status !== 'success') throw new Error(`${p}: ${res.status} ${body.msg}`);
  return body.data;
}

async function login(account: string) {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ account, password: 'demo-pass-2026' }) });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The user's whole ledger through the API (newest first, 20 a page). */
async function ledgerSum(token: string) {
  let sum = 0;
  for (let page = 1; ; page++) {
    const d = await api<{ info: { delta: number }[]; page: { total: number } }>(token, `/api/user/ledger?page=${page}&per_page=20`);
    sum += d.info.reduce((s, r) => s + r.delta, 0);
    if (page * 20 >= d.page.total) return sum;
  }
}

const settled = (r: RecordView) => r.status === 'done' || r.status === 'failed';

beforeAll(async () => {
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'juzi-crash-'));
  cpSync(inject('seededState'), stateDir, { recursive: true });
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  log = createWriteStream(path.join(inject('artifactsDir'), 'export-crash.log'));
  await startStack();
  browser = await launch();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await killStack('SIGTERM');
  await killStack('SIGKILL');
  log?.end();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

describe('exports survive a crash of the local stack', () => {
  // The bound that matters is below (every file settled within 3 minutes of the restart); the test's
  // timeout leaves room for a 2-core machine that also runs tsc and the worker and web projects.
  it('kill -9 of npm start mid-export, npm start again: every file ends done or failed-and-refunded, the ledger sums to the balance', { timeout: 600_000 }, async () => {
    const vip = await login('vip@demo.local');
    const svip = await login('svip@demo.local');
    const before = (await api<{ juzibtc: number }>(vip, '/api/user/info')).juzibtc;

    type Created = { records: RecordView[]; jzb_down: number };
    const generate = async (token: string, key: string) => ({ token, ...(await api<Created>(token, '/api/exports', { method: 'POST', json: { kind: 'closure', params: {} }, key })) });
    // A backlog first: 24 free exports of a super-VIP (72 files, 108,000 rows), sent 8 at a time, far more than the
    // consumer finishes in the seconds the rest takes (a handful of jobs can all be done before the first
    // poll now that files are quick); then the VIP's two paid ones behind it, certain to be stranded.
    const jobs: (Created & { token: string })[] = [];
    const all: { token: string; id: number }[] = [];
    const statuses = () => Promise.all(all.map((r) => api<RecordView>(r.token, `/api/downloads/${r.id}`)));
    const add = async (token: string, key: string) => {
      const job = await generate(token, key);
      jobs.push(job);
      all.push(...job.records.map((r) => ({ token, id: r.record_id })));
    };
    for (let i = 0; i < 24; i += 8) await Promise.all(Array.from({ length: 8 }, (_, k) => add(svip, `crash-svip-${i + k}-${port}`)));
    for (let i = 0; i < 2; i++) await add(vip, `crash-vip-${i}-${port}`);
    const vipJobs = jobs.filter((j) => j.token === vip);
    const charged = vipJobs.reduce((s, j) => s + j.jzb_down, 0);
    expect(charged).toBeGreaterThan(0);
    const vipIds = vipJobs.flatMap((j) => j.records.map((r) => r.record_id));

    // The VIP watches the download centre (it keeps polling while a file of theirs is pending).
    const ctx = await browser!.newContext({ viewport: DESKTOP });
    await ctx.addInitScript((t) => localStorage.setItem('juzi_token', t), vip);
    const page = await ctx.newPage();
    await page.goto(`${base}/user-center/download`);
    await page.locator('.dl-table').waitFor();

    const atKill = await statuses();
    await killStack('SIGKILL');
    const stranded = atKill.filter((r) => !settled(r));
    expect(stranded.length).toBeGreaterThan(0);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();

    // The open page notices the outage.
    await page.getByText('下载记录加载失败，请稍后重试').waitFor({ timeout: 60_000 });

    // npm start again, on the same checkout and state.
    await startStack();
    let after: RecordView[];
    const deadline = Date.now() + 180_000;
    for (;;) {
      after = await statuses();
      if (after.every(settled)) break;
      if (Date.now() > deadline) throw new Error(`not settled within 3 minutes of the restart: ${JSON.stringify(after.map((r) => [r.record_id, r.status_text]))}`);
      await sleep(1000);
    }
    // Every file that was pending at the kill ended done, or failed with its refund; the stranded ones were re-sent.
    for (const r of after) if (r.status === 'failed') expect(r, JSON.stringify(r)).toMatchObject({ refunded: true, status_text: `生成失败，已退还 ${r.coins} 桔子币` });
    expect(after.filter((r) => r.requeues > 0).length).toBeGreaterThan(0);

    // The page came back by itself and shows no file left waiting.
    await page.getByText('下载记录加载失败，请稍后重试').waitFor({ state: 'detached', timeout: 60_000 });
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('.dl-status')].map((c) => c.textContent ?? '');
      return cells.length > 0 && cells.every((t) => !/排队|生成中/.test(t));
    }, undefined, { timeout: 60_000 });
    await page.screenshot({ path: path.join(inject('artifactsDir'), 'export-crash-centre.png'), fullPage: true });
    await ctx.close();

    // The VIP's files: downloadable and whole (2000 + 2000 + 500 rows each export).
    const vipAfter = after.filter((r) => vipIds.includes(r.record_id));
    for (const r of vipAfter.filter((x) => x.status === 'done')) {
      const res = await fetch(`${base}/api/downloads/${r.record_id}/file`, { headers: { Authorization: `Bearer ${vip}` } });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      expect(wb.worksheets[0].rowCount - 1).toBe(r.rows);
    }

    // Money: charged once, refunded only for failed files, the ledger sums to the balance.
    const refunded = vipAfter.filter((r) => r.status === 'failed').reduce((s, r) => s + r.coins, 0);
    const balance = (await api<{ juzibtc: number }>(vip, '/api/user/info')).juzibtc;
    expect(balance).toBe(before - charged + refunded);
    expect(await ledgerSum(vip)).toBe(balance);
  });
});
