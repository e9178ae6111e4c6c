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
