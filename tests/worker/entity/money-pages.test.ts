/**
 * Lists by total funding from kept bucket counts (entity_money_counts; worker/src/db/kept/read/money.ts):
 * an atlas tag's companies (/atlas/{id}/companies, ties: the lower id first) and the closed companies
 * a firm backed (/investfirm/{id}/closures, ties: the higher id first). Every page (first, each
 * middle one, last, past the end) holds exactly what the straightforward OFFSET query gives, with
 * the same total, before and after inserts, updates and deletes, and while a row's amount is one the
 * sort keys cannot hold (the list then pages by OFFSET); the kept rows equal a recount made here from
 * the keys' definition; every page reads at most 3 rows per row returned plus 100 on no full scan,
 * which a middle page read with an OFFSET would not.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyRow, moneyCode, MONEY_WIDTHS, sortKey, type Ties } from '../../../worker/src/db/kept/read.ts';
import { makeUser } from '../helpers';
import { plans, recordRequest, rowsReadBy } from '../query-recorder';
import { makeFirm, nextId, taxonomy } from './fixtures';

const TAGGED = 460;
const CLOSED = 330;

let token: string;
let tag: number;
let firm: number;
let otherFirm: number;
let coms: number[] = [];
let closed: number[] = [];

/** Log-normal-like amounts from 55 to about 3.3 million, with large tie groups, zeros and the largest amount a key holds. */
const amount = (i: number) => {
  if (i % 13 === 0) return 0;
  if (i % 6 === 0) return 5000;
  if (i % 10 === 1) return 150;
  if (i === 7) return 99_999_999;
  return Math.round(Math.exp(4 + (((i * 7919) % 1000) / 1000) * 11));
};

beforeAll(async () => {
  await taxonomy();
  token = (await makeUser({ role: 'vip' })).token;
  tag = nextId();
  firm = await makeFirm('测试金额序资本');
  otherFirm = await makeFirm('测试金额序乙资本');
  coms = Array.from({ length: TAGGED }, () => nextId());
  closed = Array.from({ length: CLOSED }, () => nextId());
  const stmts: D1PreparedStatement[] = [env.DB.prepare('INSERT INTO medical_tags (id, p_id, name, "desc") VALUES (?, 0, ?, \'\')').bind(tag, `测试金额序${tag}`)];
  const company = (id: number, name: string, money: number) =>
    env.DB.prepare(
      `INSERT INTO companies (id, name, full_name, logo, slogan, des, prov, city, cat_id, se_cat_id, born_year, born_month, round_id, total_money, is_medical)
       VALUES (?, ?, ?, '', '', '一家测试公司', '北京', '北京', 9801, 980101, 2015, 6, 2, ?, 1)`,
    ).bind(id, name, `北京${name}科技有限公司`, money);
  coms.forEach((c, i) => {
    stmts.push(company(c, `测试金额序公司${i}`, amount(i)));
    stmts.push(env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(c, tag));
  });
  closed.forEach((c, i) => {
    stmts.push(closure(c, `测试金额序关闭${i}`, amount(i + 3)));
    stmts.push(env.DB.prepare("INSERT INTO closure_investors (com_id, invst_id, invst_name) VALUES (?, ?, '测试金额序资本')").bind(c, firm));
  });
  for (let i = 0; i < stmts.length; i += 100) await env.DB.batch(stmts.slice(i, i + 100));
}, 120_000);

function closure(id: number, name: string, money: number) {
  return env.DB.prepare(
    `INSERT INTO closures (com_id, com_name, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date, operating_status, total_money, incense_total)
     VALUES (?, ?, '北京', 9801, 980101, 2, 20150601, 20200101, '已关闭', ?, 0)`,
  ).bind(id, name, money);
}

const get = (path: string) => recordRequest(path, { headers: { Authorization: `Bearer ${token}` } });

