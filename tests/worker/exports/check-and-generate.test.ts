import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedClosures, TAXONOMY } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { balance, ledgerSum, makeUser } from '../helpers';

/** One province of 4,500 companies shared by the read-only checks; writes use their own provinces. */
let big: { prov: string };
beforeAll(async () => {
  big = await seedClosures(4500);
});

const check = (token: string | undefined, query: Record<string, string | number | undefined>) => api(token).closure.closure_down_check.$get({ query });

const generate = (token: string, json: Record<string, unknown>, key?: string) =>
  api(token, key ? { 'Idempotency-Key': key } : {}).closure.closure_down.$post({ json });

async function jobsOf(userId: number) {
  const jobs = await env.DB.prepare('SELECT COUNT(*) AS n FROM export_jobs WHERE user_id = ?').bind(userId).first<{ n: number }>();
  const records = await env.DB.prepare('SELECT COUNT(*) AS n FROM download_records WHERE user_id = ?').bind(userId).first<{ n: number }>();
  return { jobs: jobs!.n, records: records!.n };
}

describe('export check (closure_down_check)', () => {
  it('asks a visitor to log in', async () => {
    const res = await errorOf(check(undefined, { down_type: 0, com_prov: big.prov }));
    expect(res.status).toBe(401);
    expect(res.code).toBe('LOGIN_REQUIRED');
  });

  it('a user with enough coins: 1 coin per 10 rows, downloadable, the numbers in the message', async () => {
    const u = await makeUser({ coins: 1000 });
    const res = await dataOf(check(u.token, { down_type: 0, com_prov: big.prov, number: 4500 }));
    expect(res).toMatchObject({ rows: 4500, batches: 3, jzb_down: 450, jzb_num: 1000, downloadable: true, tier: 'user' });
    expect(res.files).toEqual([
      { page: 1, per_page: 2000, from: 1, to: 2000, rows: 2000, coins: 200 },
      { page: 2, per_page: 2000, from: 2001, to: 4000, rows: 2000, coins: 200 },
      { page: 3, per_page: 2000, from: 4001, to: 4500, rows: 500, coins: 50 },
    ]);
    expect(res.msg).toContain('4500 家公司');
    expect(res.msg).toContain('450 桔子币');
    expect(res.price_rule).toContain('每 10 条');
  });

  it('a user short of coins: not downloadable, the message names companies, cost and balance', async () => {
    const u = await makeUser({ coins: 7 });
    const res = await dataOf(check(u.token, { down_type: 0, com_prov: big.prov }));
    expect(res).toMatchObject({ rows: 4500, jzb_down: 450, jzb_num: 7, downloadable: false });
    expect(res.msg).toBe('本次导出共 4500 家公司，需扣除 450 桔子币，当前余额 7 桔子币，余额不足，请先充值');
  });

  it('a VIP pays 1 coin per 100 rows, each file rounded up', async () => {
    const u = await makeUser({ coins: 5, role: 'vip' });
    const res = await dataOf(check(u.token, { down_type: 0, com_prov: big.prov }));
    expect(res).toMatchObject({ jzb_down: 45, jzb_num: 5, downloadable: false, tier: 'vip' });
    const one = await dataOf(check(u.token, { down_type: 0, com_prov: big.prov, page: 3, per_page: 2000 }));
    expect(one).toMatchObject({ rows: 500, batches: 1, jzb_down: 5, downloadable: true });
    expect(one.files).toEqual([{ page: 3, per_page: 2000, from: 4001, to: 4500, rows: 500, coins: 5 }]);
  });

  it('a super-VIP with no coins is never refused: free, and the server says so', async () => {
    const u = await makeUser({ coins: 0, role: 'svip' });
    const res = await dataOf(check(u.token, { cardinal_type: 0, com_prov: big.prov }));
    expect(res).toMatchObject({ rows: 4500, jzb_down: 0, jzb_num: 0, downloadable: true, tier: 'svip' });
    expect(res.msg).toContain('超级VIP导出免费');
  });

  it('zero rows is answered as data (200): not downloadable, 数据为空，不能下载; generating it is refused and charges nothing', async () => {
    const u = await makeUser({ coins: 100 });
    const res = await dataOf(check(u.token, { down_type: 0, com_prov: '没有这个省' }));
    expect(res).toMatchObject({ rows: 0, batches: 0, files: [], jzb_down: 0, downloadable: false, msg: '数据为空，不能下载' });
    const pastEnd = await dataOf(check(u.token, { down_type: 0, com_prov: big.prov, page: 4, per_page: 2000 }));
    expect(pastEnd).toMatchObject({ rows: 0, downloadable: false, msg: '数据为空，不能下载' });
    const refused = await errorOf(generate(u.token, { down_type: 0, com_prov: '没有这个省' }, `empty-export-${u.id}`));
    expect(refused).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg: '数据为空，不能下载' });
    expect(await balance(u.id)).toBe(100);
    expect(await jobsOf(u.id)).toEqual({ jobs: 0, records: 0 });
  });

  it('a user short of coins is answered as data too (200), never a failed request', async () => {
    const u = await makeUser({ coins: 3 });
    const res = await dataOf(check(u.token, { down_type: 0, com_prov: big.prov }));
    expect(res).toMatchObject({ downloadable: false, jzb_num: 3 });
  });

  it('counts each down_type with its own filter', async () => {
    const u = await makeUser({ coins: 0, role: 'svip' });
    const { prov, comIds } = await seedClosures(30);
    const rows = async (q: Record<string, string | number>) => (await dataOf(check(u.token, q))).rows;
    expect(await rows({ down_type: 0, com_prov: prov, keyword: `导出公司${comIds[5]}` })).toBe(1);
    // The reason, track and album exports are not province-filtered: they count every seeded company of the file.
    const reasonAll = await rows({ down_type: 1, type_id: TAXONOMY.reasonParent });
    const reasonChild = await rows({ down_type: 1, type_id: TAXONOMY.reason });
    expect(reasonAll).toBe(reasonChild);
    expect(reasonAll).toBe(Math.ceil(4500 / 3) + Math.ceil(30 / 3));
    expect(await rows({ down_type: 2, item_id: TAXONOMY.track })).toBe(4530);
    expect(await rows({ down_type: 3, item_id: TAXONOMY.album })).toBe(2250 + 15);
    expect(await rows({ down_type: 4, com_prov: big.prov })).toBe(100);
    expect(await rows({ down_type: 5, com_prov: prov })).toBe(29);
  });

  it('the reason export is for members, as the reason company list is', async () => {
    const u = await makeUser({ coins: 100 });
    const res = await errorOf(check(u.token, { down_type: 1, type_id: TAXONOMY.reason }));
    expect(res.status).toBe(403);
    expect(res.code).toBe('VIP_REQUIRED');
  });

  it('names the bad field', async () => {
    const u = await makeUser({ coins: 100, role: 'vip' });
    const res = await errorOf(check(u.token, { down_type: 1 }));
    expect(res.status).toBe(400);
    expect(res.field).toBe('type_id');
    const bad = await errorOf(check(u.token, { down_type: 9 }));
    expect(bad.field).toBe('down_type');
  });

  it('the generic check gives the same answer', async () => {
    const u = await makeUser({ coins: 1000 });
    const res = await dataOf(api(u.token).exports.check.$post({ json: { kind: 'closure', params: { com_prov: big.prov } } }));
    expect(res).toMatchObject({ kind: 'closure', rows: 4500, jzb_down: 450 });
    const unknown = await errorOf(api(u.token).exports.check.$post({ json: { kind: 'nope', params: {} } }));
    expect(unknown.status).toBe(400);
  });
});

