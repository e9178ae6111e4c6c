CREATE TABLE `api_key_months` (
	`key_id` integer NOT NULL,
	`month` integer NOT NULL,
	`free_used` integer DEFAULT 0 NOT NULL,
	`paid_blocks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key_id`, `month`),
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "api_key_months_free_ck" CHECK("api_key_months"."free_used" >= 0 and "api_key_months"."paid_blocks" >= 0)
);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`key_hash` text NOT NULL,
	`scope` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`rotated_at` integer,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "api_keys_scope_ck" CHECK("api_keys"."scope" in ('', 'spend'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_uq` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user_idx` ON `api_keys` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `api_usage_days` (
	`key_id` integer NOT NULL,
	`day` integer NOT NULL,
	`endpoint` text NOT NULL,
	`calls` integer NOT NULL,
	PRIMARY KEY(`key_id`, `day`, `endpoint`),
	FOREIGN KEY (`key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
