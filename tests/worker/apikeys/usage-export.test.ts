import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import exportWorker from '../../../export-worker/src/index';
import { FREE_PER_MONTH } from '../../../worker/src/apikeys/constants';
import type { ExportMessage } from '../../../worker/src/env';
import { DAY_MS, ymd } from '#shared/dates';
import { api, dataOf } from '../client';
import { balance, call, ledgerSum } from '../helpers';
import { freshIsolate, keyed, roomInMinute, setFreeUsed, userWithKey } from './fixtures';

beforeAll(() => freshIsolate());

/** The export worker builds the records as the queue would deliver them. */
async function build(recordIds: number[]) {
  const batch = createMessageBatch<ExportMessage>(
    'juzi-exports',
    recordIds.map((recordId) => ({ id: `usage-${recordId}`, timestamp: new Date(), attempts: 1, body: { recordId } })),
  );
  await exportWorker.queue(batch, env);
  const result = await getQueueResult(batch, createExecutionContext());
  expect(result.explicitAcks).toEqual(batch.messages.map((m) => m.id));
}

async function sheetRows(userId: number, recordId: number) {
  const obj = await env.FILES.get(`exports/${userId}/${recordId}.xlsx`);
  expect(obj).not.toBeNull();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await obj!.arrayBuffer());
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

const check = (token: string, params: Record<string, unknown>) => call('/api/exports/check', { method: 'POST', token, json: { kind: 'api_usage', params } });
const generate = (token: string, params: Record<string, unknown>, key: string) =>
  call('/api/exports', { method: 'POST', token, json: { kind: 'api_usage', params }, headers: { 'Idempotency-Key': key } });

const dateOf = (day: number) => new Date(Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100));

describe('API usage export', () => {
  it('holds exactly the calls made, per day, key and endpoint, with the coins spent; free', async () => {
    const u = await userWithKey({ coins: 1, name: '行情脚本' });
    const second = await dataOf(api(u.token).keys.$post({ json: { name: '备用', scope: '' } }));
    // Key A is past its free calls: its first call today buys a block of calls for 1 coin.
    await setFreeUsed(u.keyId, FREE_PER_MONTH.user);
    await roomInMinute(15_000);
    for (let i = 0; i < 3; i++) expect((await keyed('/api/closure', u.key)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await keyed('/api/closure/year_number', u.key)).status).toBe(200);
    expect((await keyed('/api/closure', second.key)).status).toBe(200);
    expect(await balance(u.id)).toBe(0);
    const today = ymd();
    const yesterday = ymd(Date.now() - DAY_MS);
    const longAgo = ymd(Date.now() - 40 * DAY_MS);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO api_usage_days (key_id, day, endpoint, calls) VALUES (?, ?, 'GET /api/closure', 7)").bind(u.keyId, yesterday),
      env.DB.prepare("INSERT INTO api_usage_days (key_id, day, endpoint, calls) VALUES (?, ?, 'GET /api/closure', 9)").bind(u.keyId, longAgo),
    ]);

    // One key: the quote counts its rows of the last 30 days and costs nothing.
    const quote = await check(u.token, { key_id: u.keyId });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data).toMatchObject({ rows: 3, jzb_down: 0, downloadable: true, free: true, unit: '条用量记录', title: 'API用量-行情脚本-近30天' });
    expect((quote.body.data as { msg: string }).msg).toContain('免费');

    const made = await generate(u.token, { key_id: u.keyId }, `usage-one-${u.id}`);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const one = made.body.data as { record_id: number; jzb_down: number };
    expect(one.jzb_down).toBe(0);
    await build([one.record_id]);
    expect(await sheetRows(u.id, one.record_id)).toEqual([
      ['日期', '密钥名称', '接口', '调用次数', '该密钥当日花费桔子币'],
      [dateOf(today), '行情脚本', 'GET /api/closure/year_number', 2, 1],
      [dateOf(today), '行情脚本', 'GET /api/closure', 3, 1],
      [dateOf(yesterday), '行情脚本', 'GET /api/closure', 7, 0],
    ]);

    // Every key, the last day only: newest key first within the day.
    const all = await generate(u.token, { days: 1 }, `usage-all-${u.id}`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const rec = (all.body.data as { record_id: number }).record_id;
    await build([rec]);
    expect(await sheetRows(u.id, rec)).toEqual([
      ['日期', '密钥名称', '接口', '调用次数', '该密钥当日花费桔子币'],
      [dateOf(today), '备用', 'GET /api/closure', 1, 0],
      [dateOf(today), '行情脚本', 'GET /api/closure/year_number', 2, 1],
      [dateOf(today), '行情脚本', 'GET /api/closure', 3, 1],
    ]);
    // The exports charged nothing: the only coin spent is the block of calls.
    expect(await balance(u.id)).toBe(0);
    expect(await ledgerSum(u.id)).toBe(0);
  });

  it("another user's key cannot be exported, and 'all keys' means one's own keys only", async () => {
    const owner = await userWithKey({ name: '别人的密钥' });
    expect((await keyed('/api/closure', owner.key)).status).toBe(200);
    const other = await userWithKey({ coins: 5 });

    const refused = await check(other.token, { key_id: owner.keyId });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('没有这个 API 密钥，只能导出自己的密钥的用量');
    const denied = await generate(other.token, { key_id: owner.keyId }, `usage-steal-${other.id}`);
    expect(denied.status).toBe(404);
    const jobs = await env.DB.prepare('SELECT COUNT(*) AS n FROM export_jobs WHERE user_id = ?').bind(other.id).first<{ n: number }>();
    expect(jobs!.n).toBe(0);

    // The other user's own key has no calls: nothing of the owner's shows up.
    const empty = await check(other.token, {});
    expect(empty.body.data).toMatchObject({ rows: 0, downloadable: false, msg: '数据为空，不能下载' });
    expect(await balance(other.id)).toBe(5);
  });

  it('refuses a bad look-back with a clear message', async () => {
    const u = await userWithKey();
    const res = await check(u.token, { days: 0 });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('天数最小为1');
  });
});
