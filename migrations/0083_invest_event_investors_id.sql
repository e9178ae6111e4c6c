-- invest_event_investors gets an integer primary key `id` (the rowid each row already had; a rowid without a declared key may be renumbered by VACUUM, an INTEGER PRIMARY KEY never is), so invest_event_firms, one row per investor row, can be a declared mirror of it keyed by that id.
-- The table is rebuilt with the same rows and indexes. Its triggers go with the old table: the next migration (npm run db:kept) generates the kept ones anew, including invest_event_firms', and drops the hand-written entity_events_* that wrote it. The rename runs with legacy_alter_table on so that SQLite leaves the bodies of other tables' triggers that read invest_event_investors as they are.
DROP TRIGGER IF EXISTS `entity_iei_ai`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `entity_iei_ad`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `entity_iei_au`;--> statement-breakpoint
CREATE TABLE `invest_event_investors_with_id` (
	`id` integer PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL,
	`invst_id` integer NOT NULL,
	`invst_name` text NOT NULL,
	`invst_type` text NOT NULL
);--> statement-breakpoint
INSERT INTO `invest_event_investors_with_id` (`id`, `event_id`, `invst_id`, `invst_name`, `invst_type`)
  SELECT `rowid`, `event_id`, `invst_id`, `invst_name`, `invst_type` FROM `invest_event_investors`;--> statement-breakpoint
DROP TABLE `invest_event_investors`;--> statement-breakpoint
PRAGMA legacy_alter_table = ON;--> statement-breakpoint
ALTER TABLE `invest_event_investors_with_id` RENAME TO `invest_event_investors`;--> statement-breakpoint
PRAGMA legacy_alter_table = OFF;--> statement-breakpoint
CREATE INDEX `iei_event_idx` ON `invest_event_investors` (`event_id`);--> statement-breakpoint
CREATE INDEX `iei_invst_idx` ON `invest_event_investors` (`invst_id`);--> statement-breakpoint
CREATE INDEX `medical_iei_event_cover_idx` ON `invest_event_investors` (`event_id`, `invst_id`, `invst_name`, `invst_type`);
