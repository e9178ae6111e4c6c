import { env } from 'cloudflare:test';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { csvText, exportedFile, loadTaxonomy, operatorPost, read, runImport, runUndo, xlsxOf, type Table } from './fixtures';
import { undoBatch } from '../../../scripts/import/send.mjs';
import { rejectsXlsx } from '../../../scripts/import/rejects.mjs';
import { expectKeptExact } from '../kept/exact';

const PROVS = ['北京', '上海', '广东', '浙江', '四川'];
const STATUSES = ['已关闭', '停止运营', '已注销'];

/** n closed companies written as the seed writes them: companies row, closure, reasons, investors. */
async function seedOriginals(n: number) {
  const stmts: D1PreparedStatement[] = [];
  for (let i = 0; i < n; i++) {
    const id = 5000 + i;
    const cat = 1 + (i % 5);
    const sub = cat * 100 + 1 + (i % 3);
    const close = 20150101 + (i % 9) * 10000 + (i % 12) * 100 + (i % 27);
    const born = 20100101 + (i % 5) * 10000 + (i % 11) * 100;
    const prov = PROVS[i % PROVS.length];
    stmts.push(
      env.DB.prepare(
        `INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month, round_id, total_money, valuation, des) VALUES (?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).bind(id, `往返公司${i}`, `往返公司${i}`, prov, cat, sub, Math.floor(born / 10000), Math.floor(born / 100) % 100, 1 + (i % 19), i * 1371, i * 5003, `第${i}家，做过${i % 2 ? '电商' : '教育'}。`),
      env.DB.prepare(
        `INSERT INTO closures (com_id, com_name, com_des, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date, operating_status, total_money, valuation, horse_unicorn) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
      ).bind(id, `往返公司${i}`, `第${i}家，做过${i % 2 ? '电商' : '教育'}。`, prov, cat, sub, 1 + (i % 19), born, close, STATUSES[i % 3], i * 1371, i * 5003),
      env.DB.prepare('INSERT INTO closure_company_types (com_id, type_id, p_id, close_date) VALUES (?, ?, ?, ?)').bind(id, 101 + (i % 5), 1, close),
    );
    if (i % 3 === 0) stmts.push(env.DB.prepare('INSERT INTO closure_company_types (com_id, type_id, p_id, close_date) VALUES (?, 202, 2, ?)').bind(id, close));
    if (i % 2 === 0) stmts.push(env.DB.prepare('INSERT INTO closure_investors (com_id, invst_id, invst_name) VALUES (?, ?, ?)').bind(id, 1 + (i % 4), ['红杉中国', '真格基金', 'IDG资本', '经纬创投'][i % 4]));
  }
  await env.DB.batch(stmts);
}

/** One closed company with a reason and an investor, written as the product writes (triggers count it). */
async function seedOne(id: number) {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO closures (com_id, com_name, com_prov, cat_id, se_cat_id, fund_status_id, born_date, close_date, operating_status, total_money, valuation) VALUES (?, ?, '北京', 1, 101, 1, 20150101, 20200101, '已关闭', 500, 900)").bind(id, `产品公司${id}`),
    env.DB.prepare('INSERT INTO closure_company_types (com_id, type_id, p_id, close_date) VALUES (?, 101, 1, 20200101)').bind(id),
    env.DB.prepare("INSERT INTO closure_investors (com_id, invst_id, invst_name) VALUES (?, 1, '红杉中国')").bind(id),
  ]);
}

