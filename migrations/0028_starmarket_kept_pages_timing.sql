CREATE TABLE `starmarket_day_counts` (
	`is_listed` integer NOT NULL,
	`prov` text NOT NULL,
	`cat_id` integer NOT NULL,
	`state_id` integer NOT NULL,
	`level` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`)
);
--> statement-breakpoint
CREATE TABLE `starmarket_timing` (
	`is_listed` integer NOT NULL,
	`prov` text NOT NULL,
	`cat_id` integer NOT NULL,
	`state_id` integer NOT NULL,
	`n` integer NOT NULL,
	`day_sum` real NOT NULL,
	PRIMARY KEY(`is_listed`, `prov`, `cat_id`, `state_id`)
);
--> statement-breakpoint
ALTER TABLE `starmarket_companies` ADD `state_since` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `starmarket_firm_stats` ADD `cases` text DEFAULT '[]' NOT NULL;