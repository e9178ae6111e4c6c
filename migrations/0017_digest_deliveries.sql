DROP INDEX `subscriptions_user_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_user_uq` ON `subscriptions` (`user_id`);--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `claim` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `touched_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `message_id` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `from_day` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_deliveries` ADD `to_day` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `email_deliveries_day_status_idx` ON `email_deliveries` (`day`,`status`);