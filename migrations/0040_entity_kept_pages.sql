CREATE TABLE `atlas_tag_companies` (
	`com_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`total_money` integer NOT NULL,
	PRIMARY KEY(`com_id`, `tag_id`)
);
--> statement-breakpoint
CREATE TABLE `atlas_tag_stats` (
	`tag_id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL,
	`money` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `entity_day_counts` (
	`k` text NOT NULL,
	`level` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`k`, `level`, `bucket`)
);
--> statement-breakpoint
CREATE TABLE `invest_event_firms` (
	`id` integer PRIMARY KEY NOT NULL,
	`invst_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`scope` text NOT NULL,
	`date` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ief_invst_date_idx` ON `invest_event_firms` (`invst_id`,`date`,`event_id`);--> statement-breakpoint
CREATE INDEX `ief_event_idx` ON `invest_event_firms` (`event_id`);--> statement-breakpoint
CREATE TABLE `invest_event_tags` (
	`event_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`scope` text NOT NULL,
	`date` integer NOT NULL,
	PRIMARY KEY(`event_id`, `tag_id`)
);
--> statement-breakpoint
CREATE INDEX `iet_tag_date_idx` ON `invest_event_tags` (`tag_id`,`date`,`event_id`);--> statement-breakpoint
CREATE INDEX `iet_tag_scope_date_idx` ON `invest_event_tags` (`tag_id`,`scope`,`date`,`event_id`);