async function clearClosures() {
  await env.DB.batch(['closure_company_types', 'closure_investors', 'closures', 'companies', 'import_changes', 'import_batches'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
}

const sorted = (t: Table) => t.rows.map((r) => JSON.stringify(r.values)).sort();

/** Every kept count of the closed-company list equals a direct count. */
async function expectCountsExact() {
  const kept = await env.DB.prepare("SELECT dim, key, n FROM closure_counts WHERE dim IN ('all', 'prov', 'cat') ORDER BY dim, key").all<{ dim: string; key: string; n: number }>();
  const direct = await env.DB.prepare(
    `SELECT 'all' AS dim, '' AS key, COUNT(*) AS n FROM closures UNION ALL SELECT 'cat', CAST(cat_id AS TEXT), COUNT(*) FROM closures GROUP BY cat_id
     UNION ALL SELECT 'prov', com_prov, COUNT(*) FROM closures GROUP BY com_prov ORDER BY 1, 2`,
  ).all<{ dim: string; key: string; n: number }>();
  expect(kept.results.filter((r) => r.n > 0)).toEqual(direct.results.filter((r) => r.n > 0));
  // The burn ranking's totals and the institution ranking's counts too.
  const ranked = await env.DB.prepare(
    "SELECT (SELECT coalesce(SUM(n), 0) FROM closure_rank_counts WHERE measure = 'money' AND hu = 0 AND prov = '' AND cat = 0) AS kept, (SELECT COUNT(*) FROM closures WHERE total_money > 0) AS direct",
  ).first<{ kept: number; direct: number }>();
  expect(ranked!.kept).toBe(ranked!.direct);
  const firms = await env.DB.prepare('SELECT invst_id, com_count AS n FROM closure_firm_stats WHERE com_count > 0 ORDER BY invst_id').all();
  const firmsDirect = await env.DB.prepare('SELECT invst_id, COUNT(*) AS n FROM closure_investors GROUP BY invst_id ORDER BY invst_id').all();
  expect(firms.results).toEqual(firmsDirect.results);
  // Every declared kept list, the cards and the firms' cases, whichever path wrote them.
  await expectKeptExact();
}

const AKSHARE = ['公司简称', '成立时间', '关闭时间', '存活天数', '融资规模', '行业', '地点'];

beforeAll(loadTaxonomy);

describe('closed companies: the product export round trip', () => {
  it('exports, imports into an emptied database and exports the same rows field for field', async () => {
    await seedOriginals(40);
    const first = await read(await exportedFile('/api/closure/closure_down', { down_type: 0 }), 'first.xlsx');
    expect(first.rows).toHaveLength(40);
    await clearClosures();

    const s = await runImport(first, { fileName: 'first.xlsx' });
    expect(s).toMatchObject({ kind: 'closure', imported: 40, updated: 0, unchanged: 0, rejects: [] });
    expect(s.ignored).toEqual([]);

    const second = await read(await exportedFile('/api/closure/closure_down', { down_type: 0 }), 'second.xlsx');
    expect(second.headers).toEqual(first.headers);
    expect(sorted(second)).toEqual(sorted(first));
    await expectCountsExact();

    // The list, its keyword search, the global search (pinyin) and the company page see them at once.
    const list = await call('/api/closure', { query: { keyword: '往返公司1' } });
    expect((list.body.data as { page: { total: number } }).page.total).toBeGreaterThan(0);
    const search = await call('/api/search', { query: { q: 'wangfan' } });
    expect(JSON.stringify(search.body.data)).toContain('往返公司');

    // The same file again changes nothing.
    const again = await runImport(first);
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 40, rejects: [] });
    const third = await read(await exportedFile('/api/closure/closure_down', { down_type: 0 }), 'third.xlsx');
    expect(sorted(third)).toEqual(sorted(first));
  });
});

