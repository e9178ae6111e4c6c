/**
 * Export check and generation: count the rows, price them, then in one D1 transaction debit the
 * coins, create the job and one download record per 2000-row batch; then queue one message per record.
 */
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import { requireLevel } from '../auth/access';
import { balanceOf, debit } from '../coins';
import { downloadRecords, drizzleDb, exportJobs } from '../db';
import { insertWhen } from '../db/guarded';
import type { Db, Env, SessionUser } from '../env';
import { otherRequest, replayed, rememberStatement, requestFingerprint } from '../lib/idempotency';
import { ApiError } from '../lib/errors';
import { issueError } from '../lib/route';
import { countRows } from './keyset';
import { exportKind } from './kinds';
import { BATCH_SIZE, EMPTY_EXPORT_MSG, fileName, jobTitle, planBatches, type ExportPlan } from './plan';
import { filePrice, priceRuleText, priceTier, type PriceTier } from './price';
import { reconcileJob } from './reconcile';
import { failRecord } from './records';
import type { ExportKind, ExportSlice } from './types';
import { recordsWithJob, recordView, type DownloadRecordView, type RecordForView } from './views';

export interface ParsedExport {
  kind: ExportKind;
  params: ExportSlice;
}

/** Validates a kind's params with the same error envelope as the routes' validators (the field is named). */
export function parseExport(kindName: string, raw: unknown): ParsedExport {
  const kind = exportKind(kindName);
  const r = kind.params.safeParse(raw ?? {});
  if (!r.success) throw issueError(r.error, 'params');
  return { kind, params: r.data };
}

export interface ExportQuote {
  kind: string;
  title: string;
  rows: number;
  batches: number;
  batch_size: number;
  /** The files the export makes; `page` + `per_page` sent back to closure_down / /exports make exactly that file (the batch buttons). */
  files: { page: number; per_page: number; from: number; to: number; rows: number; coins: number }[];
  /** Coins to deduct. */
  jzb_down: number;
  /** Current balance. */
  jzb_num: number;
  downloadable: boolean;
  tier: PriceTier;
  price_rule: string;
  free: boolean;
  unit: string;
  msg: string;
}

interface Priced {
  plan: ExportPlan;
  title: string;
  tier: PriceTier;
  prices: number[];
  coins: number;
}

async function price(db: Db, user: SessionUser, { kind, params }: ParsedExport): Promise<Priced> {
  requireLevel(user, kind.level);
  const who = { userId: user.id };
  const plan = planBatches(await countRows(db, await kind.query(params, db, who)), params);
  const tier = priceTier(user);
  const prices = plan.batches.map((b) => (kind.free ? 0 : filePrice(tier, b.rows)));
  return { plan, title: jobTitle(await kind.title(db, params, who), plan), tier, prices, coins: prices.reduce((s, p) => s + p, 0) };
}

const DEFAULT_UNIT = '家公司';

const shortMsg = (rows: number, coins: number, balance: number, unit = DEFAULT_UNIT) =>
  `本次导出共 ${rows} ${unit}，需扣除 ${coins} 桔子币，当前余额 ${balance} 桔子币，余额不足，请先充值`;

/** The check: rows, cost, balance and whether the user may go ahead; zero rows answers downloadable: false with '数据为空，不能下载'. */
export async function quoteExport(db: Db, user: SessionUser, req: ParsedExport): Promise<ExportQuote> {
  const p = await price(db, user, req);
  const balance = await balanceOf(db, user.id);
  const rows = p.plan.rows;
  // Nothing to export is an answer, not a failure: the dialog shows the warning.
  const files = p.plan.batches.length;
  const free = p.tier === 'svip' || req.kind.free !== undefined;
  const downloadable = rows > 0 && (free || balance >= p.coins);
  const rule = req.kind.free ?? priceRuleText(p.tier);
  const unit = req.kind.unit ?? DEFAULT_UNIT;
  let msg: string;
  if (rows === 0) msg = EMPTY_EXPORT_MSG;
  else if (free) msg = `本次导出共 ${rows} ${unit}（${files} 个文件），${rule}`;
  else if (!downloadable) msg = shortMsg(rows, p.coins, balance, unit);
  else msg = `本次导出共 ${rows} ${unit}（${files} 个文件），需扣除 ${p.coins} 桔子币，当前余额 ${balance} 桔子币。${rule}`;
  return {
    kind: req.kind.name,
    title: p.title,
    rows,
    batches: files,
    batch_size: BATCH_SIZE,
    files: p.plan.batches.map((b, i) => ({
      page: req.params.page ?? b.batchNo,
      per_page: req.params.page ? (req.params.per_page ?? BATCH_SIZE) : BATCH_SIZE,
      from: b.offset + 1,
      to: b.offset + b.rows,
      rows: b.rows,
      coins: p.prices[i],
    })),
    jzb_down: p.coins,
    jzb_num: balance,
    downloadable,
    tier: p.tier,
    price_rule: rule,
    free,
    unit,
    msg,
  };
}

export interface ExportCreated {
  job_id: number;
  /** The first file's record and name (the spec's export response). */
  record_id: number;
  filename: string;
  title: string;
  rows: number;
  batches: number;
  /** Coins charged for the whole job. */
  jzb_down: number;
  /** What a row is, e.g. 家公司. */
  unit: string;
  records: DownloadRecordView[];
}

const IDEMPOTENT_ACTION = 'export';

interface JobRow {
  id: number;
  title: string;
  kind: string;
  total_rows: number;
  batches: number;
  coins: number;
  op_nonce: string;
  params: string;
}

