import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import exportWorker from '../../../export-worker/src/index';
import type { ExportMessage } from '../../../worker/src/env';
import { closureAll, closureAmountTop } from '../../../worker/src/closure/exports';
import { failRecord } from '../../../worker/src/exports/records';
import { seedClosures, seedStarmarket, TAXONOMY } from './fixtures';
import { api, dataOf } from '../client';
import { balance, db, ledgerSum, makeUser } from '../helpers';

let msgSeq = 0;

/** Delivers messages to the export worker the way the queue does, and returns the ack/retry outcome. */
async function deliver(recordIds: number[], attempts = 1, queue = 'juzi-exports') {
  const batch = createMessageBatch<ExportMessage>(
    queue,
    recordIds.map((recordId) => ({ id: `m-${recordId}-${++msgSeq}`, timestamp: new Date(), attempts, body: { recordId } })),
  );
  // getQueueResult does not keep retry delays; record them as the handler asks for them.
  const delays: (number | undefined)[] = [];
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    m.retry = (opts) => {
      delays.push(opts?.delaySeconds);
      retry(opts);
    };
  }
  const ctx = createExecutionContext();
  await exportWorker.queue(batch, env);
  const result = await getQueueResult(batch, ctx);
  return { batch, result, delays };
}

async function exportAll(token: string, json: Record<string, unknown>, key: string) {
  return dataOf(api(token, { 'Idempotency-Key': key }).closure.closure_down.$post({ json }));
}

const record = (id: number) => env.DB.prepare('SELECT * FROM download_records WHERE id = ?').bind(id).first<Record<string, unknown>>();

async function readSheet(key: string) {
  const obj = await env.FILES.get(key);
  expect(obj, `R2 object ${key}`).not.toBeNull();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await obj!.arrayBuffer());
  return wb.worksheets[0];
}

const cellText = (v: ExcelJS.CellValue) => (v === null || v === undefined ? '' : v);
const ymdOf = (d: Date) => d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();

/** The export's rows straight from D1, in its order (close_date desc, com_id desc). */
async function expectedRows(prov: string, offset: number, limit: number) {
  const { results } = await env.DB.prepare(
    `SELECT c.com_name, s1.name AS cat_name, c.com_prov, c.born_date, c.close_date, c.survival_months, c.total_money, c.valuation, c.com_des
     FROM closures c LEFT JOIN sectors s1 ON s1.id = c.cat_id WHERE c.com_prov = ? ORDER BY c.close_date DESC, c.com_id DESC LIMIT ? OFFSET ?`,
  )
    .bind(prov, limit, offset)
    .all<Record<string, string | number>>();
  return results;
}

function expectRowsMatch(ws: ExcelJS.Worksheet, rows: Record<string, string | number>[]) {
  expect(ws.rowCount).toBe(rows.length + 1);
  rows.forEach((r, i) => {
    const x = ws.getRow(i + 2);
    expect(x.getCell(1).value).toBe(r.com_name);
    expect(x.getCell(2).value).toBe(r.cat_name);
    expect(x.getCell(4).value).toBe(r.com_prov);
    expect(ymdOf(x.getCell(5).value as Date)).toBe(r.born_date);
    expect(ymdOf(x.getCell(6).value as Date)).toBe(r.close_date);
    expect(x.getCell(7).value).toBe(r.survival_months);
    expect(x.getCell(9).value).toBe(r.total_money);
    expect(x.getCell(10).value).toBe(r.valuation);
    expect(x.getCell(14).value).toBe(r.com_des);
  });
}

