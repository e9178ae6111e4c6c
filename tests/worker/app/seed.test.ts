/**
 * The seed generator, run inside workerd against the real D1: what a user of the demo
 * data set would notice if it were wrong.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../scripts/seed/demo-accounts';
import { generateSeed, SEED_TABLES } from '../../../scripts/seed/generate';
import { api, dataOf, errorOf } from '../client';

const SCALE = 0.05;
const seeded = generateSeed({ scale: SCALE });

const one = async <T>(sql: string) => (await env.DB.prepare(sql).first<T>())!;

beforeAll(async () => {
  await env.DB.batch(seeded.statements.map((s) => env.DB.prepare(s)));
});

describe('seed data set', () => {
  it('fills every seeded table with the rows the generator counted', async () => {
    for (const table of SEED_TABLES) {
      const { n } = await one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
      expect({ table, n }).toEqual({ table, n: seeded.counts[table] });
      expect(n, table).toBeGreaterThan(0);
    }
  });

  it('lets every demo account log in with the documented password and shows its role and coins', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const login = await api().auth.login.$post({ json: { account: demo.account, password: DEMO_PASSWORD } });
      expect(login.status, demo.account).toBe(200);
      const info = await dataOf(api((await dataOf(login)).token).user.info.$get());
      expect(info).toMatchObject({
        account: demo.account,
        username: demo.username,
        juzibtc: demo.coins,
        isVip: demo.role !== 'user',
        svip: demo.role === 'svip',
      });
    }
    const wrong = await errorOf(api().auth.login.$post({ json: { account: 'vip@demo.local', password: 'not-the-password' } }));
    expect(wrong.status).toBe(400);
  });

  it('keeps every wallet equal to the sum of its ledger, never negative', async () => {
    const bad = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM coin_wallets w WHERE w.balance <> (SELECT COALESCE(SUM(delta), 0) FROM coin_ledger l WHERE l.user_id = w.user_id) OR w.balance < 0',
    );
    expect(bad.n).toBe(0);
    const spenders = await one<{ n: number }>("SELECT COUNT(DISTINCT user_id) AS n FROM coin_ledger WHERE reason = 'incense'");
    expect(spenders.n).toBeGreaterThan(0);
  });

  it('keeps incense totals of companies and reasons equal to the sum of their records', async () => {
    const companies = await one<{ n: number; total: number }>(
      'SELECT COUNT(*) AS n, SUM(incense_total) AS total FROM closures c WHERE c.incense_total <> (SELECT COALESCE(SUM(amount), 0) FROM incense_records r WHERE r.type = 1 AND r.item_id = c.com_id)',
    );
    const reasons = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM closure_types t WHERE t.incense_total <> (SELECT COALESCE(SUM(amount), 0) FROM incense_records r WHERE r.type = 2 AND r.item_id = t.id)',
    );
    expect(companies.n).toBe(0);
    expect(reasons.n).toBe(0);
    // Each offering was paid for: its ledger row debits exactly its amount from its user.
    const unpaid = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM incense_records r LEFT JOIN coin_ledger l ON l.id = r.ledger_id WHERE l.id IS NULL OR l.delta <> -r.amount OR l.user_id <> r.user_id',
    );
    expect(unpaid.n).toBe(0);
  });

  it('gives every closed company at least one closing reason, a birth before its closing, and a close date from 2012 on', async () => {
    const noReason = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM closures c WHERE NOT EXISTS (SELECT 1 FROM closure_company_types t WHERE t.com_id = c.com_id)',
    );
    expect(noReason.n).toBe(0);
    const dates = await one<{ bad: number; first: number; last: number }>(
      'SELECT SUM(born_date >= close_date) AS bad, MIN(close_date) AS first, MAX(close_date) AS last FROM closures',
    );
    expect(dates.bad).toBe(0);
    expect(dates.first).toBeGreaterThanOrEqual(20120101);
    expect(dates.last).toBeLessThanOrEqual(20261122);
    // Reasons are children of a parent reason, as the reason page's links need.
    const orphan = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM closure_company_types c LEFT JOIN closure_types t ON t.id = c.type_id WHERE t.p_id IS NULL OR t.p_id = 0 OR t.p_id <> c.p_id',
    );
    expect(orphan.n).toBe(0);
  });

  it('makes company financing totals agree with their events and replies answer top-level comments', async () => {
    const totals = await one<{ n: number }>(
      'SELECT COUNT(*) AS n FROM companies c WHERE c.total_money <> (SELECT COALESCE(SUM(money), 0) FROM invest_events e WHERE e.com_id = c.id)',
    );
    expect(totals.n).toBe(0);
    const replies = await one<{ n: number; bad: number }>(
      `SELECT COUNT(*) AS n, SUM(p.id IS NULL OR p.comment_type <> 1 OR p.target_id <> r.target_id OR p.target_type <> r.target_type OR r.replay_user_id = 0) AS bad
       FROM comments r LEFT JOIN comments p ON p.id = r.parent_id WHERE r.comment_type = 2`,
    );
    expect(replies.n).toBeGreaterThan(0);
    expect(replies.bad).toBe(0);
  });

  it('has closed-company news before 2012 and from overseas, for the news filters', async () => {
    const r = await one<{ early: number; overseas: number; first: number }>(
      "SELECT SUM(date < 20120101) AS early, SUM(prov = '海外') AS overseas, MIN(date) AS first FROM news WHERE is_closure = 1",
    );
    expect(r.early).toBeGreaterThan(0);
    expect(r.first).toBeGreaterThanOrEqual(20080101);
    expect(r.overseas).toBeGreaterThan(0);
  });

  it('is deterministic: the same options give the same SQL, another seed gives other data', () => {
    const again = generateSeed({ scale: SCALE });
    expect(again.statements.join(';\n')).toBe(seeded.statements.join(';\n'));
    const other = generateSeed({ scale: SCALE, seed: 7 });
    expect(other.statements.join(';\n')).not.toBe(seeded.statements.join(';\n'));
  });
});
