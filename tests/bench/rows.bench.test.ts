/**
 * Rows-read bench: every list, ranking, statistics, search and detail call of each area in
 * tests/bench/areas, against the deterministic seed at BENCH_SCALE (default 10), in workerd with
 * the real D1. For each call it prints p50 / p99 latency of BENCH_RUNS requests through the
 * worker's fetch, the D1 rows read per request (meta.rows_read of the request's read statements),
 * the rows D1 returned for them, the items in the answer, the budget of a paged call
 * (3 × items + 100) and any plan step that walks a large table without an index.
 * The latency is what a caller sees (an answer the edge cache keeps is served from it); the rows are
 * the handler's: a kept answer is dropped before the recorded request, so it reaches D1.
 * Prints figures; asserts only that calls succeed. BENCH_AREA=<name>[,<name>...] limits it to those areas.
 *
 *   npm run bench -- rows            (or npx vitest run --config tests/bench/closure.vitest.config.ts)
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSeed } from '../../scripts/seed/generate';
import { fullScans, plans, recordRequest, rowsReadBy, type Recorded } from '../worker/query-recorder';
import { makeUser } from '../worker/helpers';
import { createSession } from '../../worker/src/auth/session';
import { drizzleDb } from '../../worker/src/db';
import { AREAS } from './areas';
import { edgeCacheKey } from '../../worker/src/lib/cache';
import { policy } from '../../worker/src/app';
import { printSection, table } from './section.mjs';

const benchEnv = env as unknown as { BENCH_SCALE?: string; BENCH_RUNS?: string; BENCH_AREA?: string };
const SCALE = Number(benchEnv.BENCH_SCALE ?? 10);
const RUNS = Number(benchEnv.BENCH_RUNS ?? 40);
/** Areas to run (BENCH_AREA, names separated by commas, so several share one seed); all when empty. */
const ONLY = (benchEnv.BENCH_AREA || '').split(',').filter(Boolean);

let token = '';

const one = async <T>(sql: string) => (await env.DB.prepare(sql).first<T>())!;

beforeAll(async () => {
  const t0 = Date.now();
  const seed = generateSeed({ scale: SCALE });
  for (let i = 0; i < seed.statements.length; i += 100) {
    await env.DB.batch(seed.statements.slice(i, i + 100).map((s) => env.DB.prepare(s)));
  }
  const c = seed.counts;
  console.log(
    `seeded scale ${SCALE} in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${c.closures} closures, ${c.comments} comments, ${c.incense_records} incense records, ${c.news} news, ${c.starmarket_companies} STAR companies, ${c.disclosures} disclosures, ${c.invest_event_investors} event investors`,
  );
  token = (await makeUser({ role: 'vip' })).token;
}, 1_800_000);

const userTokens = new Map<number, string>();
/** A session of a seeded user, for the calls that read their own lists. */
async function tokenOf(userId: number) {
  if (!userTokens.has(userId)) userTokens.set(userId, (await createSession(drizzleDb(env.DB), userId)).token);
  return userTokens.get(userId)!;
}

const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

/** Rows D1 returns for the request's read statements (a re-run of each). */
async function rowsReturned(statements: Recorded[]): Promise<number> {
  let n = 0;
  for (const s of statements.filter((x) => isRead(x.sql))) n += (await env.DB.prepare(s.sql).bind(...s.params).all()).results.length;
  return n;
}

/** Items in the answer: the rows of a list (data.info) or an array, 1 for an object. */
function items(body: unknown): number {
  const data = (body as { data?: unknown }).data;
  if (Array.isArray(data)) return data.length;
  const info = (data as { info?: unknown } | undefined)?.info;
  if (Array.isArray(info)) return info.length;
  return data ? 1 : 0;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const pad = (s: string | number, n: number) => String(s).padEnd(n);

describe(`rows read per call at scale ${SCALE}`, () => {
  for (const area of AREAS.filter((a) => !ONLY.length || ONLY.includes(a.name))) {
    it(`${area.name} calls`, async () => {
      const picks = await area.pick(one);
      const lines: string[] = [];
      const over: string[] = [];
      const cells: (string | number)[][] = [];
      lines.push(`${pad('call', 44)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('rows read', 11)}${pad('returned', 10)}${pad('items', 7)}${pad('budget', 9)}full scans`);
      for (const call of area.calls(picks)) {
        const method = call.method ?? 'GET';
        const headers: Record<string, string> = { Authorization: `Bearer ${call.user === undefined ? token : await tokenOf(call.user)}` };
        if (call.body !== undefined) headers['Content-Type'] = 'application/json';
        const init = { method, headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) };
        const url = new URL(call.path, 'http://localhost');
        const first = await SELF.fetch(url, init);
        expect(first.status, `${call.label}: ${await first.text()}`).toBe(200);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          const res = await SELF.fetch(url, init);
          await res.arrayBuffer();
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        const key = await edgeCacheKey(new Request(url, init), policy()[`${method} ${url.pathname}`]);
        if (key) await (caches as unknown as { default: Cache }).default.delete(key);
        const recorded = await recordRequest(call.path, init);
        const read = (await rowsReadBy(recorded.statements)).reduce((s, r) => s + r.rows, 0);
        const returned = await rowsReturned(recorded.statements);
        const n = (area.items ?? items)(recorded.body);
        const budget = 3 * n + 100;
        const scans = (await plans(recorded.statements)).flatMap(fullScans);
        const verdict = call.paged ? (read <= budget ? `${budget} ok` : `${budget} OVER`) : '-';
        if (call.paged && read > budget) over.push(call.label);
        cells.push([call.label, percentile(times, 50).toFixed(1), percentile(times, 99).toFixed(1), read, returned, n, call.paged ? `${budget}${read > budget ? ' 超出' : ''}` : '-', scans.map((s) => s.detail).join('; ') || '-']);
        lines.push(
          `${pad(call.label, 44)}${pad(percentile(times, 50).toFixed(1), 8)}${pad(percentile(times, 99).toFixed(1), 8)}${pad(read, 11)}${pad(returned, 10)}${pad(n, 7)}${pad(verdict, 9)}${scans.map((s) => s.detail).join('; ') || '-'}`,
        );
      }
      console.log(
        `\n${area.name} calls, scale ${SCALE}, ${RUNS} timed runs each (latency in workerd through the worker's fetch); picks ${JSON.stringify(picks)}\n${lines.join('\n')}\npaged calls over budget: ${over.length ? over.join(', ') : 'none'}`,
      );
      printSection(
        `rows-s${SCALE}-${area.name}`,
        `读取行数与延迟：${area.name}（scale ${SCALE}）`,
        `每个调用 ${RUNS} 次计时（workerd 里经 worker 的 fetch）；读取行数是处理函数的（记录的那次请求之前删掉边缘缓存里的答复）。分页调用的预算 = 3 × 条目数 + 100。超预算的分页调用：${over.length ? over.join('、') : '无'}。\n\n` +
          table(['调用', 'p50 ms', 'p99 ms', '读取行数', '返回行数', '条目', '预算', '扫大表的计划'], cells),
      );
    });
  }
});
