CREATE TABLE `closure_cards` (
	`com_id` integer PRIMARY KEY NOT NULL,
	`types` text DEFAULT '[]' NOT NULL,
	`team` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`investors` text DEFAULT '[]' NOT NULL
);
