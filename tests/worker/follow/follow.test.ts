import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeClosure, nextId } from '../closure/fixtures';
import { call, makeUser } from '../helpers';

beforeAll(baseTaxonomy);

const follow = (token: string | undefined, itemId: number, type: unknown = 1) => call('/api/follow', { token, json: { type, item_id: itemId } });
const unfollow = (token: string | undefined, itemId: number) => call('/api/follow/cancel', { token, json: { type: 1, item_id: itemId } });
const status = (token: string | undefined, ids: string) => call('/api/follow/status', { token, query: { type: 1, ids } });
const rowsOf = async (userId: number) =>
  (await env.DB.prepare('SELECT item_id FROM follows WHERE user_id = ? ORDER BY item_id').bind(userId).all<{ item_id: number }>()).results.map((r) => r.item_id);

/** A company in the company database only (not closed). */
async function makeCompany(): Promise<number> {
  const id = nextId();
  await env.DB.prepare("INSERT INTO companies (id, name, full_name, logo, prov, city, cat_id, se_cat_id, born_year, born_month) VALUES (?, ?, ?, ?, '北京', '北京', 9100, 9101, 2016, 3)")
    .bind(id, `在营公司${id}`, `在营公司${id}有限公司`, `https://logo.example/c${id}.png`)
    .run();
  return id;
}

describe('follows', () => {
  it('a visitor gets LOGIN_REQUIRED (401) on every follow call', async () => {
    const com = await makeClosure();
    for (const res of [await follow(undefined, com), await unfollow(undefined, com), await status(undefined, String(com)), await call('/api/follow')]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('LOGIN_REQUIRED');
    }
  });

  it('follow, see it in status and in my list, unfollow, and it is gone', async () => {
    const u = await makeUser();
    const com = await makeClosure({ name: '关注测试公司' });
    const res = await follow(u.token, com);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ type: 1, item_id: com, followed: true });
    expect((await status(u.token, String(com))).body.data).toEqual({ followed: [com] });

    const mine = await call('/api/follow', { token: u.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.page).toEqual({ total: 1, page: 1, per_page: 10 });
    expect(mine.body.data.info).toEqual([{ item_id: com, type: 1, name: '关注测试公司', logo: `https://logo.example/${com}.png`, created_at: expect.any(Number) }]);

    const off = await unfollow(u.token, com);
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ type: 1, item_id: com, followed: false });
    expect((await status(u.token, String(com))).body.data).toEqual({ followed: [] });
    expect((await call('/api/follow', { token: u.token })).body.data).toEqual({ info: [], page: { total: 0, page: 1, per_page: 10 } });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('following twice keeps one row; unfollowing twice succeeds both times', async () => {
    const u = await makeUser();
    const com = await makeClosure();
    expect((await follow(u.token, com)).status).toBe(200);
    expect((await follow(u.token, com)).status).toBe(200);
    expect(await rowsOf(u.id)).toEqual([com]);
    expect((await call('/api/follow', { token: u.token })).body.data.page.total).toBe(1);
    expect((await unfollow(u.token, com)).status).toBe(200);
    expect((await unfollow(u.token, com)).status).toBe(200);
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('an unknown company is NOT_FOUND (404) 该公司不存在 and nothing is saved', async () => {
    const u = await makeUser();
    const res = await follow(u.token, 987654321);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', msg: '该公司不存在' });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('a company of the company database that never closed can be followed too, and my list is newest first', async () => {
    const u = await makeUser();
    const closed = await makeClosure({ name: '先关注的公司' });
    const live = await makeCompany();
    await follow(u.token, closed);
    await follow(u.token, live);
    const mine = await call('/api/follow', { token: u.token });
    expect(mine.body.data.info.map((r: { item_id: number; name: string }) => [r.item_id, r.name])).toEqual([
      [live, `在营公司${live}`],
      [closed, '先关注的公司'],
    ]);
    const page2 = await call('/api/follow', { token: u.token, query: { page: 2, per_page: 1 } });
    expect(page2.body.data.info.map((r: { item_id: number }) => r.item_id)).toEqual([closed]);
    expect(page2.body.data.page).toEqual({ total: 2, page: 2, per_page: 1 });
  });

  it("status and my list hold only the caller's own follows", async () => {
    const [me, other] = [await makeUser(), await makeUser()];
    const [a, b, c] = [await makeClosure(), await makeClosure(), await makeClosure()];
    await follow(me.token, a);
    await follow(other.token, b);
    await follow(other.token, a);
    const mine = await status(me.token, `${a},${b},${c}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ followed: [a] });
    expect((await status(other.token, `${c},${b},${a}`)).body.data).toEqual({ followed: [b, a] });
    const list = await call('/api/follow', { token: me.token });
    expect(list.body.data.info.map((r: { item_id: number }) => r.item_id)).toEqual([a]);
    // Unfollowing touches only the caller's row.
    await unfollow(me.token, a);
    expect((await status(other.token, String(a))).body.data).toEqual({ followed: [a] });
  });

  it('bad input is BAD_REQUEST (400) naming the field', async () => {
    const u = await makeUser();
    const com = await makeClosure();
    const cases: [Promise<{ status: number; body: { code: string; field: string; msg: string } }>, string][] = [
      [status(u.token, '1,abc,3'), 'ids'],
      [status(u.token, ''), 'ids'],
      [status(u.token, '1,-2'), 'ids'],
      [status(u.token, Array.from({ length: 51 }, (_, i) => i + 1).join(',')), 'ids'],
      [call('/api/follow/status', { token: u.token, query: { type: 2, ids: '1' } }), 'type'],
      [follow(u.token, com, 2), 'type'],
      [call('/api/follow', { token: u.token, json: { type: 1 } }), 'item_id'],
      [call('/api/follow/cancel', { token: u.token, json: { type: 1, item_id: 'x' } }), 'item_id'],
      [call('/api/follow', { token: u.token, query: { per_page: 51 } }), 'per_page'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.status, field).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.field).toBe(field);
      expect(res.body.msg.startsWith(`${field}：`)).toBe(true);
    }
    expect(await rowsOf(u.id)).toEqual([]);
    // 50 ids is the limit, not an error.
    expect((await status(u.token, Array.from({ length: 50 }, (_, i) => i + 1).join(','))).status).toBe(200);
  });
});
