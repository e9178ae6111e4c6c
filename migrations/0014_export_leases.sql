ALTER TABLE `download_records` ADD `touched_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `download_records` ADD `requeues` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `download_records_lease_idx` ON `download_records` (`status`,`touched_at`);