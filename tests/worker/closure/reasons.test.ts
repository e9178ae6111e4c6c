import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeAlbum, makeClosure, makeClosures, makeReasons, makeTrack } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { roleTokens, type Role } from '../helpers';

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
    const res = await api().closure.closure_type.$get();
    const node = (await dataOf(res)).find((n) => n.id === r.parent);
    expect(node).toEqual({
      id: r.parent,
      p_id: 0,
      name: `测试原因${r.parent}`,
      child: r.children.map((id) => ({ id, p_id: r.parent, name: `测试子原因${id}` })),
    });
    expect(res.headers.get('Cache-Control')).toBe('public, s-maxage=60');
  });

  it('closure_type_Delegate lists the reason\'s biggest burns (com_id, com_name, logo); login only', async () => {
    const delegates = api(tokens.user).closure.closure_type_Delegate;
    const res = await dataOf(delegates.$get({ query: { type_id: r.children[0] } }));
    expect(res).toHaveLength(10);
    expect(res[0]).toMatchObject({ com_id: inFirst[11], com_name: expect.any(String), logo: expect.any(String) });
    const parent = await dataOf(delegates.$get({ query: { type_id: r.parent } }));
    expect(new Set(parent.map((d) => d.com_id)).size).toBe(parent.length);
    expect((await errorOf(api().closure.closure_type_Delegate.$get({ query: { type_id: r.parent } }))).status).toBe(401);
    expect((await errorOf(delegates.$get({ query: { type_id: 99999999 } }))).status).toBe(404);
  });
});

describe('GET /api/closure/closure_type_list: all companies of a reason', () => {
  it('is for members: a visitor gets LOGIN_REQUIRED, a plain user VIP_REQUIRED', async () => {
    const visitor = await errorOf(api().closure.closure_type_list.$get({ query: { type_id: r.children[0] } }));
    expect(visitor.code).toBe('LOGIN_REQUIRED');
    const user = await errorOf(api(tokens.user).closure.closure_type_list.$get({ query: { type_id: r.children[0] } }));
    expect(user.status).toBe(403);
    expect(user.code).toBe('VIP_REQUIRED');
  });

  it('gives a VIP the failed-company rows, latest closing first, paged', async () => {
    const p1 = await dataOf(api(tokens.vip).closure.closure_type_list.$get({ query: { type_id: r.children[0] } }));
    expect(p1.page).toEqual({ total: 13, page: 1, per_page: 10 });
    expect(p1.info[0].com_id).toBe(inBoth);
    expect(p1.info[1].com_id).toBe(inFirst[11]);
    const row = p1.info[0];
    expect(row.closure_type.map((t) => t.id).sort()).toEqual([...r.children].sort());
    expect(row).toHaveProperty('survival');
    const p2 = await dataOf(api(tokens.svip).closure.closure_type_list.$get({ query: { type_id: r.children[0], page: 2 } }));
    expect(p2.info.map((x) => x.com_id)).toEqual([inFirst[2], inFirst[1], inFirst[0]]);
  });

  it('a parent reason lists each company of its children once', async () => {
    const res = await dataOf(api(tokens.vip).closure.closure_type_list.$get({ query: { type_id: r.parent, per_page: 100 } }));
    expect(res.page.total).toBe(13);
    const ids = res.info.map((x) => x.com_id);
    expect(new Set(ids).size).toBe(13);
    const second = await dataOf(api(tokens.vip).closure.closure_type_list.$get({ query: { type_id: r.children[1] } }));
    expect(second.info.map((x) => x.com_id)).toEqual([inBoth]);
  });
});

