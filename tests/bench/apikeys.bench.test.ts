/**
 * API keys vs sessions: the same signed-in list call (GET /api/closure, page 2, a VIP's, never
 * edge-cached) made with a session token and with an API key of the same VIP account, in the same
 * run, through the worker's fetch in workerd with the real D1 and the seed at BENCH_SCALE (default 1).
 * Rounds alternate which goes first; each round is CALLERS concurrent callers × PER_CALLER requests.
 * The key's per-minute window is reset between rounds (a VIP key may make 300 calls a minute; the
 * bench makes more), after its counted usage is written, so every keyed request pays what a keyed
 * request pays: the key check, the rate window, the quota block and the usage count.
 * Prints req/s and latency of each and the keyed / session ratio (target: within 10%).
 *
 *   npm run bench -- apikeys [--scale 1]
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, expect, it } from 'vitest';
import { generateSeed } from '../../scripts/seed/generate';
import { flushUsage, forgetMeters } from '../../worker/src/apikeys/meter';
import { createKey } from '../../worker/src/apikeys/keys';
import { drizzleDb } from '../../worker/src/db';
import { makeUser } from '../worker/helpers';
import { printSection, table } from './section.mjs';

const SCALE = Number((env as unknown as { BENCH_SCALE?: string }).BENCH_SCALE ?? 1);
const ROUNDS = 8;
const CALLERS = 32;
const PER_CALLER = 8;
const PATH = '/api/closure?page=2';

let session = '';
let key = '';

beforeAll(async () => {
  const seed = generateSeed({ scale: SCALE });
  for (let i = 0; i < seed.statements.length; i += 100) await env.DB.batch(seed.statements.slice(i, i + 100).map((s) => env.DB.prepare(s)));
  const vip = await makeUser({ role: 'vip' });
  session = vip.token;
  key = (await createKey(drizzleDb(env.DB), vip.id, 'bench', '')).key;
}, 1_800_000);

interface Batch {
  ms: number;
  latencies: number[];
}

async function batch(auth: string): Promise<Batch> {
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      for (let i = 0; i < PER_CALLER; i++) {
        const s = performance.now();
        const res = await SELF.fetch(`http://localhost${PATH}`, { headers: { Authorization: `Bearer ${auth}` } });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        latencies.push(performance.now() - s);
      }
    }),
  );
  return { ms: performance.now() - t0, latencies };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

it('keyed vs session throughput of a signed-in list call', async () => {
  // Warm both paths (kept session and key, statement shapes).
  await batch(session);
  await batch(key);
  const totals = { session: { ms: 0, latencies: [] as number[] }, key: { ms: 0, latencies: [] as number[] } };
  for (let r = 0; r < ROUNDS; r++) {
    await flushUsage(drizzleDb(env.DB));
    forgetMeters();
    const order = r % 2 === 0 ? (['session', 'key'] as const) : (['key', 'session'] as const);
    for (const which of order) {
      const b = await batch(which === 'session' ? session : key);
      totals[which].ms += b.ms;
      totals[which].latencies.push(...b.latencies);
    }
  }
  const rps = (t: { ms: number; latencies: number[] }) => (t.latencies.length / t.ms) * 1000;
  const ratio = rps(totals.key) / rps(totals.session);
  const rows = (['session', 'key'] as const).map((w) => [
    w === 'session' ? '登录会话（Bearer token）' : 'API 密钥（Bearer juzi_live_…）',
    totals[w].latencies.length,
    rps(totals[w]).toFixed(0),
    pct(totals[w].latencies, 50).toFixed(1),
    pct(totals[w].latencies, 99).toFixed(1),
  ]);
  console.log(`GET ${PATH} as a VIP, scale ${SCALE}: session ${rps(totals.session).toFixed(0)} req/s, key ${rps(totals.key).toFixed(0)} req/s, key / session ${ratio.toFixed(3)}`);
  printSection(
    'apikeys',
    `API 密钥与登录会话的吞吐（scale ${SCALE}）`,
    `同一次运行里，同一个 VIP 账号用登录会话与用 API 密钥调用 \`GET ${PATH}\`（不走边缘缓存），workerd 内经 worker 的 fetch，真实 D1；${ROUNDS} 轮交替先后，每轮 ${CALLERS} 个并发调用方 × ${PER_CALLER} 次。每轮之间先写入密钥的用量再清空本分钟的计数（VIP 密钥每分钟限 300 次），所以每次带密钥的请求都付出了校验密钥、速率窗口、额度块与用量计数的全部开销。目标：密钥的 req/s 不低于会话的 90%。\n\n` +
      table(['凭证', '请求数', 'req/s', 'p50 ms', 'p99 ms'], rows) +
      `\n\n密钥 / 会话 = **${ratio.toFixed(3)}**（${ratio >= 0.9 ? '达到' : '未达'}目标）。`,
  );
  expect(totals.key.latencies.length).toBe(totals.session.latencies.length);
}, 1_800_000);
