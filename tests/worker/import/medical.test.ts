import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, makeUser } from '../helpers';
import { loadTaxonomy, read, runImport, runUndo, xlsxOf } from './fixtures';

interface EventRow {
  time: number;
  com_name: string;
  round: string;
  money: number;
  guess_money: string;
  invst: { id: number; name: string; type: string }[];
}

const HEADERS = ['公司名称', '融资时间', '轮次', '金额', '金额(万元)', '投资方'];

/** Healthcare companies and their events as the seed writes them (scope 医疗健康, investors linked or by name). */
async function seedOriginals() {
  const stmts: D1PreparedStatement[] = [];
  for (let c = 0; c < 6; c++)
    stmts.push(env.DB.prepare("INSERT INTO companies (id, name, full_name, prov, city, cat_id, se_cat_id, born_year, born_month, is_medical) VALUES (?, ?, ?, '上海', '上海', 4, 401, 2015, 6, 1)").bind(8000 + c, `康${c}医疗`, `康${c}医疗科技有限公司`));
  for (let i = 0; i < 15; i++) {
    const id = 9000 + i;
    const money = [500, 3000, 12000, 0][i % 4];
    stmts.push(
      env.DB.prepare("INSERT INTO invest_events (id, com_id, round_id, money, guess_money, date, scope) VALUES (?, ?, ?, ?, ?, ?, '医疗健康')").bind(id, 8000 + (i % 6), 2 + (i % 5), money, money ? `${money >= 10000 ? `${money / 10000}亿` : `${money}万`}人民币` : '未透露', 20200105 + (i % 12) * 100 + Math.floor(i / 12) * 10000),
      env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, ?, ?, 'invst')").bind(id, 1 + (i % 4), ['红杉中国', '真格基金', 'IDG资本', '经纬创投'][i % 4]),
    );
    if (i % 3 === 0) stmts.push(env.DB.prepare("INSERT INTO invest_event_investors (event_id, invst_id, invst_name, invst_type) VALUES (?, 0, '某天使投资人', 'unstruct')").bind(id));
  }
  await env.DB.batch(stmts);
}

/** Every healthcare event as the API lists them (the product has no healthcare export file: its list is what it shows). */
async function listed(token: string): Promise<EventRow[]> {
  const out: EventRow[] = [];
  for (let page = 1; ; page++) {
    const res = await call('/api/medical', { token, query: { type: 'event', page } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ev = (res.body.data as { event: { data: EventRow[]; page: { total: number } } }).event;
    out.push(...ev.data);
    if (out.length >= ev.page.total || !ev.data.length) return out;
  }
}

const ymdText = (n: number) => `${Math.floor(n / 10000)}-${String(Math.floor(n / 100) % 100).padStart(2, '0')}-${String(n % 100).padStart(2, '0')}`;
const comparable = (rows: EventRow[]) => rows.map((r) => JSON.stringify([r.time, r.com_name, r.round, r.money, r.guess_money, r.invst.map((i) => [i.id, i.name, i.type])])).sort();

beforeAll(loadTaxonomy);

describe('healthcare events', () => {
  it('round-trips the event list: listed, written to a file, imported into an emptied database, listed the same', async () => {
    await seedOriginals();
    const token = (await makeUser({ role: 'vip' })).token;
    const before = await listed(token);
    expect(before).toHaveLength(15);
    const companyBefore = await env.DB.prepare('SELECT id, total_money, last_invse_date, round_id FROM companies ORDER BY id').all();
    const file = await xlsxOf(HEADERS, before.map((r) => [r.com_name, ymdText(r.time), r.round, r.guess_money, r.money, r.invst.map((i) => i.name).join('、')]));
    await env.DB.batch(['invest_event_investors', 'invest_events'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));

    const s = await runImport(await read(file, 'events.xlsx'));
    expect(s).toMatchObject({ kind: 'medical-event', imported: 15, rejects: [] });
    expect(s.firms_missing).toEqual(['某天使投资人']);
    expect(comparable(await listed(token))).toEqual(comparable(before));
    // The companies' figures follow their events.
    const companyAfter = await env.DB.prepare('SELECT id, total_money, last_invse_date FROM companies ORDER BY id').all<{ id: number; total_money: number; last_invse_date: number }>();
    const sums = await env.DB.prepare('SELECT com_id AS id, SUM(money) AS total_money, MAX(date) AS last_invse_date FROM invest_events GROUP BY com_id ORDER BY com_id').all();
    expect(companyAfter.results).toEqual(sums.results);
    expect(companyBefore.results).toHaveLength(6);

    const dry = await runImport(await read(file, 'events.xlsx'), { dryRun: true });
    expect(dry.changes).toEqual([]);
    expect(await runImport(await read(file, 'events.xlsx'))).toMatchObject({ imported: 0, updated: 0, unchanged: 15 });
  });

  it('refuses events of companies the database does not have, and undoes an import', async () => {
    await env.DB.batch(['invest_event_investors', 'invest_events'].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
    const s = await runImport(
      await read(await xlsxOf(['公司', '时间', '轮次', '融资金额', '投资机构'], [['康1医疗', '2023-04-01', 'B轮', '2.5亿人民币', '红杉中国'], ['没有这家', '2023-04-01', 'A轮', '1000万', '']]), 'e.xlsx'),
      { kind: 'medical-event' },
    );
    expect(s.imported).toBe(1);
    expect(s.rejects.map((r) => [r.line, r.column, r.reason])).toEqual([[3, '公司', '公司“没有这家”不在公司库中（融资事件只关联已有的公司）']]);
    expect(await env.DB.prepare('SELECT money, guess_money, scope FROM invest_events').first()).toEqual({ money: 25000, guess_money: '2.5亿人民币', scope: '医疗健康' });
    const totalBefore = (await env.DB.prepare('SELECT total_money FROM companies WHERE id = 8001').first<{ total_money: number }>())!.total_money;
    await runUndo(s.batch_id);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM invest_events').first())!.n).toBe(0);
    expect((await env.DB.prepare('SELECT total_money FROM companies WHERE id = 8001').first<{ total_money: number }>())!.total_money).toBe(totalBefore - 25000);
  });
});
