import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeClosure, nextId } from '../closure/fixtures';
import { api, dataOf, errorOf, type ErrorReply } from '../client';
import { makeUser } from '../helpers';

beforeAll(baseTaxonomy);

const follow = (token: string | undefined, itemId: number, type: unknown = 1) => api(token).follow.$post({ json: { type, item_id: itemId } });
const unfollow = (token: string | undefined, itemId: number) => api(token).follow.cancel.$post({ json: { type: 1, item_id: itemId } });
const status = (token: string | undefined, ids: string) => api(token).follow.status.$get({ query: { type: 1, ids } });
/** My follows (GET /api/follow). */
const mine = (token: string | undefined, query: { page?: number; per_page?: number } = {}) => api(token).follow.$get({ query });
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
    for (const res of [await errorOf(follow(undefined, com)), await errorOf(unfollow(undefined, com)), await errorOf(status(undefined, String(com))), await errorOf(mine(undefined))]) {
      expect(res.status).toBe(401);
      expect(res.code).toBe('LOGIN_REQUIRED');
    }
  });

  it('follow, see it in status and in my list, unfollow, and it is gone', async () => {
    const u = await makeUser();
    const com = await makeClosure({ name: '关注测试公司' });
    const res = await dataOf(follow(u.token, com));
    expect(res).toEqual({ type: 1, item_id: com, followed: true });
    expect(await dataOf(status(u.token, String(com)))).toEqual({ followed: [com] });

    const list = await dataOf(mine(u.token));
    expect(list.page).toEqual({ total: 1, page: 1, per_page: 10 });
    expect(list.info).toEqual([{ item_id: com, type: 1, name: '关注测试公司', logo: `https://logo.example/${com}.png`, created_at: expect.any(Number) }]);

    const off = await dataOf(unfollow(u.token, com));
    expect(off).toEqual({ type: 1, item_id: com, followed: false });
    expect(await dataOf(status(u.token, String(com)))).toEqual({ followed: [] });
    expect(await dataOf(mine(u.token))).toEqual({ info: [], page: { total: 0, page: 1, per_page: 10 } });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('following twice keeps one row; unfollowing twice succeeds both times', async () => {
    const u = await makeUser();
    const com = await makeClosure();
    await dataOf(follow(u.token, com));
    await dataOf(follow(u.token, com));
    expect(await rowsOf(u.id)).toEqual([com]);
    expect((await dataOf(mine(u.token))).page.total).toBe(1);
    await dataOf(unfollow(u.token, com));
    await dataOf(unfollow(u.token, com));
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('an unknown company is NOT_FOUND (404) 该公司不存在 and nothing is saved', async () => {
    const u = await makeUser();
    const res = await errorOf(follow(u.token, 987654321));
    expect(res.status).toBe(404);
    expect(res).toMatchObject({ code: 'NOT_FOUND', msg: '该公司不存在' });
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('a company of the company database that never closed can be followed too, and my list is newest first', async () => {
    const u = await makeUser();
    const closed = await makeClosure({ name: '先关注的公司' });
    const live = await makeCompany();
    await follow(u.token, closed);
    await follow(u.token, live);
    const list = await dataOf(mine(u.token));
    expect(list.info.map((r) => [r.item_id, r.name])).toEqual([
      [live, `在营公司${live}`],
      [closed, '先关注的公司'],
    ]);
    const page2 = await dataOf(mine(u.token, { page: 2, per_page: 1 }));
    expect(page2.info.map((r) => r.item_id)).toEqual([closed]);
    expect(page2.page).toEqual({ total: 2, page: 2, per_page: 1 });
  });

  it("status and my list hold only the caller's own follows", async () => {
    const [me, other] = [await makeUser(), await makeUser()];
    const [a, b, c] = [await makeClosure(), await makeClosure(), await makeClosure()];
    await follow(me.token, a);
    await follow(other.token, b);
    await follow(other.token, a);
    const myStatus = await dataOf(status(me.token, `${a},${b},${c}`));
    expect(myStatus).toEqual({ followed: [a] });
    expect(await dataOf(status(other.token, `${c},${b},${a}`))).toEqual({ followed: [b, a] });
    const list = await dataOf(mine(me.token));
    expect(list.info.map((r) => r.item_id)).toEqual([a]);
    // Unfollowing touches only the caller's row.
    await unfollow(me.token, a);
    expect(await dataOf(status(other.token, String(a)))).toEqual({ followed: [a] });
  });

  it('bad input is BAD_REQUEST (400) naming the field', async () => {
    const u = await makeUser();
    const com = await makeClosure();
    const cases: [Promise<ErrorReply>, string][] = [
      [errorOf(status(u.token, '1,abc,3')), 'ids'],
      [errorOf(status(u.token, '')), 'ids'],
      [errorOf(status(u.token, '1,-2')), 'ids'],
      [errorOf(status(u.token, Array.from({ length: 51 }, (_, i) => i + 1).join(','))), 'ids'],
      [errorOf(api(u.token).follow.status.$get({ query: { type: 2, ids: '1' } })), 'type'],
      [errorOf(follow(u.token, com, 2)), 'type'],
      [errorOf(api(u.token).follow.$post({ json: { type: 1 } })), 'item_id'],
      [errorOf(api(u.token).follow.cancel.$post({ json: { type: 1, item_id: 'x' } })), 'item_id'],
      [errorOf(mine(u.token, { per_page: 51 })), 'per_page'],
    ];
    for (const [pending, field] of cases) {
      const res = await pending;
      expect(res.status, field).toBe(400);
      expect(res.code).toBe('BAD_REQUEST');
      expect(res.field).toBe(field);
      expect(res.msg.startsWith(`${field}：`)).toBe(true);
    }
    expect(await rowsOf(u.id)).toEqual([]);
    // 50 ids is the limit, not an error.
    await dataOf(status(u.token, Array.from({ length: 50 }, (_, i) => i + 1).join(',')));
  });
});
