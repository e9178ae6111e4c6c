import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult, SELF, waitOnExecutionContext } from 'cloudflare:test';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import exportWorker from '../../../export-worker/src/index';
import worker from '../../../worker/src/index';
import type { ExportMessage } from '../../../worker/src/env';
import { sweepExports } from '../../../worker/src/exports/sweep';
import { seedClosures } from './fixtures';
import { api, dataOf, errorOf } from '../client';
import { balance, ledgerSum, makeUser } from '../helpers';

async function build(recordIds: number[]) {
  const batch = createMessageBatch<ExportMessage>('juzi-exports', recordIds.map((recordId) => ({ id: `d-${recordId}`, timestamp: new Date(), attempts: 1, body: { recordId } })));
  const ctx = createExecutionContext();
  await exportWorker.queue(batch, env);
  await getQueueResult(batch, ctx);
}

async function exported(coins = 100) {
  const owner = await makeUser({ coins });
  const { prov } = await seedClosures(20);
  const res = await dataOf(api(owner.token, { 'Idempotency-Key': `dl-${owner.id}-0001` }).closure.closure_down.$post({ json: { down_type: 0, com_prov: prov } }));
  return { owner, recordId: res.record_id, filename: res.filename };
}

/** A download record and its file, by id. */
const record = (token: string | undefined, recordId: number) => api(token).downloads[':record_id'].$get({ param: { record_id: String(recordId) } });
const file = (token: string | undefined, recordId: number, query: { sid?: string; exp?: string; sig?: string } = {}) =>
  api(token).downloads[':record_id'].file.$get({ param: { record_id: String(recordId) }, query });

describe('download centre', () => {
  it('streams the file to its owner only, with the Chinese file name', async () => {
    const { owner, recordId, filename } = await exported();
    await build([recordId]);

    // The file's bytes and headers are read from the raw response (SELF.fetch), not through the JSON client.
    const res = await SELF.fetch(`http://localhost/api/downloads/${recordId}/file`, { headers: { Authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="export-${recordId}.xlsx"; filename*=UTF-8''${encodeURIComponent(filename)}`);
    expect(filename).toMatch(/^死亡公司数据_\d{8}\.xlsx$/);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const bytes = await res.arrayBuffer();
    expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes);
    expect(wb.worksheets[0].rowCount).toBe(21);

    // A short-lived signed link works without the header; the session token is never in the URL.
    const signed = await dataOf(api(owner.token).downloads[':record_id'].link.$post({ param: { record_id: String(recordId) } }));
    expect(signed.url).not.toContain(owner.token);
    const link = await SELF.fetch(`http://localhost${signed.url}`);
    expect(link.status).toBe(200);
    expect(link.headers.get('Referrer-Policy')).toBe('no-referrer');
    await link.arrayBuffer();
    // The old ?token= form is not a way in any more.
    expect((await SELF.fetch(`http://localhost/api/downloads/${recordId}/file?token=${owner.token}`)).status).toBe(404);

    const other = await makeUser({ coins: 0, role: 'svip' });
    for (const r of [
      await errorOf(file(other.token, recordId)),
      await errorOf(api(other.token).downloads[':record_id'].link.$post({ param: { record_id: String(recordId) } })),
      await errorOf(file(undefined, recordId)),
      await errorOf(record(other.token, recordId)),
    ]) {
      expect(r.status).toBe(404);
      expect(r.code).toBe('NOT_FOUND');
    }
    const visitor = await errorOf(api().downloads.$get());
    expect(visitor.status).toBe(401);
    const theirs = await dataOf(api(other.token).downloads.$get());
    expect(theirs.info).toEqual([]);
  });

  it('a file still being generated is a CONFLICT with the Chinese message', async () => {
    const { owner, recordId } = await exported();
    const res = await errorOf(file(owner.token, recordId));
    expect(res.status).toBe(409);
    expect(res).toMatchObject({ code: 'CONFLICT', msg: '文件正在生成中，请稍后再试' });
    const one = await dataOf(record(owner.token, recordId));
    expect(one).toMatchObject({ record_id: recordId, status: 'queued', status_text: '排队中', rows: 20, batch_no: 1, batches: 1, download_url: null });
  });

  it('lists the records newest first with status, progress and expiry', async () => {
    const u = await makeUser({ coins: 1000 });
    const { prov } = await seedClosures(4100);
    const first = await dataOf(api(u.token, { 'Idempotency-Key': 'list-first-01' }).exports.$post({ json: { kind: 'closure', params: { com_prov: prov } } }));
    const second = await dataOf(
      api(u.token, { 'Idempotency-Key': 'list-second-1' }).exports.$post({ json: { kind: 'closure', params: { com_prov: prov, page: 1, per_page: 100 } } }),
    );
    await build([first.records[0].record_id]);
    const res = await dataOf(api(u.token).downloads.$get({ query: { per_page: 10 } }));
    const info = res.info;
    expect(res.page).toEqual({ total: 4, page: 1, per_page: 10 });
    expect(info[0].record_id).toBe(second.record_id);
    const firstJob = info.filter((r) => r.job_id === first.job_id);
    expect(firstJob.map((r) => r.batch_no).sort()).toEqual([1, 2, 3]);
    const done = firstJob.find((r) => r.batch_no === 1)!;
    expect(done).toMatchObject({ status: 'done', rows: 2000, progress: { percent: 100, job_done: 1, job_batches: 3, job_percent: 33 } });
    expect(done.expires_at! - done.done_at!).toBe(7 * 86400_000);
    expect(done.download_url).toBe(`/api/downloads/${done.record_id}/file`);
    const waiting = firstJob.find((r) => r.batch_no === 3);
    expect(waiting).toMatchObject({ status: 'queued', rows: 100, from: 4001, to: 4100, progress: { percent: 0, job_done: 1 } });
  });

  it('the cron sweep deletes files past 7 days, marks them expired, and fails + refunds records that never ran', async () => {
    const { owner, recordId } = await exported();
    await build([recordId]);
    const key = `exports/${owner.id}/${recordId}.xlsx`;
    expect(await env.FILES.head(key)).not.toBeNull();
    await env.DB.prepare('UPDATE download_records SET expires_at = ? WHERE id = ?').bind(Date.now() - 1, recordId).run();
    // Before the sweep the file already reads as expired.
    const early = await errorOf(file(owner.token, recordId));
    expect(early).toMatchObject({ code: 'NOT_FOUND', msg: '文件已过期' });

    const stuck = await exported();
    await env.DB.prepare('UPDATE download_records SET created_at = ? WHERE id = ?').bind(Date.now() - 25 * 3600_000, stuck.recordId).run();
    expect(await balance(stuck.owner.id)).toBe(98);

    // Through the worker's scheduled() entry, as the cron runs it.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '0 2 * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await env.FILES.head(key)).toBeNull();
    const rec = await dataOf(record(owner.token, recordId));
    expect(rec.status).toBe('expired');
    const gone = await errorOf(file(owner.token, recordId));
    expect(gone).toMatchObject({ code: 'NOT_FOUND', msg: '文件已过期' });

    const s = await dataOf(record(stuck.owner.token, stuck.recordId));
    expect(s).toMatchObject({ status: 'failed', refunded: true });
    expect(await balance(stuck.owner.id)).toBe(100);
    // A second run changes nothing.
    expect(await sweepExports(env)).toMatchObject({ expired: 0 });
    expect(await balance(stuck.owner.id)).toBe(100);
    expect(await ledgerSum(stuck.owner.id)).toBe(100);
  });
});
