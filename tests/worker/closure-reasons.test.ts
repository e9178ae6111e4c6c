import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeClosure, makeReasons } from './closure-fixtures';
import { call, roleTokens, type Role } from './helpers';

let tokens: Record<Role, string | undefined>;
let r: { parent: number; children: number[] };
const inFirst: number[] = [];
let inBoth: number;

beforeAll(async () => {
  tokens = await roleTokens();
  await baseTaxonomy();
  r = await makeReasons(2);
  const [a, b] = r.children;
  for (let i = 0; i < 12; i++) {
    inFirst.push(await makeClosure({ close: 20160101 + i, totalMoney: (i + 1) * 1000, reasons: [{ id: a, pId: r.parent }] }));
  }
  // One company with both children of the parent: counted once under the parent.
  inBoth = await makeClosure({ close: 20170101, totalMoney: 5, reasons: [{ id: a, pId: r.parent }, { id: b, pId: r.parent }] });
});

describe('reason navigation', () => {
  it('closure_type returns the two levels with child lists, public and edge-cacheable', async () => {
    const res = await call('/api/closure/closure_type');
    expect(res.status).toBe(200);
    const node = res.body.data.find((n: { id: number }) => n.id === r.parent);
    expect(node).toEqual({
      id: r.parent,
      p_id: 0,
      name: `测试原因${r.parent}`,
      child: r.children.map((id) => ({ id, p_id: r.parent, name: `测试子原因${id}` })),
    });
    expect(res.headers.get('Cache-Control')).toBe('public, s-maxage=60');
  });

  it('closure_type_Delegate lists the reason\'s biggest burns (com_id, com_name, logo); login only', async () => {
    const res = await call('/api/closure/closure_type_Delegate', { token: tokens.user, query: { type_id: r.children[0] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0]).toMatchObject({ com_id: inFirst[11], com_name: expect.any(String), logo: expect.any(String) });
    const parent = await call('/api/closure/closure_type_Delegate', { token: tokens.user, query: { type_id: r.parent } });
    expect(new Set(parent.body.data.map((d: { com_id: number }) => d.com_id)).size).toBe(parent.body.data.length);
    expect((await call('/api/closure/closure_type_Delegate', { query: { type_id: r.parent } })).status).toBe(401);
    expect((await call('/api/closure/closure_type_Delegate', { token: tokens.user, query: { type_id: 99999999 } })).status).toBe(404);
  });
});

describe('GET /api/closure/closure_type_list: all companies of a reason', () => {
  it('is for members: a visitor gets LOGIN_REQUIRED, a plain user VIP_REQUIRED', async () => {
    const visitor = await call('/api/closure/closure_type_list', { query: { type_id: r.children[0] } });
    expect(visitor.body.code).toBe('LOGIN_REQUIRED');
    const user = await call('/api/closure/closure_type_list', { token: tokens.user, query: { type_id: r.children[0] } });
    expect(user.status).toBe(403);
    expect(user.body.code).toBe('VIP_REQUIRED');
  });

  it('gives a VIP the failed-company rows, latest closing first, paged', async () => {
    const p1 = await call('/api/closure/closure_type_list', { token: tokens.vip, query: { type_id: r.children[0] } });
    expect(p1.status).toBe(200);
    expect(p1.body.data.page).toEqual({ total: 13, page: 1, per_page: 10 });
    expect(p1.body.data.info[0].com_id).toBe(inBoth);
    expect(p1.body.data.info[1].com_id).toBe(inFirst[11]);
    const row = p1.body.data.info[0];
    expect(row.closure_type.map((t: { id: number }) => t.id).sort()).toEqual([...r.children].sort());
    expect(row).toHaveProperty('survival');
    const p2 = await call('/api/closure/closure_type_list', { token: tokens.svip, query: { type_id: r.children[0], page: 2 } });
    expect(p2.body.data.info.map((x: { com_id: number }) => x.com_id)).toEqual([inFirst[2], inFirst[1], inFirst[0]]);
  });

  it('a parent reason lists each company of its children once', async () => {
    const res = await call('/api/closure/closure_type_list', { token: tokens.vip, query: { type_id: r.parent, per_page: 100 } });
    expect(res.body.data.page.total).toBe(13);
    const ids = res.body.data.info.map((x: { com_id: number }) => x.com_id);
    expect(new Set(ids).size).toBe(13);
    const second = await call('/api/closure/closure_type_list', { token: tokens.vip, query: { type_id: r.children[1] } });
    expect(second.body.data.info.map((x: { com_id: number }) => x.com_id)).toEqual([inBoth]);
  });
});
