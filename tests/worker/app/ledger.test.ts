/**
 * The coin ledger of /user-center: each row names what it paid for or came from (a closed company,
 * a closing reason, an export's file, an order) and links to its page, read with a fixed number of
 * statements per page however many rows it shows.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dataOf } from '../client';
import { baseTaxonomy, makeClosure, makeReasons } from '../closure/fixtures';
import { makeUser, type TestUser } from '../helpers';
import { recordRequest, roundTrips } from '../query-recorder';

let u: TestUser;
let other: TestUser;
let company: number;
let reasons: { parent: number; children: number[] };

const light = (token: string | undefined, body: Record<string, unknown>) => api(token).closure.add_incense.$post({ json: body });

/** A ledger row the way the export and order code write one (their own tests cover the writing). */
function ledgerRow(userId: number, delta: number, reason: string, refType: string, refId: string | number, key: string, at: number) {
  return env.DB.prepare(
    `INSERT INTO coin_ledger (user_id, delta, reason, ref_type, ref_id, idempotency_key, op_nonce, created_at) VALUES (?, ?, ?, ?, ?, ?, 'n', ?)`,
  ).bind(userId, delta, reason, refType, String(refId), key, at);
}

beforeAll(async () => {
  await baseTaxonomy();
  reasons = await makeReasons(2);
  u = await makeUser({ coins: 100 });
  other = await makeUser({ coins: 10 });
  company = await makeClosure({ name: '账本测试公司' });
  await dataOf(light(u.token, { item_id: company, type: 1, juzi_btc: 3 }));
  await dataOf(light(u.token, { item_id: reasons.children[1], type: 2, juzi_btc: 1 }));
  const t = Date.now() + 1000;
  await env.DB.batch([
    // An export of two files, and a refund of a failed file of another export.
    env.DB.prepare(
      `INSERT INTO export_jobs (id, user_id, kind, title, params, total_rows, batches, coins, idempotency_key, created_at)
       VALUES (7701, ?, 'closure', '死亡公司数据', '{}', 3000, 2, 6, 'job-key-1', ?), (7702, ?, 'closure', '死亡公司数据', '{}', 10, 1, 1, 'job-key-2', ?)`,
    ).bind(u.id, t, u.id, t),
    env.DB.prepare(
      `INSERT INTO download_records (id, job_id, user_id, batch_no, offset, rows, filename, status, coins, created_at)
       VALUES (8802, 7701, ?, 2, 2000, 1000, '死亡公司数据-2.xlsx', 'done', 3, ?), (8801, 7701, ?, 1, 0, 2000, '死亡公司数据-1.xlsx', 'done', 3, ?),
              (8803, 7702, ?, 1, 0, 10, '死亡公司数据-小.xlsx', 'failed', 1, ?)`,
    ).bind(u.id, t, u.id, t, u.id, t),
    env.DB.prepare(
      `INSERT INTO orders (id, user_id, product, kind, coins, amount_fen, status, provider, created_at) VALUES (9901, ?, 'coins_100', 'coins', 100, 1000, 'paid', 'sandbox', ?)`,
    ).bind(u.id, t),
    // Another user's order: never named in this user's ledger.
    env.DB.prepare(
      `INSERT INTO orders (id, user_id, product, kind, coins, amount_fen, status, provider, created_at) VALUES (9902, ?, '他人的订单', 'coins', 50, 500, 'paid', 'sandbox', ?)`,
    ).bind(other.id, t),
    ledgerRow(u.id, -6, 'export', 'export', 'job-key-1', 'export:job-key-1', t + 1),
    ledgerRow(u.id, -1, 'export', 'export', 'job-key-2', 'export:job-key-2', t + 2),
    ledgerRow(u.id, 1, 'refund', 'download_record', 8803, 'refund:record:8803', t + 3),
    ledgerRow(u.id, 100, 'recharge', 'order', 9901, 'topup:order:9901', t + 4),
    ledgerRow(u.id, 50, 'recharge', 'order', 9902, 'topup:order:9902', t + 5),
  ]);
}, 60_000);

describe('GET /api/user/ledger', () => {
  it('names each row’s object and links to its page', async () => {
    const page = await dataOf(api(u.token).user.ledger.$get({ query: { page: '1', per_page: '20' } }));
    const rows = page.info.map((r) => [r.reason_text, r.ref_name, r.link]);
    expect(rows).toEqual([
      // Newest first: the forged row of another user's order names nothing of theirs.
      ['充值', '', null],
      ['充值', '订单 9901（100桔子币）', '/user-center/orders'],
      ['导出失败退款', '死亡公司数据-小.xlsx', '/user-center/download#company_down'],
      ['导出数据', '死亡公司数据-小.xlsx', '/user-center/download#company_down'],
      ['导出数据', '死亡公司数据-1.xlsx 等 2 个文件', '/user-center/download#company_down'],
      ['上香（关闭原因）', `测试子原因${reasons.children[1]}`, `/deathReason?parent_id=${reasons.parent}&child_id=${reasons.children[1]}`],
      ['上香（公司）', '账本测试公司', `/company/${company}`],
      // makeUser's grant of the coins.
      ['赠送', '', null],
    ]);
  });

  it('reads a page’s objects in one batch: the same statements for 1 row as for 8 of five kinds', async () => {
    const headers = { Authorization: `Bearer ${u.token}` };
    const one = await recordRequest('/api/user/ledger?per_page=1', { headers });
    const ten = await recordRequest('/api/user/ledger?per_page=10', { headers });
    expect([one.status, ten.status]).toEqual([200, 200]);
    const tenBody = ten.body as { data: { info: unknown[]; page: { total: number } } };
    expect(tenBody.data.info.length).toBe(8);
    expect(ten.statements.length).toBe(one.statements.length);
  });
});

describe('GET /api/user/ledger pages', () => {
  it('every page is the newest-first slice of the ledger; a page near either end reads its rows with its total', async () => {
    const many = await makeUser();
    const t = Date.now() - 100 * 86_400_000;
    // 150 rows over a month, every third sharing its millisecond with the one before (the higher id first).
    await env.DB.batch(
      Array.from({ length: 150 }, (_, i) => ledgerRow(many.id, i + 1, 'grant', '', '', `pages:${many.id}:${i}`, t + Math.floor(i / 3) * 3 * 3_600_000 * 5 + (i % 3 === 2 ? 1 : i % 3))),
    );
    const all = (await env.DB.prepare('SELECT id FROM coin_ledger WHERE user_id = ? ORDER BY created_at DESC, id DESC').bind(many.id).all<{ id: number }>()).results.map((r) => r.id);
    expect(all.length).toBe(150);
    const headers = { Authorization: `Bearer ${many.token}` };
    // The session is read once, then kept (auth/session.ts): not one of the page's round trips.
    await recordRequest('/api/user/vip_check', { headers });
    for (let page = 1; page <= 16; page++) {
      const r = await recordRequest(`/api/user/ledger?page=${page}&per_page=10`, { headers });
      const body = r.body as { data: { info: { id: number }[]; page: { total: number } } };
      expect(r.status).toBe(200);
      expect(body.data.page.total).toBe(150);
      expect(body.data.info.map((x) => x.id)).toEqual(all.slice((page - 1) * 10, page * 10));
      // A page starting within 60 rows of either end: its rows with the total, then their objects.
      const offset = (page - 1) * 10;
      if (offset < 60 || 150 - Math.min(offset + 10, 150) < 60) expect(roundTrips(r.statements)).toBe(2);
      else expect(roundTrips(r.statements)).toBeGreaterThan(2);
    }
  });
});
