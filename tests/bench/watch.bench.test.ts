/**
 * Watchlist matching at scale: the seed at BENCH_SCALE (default 10) and BENCH_SEARCHES (default
 * 10,000) saved searches over the closed-company, burn-ranking, STAR, event and news lists, then a
 * day with N changed rows, for several N: the D1 rows the 10:00 job's matching step reads
 * (meta.rows_read of each of its read statements), apart from the one read of the saved searches
 * themselves. Prints figures; asserts only that the runs succeed.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateSeed } from '../../scripts/seed/generate';
import { recordingD1, rowsReadBy, type Recorded } from '../worker/query-recorder';
import type { Env } from '../../worker/src/env';
import { planWatchDigest } from '../../worker/src/watch/digest';
import { printSection, table } from './section.mjs';

const benchEnv = env as unknown as { BENCH_SCALE?: string; BENCH_SEARCHES?: string };
const SCALE = Number(benchEnv.BENCH_SCALE ?? 10);
const SEARCHES = Number(benchEnv.BENCH_SEARCHES ?? 10000);
const USERS = Math.ceil(SEARCHES / 5);

const all = async <T>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;
const count = async (table: string) => (await all<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n;

beforeAll(async () => {
  const t0 = Date.now();
  const seed = generateSeed({ scale: SCALE });
  for (let i = 0; i < seed.statements.length; i += 100) await env.DB.batch(seed.statements.slice(i, i + 100).map((s) => env.DB.prepare(s)));
  console.log(`seeded scale ${SCALE} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
     INSERT INTO users (account, username, password_hash, password_salt, password_iterations, created_at)
     SELECT 'watch-bench-' || i || '@example.com', '订阅用户' || i, 'x', 'x', 1, 0 FROM n`,
  )
    .bind(USERS)
    .run();
  const userIds = (await all<{ id: number }>(`SELECT id FROM users WHERE account LIKE 'watch-bench-%' ORDER BY id`)).map((u) => u.id);
  const provs = (await all<{ p: string }>('SELECT DISTINCT com_prov AS p FROM closures')).map((r) => r.p);
  const cats = (await all<{ c: number }>('SELECT DISTINCT cat_id AS c FROM closures')).map((r) => r.c);
  const starProvs = (await all<{ p: string }>('SELECT DISTINCT com_prov AS p FROM starmarket_companies')).map((r) => r.p);
  const states = (await all<{ s: number }>('SELECT DISTINCT state_id AS s FROM starmarket_companies')).map((r) => r.s);
  const scopes = (await all<{ s: string }>("SELECT DISTINCT scope AS s FROM invest_events WHERE scope <> ''")).map((r) => r.s);
  const now = Date.now();
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const pick = <T>(xs: T[], k: number) => xs[k % xs.length]!;
    const kinds: [string, Record<string, unknown>][] = [
      ['closure', { com_prov: pick(provs, i), cat_id: pick(cats, Math.floor(i / provs.length)) }],
      ['closure', { com_prov: pick(provs, i) }],
      ['closure/amount_top', { cat_id: pick(cats, i) }],
      ['starmarket', { com_prov: pick(starProvs, i), state: pick(states, Math.floor(i / starProvs.length)) }],
      ['starmarket/listed', { com_prov: pick(starProvs, i) }],
      ['investevent', { scope: pick(scopes, i) }],
      ['news', { scope: pick(scopes, i) }],
    ];
    const [area, query] = kinds[i % kinds.length]!;
    statements.push(
      env.DB.prepare(
        `INSERT INTO saved_searches (user_id, name, area, query, paused, mail, feed_salt, feed_hash, seen_at, notified_at, hooked_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, 0, 1, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(userIds[i % userIds.length], `订阅${i}`, area, JSON.stringify(query), `s${i}`, `unset:s${i}`, now, now, now, now, now),
    );
  }
  for (let i = 0; i < statements.length; i += 100) await env.DB.batch(statements.slice(i, i + 100));
}, 1_800_000);

/** `n` changed rows, as a day brings them: half closures, a fifth STAR companies, the rest events and news. */
async function changeRows(n: number) {
  const part = (f: number) => Math.max(1, Math.round(n * f));
  await env.DB.batch([
    env.DB.prepare('UPDATE closures SET fund_status_id = fund_status_id WHERE com_id IN (SELECT com_id FROM closures ORDER BY random() LIMIT ?)').bind(part(0.5)),
    env.DB.prepare('UPDATE starmarket_companies SET acceptance_update_time = acceptance_update_time + 1 WHERE m_com_id IN (SELECT m_com_id FROM starmarket_companies ORDER BY random() LIMIT ?)').bind(part(0.2)),
    env.DB.prepare('UPDATE invest_events SET money = money + 1 WHERE id IN (SELECT id FROM invest_events ORDER BY random() LIMIT ?)').bind(part(0.2)),
    env.DB.prepare("UPDATE news SET title = title || '' WHERE id IN (SELECT id FROM news ORDER BY random() LIMIT ?)").bind(part(0.1)),
  ]);
}

describe(`watchlist matching at scale ${SCALE} with ${SEARCHES} saved searches`, () => {
  it('rows read by the 10:00 matching step grow with the day’s changes', async () => {
    const sizes = { closures: await count('closures'), starmarket_companies: await count('starmarket_companies'), invest_events: await count('invest_events'), news: await count('news') };
    const listed = Object.values(sizes).reduce((a, b) => a + b, 0);
    const rows: (string | number)[][] = [];
    const days = [20261124, 20261125, 20261126, 20261127];
    for (const [k, n] of [0, 100, 1000, 5000].entries()) {
      await new Promise((r) => setTimeout(r, 10));
      if (n) await changeRows(n);
      await new Promise((r) => setTimeout(r, 10));
      const log: Recorded[] = [];
      const t0 = Date.now();
      const day = days[k]!;
      const run = await planWatchDigest({ ...(env as unknown as Env), DB: recordingD1(env.DB, log) }, Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100, 2));
      const ms = Date.now() - t0;
      expect(run.workday).toBe(true);
      const byStatement = await rowsReadBy(log);
      const searchesRead = byStatement.filter((s) => /from "saved_searches"/.test(s.sql) && /^select/i.test(s.sql.trim())).reduce((a, s) => a + s.rows, 0);
      const total = byStatement.reduce((a, s) => a + s.rows, 0);
      rows.push([n, run.changesRead, run.listsRun, total - searchesRead, searchesRead, run.planned, ms]);
      console.log(`changes ${n}: ${run.changesRead} changed rows, ${run.listsRun} lists run, ${total - searchesRead} rows read for matching, ${searchesRead} saved-search rows, ${run.planned} e-mails planned, ${ms} ms`);
    }
    printSection(
      'watch-matching',
      `订阅匹配（10:00 任务的匹配步骤，规模 ${SCALE}，${SEARCHES} 个订阅）`,
      `列表行共 ${listed.toLocaleString('en-US')}（死亡公司 ${sizes.closures}、科创板 ${sizes.starmarket_companies}、融资事件 ${sizes.invest_events}、新闻 ${sizes.news}）。每一行是一天里变化的行数 N 下，匹配步骤读的 D1 行数（各读语句的 meta.rows_read）；订阅本身的一次读取单列。\n\n${table(
        ['当天变化的行', '变更日志中的行', '运行的列表（不同查询）', '匹配读的行', '读订阅的行', '计划的邮件', '用时 ms'],
        rows.map((r) => r.map((v) => (typeof v === 'number' ? v.toLocaleString('en-US') : v))),
      )}`,
    );
  });
});