describe('list totals kept by triggers', () => {
  const TRUTH: Record<string, string> = {
    type: 'SELECT CAST(type_id AS TEXT) AS key, COUNT(*) AS n FROM closure_company_types GROUP BY type_id',
    ptype: 'SELECT CAST(p_id AS TEXT) AS key, COUNT(DISTINCT com_id) AS n FROM closure_company_types GROUP BY p_id',
    track: 'SELECT CAST(tag_id AS TEXT) AS key, COUNT(*) AS n FROM closure_company_tracks GROUP BY tag_id',
    album: 'SELECT CAST(album_id AS TEXT) AS key, COUNT(*) AS n FROM closure_company_albums GROUP BY album_id',
    all: "SELECT '' AS key, COUNT(*) AS n FROM closures",
    prov: 'SELECT com_prov AS key, COUNT(*) AS n FROM closures GROUP BY com_prov',
    cat: 'SELECT CAST(cat_id AS TEXT) AS key, COUNT(*) AS n FROM closures GROUP BY cat_id',
    fund: 'SELECT CAST(fund_status_id AS TEXT) AS key, COUNT(*) AS n FROM closures GROUP BY fund_status_id',
    year: 'SELECT CAST(close_year AS TEXT) AS key, COUNT(*) AS n FROM closures GROUP BY close_year',
  };
  /** Every (dim, key) whose kept count differs from counting the rows (zero rows kept as 0 are equal). */
  const mismatches = async () => {
    const out: string[] = [];
    for (const [dim, sql] of Object.entries(TRUTH)) {
      const truth = new Map((await env.DB.prepare(sql).all<{ key: string; n: number }>()).results.map((r) => [r.key, r.n]));
      const kept = new Map(
        (await env.DB.prepare('SELECT key, n FROM closure_counts WHERE dim = ?').bind(dim).all<{ key: string; n: number }>()).results.map((r) => [r.key, r.n]),
      );
      for (const key of new Set([...truth.keys(), ...kept.keys()])) {
        if ((truth.get(key) ?? 0) !== (kept.get(key) ?? 0)) out.push(`${dim}/${key}: kept ${kept.get(key)}, rows ${truth.get(key)}`);
      }
    }
    return out;
  };

  it('equal the link rows after inserts, deletes and updates', async () => {
    const t = await makeReasons(2);
    const track = await makeTrack();
    const album = await makeAlbum();
    const both = await makeClosure({ reasons: [{ id: t.children[0], pId: t.parent }, { id: t.children[1], pId: t.parent }], tracks: [track], albums: [album] });
    await makeClosure({ reasons: [{ id: t.children[1], pId: t.parent }], tracks: [track] });
    expect(await mismatches()).toEqual([]);
    const total = async (type_id: number) => (await dataOf(api(tokens.vip).closure.closure_type_list.$get({ query: { type_id } }))).page.total;
    expect(await total(t.parent)).toBe(2);
    await env.DB.prepare('DELETE FROM closure_company_types WHERE com_id = ? AND type_id = ?').bind(both, t.children[1]).run();
    expect(await total(t.parent)).toBe(2);
    expect(await total(t.children[1])).toBe(1);
    await env.DB.prepare('UPDATE closure_company_types SET type_id = ? WHERE com_id = ? AND type_id = ?').bind(t.children[1], both, t.children[0]).run();
    expect(await total(t.children[0])).toBe(0);
    expect(await total(t.children[1])).toBe(2);
    await env.DB.prepare('DELETE FROM closure_company_tracks WHERE com_id = ?').bind(both).run();
    await env.DB.prepare('UPDATE closure_company_albums SET album_id = ? WHERE com_id = ?').bind(album + 100000, both).run();
    const trackList = await dataOf(api(tokens.user).closure.death_track_list.$get({ query: { item_id: track } }));
    expect(trackList.page.total).toBe(1);
    expect(await mismatches()).toEqual([]);
  });
});

describe("a parent reason's companies kept once each (closure_reason_companies)", () => {
  const recount = 'SELECT p_id, close_date, com_id, COUNT(*) AS n FROM closure_company_types GROUP BY 1, 2, 3 ORDER BY 1, 2, 3';
  const kept = 'SELECT p_id, close_date, com_id, n FROM closure_reason_companies ORDER BY 1, 2, 3';
  const rows = async (q: string) => (await env.DB.prepare(q).all()).results;
  /** Every page of the reason, at two sizes, is the DISTINCT query's page, with its total. */
  const expectPages = async (typeId: number, pId: number) => {
    const where = pId === 0 ? 'p_id = ?' : 'type_id = ?';
    const want = (
      await env.DB.prepare(`SELECT DISTINCT com_id, close_date FROM closure_company_types WHERE ${where} ORDER BY close_date DESC, com_id DESC`).bind(typeId).all<{ com_id: number }>()
    ).results.map((x) => x.com_id);
    for (const perPage of [10, 3]) {
      for (let page = 1; page <= Math.ceil(want.length / perPage) + 1; page++) {
        const res = await dataOf(api(tokens.vip).closure.closure_type_list.$get({ query: { type_id: typeId, page, per_page: perPage } }));
        expect([typeId, perPage, page, res.info.map((x) => x.com_id)]).toEqual([typeId, perPage, page, want.slice((page - 1) * perPage, page * perPage)]);
        expect(res.page.total).toBe(new Set(want).size);
      }
    }
  };

  it('equal a fresh recount, and every page equals the DISTINCT query, before and after writes', async () => {
    const t = await makeReasons(3);
    const [a, b, c] = t.children;
    // 60 companies, many under two or three of the parent's children, many closing on the same day.
    const specs = Array.from({ length: 60 }, (_, i) => ({
      close: 20200101 + (i % 7),
      reasons: [a, b, c].filter((_, j) => (i + j) % 3 !== 2 || i % 5 === 0).map((id) => ({ id, pId: t.parent })),
    }));
    const ids = await makeClosures(specs);
    expect(await rows(kept)).toEqual(await rows(recount));
    await expectPages(t.parent, 0);
    await expectPages(b, t.parent);
    const other = await makeReasons(1);
    await env.DB.batch([
      // A link moved to another parent, one deleted, a company's date changed on one of its links, new links.
      env.DB.prepare('UPDATE closure_company_types SET type_id = ?, p_id = ? WHERE com_id = ? AND type_id = ?').bind(other.children[0], other.parent, ids[0], a),
      env.DB.prepare('DELETE FROM closure_company_types WHERE com_id = ? AND type_id = ?').bind(ids[2], b),
      env.DB.prepare('UPDATE closure_company_types SET close_date = 20300101 WHERE com_id = ?').bind(ids[3]),
      env.DB.prepare('INSERT INTO closure_company_types (com_id, type_id, p_id, close_date) VALUES (?, ?, ?, 20200105)').bind(ids[4], b, t.parent),
      env.DB.prepare('DELETE FROM closure_company_types WHERE com_id = ?').bind(ids[6]),
    ]);
    expect(await rows(kept)).toEqual(await rows(recount));
    await expectPages(t.parent, 0);
    await expectPages(other.parent, 0);
  });
});
