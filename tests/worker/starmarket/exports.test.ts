/**
 * The STAR-market export buttons go through the export pipeline: /export/starmarket_company_down
 * prices and queues the file, the export worker writes it to R2 through this area's kinds (the
 * same selection as the lists), the download centre shows it done, and the file holds the rows
 * the page shows. Both project tabs (with their filters) and the two exportable rankings.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import exportWorker from '../../../export-worker/src/index';
import type { ExportMessage } from '../../../worker/src/env';
import { STAR_DOWN_TYPES } from '../../../worker/src/starmarket/constants';
import { api, dataOf } from '../client';
import { call, makeUser, type TestUser } from '../helpers';
import { makeStars, SECTOR, STATE, starTaxonomy } from './fixtures';

let u: TestUser;
const PROV = '测试导出省';

beforeAll(async () => {
  u = await makeUser({ coins: 100 });
  await starTaxonomy();
  await makeStars(
    Array.from({ length: 14 }, (_, i) => ({
      name: `导出科创${String(i).padStart(2, '0')}`,
      prov: PROV,
      catId: i % 2 ? SECTOR.chip : SECTOR.bio,
      state: i < 8 ? (i % 2 ? STATE.inquired : STATE.accepted) : STATE.issued,
      stageDays: i < 8 ? [20240101 + i] : [20230101 + i, 20230201, 20230301, 20230401, 20230501, 20230601 + i],
      totalMoney: 1000 * (i + 1),
      countMoney: i < 8 ? 0 : 100000 * (i + 1),
    })),
  );
});

async function exportOf(json: Record<string, unknown>, key: string) {
  const res = await call('/api/export/starmarket_company_down', { token: u.token, json, headers: { 'Idempotency-Key': key } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { record_id, rows } = res.body.data as { record_id: number; rows: number };
  const batch = createMessageBatch<ExportMessage>('juzi-exports', [{ id: `kcb-${record_id}`, timestamp: new Date(), attempts: 1, body: { recordId: record_id } }]);
  const ctx = createExecutionContext();
  await exportWorker.queue(batch, env);
  await getQueueResult(batch, ctx);
  const record = await dataOf(api(u.token).downloads[':record_id'].$get({ param: { record_id: String(record_id) } }));
  expect(record.status).toBe('done');
  const obj = await env.FILES.get(`exports/${u.id}/${record_id}.xlsx`);
  expect(obj).not.toBeNull();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await obj!.arrayBuffer());
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
  const col = (name: string) => ws.getColumn(header.indexOf(name) + 1).values.slice(2) as unknown[];
  return { rows, ws, col };
}

describe('STAR-market exports', () => {
  it('the applicant tab with a review state: the rows of the filtered list, in its order', async () => {
    const page = await dataOf(api(u.token).starmarket.$post({ json: { com_prov: PROV, state: STATE.inquired } }));
    const file = await exportOf({ type: STAR_DOWN_TYPES.applicants, com_prov: PROV, state: STATE.inquired }, 'kcb-export-applicants');
    expect(file.rows).toBe(4);
    expect(file.col('公司简称')).toEqual(page.info.map((r) => r.com_name));
    expect(new Set(file.col('审核状态'))).toEqual(new Set(['已问询']));
  });

  it('the listed tab with a sector', async () => {
    const page = await dataOf(api(u.token).starmarket.listed.$post({ json: { com_prov: PROV, cat_id: SECTOR.chip } }));
    const file = await exportOf({ type: STAR_DOWN_TYPES.listed, com_prov: PROV, cat_id: SECTOR.chip }, 'kcb-export-listed');
    expect(file.col('公司简称')).toEqual(page.info.map((r) => r.com_name));
    expect(file.col('行业').every((v) => v === '测试芯片')).toBe(true);
  });

  it('the financing and opening-market-value top 10, ranked like the rank page', async () => {
    const amount = await dataOf(api(u.token).starmarket.amount_top.$post({ json: {} }));
    const a = await exportOf({ type: STAR_DOWN_TYPES.amountTop, number: 10 }, 'kcb-export-amount');
    expect(a.col('排名')).toEqual(amount.map((r) => r.rank));
    expect(a.col('公司简称')).toEqual(amount.map((r) => r.com_name));
    const value = await dataOf(api(u.token).starmarket.valuation_top.$post({ json: {} }));
    const v = await exportOf({ type: STAR_DOWN_TYPES.valuationTop, number: 10 }, 'kcb-export-value');
    expect(v.col('公司简称')).toEqual(value.map((r) => r.com_name));
    expect(v.col('开盘市值(万元)')).toEqual(value.map((r) => r.count_money));
  });
});
