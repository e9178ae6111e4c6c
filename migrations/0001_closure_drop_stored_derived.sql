CREATE TABLE `closure_counts` (
	`dim` text NOT NULL,
	`key` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`dim`, `key`)
);
--> statement-breakpoint
CREATE TABLE `closure_firm_stats` (
	`invst_id` integer PRIMARY KEY NOT NULL,
	`com_count` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `closure_firm_stats_count_idx` ON `closure_firm_stats` (`com_count`);--> statement-breakpoint
DROP INDEX `closures_survival_idx`;--> statement-breakpoint
DROP INDEX `closures_year_idx`;--> statement-breakpoint
CREATE INDEX `closures_cat_money_idx` ON `closures` (`cat_id`,`total_money`);--> statement-breakpoint
CREATE INDEX `closures_prov_money_idx` ON `closures` (`com_prov`,`total_money`);--> statement-breakpoint
CREATE INDEX `closures_cat_valuation_idx` ON `closures` (`cat_id`,`valuation`);--> statement-breakpoint
CREATE INDEX `closures_prov_valuation_idx` ON `closures` (`com_prov`,`valuation`);--> statement-breakpoint
ALTER TABLE `closures` DROP COLUMN `close_year`;--> statement-breakpoint
ALTER TABLE `closures` DROP COLUMN `survival_months`;--> statement-breakpoint
ALTER TABLE `incense_records` ADD `ledger_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `incense_ledger_uq` ON `incense_records` (`ledger_id`);