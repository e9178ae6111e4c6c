/**
 * The generator's kinds no product declaration covers alone, on kept tables of this file's own
 * over real source tables: a join source counted per pair under levels, alternatives that coincide
 * for a pair and a summed column; a mirror of a plain source. Triggers on both sides keep them
 * through inserts, updates and deletes on either table, and the rebuild repairs them. Declarations
 * the generator cannot keep exactly are refused before any SQL is written.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { listTriggers, rebuildSql, recountSql } from '../../../worker/src/db/kept/sql.ts';
import { lit, type KeptList } from '../../../worker/src/db/kept/shape.ts';
import { compareKept } from './exact';

/**
 * Per tag, and per province and under 'p:北京' (an "any" key that coincides with a Beijing
 * company's own): the funded companies' tag rows, by decade and year of birth, funding summed.
 */
const tagYears: KeptList = {
  table: 'test_kept_tag_years',
  columns: ['k', 'level', 'bucket'],
  zeros: 'delete',
  sums: ['money'],
  sources: [
    {
      name: 'tags',
      table: 'medical_company_tags',
      join: { table: 'companies', key: ['id'], on: (r, j) => `${j.id} = ${r.com_id}` },
      when: (_, j) => `${j.total_money} > 0`,
      keys: (r, j) => [[`'t:' || ${r.tag_id}`], [[`'p:' || ${j.prov}`, lit('p:北京')]]],
      levels: { order: (_, j) => j.born_year, widths: [10, 1] },
      sums: { money: (_, j) => j.total_money },
    },
  ],
};

/** A plain source's mirror: every tag row with a label made from it. */
const tagLabels: KeptList = {
  table: 'test_kept_tag_labels',
  columns: ['com_id', 'tag_id'],
  zeros: 'keep',
  mirror: { values: ['label'] },
  sources: [{ name: 'tags', table: 'medical_company_tags', when: (r) => `${r.tag_id} <> 97103`, keys: (r) => [[r.com_id, r.tag_id]], values: (r) => [`'标签' || ${r.tag_id}`] }],
};

const COMPANIES = [301, 302, 303, 304, 305, 306];
const PROVS = ['北京', '上海', '北京', '广东', '上海', '北京'];

/** The sample companies, born and funded as the i-th says. */
const companies = (born: (i: number) => number, money: (i: number) => number) =>
  COMPANIES.map((id, i) =>
    env.DB.prepare(
      "INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month, total_money) VALUES (?, ?, ?, ?, '', 4, 401, ?, 6, ?)",
    ).bind(id, `生成器公司${id}`, `生成器公司${id}有限公司`, PROVS[i], born(i), money(i)),
  );

async function run(sql: string, ...binds: unknown[]) {
  await env.DB.prepare(sql)
    .bind(...binds)
    .run();
}

async function expectExact(list: KeptList, when: string) {
  const { kept, fresh } = await compareKept(list);
  expect(kept, `${list.table} ${when}`).toEqual(fresh);
}

const row = (k: string, level = 0, bucket = 0) =>
  env.DB.prepare('SELECT n, money FROM test_kept_tag_years WHERE k = ? AND level = ? AND bucket = ?').bind(k, level, bucket).first<{ n: number; money: number }>();

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare('CREATE TABLE test_kept_tag_years (k TEXT NOT NULL, level INTEGER NOT NULL, bucket INTEGER NOT NULL, n INTEGER NOT NULL, money INTEGER NOT NULL, PRIMARY KEY (k, level, bucket))'),
    env.DB.prepare('CREATE TABLE test_kept_tag_labels (com_id INTEGER NOT NULL, tag_id INTEGER NOT NULL, label TEXT NOT NULL, PRIMARY KEY (com_id, tag_id))'),
    ...[...listTriggers(tagYears), ...listTriggers(tagLabels)].map((t) => env.DB.prepare(t.sql)),
  ]);
  await env.DB.batch([
    ...companies((i) => 2008 + i * 3, (i) => (i === 4 ? 0 : 100 * (i + 1))),
    // 307 does not exist: its tag pairs with nothing.
    ...[
      [301, 97_101],
      [301, 97_102],
      [302, 97_101],
      [303, 97_101],
      [303, 97_103],
      [304, 97_102],
      [305, 97_101],
      [306, 97_102],
      [307, 97_101],
    ].map(([c, t]) => env.DB.prepare('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (?, ?)').bind(c, t)),
  ]);
});

