/**
 * FA TOP20 (GET /api/medical/data?type=fa_rand) with many FA firms: the 20 FA firms with the most
 * healthcare deals, ties by all their deals, then by id, with their exact counts, the same on every
 * call, reading at most 3 × 20 + 100 rows (D1 meta.rows_read of what the request ran) however many
 * FA firms there are; and still so after a firm becomes or stops being an FA, loses deals, or an
 * event leaves the area.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../helpers';
import { recordRequest, rowsReadBy } from '../query-recorder';
import { baseRounds, companyStatements, eventStatements, makeFirm, SCOPE } from './fixtures';

const BUDGET = 3 * 20 + 100;
const FAS = 150;
let vip: TestUser;
const firms: { id: number; name: string; fa: boolean }[] = [];
const medicalEvents: number[] = [];

const all = async <T>(q: string, ...params: unknown[]) => (await env.DB.prepare(q).bind(...params).all<T>()).results;

/** The ranking as the straightforward ORDER BY over the events gives it. */
const oracle = () =>
  all<{ id: number; m: number; t: number }>(
    `SELECT f.id,
      (SELECT count(*) FROM invest_event_investors i JOIN invest_events e ON e.id = i.event_id WHERE i.invst_id = f.id AND e.scope = ?) AS m,
      (SELECT count(*) FROM invest_event_investors i WHERE i.invst_id = f.id) AS t
    FROM invest_firms f WHERE f.is_fa = 1 ORDER BY m DESC, t DESC, f.id LIMIT 20`,
    SCOPE,
  );

/** Four calls: each the oracle's ranking with its counts, within the rows budget. */
async function expectRanking() {
  const want = (await oracle()).map((r) => [r.id, r.m, r.t]);
  expect(want).toHaveLength(20);
  for (let call = 0; call < 4; call++) {
    const r = await recordRequest('/api/medical/data?type=fa_rand', { headers: { Authorization: `Bearer ${vip.token}` } });
    expect(r.status).toBe(200);
    const data = (r.body as { data: { data: { id: number; medical_fa_total: number; fa_total: number }[]; page: { total: number } } }).data;
    expect(data.data.map((f) => [f.id, f.medical_fa_total, f.fa_total])).toEqual(want);
    expect(data.page.total).toBe(20);
    const reads = await rowsReadBy(r.statements);
    const rows = reads.reduce((n, s) => n + s.rows, 0);
    expect(rows, JSON.stringify(reads)).toBeLessThanOrEqual(BUDGET);
  }
  return want;
}

beforeAll(async () => {
  vip = await makeUser({ role: 'vip' });
  await baseRounds();
  for (let i = 0; i < FAS; i++) firms.push({ ...(await makeFirm({ fa: true })), fa: true });
  // Firms that are not FAs, each busier in the area than any FA: never in the ranking.
  for (let i = 0; i < 10; i++) firms.push({ ...(await makeFirm()), fa: false });
  const med = companyStatements({ medical: true });
  const other = companyStatements({ medical: false });
  const stmts: D1PreparedStatement[] = [...med.stmts, ...other.stmts];
  const event = (medical: boolean, investors: { id: number; name: string }[], i: number) => {
    const e = eventStatements({ comId: medical ? med.id : other.id, date: 20200101 + (i % 28), scope: medical ? SCOPE : '', investors });
    if (medical) medicalEvents.push(e.id);
    stmts.push(...e.stmts);
  };
  // FA firm i: i % 9 healthcare deals and i % 4 others, so many share both counts and only the id
  // tells them apart, and ties of healthcare deals are broken by the other deals.
  firms.forEach((f, i) => {
    const medical = f.fa ? i % 9 : 12;
    const others = f.fa ? i % 4 : 3;
    for (let k = 0; k < medical; k++) event(true, [f], i * 20 + k);
    for (let k = 0; k < others; k++) event(false, [f], i * 20 + k);
  });
  for (let i = 0; i < stmts.length; i += 500) await env.DB.batch(stmts.slice(i, i + 500));
}, 120_000);

describe('FA TOP20', () => {
  it('ranks FA firms by healthcare deals, ties by all deals, then id, the same on every call, within the rows budget', async () => {
    const want = await expectRanking();
    // The seeded pool has many firms tied on both counts: the ranking shows where the id decides.
    expect(want.some((r, i) => i > 0 && r[1] === want[i - 1][1] && r[2] === want[i - 1][2])).toBe(true);
    expect(want.some((r, i) => i > 0 && r[1] === want[i - 1][1] && r[2] !== want[i - 1][2])).toBe(true);
    const others = new Set(firms.filter((f) => !f.fa).map((f) => f.id));
    expect(want.filter((r) => others.has(r[0]))).toEqual([]);
  });

  it('follows a firm becoming an FA or not, losing deals, and an event leaving the area', async () => {
    const busy = firms.find((f) => !f.fa)!;
    await env.DB.prepare('UPDATE invest_firms SET is_fa = 1 WHERE id = ?').bind(busy.id).run();
    let want = await expectRanking();
    expect(want[0]).toEqual([busy.id, 12, 15]);

    const top = want[1][0];
    await env.DB.prepare('UPDATE invest_firms SET is_fa = 0 WHERE id = ?').bind(top).run();
    want = await expectRanking();
    expect(want.map((r) => r[0])).not.toContain(top);

    const second = want[1][0];
    await env.DB.prepare('DELETE FROM invest_event_investors WHERE rowid IN (SELECT rowid FROM invest_event_investors WHERE invst_id = ? LIMIT 3)').bind(second).run();
    await env.DB.prepare(`UPDATE invest_events SET scope = '' WHERE id IN (SELECT event_id FROM invest_event_investors WHERE invst_id = ?)`).bind(busy.id).run();
    want = await expectRanking();
    expect(want.map((r) => r[0])).not.toContain(busy.id);

    await env.DB.prepare('DELETE FROM invest_firms WHERE id = ?').bind(want[0][0]).run();
    await expectRanking();
  });
});
