import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeUser } from '../helpers';
import { exportedFile, loadTaxonomy, read, runImport, runUndo, xlsxOf, type Table } from './fixtures';

/** STAR companies as the seed writes them: half applicants, half listed (state 已发行, with a market value). */
async function seedOriginals(n: number) {
  const stmts: D1PreparedStatement[] = [];
  for (let i = 0; i < n; i++) {
    const listed = i % 2;
    const id = 7000 + i;
    const state = listed ? 6 : 1 + (i % 5);
    stmts.push(
      env.DB.prepare('INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month) VALUES (?, ?, ?, ?, ?, 9, 905, 2012, 3)').bind(id, `星${i}`, `星${i}科技股份有限公司`, ['上海', '江苏', '北京'][i % 3], ['上海', '苏州', '北京'][i % 3]),
      env.DB.prepare(
        `INSERT INTO starmarket_companies (m_com_id, com_id, com_name, com_registered_name, com_slogan, com_prov, com_city, cat_id, se_cat_id, state_id, is_listed,
           acceptance_time, acceptance_update_time, plan_issue_capital, count_money, money, total_money, organization_name, accounting_firm, law_firm)
         VALUES (?, ?, ?, ?, ?, ?, ?, 9, 905, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(id, id, `星${i}`, `星${i}科技股份有限公司`, `做第${i}种芯片`, ['上海', '江苏', '北京'][i % 3], ['上海', '苏州', '北京'][i % 3], state, listed, 20190301 + i * 3, 20190601 + i * 5, 50000 + i * 1000, listed ? 900000 + i : 0, listed ? 60000 + i : 0, 20000 + i * 77, '中信证券', '立信会计师事务所', '锦天城律师事务所'),
    );
  }
  await env.DB.batch(stmts);
}

async function clearStars() {
  await env.DB.batch(['starmarket_stages', 'starmarket_companies', 'companies', 'import_changes', 'import_batches'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
}

const sorted = (t: Table) => t.rows.map((r) => JSON.stringify(r.values)).sort();
const both = async (tag: string) => ({
  applicants: await read(await exportedFile('/api/export/starmarket_company_down', { type: 1 }), `${tag}-applicants.xlsx`),
  listed: await read(await exportedFile('/api/export/starmarket_company_down', { type: 4 }), `${tag}-listed.xlsx`),
});

beforeAll(loadTaxonomy);

describe('STAR market: the product export round trip', () => {
  it('exports both tabs, imports them into an emptied database and exports the same rows', async () => {
    await seedOriginals(24);
    const first = await both('first');
    expect(first.applicants.rows).toHaveLength(12);
    expect(first.listed.rows).toHaveLength(12);
    await clearStars();

    expect(await runImport(first.applicants)).toMatchObject({ kind: 'starmarket', imported: 12, rejects: [] });
    expect(await runImport(first.listed, { kind: 'starmarket' })).toMatchObject({ imported: 12, rejects: [] });
    const second = await both('second');
    expect(sorted(second.applicants)).toEqual(sorted(first.applicants));
    expect(sorted(second.listed)).toEqual(sorted(first.listed));

    // The kept counts of both tabs match the rows, and the list and the detail page read them.
    const counts = await env.DB.prepare("SELECT is_listed, n FROM starmarket_counts WHERE prov = '' AND cat_id = 0 AND state_id = 0 ORDER BY is_listed").all();
    expect(counts.results).toEqual([{ is_listed: 0, n: 12 }, { is_listed: 1, n: 12 }]);
    const list = await call('/api/starmarket/listed', { method: 'POST', json: {}, token: (await makeUser()).token });
    expect((list.body.data as { page: { total: number } }).page.total).toBe(12);
    const search = await call('/api/search', { query: { q: 'xing' } });
    expect(JSON.stringify(search.body.data)).toContain('星');

    expect(await runImport(first.applicants)).toMatchObject({ imported: 0, updated: 0, unchanged: 12 });
  });

  it('moves a company to the listed tab when its state becomes 已发行, and the undo moves it back', async () => {
    await clearStars();
    const headers = ['公司简称', '公司全称', '行业', '省份', '审核状态', '受理日期', '更新日期', '开盘市值(万元)'];
    const a = await runImport(await read(await xlsxOf(headers, [['晶芯', '晶芯半导体股份有限公司', '硬件', '上海', '已问询', '2021-03-01', '2021-05-01', '']]), 'a.xlsx'));
    expect(a.imported).toBe(1);
    const b = await runImport(await read(await xlsxOf(headers, [['晶芯', '晶芯半导体股份有限公司', '硬件', '上海', '已发行', '2021-03-01', '2021-12-01', '120亿']]), 'b.xlsx'));
    expect(b).toMatchObject({ updated: 1 });
    expect(await env.DB.prepare("SELECT is_listed, count_money FROM starmarket_companies").first()).toEqual({ is_listed: 1, count_money: 1200000 });
    await runUndo(b.batch_id);
    expect(await env.DB.prepare("SELECT is_listed, count_money, acceptance_update_time FROM starmarket_companies").first()).toEqual({ is_listed: 0, count_money: 0, acceptance_update_time: 20210501 });
    await runUndo(a.batch_id);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM starmarket_companies').first())!.n).toBe(0);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM companies').first())!.n).toBe(0);
  });

  it('rejects an unknown review state and a province that is not one', async () => {
    await clearStars();
    const headers = ['公司简称', '公司全称', '行业', '省份', '审核状态', '受理日期'];
    const s = await runImport(await read(await xlsxOf(headers, [['甲', '甲股份有限公司', '硬件', '上海', '排队中', '2021-03-01'], ['乙', '乙股份有限公司', '硬件', '浦东', '已受理', '2021-03-01']]), 'bad.xlsx'));
    expect(s.rejects.map((r) => [r.line, r.column, r.reason])).toEqual([
      [2, '审核状态', '审核状态“排队中”不在审核状态表中'],
      [3, '省份', '地区“浦东”不是 GB/T 2260 的省级行政区名称（如“北京”“广东省”）'],
    ]);
  });
});