describe('export generation (closure_down)', () => {
  it('charges once under 10 concurrent identical requests with the same Idempotency-Key', async () => {
    const u = await makeUser({ coins: 1000 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => dataOf(generate(u.token, { down_type: 0, com_prov: big.prov }, 'double-click-0001'))));
    const ids = new Set(responses.map((r) => r.record_id));
    expect(ids.size).toBe(1);
    expect(responses[0].records).toHaveLength(3);
    expect(await balance(u.id)).toBe(550);
    expect(await ledgerSum(u.id)).toBe(550);
    expect(await jobsOf(u.id)).toEqual({ jobs: 1, records: 3 });
    // A later retry replays the first result.
    const again = await dataOf(generate(u.token, { down_type: 0, com_prov: big.prov }, 'double-click-0001'));
    expect(again.record_id).toBe(responses[0].record_id);
    expect(await balance(u.id)).toBe(550);
  });

  it('two different keys are two exports, charged twice', async () => {
    const u = await makeUser({ coins: 1000 });
    const a = await dataOf(generate(u.token, { down_type: 0, com_prov: big.prov, page: 1, per_page: 2000 }, 'key-aaaaaaaa'));
    const b = await dataOf(generate(u.token, { down_type: 0, com_prov: big.prov, page: 1, per_page: 2000 }, 'key-bbbbbbbb'));
    expect(a.record_id).not.toBe(b.record_id);
    expect(await balance(u.id)).toBe(1000 - 200 - 200);
    expect(await ledgerSum(u.id)).toBe(600);
  });

  it('short of coins: 402 with the numbers, and nothing is created or charged', async () => {
    const u = await makeUser({ coins: 10 });
    const res = await errorOf(generate(u.token, { down_type: 0, com_prov: big.prov }, 'short-key-001'));
    expect(res.status).toBe(402);
    expect(res).toMatchObject({ code: 'INSUFFICIENT_COINS', jzb_down: 450, jzb_num: 10, rows: 4500 });
    expect(res.msg).toContain('余额不足');
    expect(await jobsOf(u.id)).toEqual({ jobs: 0, records: 0 });
    expect(await balance(u.id)).toBe(10);
  });

  it('4,500 rows become 3 records of 2000 / 2000 / 500 with their share of the coins', async () => {
    const u = await makeUser({ coins: 1000 });
    const res = await dataOf(generate(u.token, { down_type: 0, com_prov: big.prov }, 'split-key-001'));
    const recs = res.records;
    expect(recs.map((r) => r.rows)).toEqual([2000, 2000, 500]);
    expect(recs.map((r) => r.coins)).toEqual([200, 200, 50]);
    expect(recs.map((r) => `${r.from}-${r.to}`)).toEqual(['1-2000', '2001-4000', '4001-4500']);
    expect(recs.every((r) => r.status === 'queued')).toBe(true);
    expect(res.filename).toMatch(/^死亡公司数据（第1-2000条）_\d{8}\.xlsx$/);
    // The job covers all three files: its title names no range, each file names its own.
    expect(res.title).toBe('死亡公司数据');
    expect(recs.map((r) => r.filename.replace(/_\d{8}\.xlsx$/, ''))).toEqual(['死亡公司数据（第1-2000条）', '死亡公司数据（第2001-4000条）', '死亡公司数据（第4001-4500条）']);
    expect(res.record_id).toBe(recs[0].record_id);
    expect(res).toMatchObject({ rows: 4500, batches: 3, jzb_down: 450 });
  });

  it('a batch button (page 2, per_page 2000) makes one record of exactly those rows', async () => {
    const u = await makeUser({ coins: 0, role: 'svip' });
    const res = await dataOf(generate(u.token, { down_type: 0, com_prov: big.prov, page: 2, per_page: 2000 }, 'page-two-0001'));
    expect(res.records).toHaveLength(1);
    const row = await env.DB.prepare('SELECT offset, rows, coins FROM download_records WHERE id = ?').bind(res.record_id).first();
    expect(row).toEqual({ offset: 2000, rows: 2000, coins: 0 });
    // One batch of the list: the job, its record, the sheet and the download name all say which rows.
    expect(res.title).toBe('死亡公司数据（第2001-4000条）');
    expect(res.filename).toMatch(/^死亡公司数据（第2001-4000条）_\d{8}\.xlsx$/);
    const quote = await dataOf(check(u.token, { down_type: 0, com_prov: big.prov, page: 2, per_page: 2000 }));
    expect(quote.title).toBe('死亡公司数据（第2001-4000条）');
  });

  it('the spec GET form and the generic POST /api/exports go the same way', async () => {
    const u = await makeUser({ coins: 100, role: 'vip' });
    const viaGet = await dataOf(
      api(u.token, { 'Idempotency-Key': 'get-form-0001' }).closure.closure_down.$get({ query: { down_type: 2, item_id: TAXONOMY.track, page: 1, per_page: 2000 } }),
    );
    // Page 1 of a track with more than 2000 closed companies: one batch, named by its range.
    expect(viaGet.filename).toMatch(/^死亡赛道-共享单车（第1-2000条）_\d{8}\.xlsx$/);
    const generic = await dataOf(
      api(u.token, { 'Idempotency-Key': 'generic-0001' }).exports.$post({ json: { kind: 'closure_amount_top', params: { com_prov: big.prov } } }),
    );
    expect(generic).toMatchObject({ rows: 100, batches: 1, jzb_down: 1 });
    expect(await balance(u.id)).toBe(100 - 20 - 1);
  });
});
