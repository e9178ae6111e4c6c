/**
 * Issue 16: exports survive a crash. A record whose message was lost (the local queue died with the
 * stack, or the send never happened) or whose attempt died is found by its lease and sent again;
 * past its attempts it is failed and refunded exactly once.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import exportWorker from '../../../export-worker/src/index';
import { BOOT_CRON, MAX_ATTEMPTS, MAX_REQUEUES, RECONCILE_CRON } from '../../../worker/src/exports/lease';
import { claimRecord } from '../../../worker/src/exports/records';
import { call, db } from '../helpers';
import { deliver, expectMoney, exportFor, fireCron, leaseRunsOut, objectsOf, recordRow, refundsOf, view, watchedQueue } from './harness';

const consume = exportWorker.queue;

describe('export leases and the reconciler', () => {
  it('a queued file whose message never arrived is sent again once its lease runs out, and finishes', async () => {
    const e = await exportFor(30);
    const [id] = e.recordIds;
    // The message createExport sent went nowhere (no consumer here: the local queue that held it died).
    const q = watchedQueue();

    // While the lease is live the reconciler leaves the record alone.
    await fireCron(RECONCILE_CRON, q.env);
    expect(q.sent).not.toContain(id);
    expect(await view(e, id)).toMatchObject({ status: 'queued', status_text: '排队中', requeues: 0 });

    await leaseRunsOut([id]);
    await fireCron(RECONCILE_CRON, q.env);
    expect(q.sent.filter((r) => r === id)).toEqual([id]);
    expect(await view(e, id)).toMatchObject({ status: 'queued', status_text: '重新排队中（第 1 次）', requeues: 1, download_url: null });

    // The re-sent message is delivered: the file is made once, the ledger is untouched.
    const { result } = await deliver(consume, env, [id]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await view(e, id)).toMatchObject({ status: 'done', status_text: '已完成', download_url: `/api/downloads/${id}/file` });
    const file = await call(`/api/downloads/${id}/file`, { token: e.user.token });
    expect(file.status).toBe(200);
    expect(await objectsOf(e.user.id)).toEqual([`exports/${e.user.id}/${id}.xlsx`]);
    await expectMoney(e.user.id, e.start - e.coins);
    expect(await refundsOf(e.user.id)).toEqual({ n: 0, s: 0 });

    // A later run finds nothing to do for it.
    const again = watchedQueue();
    await leaseRunsOut([id]);
    await fireCron(RECONCILE_CRON, again.env);
    expect(again.sent).not.toContain(id);
  });

  it('a file whose attempt died mid-way ("生成中") is sent again and the next attempt finishes it', async () => {
    const e = await exportFor(25);
    const [id] = e.recordIds;
    // An attempt claimed the record and its worker died (a kill of the stack): nothing touches it any more.
    expect(await claimRecord(db(), { id, attempts: 0 }, { leaseMs: 120_000, maxAttempts: MAX_ATTEMPTS })).toBe(1);
    await env.DB.prepare('UPDATE download_records SET rows_done = 25 WHERE id = ?').bind(id).run();
    expect(await view(e, id)).toMatchObject({ status: 'generating' });

    // A redelivered copy of its message while the lease is live leaves the attempt alone.
    const early = await deliver(consume, env, [id], 2);
    expect(early.result.explicitAcks).toHaveLength(1);
    expect(await recordRow(id)).toMatchObject({ status: 'generating', attempts: 1 });

    await leaseRunsOut([id]);
    const q = watchedQueue();
    await fireCron(RECONCILE_CRON, q.env);
    expect(q.sent).toContain(id);
    expect(await view(e, id)).toMatchObject({ status: 'queued', status_text: '重新排队中（第 1 次）' });

    await deliver(consume, env, [id]);
    expect(await recordRow(id)).toMatchObject({ status: 'done', attempts: 2, rows_done: 25, requeues: 1 });
    await expectMoney(e.user.id, e.start - e.coins);
  });

  it('`npm start` fires the reconciler once at boot: every pending file is sent again at once, lease or not', async () => {
    const e = await exportFor(12);
    const [id] = e.recordIds;
    const regular = watchedQueue();
    await fireCron(RECONCILE_CRON, regular.env);
    expect(regular.sent).not.toContain(id);

    const boot = watchedQueue();
    await fireCron(BOOT_CRON, boot.env);
    expect(boot.sent).toContain(id);
    expect(await view(e, id)).toMatchObject({ status: 'queued', status_text: '重新排队中（第 1 次）' });
    await deliver(consume, env, [id]);
    expect(await view(e, id)).toMatchObject({ status: 'done' });
  });

  it('a file past its attempts is failed and refunded exactly once, though two reconciler runs overlap', async () => {
    const e = await exportFor(4100, 1000);
    const [first, second, third] = e.recordIds;
    const prices = await Promise.all(e.recordIds.map(async (id) => (await recordRow(id))!.coins as number));
    // First file: its 4th (last) attempt died. Second: re-sent MAX_REQUEUES times, never delivered.
    // Third: stranded like the others but within its bounds.
    await env.DB.prepare("UPDATE download_records SET status = 'generating', attempts = ? WHERE id = ?").bind(MAX_ATTEMPTS, first).run();
    await env.DB.prepare('UPDATE download_records SET requeues = ? WHERE id = ?').bind(MAX_REQUEUES, second).run();
    await leaseRunsOut(e.recordIds);

    const a = watchedQueue();
    const b = watchedQueue();
    await Promise.all([fireCron(RECONCILE_CRON, a.env), fireCron(RECONCILE_CRON, b.env), fireCron(RECONCILE_CRON, a.env)]);

    for (const id of [first, second]) {
      expect(await view(e, id)).toMatchObject({ status: 'failed', refunded: true, status_text: `生成失败，已退还 ${prices[e.recordIds.indexOf(id)]} 桔子币` });
    }
    // The third was sent once between the overlapping runs.
    expect([...a.sent, ...b.sent].filter((id) => id === third)).toEqual([third]);
    expect([...a.sent, ...b.sent]).not.toContain(first);
    expect(await recordRow(third)).toMatchObject({ status: 'queued', requeues: 1 });

    expect(await refundsOf(e.user.id)).toEqual({ n: 2, s: prices[0] + prices[1] });
    await expectMoney(e.user.id, e.start - e.coins + prices[0] + prices[1]);

    // Later runs, a late delivery and the dead-letter consumer refund nothing more.
    await leaseRunsOut([first, second]);
    await fireCron(RECONCILE_CRON, watchedQueue().env);
    await deliver(consume, env, [first, second]);
    await deliver(consume, env, [first], 1, 'juzi-exports-dlq');
    expect(await refundsOf(e.user.id)).toEqual({ n: 2, s: prices[0] + prices[1] });
    await expectMoney(e.user.id, e.start - e.coins + prices[0] + prices[1]);
    expect(await objectsOf(e.user.id)).toEqual([]);
  });

  it('a delivery after the last attempt died fails and refunds the file instead of starting a fifth attempt', async () => {
    const e = await exportFor(40);
    const [id] = e.recordIds;
    await env.DB.prepare("UPDATE download_records SET status = 'generating', attempts = ? WHERE id = ?").bind(MAX_ATTEMPTS, id).run();
    await leaseRunsOut([id]);
    const { result } = await deliver(consume, env, [id], 1);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await recordRow(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await view(e, id)).toMatchObject({ refunded: true, status_text: `生成失败，已退还 ${e.coins} 桔子币` });
    await expectMoney(e.user.id, e.start);
    expect(await objectsOf(e.user.id)).toEqual([]);
  });

  it('retrying the generate call with the same key returns the same job and nudges its stranded files', async () => {
    const e = await exportFor(30);
    const [id] = e.recordIds;
    const retry = () =>
      call('/api/closure/closure_down', { method: 'POST', token: e.user.token, json: e.json, headers: { 'Idempotency-Key': e.key } });

    // Not stranded yet: the same job, nothing re-sent.
    const early = await retry();
    expect(early.body.data).toMatchObject({ job_id: e.jobId, record_id: id });
    expect(await recordRow(id)).toMatchObject({ status: 'queued', requeues: 0 });

    await leaseRunsOut([id]);
    const res = await retry();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ job_id: e.jobId, record_id: id, jzb_down: e.coins });
    expect(await view(e, id)).toMatchObject({ status: 'queued', status_text: '重新排队中（第 1 次）', requeues: 1 });
    // Right away again: the fresh lease holds, no second re-send; and never a second charge.
    await retry();
    expect(await recordRow(id)).toMatchObject({ requeues: 1 });
    await expectMoney(e.user.id, e.start - e.coins);

    await deliver(consume, env, [id]);
    expect(await view(e, id)).toMatchObject({ status: 'done' });
  });

  it('a dead-lettered message: the record is sent again if its lease ran out, left alone while an attempt holds it', async () => {
    const e = await exportFor(20);
    const [id] = e.recordIds;
    expect(await claimRecord(db(), { id, attempts: 0 }, { leaseMs: 120_000, maxAttempts: MAX_ATTEMPTS })).toBe(1);
    const q = watchedQueue();
    await deliver(consume, q.env, [id], 4, 'juzi-exports-dlq');
    expect(q.sent).toEqual([]);
    expect(await recordRow(id)).toMatchObject({ status: 'generating', attempts: 1 });

    await leaseRunsOut([id]);
    await deliver(consume, q.env, [id], 4, 'juzi-exports-dlq');
    expect(q.sent).toEqual([id]);
    expect(await recordRow(id)).toMatchObject({ status: 'queued', requeues: 1 });
    await expectMoney(e.user.id, e.start - e.coins);
  });
});
