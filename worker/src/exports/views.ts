/** What the download centre shows of a record. */
import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { downloadRecords as r, exportJobs as j } from '../db';
import type { Db } from '../env';
import { recordColumns, type DownloadRecordRow, type RecordStatus } from './records';

export interface DownloadRecordView {
  record_id: number;
  job_id: number;
  kind: string;
  title: string;
  filename: string;
  /** Rows in this file (what was written, once done). */
  rows: number;
  /** 1-based position of the file's first and last row in the export. */
  from: number;
  to: number;
  batch_no: number;
  batches: number;
  status: RecordStatus;
  status_text: string;
  progress: {
    /** This file: rows written / rows, 0-100. */
    percent: number;
    rows_done: number;
    /** The whole export: finished files / files. */
    job_done: number;
    job_failed: number;
    job_batches: number;
    job_percent: number;
  };
  coins: number;
  refunded: boolean;
  attempts: number;
  /** Times the file was sent to the queue again after its work was lost (lease ran out). */
  requeues: number;
  size: number;
  created_at: number;
  done_at: number | null;
  expires_at: number | null;
  /** Streams the xlsx to its owner (Authorization header, or ?token= for a plain link). */
  download_url: string | null;
}

export type RecordForView = DownloadRecordRow & {
  kind: string;
  title: string;
  job_batches: number;
  job_done: number;
  job_failed: number;
};

const d = alias(r, 'd');

/** The files of the record's job in a state: a correlated count (`sql`: a subquery as a selected field). */
const jobFiles = (db: Db, state: SQL) =>
  sql<number>`${db
    .select({ n: count() })
    .from(d)
    .where(and(eq(d.jobId, r.jobId), state))}`.mapWith(Number);

/** Records with their job's figures, for recordView: each record counts its job's files. */
export function recordsWithJob(db: Db, where: SQL, ...order: SQL[]) {
  return db
    .select({
      ...recordColumns,
      kind: j.kind,
      title: j.title,
      job_batches: j.batches,
      job_done: jobFiles(db, inArray(d.status, ['done', 'expired'])),
      job_failed: jobFiles(db, eq(d.status, 'failed')),
    })
    .from(r)
    .innerJoin(j, eq(j.id, r.jobId))
    .where(where)
    .orderBy(...order);
}

/**
 * A page of records (`where` on download_records, `order` on its columns or the page's) with their
 * job's figures: each job of the page is counted once, not once per record as recordsWithJob does.
 */
/** The columns a page is ordered by, on download_records or on the page. */
type Ordered = Pick<typeof r, 'createdAt' | 'id'>;

export function recordPage(db: Db, where: SQL, order: (t: Ordered) => SQL[], limit: number, offset: number) {
  const p = db.$with('p').as(
    db
      .select()
      .from(r)
      .where(where)
      .orderBy(...order(r))
      .limit(limit)
      .offset(offset),
  );
  const c = db.$with('c').as(
    db
      .select({
        jobId: d.jobId,
        // A condition summed is a count of the rows it holds for: no builder form.
        jobDone: sql<number>`SUM(${d.status} IN ('done', 'expired'))`.as('job_done'),
        jobFailed: sql<number>`SUM(${d.status} = 'failed')`.as('job_failed'),
      })
      .from(d)
      .where(inArray(d.jobId, db.select({ jobId: p.jobId }).from(p)))
      .groupBy(d.jobId),
  );
  const columns = Object.fromEntries(Object.entries(getTableColumns(r)).map(([key, column]) => [column.name, p[key as keyof typeof p]]));
  return db
    .with(p, c)
    .select({ ...(columns as unknown as typeof recordColumns), kind: j.kind, title: j.title, job_batches: j.batches, job_done: c.jobDone, job_failed: c.jobFailed })
    .from(p)
    .innerJoin(j, eq(j.id, p.jobId))
    .innerJoin(c, eq(c.jobId, p.jobId))
    .orderBy(...order(p as unknown as Ordered));
}

/** A done record past its expiry reads as expired even before the sweep has removed the file. */
export function effectiveStatus(r: Pick<DownloadRecordRow, 'status' | 'expires_at'>, now: number): RecordStatus {
  return r.status === 'done' && r.expires_at !== null && r.expires_at <= now ? 'expired' : r.status;
}

const STATUS_TEXT: Record<RecordStatus, string> = {
  queued: '排队中',
  generating: '生成中',
  done: '已完成',
  failed: '生成失败',
  expired: '文件已过期',
};

export function recordView(r: RecordForView, now = Date.now()): DownloadRecordView {
  const status = effectiveStatus(r, now);
  const rows = r.status === 'done' || r.status === 'expired' ? r.rows_done : r.rows;
  const percent = status === 'done' || status === 'expired' ? 100 : r.rows > 0 ? Math.floor((100 * r.rows_done) / r.rows) : 0;
  const jobDone = r.job_done;
  let statusText = STATUS_TEXT[status];
  if (status === 'failed') statusText = r.refunded_at ? `生成失败，已退还 ${r.coins} 桔子币` : r.coins > 0 ? '生成失败，退款处理中' : '生成失败';
  if (status === 'queued' && r.requeues > 0) statusText = `重新排队中（第 ${r.requeues} 次）`;
  else if (status === 'queued' && r.attempts > 0) statusText = `生成出错，第 ${r.attempts + 1} 次重试排队中`;
  return {
    record_id: r.id,
    job_id: r.job_id,
    kind: r.kind,
    title: r.title,
    filename: r.filename,
    rows,
    from: r.offset + 1,
    to: r.offset + r.rows,
    batch_no: r.batch_no,
    batches: r.job_batches,
    status,
    status_text: statusText,
    progress: {
      percent,
      rows_done: r.rows_done,
      job_done: jobDone,
      job_failed: r.job_failed,
      job_batches: r.job_batches,
      job_percent: r.job_batches > 0 ? Math.floor((100 * jobDone) / r.job_batches) : 0,
    },
    coins: r.coins,
    refunded: r.refunded_at !== null,
    attempts: r.attempts,
    requeues: r.requeues,
    size: r.size,
    created_at: r.created_at,
    done_at: r.done_at,
    expires_at: r.expires_at,
    download_url: status === 'done' ? `/api/downloads/${r.id}/file` : null,
  };
}