interface Case {
  label: string;
  path: () => string;
  /** Ids of a page and the total, by the straightforward query the handler replaces. */
  oracle: (page: number) => Promise<{ ids: number[]; total: number }>;
  rowId: (x: Record<string, number>) => number;
}

const all = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).all<{ id: number }>()).results.map((r) => r.id);
const one = async (sql: string, ...params: unknown[]) => (await env.DB.prepare(sql).bind(...params).first<{ n: number }>())!.n;

const cases = (): Case[] => [
  {
    label: 'atlas companies',
    path: () => `/api/atlas/${tag}/companies`,
    oracle: async (page) => ({
      ids: await all(
        'SELECT id FROM companies WHERE id IN (SELECT com_id FROM medical_company_tags WHERE tag_id = ?) ORDER BY total_money DESC, id ASC LIMIT 10 OFFSET ?',
        tag,
        (page - 1) * 10,
      ),
      total: await one('SELECT count(*) AS n FROM medical_company_tags WHERE tag_id = ?', tag),
    }),
    rowId: (x) => x.id,
  },
  ...[
    ['firm closures', () => firm],
    ['other firm closures', () => otherFirm],
  ].map(
    ([label, id]): Case => ({
      label: label as string,
      path: () => `/api/investfirm/${(id as () => number)()}/closures`,
      // The page of closure_investors, then the companies of it that have a closure row.
      oracle: async (page) => ({
        ids: await all(
          `SELECT p.com_id AS id FROM (SELECT com_id, total_money FROM closure_investors WHERE invst_id = ? ORDER BY total_money DESC, com_id DESC LIMIT 10 OFFSET ?) p
           WHERE p.com_id IN (SELECT com_id FROM closures) ORDER BY p.total_money DESC, p.com_id DESC`,
          (id as () => number)(),
          (page - 1) * 10,
        ),
        total: await one('SELECT count(*) AS n FROM closure_investors WHERE invst_id = ?', (id as () => number)()),
      }),
      rowId: (x) => x.com_id,
    }),
  ),
];

type Page = { data: { info: Record<string, number>[]; page: { total: number } } };
type Seen = { label: string; page: number; r: Awaited<ReturnType<typeof get>> }[];

/** The request walked the kept buckets (startDay's reads of one level's range). */
const walked = (r: Awaited<ReturnType<typeof get>>) => r.statements.some((s) => /entity_money_counts/.test(s.sql) && /between/i.test(s.sql));
/** The request read the tag's ids with an OFFSET past the direct-read threshold (the plain read, not a seek). */
const deepOffset = (r: Awaited<ReturnType<typeof get>>) =>
  r.statements.some((s) => /from "atlas_tag_companies"/.test(s.sql) && /offset/i.test(s.sql) && s.params.some((p) => typeof p === 'number' && p > 40));
const atlasMiddle = (seen: Seen) => seen.find((x) => x.label === 'atlas companies' && x.page === Math.ceil(TAGGED / 20))!.r;

