-- Imports of closed companies, STAR-market companies and healthcare events (`npm run import`).
-- One row per run of the command; what each run inserted or changed is in import_changes, so
-- `npm run import -- --undo <batch>` can take it back. Written only by worker/src/import/.
CREATE TABLE `import_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`imported` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`unchanged` integer DEFAULT 0 NOT NULL,
	`rejected` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	`undone_at` integer,
	CONSTRAINT "import_batches_kind_ck" CHECK("import_batches"."kind" in ('closure','starmarket','medical-event')),
	CONSTRAINT "import_batches_status_ck" CHECK("import_batches"."status" in ('running','done','undone'))
);
--> statement-breakpoint
-- ref_kind: the table the row is in (closure: closures + its companies row, firm: invest_firms,
-- starmarket: starmarket_companies, event: invest_events). action 'insert' is undone by deleting the
-- row, 'update' by writing `before` (the changed fields' earlier values, JSON) back. The first change
-- of a row in a batch is the one kept: it holds the row as it was before the batch.
CREATE TABLE `import_changes` (
	`batch_id` integer NOT NULL,
	`ref_kind` text NOT NULL,
	`ref_id` integer NOT NULL,
	`action` text NOT NULL,
	`before` text DEFAULT '{}' NOT NULL,
	PRIMARY KEY(`batch_id`, `ref_kind`, `ref_id`),
	CONSTRAINT "import_changes_action_ck" CHECK("import_changes"."action" in ('insert','update'))
) WITHOUT ROWID;
--> statement-breakpoint
-- Undo refuses while a later batch changed the same row: found through this index.
CREATE INDEX `import_changes_ref_idx` ON `import_changes` (`ref_kind`, `ref_id`, `batch_id`);
--> statement-breakpoint
-- Where the next ids an import takes start, per table: a request reserves a range in one statement,
-- so two requests writing at once never pick the same id (the range starts past the table's largest).
CREATE TABLE `import_ids` (
	`name` text PRIMARY KEY NOT NULL,
	`next` integer NOT NULL
);
