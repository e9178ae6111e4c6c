/**
 * Money under concurrency: 10 users at once, each firing every paid action of the product in
 * parallel: incense (distinct keys beyond the balance, and one key sent three times), exports
 * (one key twice, another once), and a coin order whose signed payment callback arrives three times.
 * Afterwards: no negative balance, every ledger sums to its balance, the balance is exactly what
 * the successful answers said was charged and credited, and no key was charged twice.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeClosure } from '../closure/fixtures';
import { seedClosures } from '../exports/fixtures';
import { callback, notify, order } from '../order/fixtures';
import { call, makeUser, type TestUser } from '../helpers';

const START = 60;
const PACK = 100;

let com = 0;
let prov = '';

beforeAll(async () => {
  await baseTaxonomy();
  com = await makeClosure();
  prov = (await seedClosures(30)).prov;
});

async function everything(u: TestUser) {
  const incense = (key: string, amount: number) =>
    call('/api/closure/add_incense', { token: u.token, json: { item_id: com, type: 1, juzi_btc: amount }, headers: { 'Idempotency-Key': key } });
  const exportWith = (key: string, page: number) =>
    call('/api/closure/closure_down', { token: u.token, json: { down_type: 0, com_prov: prov, page, per_page: 10 }, headers: { 'Idempotency-Key': key } });

  const created = await order(u, 'coins_100', `money-order-${u.id}`);
  expect(created.status).toBe(200);
  const orderId = created.body.data.order_id as number;
  const cb = await callback(orderId, created.body.data.amount_fen);

  const distinct = Array.from({ length: 8 }, (_, i) => incense(`money-inc-${u.id}-${i}`, 20));
  const dup = [1, 2, 3].map(() => incense(`money-dup-${u.id}`, 5));
  const exportsSame = [1, 2].map(() => exportWith(`money-exp-${u.id}-a`, 1));
  const exportOther = exportWith(`money-exp-${u.id}-b`, 2);
  const callbacks = [1, 2, 3].map(() => notify(cb));
  const [d, du, es, eo, cbs] = await Promise.all([Promise.all(distinct), Promise.all(dup), Promise.all(exportsSame), exportOther, Promise.all(callbacks)]);
  return { distinct: d, dup: du, exportsSame: es, exportOther: eo, callbacks: cbs, orderId };
}

describe('every paid action, 10 users in parallel', () => {
  it('no negative balance, ledgers sum to balances, charges match the answers, no key charged twice', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => makeUser({ coins: START })));
    const results = await Promise.all(users.map(everything));

    for (const [i, u] of users.entries()) {
      const r = results[i];
      for (const res of [...r.distinct, ...r.dup, ...r.exportsSame, r.exportOther, ...r.callbacks]) {
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status !== 200) expect(['INSUFFICIENT_COINS', 'CONFLICT']).toContain(res.body.code);
      }
      // What the answers say was charged.
      const incenseCharged = r.distinct.filter((x) => x.status === 200).length * 20 + (r.dup.some((x) => x.status === 200) ? 5 : 0);
      const okExports = [...r.exportsSame.filter((x) => x.status === 200).slice(0, 1), ...(r.exportOther.status === 200 ? [r.exportOther] : [])];
      const exportCharged = okExports.reduce((s, x) => s + (x.body.data.jzb_down as number), 0);
      // The same export key answers with the same job.
      const sameJobs = new Set(r.exportsSame.filter((x) => x.status === 200).map((x) => x.body.data.job_id));
      expect(sameJobs.size).toBeLessThanOrEqual(1);
      // The duplicated incense key answers with one record.
      expect(new Set(r.dup.filter((x) => x.status === 200).map((x) => x.body.data.record.comment_id)).size).toBeLessThanOrEqual(1);

      const wallet = await env.DB.prepare('SELECT balance FROM coin_wallets WHERE user_id = ?').bind(u.id).first<number>('balance');
      const ledger = await env.DB.prepare('SELECT COALESCE(SUM(delta), 0) AS s, COUNT(*) AS n, COUNT(DISTINCT idempotency_key) AS k FROM coin_ledger WHERE user_id = ?')
        .bind(u.id)
        .first<{ s: number; n: number; k: number }>();
      expect(wallet).toBeGreaterThanOrEqual(0);
      expect(ledger!.s).toBe(wallet);
      expect(ledger!.n).toBe(ledger!.k);
      // The pack was credited exactly once, whatever the number of callbacks.
      const topups = await env.DB.prepare("SELECT COUNT(*) AS n FROM coin_ledger WHERE user_id = ? AND reason = 'recharge'").bind(u.id).first<number>('n');
      expect(topups).toBe(1);
      expect(wallet).toBe(START + PACK - incenseCharged - exportCharged);
      // One incense record per charge, one export job per charged key.
      const records = await env.DB.prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT ledger_id) AS l FROM incense_records WHERE user_id = ?').bind(u.id).first<{ n: number; l: number }>();
      expect(records!.n).toBe(records!.l);
      expect(records!.n).toBe(r.distinct.filter((x) => x.status === 200).length + (r.dup.some((x) => x.status === 200) ? 1 : 0));
      const jobs = await env.DB.prepare('SELECT COUNT(*) AS n FROM export_jobs WHERE user_id = ?').bind(u.id).first<number>('n');
      expect(jobs).toBe(okExports.length);
    }
    // The balance ran out for someone: 8 x 20 + 5 + exports is more than 60 + 100.
    expect(results.some((r) => r.distinct.some((x) => x.body.code === 'INSUFFICIENT_COINS'))).toBe(true);
    // The company's total is the sum of its records.
    const sums = await env.DB.prepare('SELECT (SELECT incense_total FROM closures WHERE com_id = ?) AS total, (SELECT COALESCE(SUM(amount), 0) FROM incense_records WHERE type = 1 AND item_id = ?) AS sum').bind(com, com).first<{ total: number; sum: number }>();
    expect(sums!.total).toBe(sums!.sum);
  });
});