describe('closed companies: akshare, defaults, updates, rejects, undo', () => {
  it("fills akshare's missing fields with the documented defaults and lists them", async () => {
    await clearClosures();
    const bytes = await xlsxOf(AKSHARE, [
      ['快去单车', '2016-03', '2018-11-20', 980, '1.2亿人民币', '汽车交通', '北京'],
      ['慢点生鲜', '2015-07-01', '2019-02-01', 1311, '5000万', '电子商务', '上海市'],
      ['不详科技', '2017-01-05', '2020-06-30', 1272, '未透露', '企业服务', '广东省'],
    ]);
    const s = await runImport(await read(bytes, 'death_company.xlsx'));
    expect(s).toMatchObject({ kind: 'closure', imported: 3, rejects: [] });
    expect(s.defaulted).toEqual({ 子行业: 3, 融资轮次: 3, 运营状态: 3, 估值: 3, 融资总额: 1 });
    const rows = await env.DB.prepare(
      "SELECT com_name, com_prov, born_date, close_date, total_money, se_cat_id, operating_status, (SELECT name FROM rounds WHERE id = fund_status_id) AS round FROM closures ORDER BY close_date",
    ).all();
    expect(rows.results).toEqual([
      { com_name: '快去单车', com_prov: '北京', born_date: 20160301, close_date: 20181120, total_money: 12000, se_cat_id: 0, operating_status: '已关闭', round: '不明确' },
      { com_name: '慢点生鲜', com_prov: '上海', born_date: 20150701, close_date: 20190201, total_money: 5000, se_cat_id: 0, operating_status: '已关闭', round: '不明确' },
      { com_name: '不详科技', com_prov: '广东', born_date: 20170105, close_date: 20200630, total_money: 0, se_cat_id: 0, operating_status: '已关闭', round: '不明确' },
    ]);
    await expectCountsExact();
  });

  it('updates only what differs, and an undo puts it back', async () => {
    await clearClosures();
    const headers = ['公司名称', '行业', '子行业', '地区', '成立时间', '关闭时间', '融资总额(万元)', '关闭原因', '投资机构'];
    const base = [
      ['甲公司', '电子商务', '生鲜电商', '北京', '2015-01-01', '2019-05-05', 3000, '资金原因-烧钱过快', '红杉中国'],
      ['乙公司', '教育', 'K12', '上海', '2014-02-02', '2020-08-08', 800, '市场原因-行业竞争', ''],
    ];
    const first = await runImport(await read(await xlsxOf(headers, base), 'a.xlsx'));
    expect(first.imported).toBe(2);
    const changed = [[...base[0].slice(0, 6), 4500, '资金原因-烧钱过快、资金原因-现金流断裂', '红杉中国、真格基金'], base[1]];
    const dry = await runImport(await read(await xlsxOf(headers, changed), 'b.xlsx'), { dryRun: true });
    expect(dry).toMatchObject({ batch_id: 0, imported: 0, updated: 1, unchanged: 1 });
    expect(dry.changes).toEqual([{ line: 2, name: '甲公司', action: 'update', fields: ['融资总额', '关闭原因', '投资机构'] }]);
    expect((await env.DB.prepare("SELECT total_money FROM closures WHERE com_name = '甲公司'").first())!.total_money).toBe(3000);

    const second = await runImport(await read(await xlsxOf(headers, changed), 'b.xlsx'));
    expect(second).toMatchObject({ imported: 0, updated: 1, unchanged: 1 });
    const after = await env.DB.prepare("SELECT total_money, (SELECT group_concat(type_id) FROM (SELECT type_id FROM closure_company_types t WHERE t.com_id = c.com_id ORDER BY type_id)) AS types, (SELECT COUNT(*) FROM closure_investors i WHERE i.com_id = c.com_id) AS investors FROM closures c WHERE com_name = '甲公司'").first();
    expect(after).toEqual({ total_money: 4500, types: '202,203', investors: 2 });

    // The first batch cannot go while the second one changed its rows.
    const refused = await operatorPost(`/api/import/batches/${first.batch_id}/undo`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toContain(`批次 ${second.batch_id}`);

    expect((await runUndo(second.batch_id)).batch.status).toBe('undone');
    const restored = await env.DB.prepare("SELECT total_money, (SELECT group_concat(type_id) FROM closure_company_types t WHERE t.com_id = c.com_id) AS types, (SELECT COUNT(*) FROM closure_investors i WHERE i.com_id = c.com_id) AS investors FROM closures c WHERE com_name = '甲公司'").first();
    expect(restored).toEqual({ total_money: 3000, types: '202', investors: 1 });

    await runUndo(first.batch_id);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM closures').first())!.n).toBe(0);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM companies').first())!.n).toBe(0);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM search_names WHERE kind = 1').first())!.n).toBe(0);
    await expectCountsExact();
  });

  it('rejects every kind of bad row with its column and reason, and writes the good rows', async () => {
    await clearClosures();
    const headers = ['公司名称', '行业', '子行业', '地区', '成立时间', '关闭时间', '融资总额(万元)', '关闭原因', '融资轮次'];
    const rows = [
      ['好公司', '电子商务', '', '浙江', '2016-01-01', '2019-01-01', '2.5亿', '', ''],
      ['坏日期', '电子商务', '', '浙江', '2016-13-01', '2019-01-01', '', '', ''],
      ['坏地区', '电子商务', '', '火星', '2016-01-01', '2019-01-01', '', '', ''],
      ['坏行业', '挖矿', '', '浙江', '2016-01-01', '2019-01-01', '', '', ''],
      ['坏子行业', '电子商务', 'K12', '浙江', '2016-01-01', '2019-01-01', '', '', ''],
      ['坏金额', '电子商务', '', '浙江', '2016-01-01', '2019-01-01', '很多钱', '', ''],
      ['坏原因', '电子商务', '', '浙江', '2016-01-01', '2019-01-01', '', '资金原因-外星人', ''],
      ['坏轮次', '电子商务', '', '浙江', '2016-01-01', '2019-01-01', '', '', 'Z轮'],
      ['先关后生', '电子商务', '', '浙江', '2020-01-01', '2019-01-01', '', '', ''],
      ['', '电子商务', '', '浙江', '2016-01-01', '2019-01-01', '', '', ''],
      ['Excel序列日期', '电子商务', '', '浙江', 42370, 43466, '5000万', '缺乏商业模式', 'A轮'],
    ];
    const s = await runImport(await read(await xlsxOf(headers, rows), 'bad.xlsx'));
    expect(s.imported).toBe(2);
    expect(s.rejects.map((r) => [r.line, r.column, r.reason])).toEqual([
      [3, '成立时间', '日期“2016-13-01”的月份不存在'],
      [4, '地区', '地区“火星”不是 GB/T 2260 的省级行政区名称（如“北京”“广东省”）'],
      [5, '行业', '行业“挖矿”不在行业分类中'],
      [6, '子行业', '子行业“K12”不是行业“电子商务”下的子行业'],
      [7, '融资总额(万元)', '金额“很多钱”无法识别（应为数字（万元）或“1.2亿”“5000万”这样的文字）'],
      [8, '关闭原因', '关闭原因“资金原因-外星人”不在关闭原因分类中'],
      [9, '融资轮次', '融资轮次“Z轮”不在轮次表中'],
      [10, '成立时间', '成立时间（20200101）晚于关闭时间（20190101）'],
      [11, '公司名称', '公司名称为空'],
    ]);
    const good = await env.DB.prepare('SELECT com_name, born_date, close_date, total_money FROM closures ORDER BY com_name').all();
    expect(good.results).toEqual([
      { com_name: 'Excel序列日期', born_date: 20160101, close_date: 20190101, total_money: 5000 },
      { com_name: '好公司', born_date: 20160101, close_date: 20190101, total_money: 25000 },
    ]);
    // The rejects file: line, column, reason, then the row as it was.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await rejectsXlsx(headers, s.rejects)).slice().buffer as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '行号', '列', '原因', ...headers]);
    expect(ws.getRow(2).values).toEqual([undefined, 3, '成立时间', '日期“2016-13-01”的月份不存在', '坏日期', '电子商务', '', '浙江', '2016-13-01', '2019-01-01', '', '', '']);
    expect(ws.rowCount).toBe(10);
  });

  it('reads GBK and BOM-prefixed UTF-8 CSV, the way Chinese Excel saves it', async () => {
    await clearClosures();
    const text = csvText(AKSHARE, [
      ['编码测试甲', '2016-03-01', '2018-11-20', 994, '3000万', '金融', '湖北'],
      ['编码测试乙', '2015-07', '2019-02-01', 1311, '1亿', '硬件', '四川省'],
    ]);
    // GBK bytes of the same text, as Excel's "CSV" writes on a Chinese system.
    const gbk = await gbkBytes(text);
    const t = await read(gbk, 'death.csv');
    expect(t.encoding).toBe('gbk');
    expect(t.headers).toEqual(AKSHARE);
    expect((await runImport(t)).imported).toBe(2);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    const u = await read(bom, 'death.csv');
    expect(u.encoding).toBe('utf-8');
    expect(await runImport(u)).toMatchObject({ imported: 0, unchanged: 2 });
    expect((await env.DB.prepare("SELECT com_prov FROM closures WHERE com_name = '编码测试乙'").first())!.com_prov).toBe('四川');
  });

  it('creates missing investors only with --create-firms, otherwise reports them', async () => {
    await clearClosures();
    const headers = ['公司名称', '行业', '地区', '成立时间', '关闭时间', '投资机构'];
    const without = await runImport(await read(await xlsxOf(headers, [['投资甲', '金融', '北京', '2016-01-01', '2019-01-01', '红杉中国、新来资本']]), 'f.xlsx'));
    expect(without.firms_missing).toEqual(['新来资本']);
    expect((await env.DB.prepare("SELECT group_concat(invst_name) AS n FROM closure_investors").first())!.n).toBe('红杉中国');
    const withFirms = await runImport(await read(await xlsxOf(headers, [['投资甲', '金融', '北京', '2016-01-01', '2019-01-01', '红杉中国、新来资本']]), 'f.xlsx'), { createFirms: true });
    expect(withFirms).toMatchObject({ updated: 1, firms_created: ['新来资本'] });
    const firm = await env.DB.prepare("SELECT id FROM invest_firms WHERE name = '新来资本'").first<{ id: number }>();
    expect(firm).not.toBeNull();
    const search = await call('/api/search', { query: { q: 'xinlai' } });
    expect(JSON.stringify(search.body.data)).toContain('新来资本');
    await runUndo(withFirms.batch_id);
    expect(await env.DB.prepare("SELECT id FROM invest_firms WHERE name = '新来资本'").first()).toBeNull();
  });

  it('sends a large file in pieces several at a time, never two pieces with the same company at once', async () => {
    await clearClosures();
    const headers = ['公司名称', '行业', '地区', '成立时间', '关闭时间', '融资总额(万元)'];
    const rows: unknown[][] = [];
    for (let i = 0; i < 420; i++) rows.push([`分片公司${i}`, '金融', '北京', '2015-01-01', `2019-${String(1 + (i % 12)).padStart(2, '0')}-01`, i]);
    // The first row's company again near the end, with a new amount: an update of what the first piece wrote.
    rows.push(['分片公司0', '金融', '北京', '2015-01-01', '2019-01-01', 999]);
    const s = await runImport(await read(await xlsxOf(headers, rows), 'big.xlsx'));
    expect(s).toMatchObject({ imported: 420, updated: 1, unchanged: 0, rejects: [] });
    expect((await env.DB.prepare("SELECT COUNT(*) AS n, MAX(total_money) AS m FROM closures WHERE com_name = '分片公司0'").first())).toEqual({ n: 1, m: 999 });
    expect((await env.DB.prepare('SELECT COUNT(DISTINCT com_id) AS n FROM closures').first())!.n).toBe(420);
    await expectCountsExact();
  });

  it('keeps every count exact while the product writes at the same time, and when a link row is already there', async () => {
    await clearClosures();
    const headers = ['公司名称', '行业', '子行业', '地区', '成立时间', '关闭时间', '融资总额(万元)', '估值(万元)', '关闭原因', '投资机构'];
    const rows: unknown[][] = [];
    const firms = ['红杉中国', '真格基金', 'IDG资本', '经纬创投'];
    for (let i = 0; i < 360; i++)
      rows.push([`并发公司${i}`, '电子商务', '生鲜电商', PROVS[i % 5], '2015-01-01', `20${18 + (i % 4)}-0${1 + (i % 9)}-1${i % 10}`, i * 97, i * 4001, i % 2 ? '资金原因-烧钱过快' : '资金原因-烧钱过快、市场原因-行业竞争', i % 3 ? firms[i % 4] : '']);
    const file = await read(await xlsxOf(headers, rows), 'concurrent.xlsx');
    // The product's own writes through the triggers while the pieces go in.
    const productWrites = (async () => {
      for (let k = 0; k < 12; k++) {
        await seedOne(9000 + k);
        await env.DB.prepare('UPDATE closures SET total_money = total_money + 7, com_prov = ? WHERE com_id = (SELECT min(com_id) FROM closures)').bind(PROVS[k % 5]).run();
      }
    })();
    const [s] = await Promise.all([runImport(file), productWrites]);
    expect(s).toMatchObject({ imported: 360, rejects: [] });
    await expectCountsExact();

    // A link row of a company id the next import will take: the flag stays down and the triggers count.
    const next = (await env.DB.prepare("SELECT max(coalesce((SELECT max(id) FROM companies), 0) + 1, coalesce((SELECT next FROM import_ids WHERE name = 'companies'), 0)) AS id").first<{ id: number }>())!.id;
    await env.DB.prepare('INSERT INTO closure_company_types (com_id, type_id, p_id, close_date) VALUES (?, 101, 1, 20190101)').bind(next).run();
    const again = await runImport(await read(await xlsxOf(headers, [['后来公司', '电子商务', '生鲜电商', '北京', '2015-01-01', '2019-01-01', 10, 20, '资金原因-烧钱过快', '红杉中国']]), 'late.xlsx'));
    expect(again).toMatchObject({ imported: 1, rejects: [] });
    expect((await env.DB.prepare("SELECT com_id FROM closures WHERE com_name = '后来公司'").first<{ com_id: number }>())!.com_id).toBe(next);
    await expectCountsExact();
  });

  it('undoes a large import set-based, exact even after the product wrote to its companies, and leaves the earlier data as it was', async () => {
    await clearClosures();
    await seedOriginals(40);
    const snapshot = async () => ({
      counts: (await env.DB.prepare('SELECT dim, key, n FROM closure_counts WHERE n <> 0 ORDER BY dim, key').all()).results,
      firms: (await env.DB.prepare('SELECT invst_id, com_count, cases FROM closure_firm_stats WHERE com_count > 0 ORDER BY invst_id').all()).results,
      cards: (await env.DB.prepare('SELECT * FROM closure_cards ORDER BY com_id').all()).results,
      closures: (await env.DB.prepare('SELECT com_id, com_name, total_money FROM closures ORDER BY com_id').all()).results,
    });
    const before = await snapshot();
    expect(before.firms.length).toBeGreaterThan(0);

    const headers = ['公司名称', '行业', '子行业', '地区', '成立时间', '关闭时间', '融资总额(万元)', '估值(万元)', '关闭原因', '投资机构'];
    const firms = ['红杉中国', '真格基金', 'IDG资本', '经纬创投', '撤销资本'];
    const rows: unknown[][] = [];
    // More than one request's worth of new companies; the first few outspend every original, so they top the firms' cases.
    for (let i = 0; i < 1100; i++)
      rows.push([`批量撤销${i}`, '电子商务', '生鲜电商', PROVS[i % 5], '2015-01-01', `20${18 + (i % 4)}-0${1 + (i % 9)}-1${i % 10}`, i < 8 ? 9_000_000 - i : i * 13, i * 31, i % 2 ? '资金原因-烧钱过快' : '资金原因-烧钱过快、市场原因-行业竞争', i % 3 ? firms[i % 5] : '']);
    // And one change of an original company: undone row by row.
    rows.push(['往返公司0', '电子商务', '生鲜电商', '北京', '2010-01-01', '2015-01-01', 4321, 0, '', '']);
    const s = await runImport(await read(await xlsxOf(headers, rows), 'bulk-undo.xlsx'), { createFirms: true });
    expect(s).toMatchObject({ imported: 1100, updated: 1, rejects: [], firms_created: ['撤销资本'] });
    // Pieces sent side by side all name the new firm: it is created once, and every piece links to that one.
    expect((await env.DB.prepare("SELECT COUNT(*) AS n, (SELECT COUNT(*) FROM closure_investors i JOIN invest_firms f ON f.id = i.invst_id WHERE f.name = '撤销资本') AS links FROM invest_firms WHERE name = '撤销资本'").first())).toEqual({ n: 1, links: rows.filter((r) => r[9] === '撤销资本').length });
    const cases = (await env.DB.prepare('SELECT cases FROM closure_firm_stats WHERE invst_id = 1').first<{ cases: string }>())!.cases;
    expect(cases).toContain('批量撤销');

    // The product writes to imported companies meanwhile (counted by the triggers): a reason, a track, an investor.
    const [a, b] = (await env.DB.prepare("SELECT com_id FROM closures WHERE com_name IN ('批量撤销1', '批量撤销2') ORDER BY com_name").all<{ com_id: number }>()).results.map((r) => r.com_id);
    await env.DB.batch([
      env.DB.prepare('INSERT INTO closure_company_types (com_id, type_id, p_id, close_date) SELECT com_id, 203, 2, close_date FROM closures WHERE com_id = ?').bind(a),
      env.DB.prepare('INSERT INTO closure_company_tracks (com_id, tag_id, close_date) SELECT com_id, 7, close_date FROM closures WHERE com_id = ?').bind(b),
      env.DB.prepare("INSERT INTO closure_investors (com_id, invst_id, invst_name) VALUES (?, 4, '经纬创投')").bind(b),
    ]);
    await expectCountsExact();

    let requests = 0;
    const counted: typeof operatorPost = (path, body, key) => (requests++, operatorPost(path, body, key));
    const undone = await undoBatch({ post: counted, batchId: s.batch_id, wait: async () => {} });
    expect(undone).toMatchObject({ undone: 1102, batch: { status: 'undone' } });
    // Two requests of at most 1000 new companies each, then the update and the created firm.
    expect(requests).toBe(3);

    await expectCountsExact();
    const after = await snapshot();
    expect(after.closures).toEqual(before.closures);
    expect(after.firms).toEqual(before.firms);
    expect(after.cards).toEqual(before.cards);
    expect(after.counts).toEqual(before.counts);
    expect(await env.DB.prepare("SELECT id FROM invest_firms WHERE name = '撤销资本'").first()).toBeNull();
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM companies WHERE name LIKE '批量撤销%'").first())!.n).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM closure_item_stats WHERE kind = 'track' AND item_id = 7 AND n <> 0").first())!.n).toBe(0);
    expect(await env.DB.prepare('SELECT 1 FROM kept_bulk').first()).toBeNull();
  });

  it('two undo requests for the same batch at once take each company back once', async () => {
    await clearClosures();
    await seedOriginals(10);
    const headers = ['公司名称', '行业', '地区', '成立时间', '关闭时间', '融资总额(万元)', '关闭原因', '投资机构'];
    const rows = Array.from({ length: 300 }, (_, i) => [`同时撤销${i}`, '金融', PROVS[i % 5], '2015-01-01', '2019-01-01', i * 7, '资金原因-烧钱过快', i % 2 ? '红杉中国' : '']);
    const s = await runImport(await read(await xlsxOf(headers, rows), 'twice.xlsx'));
    expect(s).toMatchObject({ imported: 300, rejects: [] });
    const path = `/api/import/batches/${s.batch_id}/undo`;
    const both = await Promise.all([operatorPost(path, {}), operatorPost(path, {})]);
    for (const r of both) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    // Whatever either answered, a last call finishes the batch and nothing was taken back twice.
    const last = await operatorPost(path, {});
    expect([200, 409]).toContain(last.status);
    expect((await env.DB.prepare('SELECT status FROM import_batches WHERE id = ?').bind(s.batch_id).first())!.status).toBe('undone');
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM closures WHERE com_name LIKE '同时撤销%'").first())!.n).toBe(0);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM closures').first())!.n).toBe(10);
    await expectCountsExact();
  });

  it('rejects a row whose cell the API refuses outright (a control character) and sends the rest', async () => {
    await clearClosures();
    const text = csvText(['公司名称', '行业', '地区', '成立时间', '关闭时间'], [['正常公司', '金融', '北京', '2015-01-01', '2019-01-01'], ['坏字符\u0007公司', '金融', '北京', '2015-01-01', '2019-01-01']]);
    const s = await runImport(await read(new TextEncoder().encode(text), 'ctl.csv'));
    expect(s.imported).toBe(1);
    expect(s.rejects.map((r) => [r.line, r.column])).toEqual([[3, '公司名称']]);
    expect(s.rejects[0].reason).toBe('不能包含控制字符或文字方向控制符');
  });

  it('answers only the operator', async () => {
    const body = { headers: AKSHARE, dry_run: true };
    expect((await operatorPost('/api/import/batches', body, 'wrong-key-0123456789abcdef')).status).toBe(404);
    expect((await call('/api/import/batches', { method: 'POST', json: body })).status).toBe(404);
    expect((await operatorPost('/api/import/batches', body)).status).toBe(200);
  });
});

/** GBK bytes of a text, from the encoder the runtime has (workerd decodes GBK; the CLI reads files with the same code). */
async function gbkBytes(text: string): Promise<Uint8Array> {
  // Every character of the test text, looked up by decoding GBK's two-byte range once.
  const table = new Map<string, number[]>();
  const dec = new TextDecoder('gbk');
  for (let hi = 0x81; hi <= 0xfe; hi++)
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      if (lo === 0x7f) continue;
      const ch = dec.decode(new Uint8Array([hi, lo]));
      if (!table.has(ch)) table.set(ch, [hi, lo]);
    }
  const out: number[] = [];
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) out.push(ch.charCodeAt(0));
    else out.push(...table.get(ch)!);
  }
  return new Uint8Array(out);
}