describe('export worker', () => {
  it('builds the xlsx: Chinese headers, frozen styled header, typed cells, the rows D1 has; marks the record done', async () => {
    const u = await makeUser({ coins: 100 });
    const { prov } = await seedClosures(37);
    const job = await exportAll(u.token, { down_type: 0, com_prov: prov }, 'happy-path-01');
    const { batch, result } = await deliver([job.record_id]);
    expect(result.explicitAcks).toEqual([batch.messages[0].id]);
    expect(result.retryMessages).toEqual([]);

    const rec = await record(job.record_id);
    expect(rec).toMatchObject({ status: 'done', rows_done: 37, attempts: 1, r2_key: `exports/${u.id}/${job.record_id}.xlsx` });
    expect(rec!.expires_at).toBe((rec!.done_at as number) + 7 * 24 * 3600 * 1000);

    const ws = await readSheet(rec!.r2_key as string);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(closureAll.columns.map((c) => c.header));
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('A1').fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('E2').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('E2').value).toBeInstanceOf(Date);
    expect(typeof ws.getCell('I2').value).toBe('number');
    expectRowsMatch(ws, await expectedRows(prov, 0, 100));
    // Reasons and investors come through their joins.
    const reasons = new Set<string>();
    ws.getColumn(11).eachCell((c, n) => n > 1 && reasons.add(String(cellText(c.value))));
    expect([...reasons]).toContain('市场原因-需求伪命题、市场原因-竞争激烈');

    const listed = await dataOf(api(u.token).downloads.$get());
    expect(listed.info[0]).toMatchObject({ record_id: job.record_id, status: 'done', rows: 37, progress: { percent: 100, job_done: 1, job_batches: 1, job_percent: 100 } });
  });

  it('a redelivered message makes no second file, record or charge', async () => {
    const u = await makeUser({ coins: 100 });
    const { prov } = await seedClosures(12);
    const job = await exportAll(u.token, { down_type: 0, com_prov: prov }, 'redeliver-0001');
    await deliver([job.record_id]);
    const first = await env.FILES.head(`exports/${u.id}/${job.record_id}.xlsx`);
    const before = { balance: await balance(u.id), rec: await record(job.record_id) };

    const again = await deliver([job.record_id, job.record_id], 2);
    expect(again.result.explicitAcks).toHaveLength(2);
    const listed = await env.FILES.list({ prefix: `exports/${u.id}/` });
    expect(listed.objects.map((o) => o.key)).toEqual([`exports/${u.id}/${job.record_id}.xlsx`]);
    expect((await env.FILES.head(listed.objects[0].key))!.etag).toBe(first!.etag);
    expect(await record(job.record_id)).toEqual(before.rec);
    expect(await balance(u.id)).toBe(before.balance);
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM download_records WHERE user_id = ?').bind(u.id).first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it('a failing batch is retried with backoff, then fails and refunds its coins exactly once', async () => {
    const u = await makeUser({ coins: 100 });
    const { prov } = await seedClosures(25);
    const job = await exportAll(u.token, { down_type: 0, com_prov: prov }, 'failing-0001');
    expect(await balance(u.id)).toBe(97);
    // The job now names an export that does not exist: every attempt throws.
    await env.DB.prepare("UPDATE export_jobs SET kind = 'no_such_export' WHERE id = ?").bind(job.job_id).run();

    for (const [attempt, delay] of [[1, 10], [2, 20], [3, 40]]) {
      const { batch, result, delays } = await deliver([job.record_id], attempt);
      expect(result.retryMessages).toEqual([{ msgId: batch.messages[0].id }]);
      expect(delays).toEqual([delay]);
      expect(await record(job.record_id)).toMatchObject({ status: 'queued', attempts: attempt });
      expect(await balance(u.id)).toBe(97);
    }
    const last = await deliver([job.record_id], 4);
    expect(last.result.explicitAcks).toEqual([last.batch.messages[0].id]);
    expect(await record(job.record_id)).toMatchObject({ status: 'failed', attempts: 4 });
    expect(await balance(u.id)).toBe(100);

    // Redelivery, the dead-letter consumer and a direct retry of the refund change nothing more.
    await deliver([job.record_id], 5);
    await deliver([job.record_id], 1, 'juzi-exports-dlq');
    await failRecord(db(), job.record_id, 'again');
    expect(await balance(u.id)).toBe(100);
    expect(await ledgerSum(u.id)).toBe(100);
    const refunds = await env.DB.prepare("SELECT COUNT(*) AS n, SUM(delta) AS s FROM coin_ledger WHERE user_id = ? AND reason = 'refund'").bind(u.id).first();
    expect(refunds).toEqual({ n: 1, s: 3 });
    expect(await env.FILES.head(`exports/${u.id}/${job.record_id}.xlsx`)).toBeNull();

    const view = await dataOf(api(u.token).downloads[':record_id'].$get({ param: { record_id: String(job.record_id) } }));
    expect(view).toMatchObject({ status: 'failed', refunded: true, status_text: '生成失败，已退还 3 桔子币', download_url: null });
  });

  it('4,500 rows: three files of 2000 / 2000 / 500 rows whose contents are the D1 rows in order', async () => {
    const u = await makeUser({ coins: 0, role: 'svip' });
    const { prov } = await seedClosures(4500);
    const job = await exportAll(u.token, { down_type: 0, com_prov: prov }, 'three-files-01');
    const ids = job.records.map((r) => r.record_id);
    const { result } = await deliver(ids);
    expect(result.explicitAcks).toHaveLength(3);
    const all = await expectedRows(prov, 0, 5000);
    const sizes: number[] = [];
    for (const [i, id] of ids.entries()) {
      const rec = await record(id);
      expect(rec!.status).toBe('done');
      const ws = await readSheet(rec!.r2_key as string);
      sizes.push(ws.rowCount - 1);
      expectRowsMatch(ws, all.slice(i * 2000, i * 2000 + 2000));
    }
    expect(sizes).toEqual([2000, 2000, 500]);
    const listed = await dataOf(api(u.token).downloads.$get({ query: { job_id: job.job_id } }));
    expect(listed.page.total).toBe(3);
    expect(listed.info.every((r) => r.progress.job_done === 3)).toBe(true);
  });

  it('a ranking file carries the rank and stops at the top 100', async () => {
    const u = await makeUser({ coins: 0, role: 'svip' });
    const { prov } = await seedClosures(150);
    const res = await dataOf(api(u.token, { 'Idempotency-Key': 'ranking-0001' }).exports.$post({ json: { kind: 'closure_amount_top', params: { com_prov: prov } } }));
    await deliver([res.record_id]);
    const ws = await readSheet(`exports/${u.id}/${res.record_id}.xlsx`);
    expect(ws.getRow(1).getCell(1).value).toBe(closureAmountTop.columns[0].header);
    expect(ws.rowCount).toBe(101);
    const { results } = await env.DB.prepare('SELECT com_name FROM closures WHERE com_prov = ? AND total_money > 0 ORDER BY total_money DESC, com_id DESC LIMIT 100')
      .bind(prov)
      .all<{ com_name: string }>();
    expect(ws.getCell('A2').value).toBe(1);
    expect(ws.getCell('A101').value).toBe(100);
    expect(Array.from({ length: 100 }, (_, i) => ws.getRow(i + 2).getCell(2).value)).toEqual(results.map((r) => r.com_name));
  });

  it('a sorted ranking file lists the page\'s top 100 in the page\'s order (survival time), 排名 still the financing rank', async () => {
    const u = await makeUser({ coins: 0, role: 'svip' });
    const { prov } = await seedClosures(150);
    const res = await exportAll(u.token, { down_type: 4, com_prov: prov, sort: 3 }, 'rank-sort-0001');
    expect(res.records.map((r) => r.rows)).toEqual([100]);
    await deliver([res.record_id]);
    const ws = await readSheet(`exports/${u.id}/${res.record_id}.xlsx`);
    expect(ws.rowCount).toBe(101);
    const file = Array.from({ length: 100 }, (_, i) => ws.getRow(i + 2)).map((r) => ({ rank: r.getCell(1).value, name: r.getCell(2).value, survival: r.getCell(8).value as number }));
    // Straight from D1: the members are the top 100 by financing total, listed by survival time.
    const { results: top } = await env.DB.prepare(
      'SELECT com_id, com_name, survival_months FROM closures WHERE com_prov = ? AND total_money > 0 ORDER BY total_money DESC, com_id DESC LIMIT 100',
    )
      .bind(prov)
      .all<{ com_id: number; com_name: string; survival_months: number }>();
    const bySurvival = top.map((r, i) => ({ ...r, rank: i + 1 })).sort((a, b) => b.survival_months - a.survival_months || b.com_id - a.com_id);
    expect(file.map((r) => r.name)).toEqual(bySurvival.map((r) => r.com_name));
    expect(file.map((r) => r.rank)).toEqual(bySurvival.map((r) => r.rank));
    expect(file.map((r) => r.survival)).toEqual(bySurvival.map((r) => r.survival_months));
    expect(new Set(file.map((r) => r.rank))).toEqual(new Set(Array.from({ length: 100 }, (_, i) => i + 1)));
    // And exactly what the ranking page shows for the same params.
    const page = await dataOf(api(u.token).closure.amount_top.$get({ query: { com_prov: prov, sort: 3, per_page: 100 } }));
    expect(file.map((r) => [r.rank, r.name])).toEqual(page.info.map((r) => [r.rank, r.com_name]));
  });

  it('a slice of a sorted valuation ranking continues the page order (rows 31-60 by closing date)', async () => {
    const u = await makeUser({ coins: 0, role: 'svip' });
    const { prov } = await seedClosures(120);
    const res = await exportAll(u.token, { down_type: 5, com_prov: prov, sort: 1, page: 2, per_page: 30 }, 'rank-sort-0002');
    expect(res.records.map((r) => r.rows)).toEqual([30]);
    await deliver([res.record_id]);
    const ws = await readSheet(`exports/${u.id}/${res.record_id}.xlsx`);
    const page = await dataOf(api(u.token).closure.valuation_top.$get({ query: { com_prov: prov, sort: 1, page: 2, per_page: 30 } }));
    expect(page.info.map((r) => r.serial)).toEqual(Array.from({ length: 30 }, (_, i) => 31 + i));
    const rows = Array.from({ length: ws.rowCount - 1 }, (_, i) => ws.getRow(i + 2)).map((r) => [r.getCell(1).value, r.getCell(2).value]);
    expect(rows).toEqual(page.info.map((r) => [r.rank, r.com_name]));
  });

  it('a parent reason lists each company once, though it sits under two of its children', async () => {
    const u = await makeUser({ coins: 100, role: 'vip' });
    await seedClosures(30);
    const res = await dataOf(api(u.token, { 'Idempotency-Key': 'parent-reason-1' }).closure.closure_down.$post({ json: { down_type: 1, type_id: TAXONOMY.reasonParent } }));
    const { results } = await env.DB.prepare(
      `SELECT c.com_name FROM closures c WHERE c.com_id IN (SELECT com_id FROM closure_company_types WHERE p_id = ?) ORDER BY c.close_date DESC, c.com_id DESC`,
    )
      .bind(TAXONOMY.reasonParent)
      .all<{ com_name: string }>();
    expect(res.rows).toBe(results.length);
    await deliver([res.record_id]);
    const ws = await readSheet(`exports/${u.id}/${res.record_id}.xlsx`);
    const names = Array.from({ length: ws.rowCount - 1 }, (_, i) => ws.getRow(i + 2).getCell(1).value);
    expect(names).toEqual(results.map((r) => r.com_name));
    expect(new Set(names).size).toBe(names.length);
  });

  it('STAR-market exports: the financing top 10 and the listed companies', async () => {
    const u = await makeUser({ coins: 50 });
    const { prov } = await seedStarmarket(30);
    const top = await dataOf(api(u.token, { 'Idempotency-Key': 'kcb-top-0001' }).export.starmarket_company_down.$post({ json: { type: 2, number: 10 } }));
    expect(top).toMatchObject({ rows: 10, jzb_down: 1 });
    expect(top.filename).toMatch(/^科创板融资TOP10_/);
    const listed = await dataOf(api(u.token, { 'Idempotency-Key': 'kcb-listed-01' }).export.starmarket_company_down.$post({ json: { type: 4, com_prov: prov } }));
    expect(listed.rows).toBe(15);
    await deliver([top.record_id, listed.record_id]);
    const ws = await readSheet(`exports/${u.id}/${listed.record_id}.xlsx`);
    expect(ws.getRow(1).getCell(1).value).toBe('公司简称');
    expect(ws.rowCount).toBe(16);
    expect(ws.getColumn(7).values.slice(2).every((v) => v === '注册生效')).toBe(true);
    const rank = await readSheet(`exports/${u.id}/${top.record_id}.xlsx`);
    expect(rank.rowCount).toBe(11);
    expect(rank.getCell('A2').value).toBe(1);
  });
});
