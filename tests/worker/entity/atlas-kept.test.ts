/**
 * An atlas tag's company list and card read kept rows: atlas_tag_companies /
 * atlas_tag_stats (kept by triggers on medical_company_tags and companies) and the kept event
 * total. Every page holds what the straightforward query gives, with the same total, before and
 * after inserts, updates and deletes; the kept rows equal a recount; the first and last pages read
 * at most 3 rows per row returned plus 100.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../helpers';
import { recordRequest, rowsReadBy } from '../query-recorder';
import { makeCompany, makeEvent, nextId, taxonomy } from './fixtures';

const COMPANIES = 130;
let token: string;
let tag: number;
let coms: number[] = [];

beforeAll(async () => {
  await taxonomy();
  token = (await makeUser({ role: 'vip' })).token;
  tag = nextId();
  await env.DB.prepare('INSERT INTO medical_tags (id, p_id, name, "desc") VALUES (?, 0, ?, \'\')').bind(tag, `测试图谱${tag}`).run();
  coms = [];
  for (let i = 0; i < COMPANIES; i++) coms.push(await makeCompany(`测试图谱公司${i}`, { medical: true }));
  await env.DB.batch([
    // Money with ties (several companies share an amount, some have none).
    ...coms.map((c, i) => env.DB.prepare('UPDATE companies SET total_money = ? WHERE id = ?').bind(i % 9 === 0 ? 0 : ((i * 37) % 23) * 1000, c)),
    ...coms.map((c) => env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(c, tag)),
  ]);
  for (const c of coms.slice(0, 6)) await makeEvent(c, 20220101, [{ com: '某测试集团' }]);
}, 60_000);

const get = (path: string) => recordRequest(path, { headers: { Authorization: `Bearer ${token}` } });

async function oracle(page: number) {
  const ids = await env.DB.prepare(
    'SELECT id FROM companies WHERE id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ?) ORDER BY total_money DESC, id ASC LIMIT 10 OFFSET ?',
  )
    .bind(tag, (page - 1) * 10)
    .all<{ id: number }>();
  const total = await env.DB.prepare('SELECT count(*) AS n FROM medical_company_tags WHERE tag_id = ?').bind(tag).first<{ n: number }>();
  return { ids: ids.results.map((r) => r.id), total: total!.n };
}

async function expectPagesMatch() {
  const last = Math.ceil((await oracle(1)).total / 10);
  for (const page of [1, 2, Math.floor(last / 2), Math.ceil(last / 2) + 1, last - 1, last, last + 1]) {
    const r = await get(`/api/atlas/${tag}/companies?page=${page}`);
    const body = r.body as {
      data: { info: { id: number }[]; page: { total: number } };
    };
    const want = await oracle(page);
    expect(body.data.page.total, `page ${page}`).toBe(want.total);
    expect(
      body.data.info.map((x) => x.id),
      `page ${page}`,
    ).toEqual(want.ids);
  }
  const detail = (await get(`/api/atlas/${tag}`)).body as {
    data: { com_num: number; invse_num: number; total_money: number };
  };
  const want = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM medical_company_tags WHERE tag_id = ?1) AS com_num,
            (SELECT count(*) FROM invest_events WHERE com_id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ?1)) AS invse_num,
            (SELECT coalesce(sum(total_money), 0) FROM companies WHERE id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ?1)) AS total_money`,
  )
    .bind(tag)
    .first();
  expect({
    com_num: detail.data.com_num,
    invse_num: detail.data.invse_num,
    total_money: detail.data.total_money,
  }).toEqual(want);
}

async function expectKeptEqualRecount() {
  const rows = await env.DB.prepare(
    `SELECT count(*) AS n FROM (SELECT m.com_id, m.tag_id, c.total_money FROM medical_company_tags m JOIN companies c ON c.id = m.com_id
       EXCEPT SELECT com_id, tag_id, total_money FROM atlas_tag_companies)`,
  ).first<{ n: number }>();
  const extra = await env.DB.prepare(
    'SELECT (SELECT count(*) FROM atlas_tag_companies) - (SELECT count(*) FROM medical_company_tags m JOIN companies c ON c.id = m.com_id) AS d',
  ).first<{ d: number }>();
  expect([rows!.n, extra!.d]).toEqual([0, 0]);
  const stats = (await env.DB.prepare('SELECT tag_id, n, money FROM atlas_tag_stats ORDER BY 1').all()).results;
  const recount = (await env.DB.prepare('SELECT tag_id, count(*) AS n, sum(total_money) AS money FROM atlas_tag_companies GROUP BY 1 ORDER BY 1').all())
    .results;
  expect(stats).toEqual(recount);
}

describe('atlas tag companies from kept rows', () => {
  it('every page and the card match the straightforward queries; the kept rows equal a recount', async () => {
    await expectPagesMatch();
    await expectKeptEqualRecount();
  });

  it('the first and last pages and the card read a few rows', async () => {
    const last = Math.ceil(COMPANIES / 10);
    for (const page of [1, 2, last - 1, last]) {
      const r = await get(`/api/atlas/${tag}/companies?page=${page}`);
      const n = (r.body as { data: { info: unknown[] } }).data.info.length;
      expect(
        (await rowsReadBy(r.statements)).reduce((x, s) => x + s.rows, 0),
        `page ${page}`,
      ).toBeLessThanOrEqual(3 * n + 100);
    }
    const card = await get(`/api/atlas/${tag}`);
    expect((await rowsReadBy(card.statements)).reduce((x, s) => x + s.rows, 0)).toBeLessThanOrEqual(30);
  });

  it('after money changes, tag changes and deletes the kept rows equal a recount and the pages still match', async () => {
    const other = nextId();
    await env.DB.prepare('INSERT INTO medical_tags (id, p_id, name, "desc") VALUES (?, 0, ?, \'\')').bind(other, `测试图谱乙${other}`).run();
    const fresh = await makeCompany('测试图谱新公司', { medical: true });
    await env.DB.batch([
      env.DB.prepare('UPDATE companies SET total_money = 999999 WHERE id = ?').bind(coms[50]),
      env.DB.prepare('UPDATE companies SET total_money = 0 WHERE id = ?').bind(coms[1]),
      env.DB.prepare('DELETE FROM companies WHERE id = ?').bind(coms[2]),
      env.DB.prepare('DELETE FROM medical_company_tags WHERE com_id = ? AND tag_id = ?').bind(coms[3], tag),
      env.DB.prepare('UPDATE medical_company_tags SET tag_id = ? WHERE com_id = ? AND tag_id = ?').bind(other, coms[4], tag),
      env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?), (?, ?)').bind(fresh, tag, fresh, other),
      env.DB.prepare('UPDATE companies SET total_money = 4321 WHERE id = ?').bind(fresh),
    ]);
    await expectKeptEqualRecount();
    await expectPagesMatch();
  });
});