/** Every page of every list, and one past the end, against the straightforward query; returns the responses. */
async function expectEveryPageMatches() {
  const seen: Seen = [];
  for (const c of cases()) {
    const last = Math.max(1, Math.ceil((await c.oracle(1)).total / 10));
    for (let page = 1; page <= last + 1; page++) {
      const r = await get(`${c.path()}?page=${page}`);
      expect(r.status, `${c.label} page ${page}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(200);
      const body = r.body as Page;
      const want = await c.oracle(page);
      expect(body.data.page.total, `${c.label} page ${page} total`).toBe(want.total);
      expect(body.data.info.map(c.rowId), `${c.label} page ${page}`).toEqual(want.ids);
      seen.push({ label: c.label, page, r });
    }
  }
  return seen;
}

/** The kept rows the triggers should hold, from the keys' definition (sortKey, MONEY_WIDTHS). */
async function recount() {
  const counts = new Map<string, number>();
  const add = (k: string, key: number | null) => {
    if (key === null) return;
    const levels = [0, ...MONEY_WIDTHS.map((w) => Math.floor(key / w) * w)];
    levels.forEach((bucket, level) => {
      const id = `${k}|${level}|${bucket}`;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    });
  };
  const rows = async (sql: string) => (await env.DB.prepare(sql).all<{ list: number; money: number; id: number }>()).results;
  for (const r of await rows('SELECT tag_id AS list, total_money AS money, com_id AS id FROM atlas_tag_companies')) add(`t:${r.list}`, sortKey(r.money, r.id, 'lowerIdFirst'));
  for (const r of await rows('SELECT invst_id AS list, total_money AS money, com_id AS id FROM closure_investors')) add(`c:${r.list}`, sortKey(r.money, r.id, 'higherIdFirst'));
  return [...counts.entries()].map(([id, n]) => {
    const [k, level, bucket] = id.split('|');
    return { k, level: Number(level), bucket: Number(bucket), n };
  });
}

async function expectKeptEqualRecount() {
  const kept = (await env.DB.prepare('SELECT k, level, bucket, n FROM entity_money_counts').all()).results;
  const order = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    String(a.k).localeCompare(String(b.k)) || Number(a.level) - Number(b.level) || Number(a.bucket) - Number(b.bucket);
  expect([...kept].sort(order)).toEqual((await recount()).sort(order));
}

/**
 * Pages that read more than the budget or scan a kept or large table: those around the direct-read
 * threshold (offset 40), the middle ones and the last ones of each list.
 */
async function overBudget(seen: Seen) {
  const over: string[] = [];
  const lastOf = new Map(seen.map((s) => [s.label, s.page]));
  const checked = seen.filter(({ label, page }) => {
    const last = lastOf.get(label)!;
    return page <= 6 || Math.abs(page - last / 2) <= 1.5 || page >= last - 6;
  });
  for (const { label, page, r } of checked) {
    const returned = (r.body as Page).data.info.length;
    const by = await rowsReadBy(r.statements);
    const read = by.reduce((n, s) => n + s.rows, 0);
    if (read > 3 * returned + 100) over.push(`${label} page ${page}: ${read} rows read for ${returned}\n${by.map((s) => `  ${s.rows} ${s.sql.slice(0, 160)}`).join('\n')}`);
    for (const steps of await plans(r.statements))
      for (const s of steps)
        if (/^SCAN (atlas_tag_companies|closure_investors|entity_money_counts|companies|closures)\b(?!.*USING (COVERING )?INDEX)/.test(s.detail)) over.push(`${label} page ${page}: ${s.detail}`);
  }
  return over;
}

describe('sort keys of lists by money', () => {
  it('order rows as the lists do and give back the amount and id', () => {
    const rows: [number, number][] = [];
    for (const m of [0, 1, 9, 10, 50, 99, 100, 101, 150, 999, 1000, 5000, 12345, 99_999, 100_000, 3_300_000, 99_999_998, 99_999_999])
      for (const id of [0, 1, 80_001, 80_002, 9_999_999]) rows.push([m, id]);
    for (const ties of ['lowerIdFirst', 'higherIdFirst'] as Ties[]) {
      const listOrder = [...rows].sort(([m1, i1], [m2, i2]) => m2 - m1 || (ties === 'lowerIdFirst' ? i1 - i2 : i2 - i1));
      const keyOrder = [...rows].sort(([m1, i1], [m2, i2]) => sortKey(m2, i2, ties)! - sortKey(m1, i1, ties)!);
      expect(keyOrder).toEqual(listOrder);
      for (const [money, id] of rows) expect(keyRow(sortKey(money, id, ties)!, ties)).toEqual({ money, id });
    }
    expect([moneyCode(100_000_000), moneyCode(-1), moneyCode(1.5), sortKey(5, 10_000_000, 'lowerIdFirst')]).toEqual([null, null, null, null]);
  });
});

describe('lists by money from kept bucket counts', () => {
  it('every page holds the rows and total of the straightforward query; the kept rows equal a recount', async () => {
    await expectEveryPageMatches();
    await expectKeptEqualRecount();
  });

  it('every page reads at most 3 rows per row returned plus 100, on no full scan; a middle page walks the kept counts', async () => {
    const seen = await expectEveryPageMatches();
    expect(await overBudget(seen)).toEqual([]);
    expect([walked(atlasMiddle(seen)), deepOffset(atlasMiddle(seen))]).toEqual([true, false]);
  });

  it('after inserts, updates and deletes the kept rows equal a recount and every page still matches', async () => {
    const fresh = nextId();
    const freshClosed = nextId();
    await env.DB.batch([
      // amounts change: into a tie group, to zero, to the largest a key holds; a tagged company is deleted
      env.DB.prepare('UPDATE companies SET total_money = 5000 WHERE id IN (?, ?, ?)').bind(coms[5], coms[100], coms[301]),
      env.DB.prepare('UPDATE companies SET total_money = 0 WHERE id = ?').bind(coms[44]),
      env.DB.prepare('UPDATE companies SET total_money = 99999999 WHERE id = ?').bind(coms[200]),
      env.DB.prepare('DELETE FROM companies WHERE id = ?').bind(coms[60]),
      // tag rows: one removed, one moved to another company, a new company joins
      env.DB.prepare('DELETE FROM medical_company_tags WHERE com_id = ? AND tag_id = ?').bind(coms[61], tag),
      env.DB.prepare(
        `INSERT INTO companies (id, name, full_name, logo, slogan, des, prov, city, cat_id, se_cat_id, born_year, born_month, round_id, total_money, is_medical)
         VALUES (?, '测试金额序新公司', '北京测试金额序新公司科技有限公司', '', '', '', '北京', '北京', 9801, 980101, 2015, 6, 2, 5000, 1)`,
      ).bind(fresh),
      env.DB.prepare('UPDATE medical_company_tags SET com_id = ? WHERE com_id = ? AND tag_id = ?').bind(fresh, coms[62], tag),
      // closures: amounts change (copied to closure_investors), a new closed company, investors removed and moved to another firm
      env.DB.prepare('UPDATE closures SET total_money = 150 WHERE com_id IN (?, ?)').bind(closed[9], closed[200]),
      env.DB.prepare('UPDATE closures SET total_money = 0 WHERE com_id = ?').bind(closed[17]),
      closure(freshClosed, '测试金额序新关闭', 5000),
      env.DB.prepare("INSERT INTO closure_investors (com_id, invst_id, invst_name) VALUES (?, ?, '测试金额序资本')").bind(freshClosed, firm),
      env.DB.prepare('DELETE FROM closure_investors WHERE com_id IN (?, ?) AND invst_id = ?').bind(closed[30], closed[31], firm),
      env.DB.prepare('UPDATE closure_investors SET invst_id = ? WHERE com_id IN (?, ?, ?) AND invst_id = ?').bind(otherFirm, closed[40], closed[41], closed[150], firm),
    ]);
    await expectKeptEqualRecount();
    const seen = await expectEveryPageMatches();
    expect(await overBudget(seen)).toEqual([]);
  });

  it('while a row has an amount no key holds, its list pages by OFFSET and stays right; the walk returns once it is gone', async () => {
    await env.DB.prepare('UPDATE companies SET total_money = 200000000 WHERE id = ?').bind(coms[3]).run();
    await expectKeptEqualRecount();
    expect(deepOffset(atlasMiddle(await expectEveryPageMatches()))).toBe(true);
    await env.DB.prepare('UPDATE companies SET total_money = 4321 WHERE id = ?').bind(coms[3]).run();
    await expectKeptEqualRecount();
    const after = await expectEveryPageMatches();
    expect(await overBudget(after)).toEqual([]);
    expect([walked(atlasMiddle(after)), deepOffset(atlasMiddle(after))]).toEqual([true, false]);
  });
});
