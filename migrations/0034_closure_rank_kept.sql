CREATE TABLE `closure_rank_counts` (
	`measure` text NOT NULL,
	`hu` integer NOT NULL,
	`prov` text NOT NULL,
	`cat` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`measure`, `hu`, `prov`, `cat`)
);
--> statement-breakpoint
ALTER TABLE `closure_firm_stats` ADD `cases` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `closures_prov_cat_money_idx` ON `closures` (`com_prov`,`cat_id`,`total_money`);--> statement-breakpoint
CREATE INDEX `closures_prov_cat_valuation_idx` ON `closures` (`com_prov`,`cat_id`,`valuation`);