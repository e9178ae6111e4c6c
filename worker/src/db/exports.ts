import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** One export request: its filters, cost and the batches it was split into. */
export const exportJobs = sqliteTable(
  'export_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    /** Human title (死亡公司数据, 赛道-共享单车 ...), also the start of each file name. */
    title: text('title').notNull().default(''),
    /** The validated params of the kind, JSON; the export worker reads its rows with them. */
    params: text('params').notNull(),
    totalRows: integer('total_rows').notNull(),
    batches: integer('batches').notNull(),
    coins: integer('coins').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    // Random per request: the download records of a job are inserted only by the request that inserted the job.
    opNonce: text('op_nonce').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('export_jobs_idem_uq').on(t.userId, t.idempotencyKey), index('export_jobs_user_idx').on(t.userId, t.createdAt)],
);

/** One xlsx file of at most 2000 rows, as the download centre lists it. */
export const downloadRecords = sqliteTable(
  'download_records',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    jobId: integer('job_id').notNull(),
    userId: integer('user_id').notNull(),
    batchNo: integer('batch_no').notNull(),
    offset: integer('offset').notNull(),
    rows: integer('rows').notNull(),
    /** Rows written so far by the export worker (per-record progress); the file's row count once done. */
    rowsDone: integer('rows_done').notNull().default(0),
    filename: text('filename').notNull(),
    status: text('status', { enum: ['queued', 'generating', 'done', 'failed', 'expired'] }).notNull(),
    coins: integer('coins').notNull().default(0),
    /** Build attempts started (each delivery that claimed the record); bounded by MAX_ATTEMPTS (exports/lease.ts). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * The lease: when a queued or generating record was last touched (queued, claimed, a page of rows
     * written, sent again). The reconciler re-sends records untouched for LEASE_MS. 0 = never (rows
     * from before the lease existed), i.e. already run out.
     */
    touchedAt: integer('touched_at').notNull().default(0),
    /** Times the reconciler sent the record to the queue again after its lease ran out ('重新排队中（第 N 次）'). */
    requeues: integer('requeues').notNull().default(0),
    r2Key: text('r2_key').notNull().default(''),
    size: integer('size').notNull().default(0),
    error: text('error').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    doneAt: integer('done_at'),
    /** Set in the same transaction as the refund of a failed record. */
    refundedAt: integer('refunded_at'),
    expiresAt: integer('expires_at'),
  },
  (t) => [
    index('download_records_user_idx').on(t.userId, t.createdAt),
    index('download_records_job_idx').on(t.jobId, t.batchNo),
    index('download_records_status_idx').on(t.status, t.expiresAt),
    // The reconciler's scan: queued / generating records whose lease ran out, oldest first.
    index('download_records_lease_idx').on(t.status, t.touchedAt),
    check('download_records_status_ck', sql`${t.status} in ('queued','generating','done','failed','expired')`),
  ],
);
