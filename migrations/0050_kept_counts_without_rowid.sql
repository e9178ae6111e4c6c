-- Custom SQL migration file, put your code below! --
-- entity_day_counts and entity_money_counts rebuilt as WITHOUT ROWID tables (issue 15, scale). As
-- rowid tables they stored every (k, level, bucket) twice, in the table and in its primary key's
-- automatic index; now the primary key is the table. Measured with `node scripts/measure-size.mjs
-- --scales 1` (all migrations and the seed, VACUUM): see the README's scale estimate. Reads and the
-- triggers' upserts use the same key as before.
-- The triggers that keep the counts (migrations 0041, 0044 and 0048) name the tables in their
-- bodies: renaming each new table with legacy_alter_table on leaves their text alone (they name it
-- already), where the default mode would check them against the schema while the name is missing.
CREATE TABLE `entity_day_counts_new` (
	`k` text NOT NULL,
	`level` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`k`, `level`, `bucket`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `entity_day_counts_new` (`k`, `level`, `bucket`, `n`) SELECT `k`, `level`, `bucket`, `n` FROM `entity_day_counts`;--> statement-breakpoint
DROP TABLE `entity_day_counts`;--> statement-breakpoint
CREATE TABLE `entity_money_counts_new` (
	`k` text NOT NULL,
	`level` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`k`, `level`, `bucket`)
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `entity_money_counts_new` (`k`, `level`, `bucket`, `n`) SELECT `k`, `level`, `bucket`, `n` FROM `entity_money_counts`;--> statement-breakpoint
DROP TABLE `entity_money_counts`;--> statement-breakpoint
PRAGMA legacy_alter_table = ON;--> statement-breakpoint
ALTER TABLE `entity_day_counts_new` RENAME TO `entity_day_counts`;--> statement-breakpoint
ALTER TABLE `entity_money_counts_new` RENAME TO `entity_money_counts`;--> statement-breakpoint
PRAGMA legacy_alter_table = OFF;