async function readJob(db: Db, userId: number, key: string) {
  const job: JobRow | undefined = await db
    .select({
      id: exportJobs.id,
      kind: exportJobs.kind,
      title: exportJobs.title,
      params: exportJobs.params,
      total_rows: exportJobs.totalRows,
      batches: exportJobs.batches,
      coins: exportJobs.coins,
      op_nonce: exportJobs.opNonce,
    })
    .from(exportJobs)
    .where(and(eq(exportJobs.userId, userId), eq(exportJobs.idempotencyKey, key)))
    .get();
  if (!job) return null;
  const records = (await recordsWithJob(db, eq(downloadRecords.jobId, job.id), asc(downloadRecords.batchNo))) as RecordForView[];
  return { job, records };
}

/**
 * Generation. Charged once per Idempotency-Key: concurrent or retried requests with the same key
 * get the first request's job and no second charge. A refused debit creates nothing.
 */
export async function createExport(env: Env, user: SessionUser, req: ParsedExport, key: string, now = Date.now()): Promise<ExportCreated> {
  const db = drizzleDb(env.DB);
  // The same key for another kind, filter, count or page is CONFLICT and changes nothing.
  const fingerprint = await requestFingerprint({ kind: req.kind.name, params: req.params });
  const earlier = await replayed<ExportCreated>(db, user.id, key, IDEMPOTENT_ACTION, fingerprint);
  if (earlier) {
    await nudge(env, earlier.job_id);
    return earlier;
  }

  const p = await price(db, user, req);
  if (p.plan.rows === 0) throw new ApiError('BAD_REQUEST', EMPTY_EXPORT_MSG, { rows: 0 });
  const nonce = crypto.randomUUID();
  const job = {
    userId: user.id,
    kind: req.kind.name,
    title: p.title,
    params: JSON.stringify(req.params),
    totalRows: p.plan.rows,
    batches: p.plan.batches.length,
    coins: p.coins,
    idempotencyKey: key,
    opNonce: nonce,
    createdAt: now,
  };
  // The records of the job this request wrote (its nonce), whichever way it was written.
  const mine = and(eq(exportJobs.userId, user.id), eq(exportJobs.idempotencyKey, key), eq(exportJobs.opNonce, nonce));
  const records = p.plan.batches.map((b, i) =>
    insertWhen(
      db,
      downloadRecords,
      {
        jobId: db.select({ id: exportJobs.id }).from(exportJobs).where(mine),
        userId: user.id,
        batchNo: b.batchNo,
        offset: b.offset,
        rows: b.rows,
        filename: fileName(p.title, b, p.plan, now),
        status: 'queued',
        coins: p.prices[i],
        createdAt: now,
        // The lease starts now: if the message below never arrives, the reconciler re-sends the record after LEASE_MS.
        touchedAt: now,
      },
      exists(db.select({ one: sql`1` }).from(exportJobs).where(mine)),
    ),
  );

  if (p.coins > 0) {
    try {
      await debit(
        db,
        { userId: user.id, amount: p.coins, reason: 'export', refType: 'export', refId: key, idempotencyKey: `export:${key}` },
        (guard) => [insertWhen(db, exportJobs, job, guard), ...records],
      );
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_COINS') {
        const balance = Number(err.extra?.balance ?? 0);
        throw new ApiError('INSUFFICIENT_COINS', shortMsg(p.plan.rows, p.coins, balance, req.kind.unit), { jzb_down: p.coins, jzb_num: balance, rows: p.plan.rows });
      }
      throw err;
    }
  } else {
    // Free (a super-VIP, or a kind of the user's own data): the unique (user, key) index makes the first insert win.
    await db.batch([db.insert(exportJobs).values(job).onConflictDoNothing(), ...records]);
  }

  const saved = await readJob(db, user.id, key);
  if (!saved) throw new ApiError('INTERNAL', '导出任务创建失败，请重试');
  // A concurrent request with this key and another request made the job: this one charged nothing.
  if (saved.job.kind !== req.kind.name || saved.job.params !== JSON.stringify(req.params)) throw otherRequest();
  if (saved.job.op_nonce === nonce) await enqueue(env, saved.records.map((r) => r.id));
  // Another request with this key made the job (its answer was not stored yet, e.g. it died before the send).
  else await nudge(env, saved.job.id);

  const result: ExportCreated = {
    job_id: saved.job.id,
    record_id: saved.records[0].id,
    filename: saved.records[0].filename,
    title: saved.job.title,
    rows: saved.job.total_rows,
    batches: saved.job.batches,
    jzb_down: saved.job.coins,
    unit: req.kind.unit ?? DEFAULT_UNIT,
    records: saved.records.map((r) => recordView(r, now)),
  };
  await rememberStatement(db, user.id, key, IDEMPOTENT_ACTION, result, fingerprint).run();
  return result;
}

/**
 * A retried generate call is often the user's reaction to a file that does not move: its job's
 * records whose lease ran out are re-sent (or failed and refunded past their attempts) right away
 * instead of at the reconciler's next run. The retry's answer does not depend on it.
 */
async function nudge(env: Env, jobId: number) {
  try {
    await reconcileJob(env, jobId);
  } catch (err) {
    console.error('export nudge failed; the reconciler cron will pick the job up', jobId, err);
  }
}

/** sendBatch takes at most 100 messages. If queueing fails the records are failed and refunded at once. */
async function enqueue(env: Env, recordIds: number[]) {
  try {
    for (let i = 0; i < recordIds.length; i += 100) {
      await env.EXPORT_QUEUE.sendBatch(recordIds.slice(i, i + 100).map((recordId) => ({ body: { recordId } })));
    }
  } catch (err) {
    console.error('export enqueue failed', recordIds, err);
    const db = drizzleDb(env.DB);
    for (const id of recordIds) await failRecord(db, id, '导出任务提交失败');
    throw new ApiError('INTERNAL', '导出任务提交失败，已退还桔子币，请稍后重试');
  }
}