describe('a join source counted per pair', () => {
  it('counts each (tag row, company) pair once, under every level, with its funding summed', async () => {
    await expectExact(tagYears, 'after the inserts');
    // Tag 97101: 301 (100), 302 (200), 303 (300); 305 has no funding, 307 no company.
    expect(await row('t:97101')).toEqual({ n: 3, money: 600 });
    expect(await row('t:97101', 1, 2010)).toEqual({ n: 2, money: 500 });
    // Every funded pair counts under the literal 'p:北京'; a Beijing pair names it twice and still counts once.
    expect(await row('p:北京')).toEqual({ n: 7, money: 100 * 2 + 200 + 300 * 2 + 400 + 600 });
    expect(await row('p:上海')).toEqual({ n: 1, money: 200 });
  });

  it('follows updates of the joined table', async () => {
    await run("UPDATE companies SET prov = '广东', born_year = 1999 WHERE id = 301");
    await expectExact(tagYears, 'after a company moved province and year');
    await run('UPDATE companies SET total_money = 900 WHERE id = 305');
    await run('UPDATE companies SET total_money = 0 WHERE id = 302');
    await expectExact(tagYears, 'after funding came and went');
    await run('UPDATE companies SET id = 307 WHERE id = 304');
    await expectExact(tagYears, 'after a company took the id of a dangling tag row');
    expect(await row('t:97101')).toEqual({ n: 4, money: 100 + 300 + 900 + 400 });
  });

  it('follows updates, deletes and inserts of the source table', async () => {
    await run('UPDATE medical_company_tags SET tag_id = 97104 WHERE com_id = 303 AND tag_id = 97101');
    await run('UPDATE medical_company_tags SET com_id = 306 WHERE com_id = 301 AND tag_id = 97101');
    await expectExact(tagYears, 'after tag rows moved');
    await run('DELETE FROM medical_company_tags WHERE com_id IN (303, 306)');
    await expectExact(tagYears, 'after tag rows were deleted');
    await run('INSERT INTO medical_company_tags (com_id, tag_id) VALUES (303, 97101), (306, 97101)');
    await expectExact(tagYears, 'after tag rows were inserted');
  });

  it('deletes rows whose count falls to zero, and keeps nothing once the pairs are gone', async () => {
    await run('DELETE FROM companies WHERE id IN (302, 303)');
    await expectExact(tagYears, 'after companies were deleted');
    expect(await row('t:97104')).toBeNull();
    await run('DELETE FROM companies WHERE id BETWEEN 301 AND 310');
    expect((await env.DB.prepare('SELECT count(*) AS c FROM test_kept_tag_years').first<{ c: number }>())!.c).toBe(0);
    await env.DB.batch(companies((i) => 2010 + i, (i) => 50 * (i + 1)));
    await expectExact(tagYears, 'after the companies came back');
  });

  it('is rebuilt to the same rows', async () => {
    const before = await compareKept(tagYears);
    await run("UPDATE test_kept_tag_years SET n = n + 7, money = money - 1 WHERE k = 't:97101'");
    expect((await compareKept(tagYears)).kept).not.toEqual(before.fresh);
    await env.DB.batch(rebuildSql(tagYears).map((s) => env.DB.prepare(s)));
    expect((await compareKept(tagYears)).kept).toEqual(before.fresh);
  });
});

describe('a mirror of a plain source', () => {
  it('holds one row per counted source row with its copied columns, through every write and the rebuild', async () => {
    await expectExact(tagLabels, 'after the inserts');
    expect(await env.DB.prepare('SELECT label FROM test_kept_tag_labels WHERE com_id = 301 AND tag_id = 97102').first()).toEqual({ label: '标签97102' });
    await run('UPDATE medical_company_tags SET tag_id = 97103 WHERE com_id = 301 AND tag_id = 97102');
    expect(await env.DB.prepare('SELECT count(*) AS c FROM test_kept_tag_labels WHERE com_id = 301 AND tag_id IN (97102, 97103)').first()).toEqual({ c: 0 });
    await run('UPDATE medical_company_tags SET tag_id = 97105 WHERE com_id = 301 AND tag_id = 97103');
    await run('DELETE FROM medical_company_tags WHERE com_id = 304');
    await expectExact(tagLabels, 'after updates and deletes');
    await run('DELETE FROM test_kept_tag_labels WHERE com_id = 301');
    await env.DB.batch(rebuildSql(tagLabels).map((s) => env.DB.prepare(s)));
    await expectExact(tagLabels, 'after the rebuild');
  });
});

describe('declarations the generator refuses', () => {
  const src = tagYears.sources[0];
  it.each([
    ['a join whose own table is on the bulk path', { ...tagYears, sources: [{ ...src, table: 'closure_investors' }] }, 'bulk path'],
    ['distinct with a join', { ...tagYears, sources: [{ ...src, distinct: { same: ['com_id'], self: ['com_id', 'tag_id'] } }] }, 'distinct does not go with join'],
    ['a sum the list does not have', { ...tagYears, sources: [{ ...src, sums: { amount: () => '1' } }] }, 'sums.amount'],
    ['a mirror with too few values', { ...tagLabels, mirror: { values: ['label', 'other'] } }, 'values gives 1 expressions for 2 columns'],
    ['a mirror with levels', { ...tagLabels, sources: [{ ...tagLabels.sources[0], levels: { order: () => '1', widths: [1] } }] }, 'a mirror list has no'],
  ] as const)('%s', (_, list, message) => {
    expect(() => listTriggers(list as KeptList)).toThrow(message);
    expect(() => recountSql(list as KeptList)).toThrow(message);
  });
});
