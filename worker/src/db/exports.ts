import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** One export request: its filters, cost and the batches it was split into. */
export const exportJobs = sqliteTable(
  'export_jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    params: text('params').notNull(),
    totalRows: integer('total_rows').notNull(),
    batches: integer('batches').notNull(),
    coins: integer('coins').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
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
    filename: text('filename').notNull(),
    status: text('status', { enum: ['queued', 'generating', 'done', 'failed', 'expired'] }).notNull(),
    coins: integer('coins').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    r2Key: text('r2_key').notNull().default(''),
    size: integer('size').notNull().default(0),
    error: text('error').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    doneAt: integer('done_at'),
    expiresAt: integer('expires_at'),
  },
  (t) => [
    index('download_records_user_idx').on(t.userId, t.createdAt),
    index('download_records_job_idx').on(t.jobId, t.batchNo),
    index('download_records_status_idx').on(t.status, t.expiresAt),
    check('download_records_status_ck', sql`${t.status} in ('queued','generating','done','failed','expired')`),
  ],
);
