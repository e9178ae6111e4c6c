/**
 * The import's own bookkeeping (migration 0054_import_batches): one row per run of `npm run import`
 * and what it inserted or changed, for `--undo`. Hand-written migration: these tables are outside
 * the drizzle-kit schema (worker/src/db/index.ts), which never rebuilds them.
 */
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const IMPORT_KINDS = ['closure', 'starmarket', 'medical-event'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const importBatches = sqliteTable('import_batches', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
  fileName: text('file_name').notNull().default(''),
  status: text('status', { enum: ['running', 'done', 'undone'] }).notNull().default('running'),
  imported: integer('imported').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  finishedAt: integer('finished_at'),
  undoneAt: integer('undone_at'),
});

/** ref_kind: which table ref_id is in; before: the changed fields' values before the batch (JSON). */
export const importChanges = sqliteTable(
  'import_changes',
  {
    batchId: integer('batch_id').notNull(),
    refKind: text('ref_kind', { enum: ['closure', 'firm', 'starmarket', 'event', 'company'] }).notNull(),
    refId: integer('ref_id').notNull(),
    action: text('action', { enum: ['insert', 'update'] }).notNull(),
    before: text('before').notNull().default('{}'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.refKind, t.refId] })],
);

/** The next id an import may give, per table (companies, invest_firms, starmarket_companies, invest_events). */
export const importIds = sqliteTable('import_ids', {
  name: text('name').primaryKey(),
  next: integer('next').notNull(),
});
