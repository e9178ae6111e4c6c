ALTER TABLE `download_records` ADD `rows_done` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `download_records` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `export_jobs` ADD `title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `export_jobs` ADD `op_nonce` text DEFAULT '' NOT NULL;