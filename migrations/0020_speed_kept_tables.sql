CREATE TABLE `closure_cards` (
	`com_id` integer PRIMARY KEY NOT NULL,
	`types` text DEFAULT '[]' NOT NULL,
	`team` text DEFAULT '[]' NOT NULL,
	`tags` text DEFAULT '[]' NOT NULL,
	`investors` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE TABLE `closure_item_stats` (
	`kind` text NOT NULL,
	`item_id` integer NOT NULL,
	`dim` text NOT NULL,
	`key` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`kind`, `item_id`, `dim`, `key`)
);
--> statement-breakpoint
CREATE TABLE `firm_event_counts` (
	`invst_id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `disclosure_counts` (
	`m_com_id` integer NOT NULL,
	`type_id` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`m_com_id`, `type_id`)
);
--> statement-breakpoint
CREATE TABLE `starmarket_counts` (
	`is_listed` integer NOT NULL,
	`prov` text NOT NULL,
	`cat_id` integer NOT NULL,
	`state_id` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`is_listed`, `prov`, `cat_id`, `state_id`)
);
--> statement-breakpoint
CREATE TABLE `starmarket_firm_links` (
	`invst_id` integer NOT NULL,
	`m_com_id` integer NOT NULL,
	`total_money` integer DEFAULT 0 NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`invst_id`, `m_com_id`)
);
--> statement-breakpoint
CREATE INDEX `smfl_invst_money_idx` ON `starmarket_firm_links` (`invst_id`,`total_money`,`m_com_id`);--> statement-breakpoint
CREATE INDEX `smfl_com_idx` ON `starmarket_firm_links` (`m_com_id`);--> statement-breakpoint
CREATE TABLE `starmarket_firm_stats` (
	`invst_id` integer PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `smfs_n_idx` ON `starmarket_firm_stats` (`n`,`invst_id`);--> statement-breakpoint
CREATE INDEX `closures_prov_cat_close_idx` ON `closures` (`com_prov`,`cat_id`,`close_date`);