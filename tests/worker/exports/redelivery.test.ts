/**
 * Issue 16: redelivery stays harmless and a stuck call cannot block the queue.
 * - An attempt that was in fact still running when its lease ran out and the record was re-sent:
 *   its late write lands on the record's own key, its state change loses the compare-and-set, and
 *   nothing is charged or refunded again.
 * - An R2 put that never returns is cut by the time limit and retried, while another user's file
 *   in the same batch is made meanwhile.
 */
import { env } from 'cloudflare:test';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { exportConsumer } from '../../../export-worker/src/consumer';
import { LIMITS, realDeadline, type Deadline, type Limits } from '../../../export-worker/src/timeout';
import { RECONCILE_CRON } from '../../../worker/src/exports/lease';
import { call } from '../helpers';
import { bucketWithPut, deliver, expectMoney, exportFor, fireCron, leaseRunsOut, objectsOf, recordRow, refundsOf, until, view, watchedQueue } from './harness';

const consume = exportConsumer();

/** An R2 bucket whose puts wait until the test lets each one write (or fail); the real bucket underneath. */
function heldPuts() {
  const held: ((outcome: 'write' | Error) => void)[] = [];
  const bucket = bucketWithPut(async (key, value, opts, real) => {
    const outcome = await new Promise<'write' | Error>((r) => held.push(r));
    if (outcome instanceof Error) throw outcome;
    return real.put(key, value, opts);
  });
  return {
    env: { ...env, FILES: bucket },
    reached: (n: number) => until(`${n} R2 puts waiting`, async () => held.length >= n),
    release: (i: number, outcome: 'write' | Error) => held[i](outcome),
  };
}

async function sheetRows(key: string) {
  const obj = await env.FILES.get(key);
  expect(obj, key).not.toBeNull();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await obj!.arrayBuffer());
  return wb.worksheets[0].rowCount - 1;
}

