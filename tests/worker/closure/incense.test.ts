import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, count, makeClosure, makeReasons } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { balance, ledgerSum, makeUser } from '../helpers';

let reasons: { parent: number; children: number[] };

beforeAll(async () => {
  await baseTaxonomy();
  reasons = await makeReasons(2);
});

const light = (token: string | undefined, body: Record<string, unknown>, key?: string) =>
  api(token, key ? { 'Idempotency-Key': key } : {}).closure.add_incense.$post({ json: body });

const totalOf = (table: 'closures' | 'closure_types', id: number) =>
  count(`SELECT incense_total AS n FROM ${table} WHERE ${table === 'closures' ? 'com_id' : 'id'} = ?`, id);

describe('lighting incense', () => {
  it('3 sticks for a company: balance -3, the record at the top of the list, the total +3', async () => {
    const u = await makeUser({ coins: 10 });
    const com = await makeClosure();
    const res = await dataOf(light(u.token, { item_id: com, type: 1, juzi_btc: 3 }, 'incense-key-0001'));
    expect(res.balance).toBe(7);
    expect(res.record).toMatchObject({ id: u.id, amount: 3, des: '上香3炷', name: expect.any(String) });
    expect(await balance(u.id)).toBe(7);
    expect(await ledgerSum(u.id)).toBe(7);
    expect(await totalOf('closures', com)).toBe(3);
    expect((await dataOf(api(u.token).user.coins.$get())).juzibtc).toBe(7);

    const other = await makeUser({ coins: 5 });
    await light(other.token, { item_id: com, type: 1, juzi_btc: 1 });
    const list = await dataOf(api(u.token).closure.incense_list.$get({ query: { type: 1, item_id: com } }));
    expect(list.page).toEqual({ total: 2, page: 1, per_page: 10 });
    expect(list.info[0]).toMatchObject({ id: other.id, amount: 1 });
    expect(list.info[1]).toEqual(res.record);
    // The company row shows the new total.
    const row = await dataOf(api(u.token).closure.$get({ query: { keyword: `测试公司${com}` } }));
    expect(row.info[0].incense_total).toBe(4);
  });

  it('incense for a second-level reason raises the reason total and shows in its records', async () => {
    const u = await makeUser({ coins: 20 });
    const child = reasons.children[1];
    const before = await totalOf('closure_types', child);
    const res = await dataOf(api(u.token).closure.add_incense.$get({ query: { item_id: child, type: 2, juzi_btc: 10 } }));
    expect(res.balance).toBe(10);
    expect(await totalOf('closure_types', child)).toBe(before + 10);
    const list = await dataOf(api(u.token).closure.incense_list.$get({ query: { type: 2, item_id: child } }));
    expect(list.info[0].comment_id).toBe(res.record.comment_id);
  });

  it('short of coins: INSUFFICIENT_COINS (402) with the balance, and nothing changes', async () => {
    const u = await makeUser({ coins: 2 });
    const com = await makeClosure();
    const res = await errorOf(light(u.token, { item_id: com, type: 1, juzi_btc: 3 }));
    expect(res.status).toBe(402);
    expect(res.code).toBe('INSUFFICIENT_COINS');
    expect(res.balance).toBe(2);
    expect(await balance(u.id)).toBe(2);
    expect(await totalOf('closures', com)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM incense_records WHERE user_id = ?', u.id)).toBe(0);
  });

  it('a replayed Idempotency-Key charges once and returns the first result', async () => {
    const u = await makeUser({ coins: 10 });
    const com = await makeClosure();
    const first = await dataOf(light(u.token, { item_id: com, type: 1, juzi_btc: 3 }, 'same-intent-1'));
    // Another offering in between: the replay still answers with the balance right after the first.
    await light(u.token, { item_id: com, type: 1, juzi_btc: 1 }, 'other-intent-2');
    const again = await Promise.all([1, 2, 3].map(() => light(u.token, { item_id: com, type: 1, juzi_btc: 3 }, 'same-intent-1')));
    for (const r of again) {
      expect(await dataOf(r)).toEqual(first);
      expect(r.headers.get('Idempotent-Replayed')).toBe('true');
    }
    expect(await balance(u.id)).toBe(6);
    expect(await totalOf('closures', com)).toBe(4);
    expect(await count('SELECT COUNT(*) AS n FROM incense_records WHERE user_id = ?', u.id)).toBe(2);
  });

  it('20 concurrent offerings of 1 stick with 10 coins make exactly 10 records', async () => {
    const u = await makeUser({ coins: 10 });
    const com = await makeClosure();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => light(u.token, { item_id: com, type: 1, juzi_btc: 1 }, `concurrent-${i}-key`)));
    // The client types only the success status; the refusals are counted by their number.
    const statuses = results.map((r): number => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(10);
    expect(await balance(u.id)).toBe(0);
    expect(await ledgerSum(u.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM incense_records WHERE item_id = ? AND type = 1', com)).toBe(10);
    expect(await totalOf('closures', com)).toBe(10);
  });

  it('validates: login, type 1 or 2, an integer amount from 1 to 9999, an existing target', async () => {
    const u = await makeUser({ coins: 100 });
    const com = await makeClosure();
    expect((await errorOf(light(undefined, { item_id: com, type: 1, juzi_btc: 1 }))).status).toBe(401);
    const bad: [Record<string, unknown>, string][] = [
      [{ item_id: com, type: 3, juzi_btc: 1 }, 'type'],
      [{ item_id: com, type: 1, juzi_btc: 0 }, 'juzi_btc'],
      [{ item_id: com, type: 1, juzi_btc: -5 }, 'juzi_btc'],
      [{ item_id: com, type: 1, juzi_btc: 1.5 }, 'juzi_btc'],
      [{ item_id: com, type: 1, juzi_btc: 10000 }, 'juzi_btc'],
      [{ item_id: com, type: 1 }, 'juzi_btc'],
      [{ type: 1, juzi_btc: 1 }, 'item_id'],
    ];
    for (const [body, field] of bad) {
      const res = await errorOf(light(u.token, body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.field).toBe(field);
    }
    const noCompany = await errorOf(light(u.token, { item_id: 99999999, type: 1, juzi_btc: 1 }));
    expect(noCompany.status).toBe(404);
    expect(noCompany.msg).toBe('该公司不存在');
    expect((await errorOf(light(u.token, { item_id: 99999999, type: 2, juzi_btc: 1 }))).status).toBe(404);
    // A first-level reason is a heading, not a target.
    expect((await errorOf(light(u.token, { item_id: reasons.parent, type: 2, juzi_btc: 1 }))).status).toBe(400);
    expect(await balance(u.id)).toBe(100);
  });

  it('a key already used for another paid action is a CONFLICT and charges nothing more', async () => {
    const u = await makeUser({ coins: 10 });
    const com = await makeClosure();
    await env.DB.prepare("INSERT INTO coin_ledger (user_id, delta, reason, idempotency_key, op_nonce, created_at) VALUES (?, 0, 'export', 'used-by-export', 'n', 0)").bind(u.id).run();
    const res = await errorOf(light(u.token, { item_id: com, type: 1, juzi_btc: 2 }, 'used-by-export'));
    expect(res.status).toBe(409);
    expect(await balance(u.id)).toBe(10);
  });

  it('totals always equal the sum of the records', async () => {
    const sums = await env.DB.prepare(
      `SELECT c.com_id, c.incense_total AS total, COALESCE((SELECT SUM(amount) FROM incense_records r WHERE r.type = 1 AND r.item_id = c.com_id), 0) AS sum FROM closures c
       UNION ALL
       SELECT t.id, t.incense_total, COALESCE((SELECT SUM(amount) FROM incense_records r WHERE r.type = 2 AND r.item_id = t.id), 0) FROM closure_types t`,
    ).all<{ total: number; sum: number }>();
    expect(sums.results.length).toBeGreaterThan(5);
    for (const r of sums.results) expect(r.total).toBe(r.sum);
  });
});

describe('incense rankings and records', () => {
  it('incense_top ranks companies (type 1) and second-level reasons (type 2) by total', async () => {
    const u = await makeUser({ coins: 100 });
    const [a, b] = [await makeClosure({ name: '香火甲' }), await makeClosure({ name: '香火乙' })];
    await light(u.token, { item_id: a, type: 1, juzi_btc: 30 });
    await light(u.token, { item_id: b, type: 1, juzi_btc: 40 });
    await light(u.token, { item_id: reasons.children[0], type: 2, juzi_btc: 25 });
    const top = await dataOf(api().closure.incense_top.$get());
    expect(top.slice(0, 2)).toEqual([
      { com_id: b, com_name: '香火乙', logo: expect.any(String), total: 40 },
      { com_id: a, com_name: '香火甲', logo: expect.any(String), total: 30 },
    ]);
    const totals = top.map((r) => r.total);
    expect([...totals].sort((x, y) => y - x)).toEqual(totals);
    const reasonTop = await dataOf(api(u.token).closure.incense_top.$get({ query: { type: 2 } }));
    expect(reasonTop[0]).toEqual({ id: reasons.children[0], p_id: reasons.parent, name: expect.any(String), total: 25 });
    // The reason tab is a tab change for a visitor.
    expect((await errorOf(api().closure.incense_top.$get({ query: { type: 2 } }))).status).toBe(401);
  });

  it('the record list pages 10 at a time, newest first; it needs login', async () => {
    const u = await makeUser({ coins: 100 });
    const com = await makeClosure();
    for (let i = 1; i <= 12; i++) await light(u.token, { item_id: com, type: 1, juzi_btc: i });
    const records = api(u.token).closure.incense_list;
    const p1 = await dataOf(records.$get({ query: { type: 1, item_id: com } }));
    expect(p1.info.map((r) => r.amount)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(p1.page.total).toBe(12);
    const p2 = await dataOf(records.$get({ query: { type: 1, item_id: com, page: 2 } }));
    expect(p2.info.map((r) => r.amount)).toEqual([2, 1]);
    expect((await errorOf(api().closure.incense_list.$get({ query: { type: 1, item_id: com } }))).status).toBe(401);
    const empty = await dataOf(records.$get({ query: { type: 1, item_id: await makeClosure() } }));
    expect(empty).toEqual({ info: [], page: { total: 0, page: 1, per_page: 10 } });
  });
});