describe('redelivery and stuck calls', () => {
  it('a late duplicate attempt after a re-send writes the same file once and leaves the ledger unchanged', async () => {
    const e = await exportFor(60);
    const [id] = e.recordIds;
    const key = `exports/${e.user.id}/${id}.xlsx`;

    // The first attempt gets as far as its R2 put and is held there (a slow put, not a dead one).
    const slow = heldPuts();
    const first = deliver(consume, slow.env, [id]);
    await slow.reached(1);
    expect(await recordRow(id)).toMatchObject({ status: 'generating', attempts: 1, rows_done: 60 });

    // Its lease runs out; the reconciler re-sends the record and that delivery makes the file.
    await leaseRunsOut([id]);
    const q = watchedQueue();
    await fireCron(RECONCILE_CRON, q.env);
    expect(q.sent).toContain(id);
    expect(await view(e, id)).toMatchObject({ status: 'queued', status_text: '重新排队中（第 1 次）' });
    const second = await deliver(consume, env, [id]);
    expect(second.result.explicitAcks).toHaveLength(1);
    const done = await recordRow(id);
    expect(done).toMatchObject({ status: 'done', attempts: 2, rows_done: 60 });

    // Now the first attempt's put goes through: it rewrites the same key and changes nothing else.
    slow.release(0, 'write');
    const late = await first;
    expect(late.result.explicitAcks).toHaveLength(1);
    expect(late.result.retryMessages).toEqual([]);
    expect(await recordRow(id)).toEqual(done);
    expect(await objectsOf(e.user.id)).toEqual([key]);
    expect(await sheetRows(key)).toBe(60);

    // And the original message, arriving last of all, is acked untouched.
    const etag = (await env.FILES.head(key))!.etag;
    const last = await deliver(consume, env, [id], 2);
    expect(last.result.explicitAcks).toHaveLength(1);
    expect((await env.FILES.head(key))!.etag).toBe(etag);
    expect(await recordRow(id)).toEqual(done);

    await expectMoney(e.user.id, e.start - e.coins);
    expect(await refundsOf(e.user.id)).toEqual({ n: 0, s: 0 });
    const debits = await env.DB.prepare("SELECT COUNT(*) AS n FROM coin_ledger WHERE user_id = ? AND reason = 'export'").bind(e.user.id).first<{ n: number }>();
    expect(debits!.n).toBe(1);
  });

  it('an attempt that lost its record mid-way stops before writing anything', async () => {
    const e = await exportFor(1200, 500);
    const [id] = e.recordIds;
    // The first page (500 rows) is read; before the next one the record is taken over by a later attempt.
    let pages = 0;
    const stolen = { ...env, DB: new Proxy(env.DB, {
      get(target, prop) {
        const v = Reflect.get(target, prop);
        if (prop !== 'prepare') return typeof v === 'function' ? v.bind(target) : v;
        return (sql: string) => {
          // The lease renewal (records.ts renewLease), as drizzle writes it.
          if (/^update "download_records" set "rows_done" = \?, "status" = \?, "touched_at" = \? where/.test(sql) && ++pages === 1) {
            // The takeover: what a re-sent message's claim does after the lease ran out.
            return {
              bind: (...args: unknown[]) => ({
                run: async () => {
                  await env.DB.prepare("UPDATE download_records SET attempts = attempts + 1, touched_at = ? WHERE id = ?").bind(Date.now(), id).run();
                  return target.prepare(sql).bind(...args).run();
                },
              }),
            };
          }
          return target.prepare(sql);
        };
      },
    }) };
    const { result } = await deliver(consume, stolen, [id]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    // The superseded attempt wrote no file and did not finish, fail or refund the record.
    expect(await objectsOf(e.user.id)).toEqual([]);
    expect(await recordRow(id)).toMatchObject({ status: 'generating', attempts: 2, rows_done: 0 });
    await expectMoney(e.user.id, e.start - e.coins);
  });

  it('a superseded attempt that fails late neither re-queues the record nor refunds it', async () => {
    const e = await exportFor(50);
    const [id] = e.recordIds;
    const puts = heldPuts();
    const first = deliver(consume, puts.env, [id]);
    await puts.reached(1);
    await leaseRunsOut([id]);
    await fireCron(RECONCILE_CRON, watchedQueue().env);
    // The re-sent message's attempt is running (held at its own put) when the first one's put fails.
    const second = deliver(consume, puts.env, [id]);
    await puts.reached(2);
    expect(await recordRow(id)).toMatchObject({ status: 'generating', attempts: 2 });
    puts.release(0, new Error('R2 put failed'));
    const stale = await first;
    // Not retried: the record belongs to the second attempt, which is left running.
    expect(stale.result.retryMessages).toEqual([]);
    expect(stale.result.explicitAcks).toHaveLength(1);
    expect(await recordRow(id)).toMatchObject({ status: 'generating', attempts: 2, error: '' });

    puts.release(1, 'write');
    await second;
    expect(await view(e, id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await refundsOf(e.user.id)).toEqual({ n: 0, s: 0 });
    await expectMoney(e.user.id, e.start - e.coins);
  });

  it('a last attempt that outlived its lease: the file is failed and refunded once, and its late write is removed', async () => {
    const e = await exportFor(35);
    const [id] = e.recordIds;
    const key = `exports/${e.user.id}/${id}.xlsx`;
    // Three attempts went before; the fourth (the last) is slow at its put.
    await env.DB.prepare('UPDATE download_records SET attempts = 3 WHERE id = ?').bind(id).run();
    const puts = heldPuts();
    const last = deliver(consume, puts.env, [id], 4);
    await puts.reached(1);
    await leaseRunsOut([id]);
    await fireCron(RECONCILE_CRON, watchedQueue().env);
    expect(await view(e, id)).toMatchObject({ status: 'failed', refunded: true, status_text: `生成失败，已退还 ${e.coins} 桔子币` });

    puts.release(0, 'write');
    const { result } = await last;
    expect(result.explicitAcks).toHaveLength(1);
    expect(await recordRow(id)).toMatchObject({ status: 'failed', attempts: 4 });
    expect(await env.FILES.head(key)).toBeNull();
    expect(await refundsOf(e.user.id)).toEqual({ n: 1, s: e.coins });
    await expectMoney(e.user.id, e.start);
  });

  it('an R2 put that never returns is cut by the time limit and retried; another user\'s export finishes meanwhile', async () => {
    const stuck = await exportFor(30);
    const other = await exportFor(45);
    const [a] = stuck.recordIds;
    const [b] = other.recordIds;

    // R2 clocks are driven by the test (the D1 ones are real): the hung put is cut when the test says so.
    const r2Clocks: (() => void)[] = [];
    const limits: Limits = {
      ...LIMITS,
      deadline: (ms, what): Deadline => {
        if (what !== 'r2') return realDeadline(ms, what);
        let fire!: () => void;
        const expired = new Promise<void>((r) => (fire = r));
        let live = true;
        r2Clocks.push(() => live && fire());
        return { expired, cancel: () => (live = false) };
      },
    };
    let hung = false;
    const storage = { ...env, FILES: bucketWithPut((k, v, o, real) => {
      if (k === `exports/${stuck.user.id}/${a}.xlsx`) {
        hung = true;
        return new Promise(() => undefined);
      }
      return real.put(k, v, o);
    }) };

    // Both files in one batch, the stuck one first (the old one-at-a-time loop never reached the other).
    let settled = false;
    const run = deliver(exportConsumer(limits), storage, [a, b]).finally(() => (settled = true));
    await until('the other user\'s file is done', async () => (await recordRow(b))?.status === 'done');
    expect(hung).toBe(true);
    expect(settled).toBe(false);
    expect(await view(stuck, a)).toMatchObject({ status: 'generating' });
    const file = await call(`/api/downloads/${b}/file`, { token: other.user.token });
    expect(file.status).toBe(200);

    // The limit runs out: the put is cut, the attempt fails like any other and is retried with backoff.
    for (const fire of r2Clocks) fire();
    const { batch, result, delays } = await run;
    expect(result.explicitAcks).toEqual([batch.messages[1].id]);
    expect(result.retryMessages).toEqual([{ msgId: batch.messages[0].id }]);
    expect(delays).toEqual([10]);
    expect(await recordRow(a)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(String((await recordRow(a))!.error)).toMatch(/CallTimeout/);
    expect(await view(stuck, a)).toMatchObject({ status_text: '生成出错，第 2 次重试排队中' });

    // The retry (R2 answering again) makes the file; each user paid once and nobody was refunded.
    await deliver(consume, env, [a], 2);
    expect(await view(stuck, a)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await objectsOf(stuck.user.id)).toEqual([`exports/${stuck.user.id}/${a}.xlsx`]);
    await expectMoney(stuck.user.id, stuck.start - stuck.coins);
    await expectMoney(other.user.id, other.start - other.coins);
    expect(await refundsOf(stuck.user.id)).toEqual({ n: 0, s: 0 });
  });
});
