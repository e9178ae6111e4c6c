-- Custom SQL migration file, put your code below! --
-- Page anchors for the closed-company list (worker/src/closure/anchors.ts): for one filter
-- combination and sort, every 32nd row of the ordered list (its sort value and com_id), so page N
-- is a keyset seek from the nearest anchor plus at most 31 skipped index entries instead of an
-- OFFSET over every row before it. Anchors are rebuilt lazily, on the first middle page asked for
-- after the closures changed: closure_data_version counts every write that can move a row in an
-- order or a filter (kept by the triggers below), and an anchor set is used only while the version
-- it was built at is current.
CREATE TABLE `closure_data_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`ver` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `closure_data_version` (`id`, `ver`) VALUES (1, 0);
--> statement-breakpoint
CREATE TABLE `closure_anchor_sets` (
	`sort` integer NOT NULL,
	`dim` text NOT NULL,
	`key` text NOT NULL,
	`ver` integer NOT NULL,
	PRIMARY KEY (`sort`, `dim`, `key`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `closure_anchors` (
	`sort` integer NOT NULL,
	`dim` text NOT NULL,
	`key` text NOT NULL,
	`n` integer NOT NULL,
	`v` integer NOT NULL,
	`com_id` integer NOT NULL,
	PRIMARY KEY (`sort`, `dim`, `key`, `n`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `closure_data_version_ai` AFTER INSERT ON `closures` BEGIN
  UPDATE `closure_data_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_data_version_ad` AFTER DELETE ON `closures` BEGIN
  UPDATE `closure_data_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_data_version_au` AFTER UPDATE OF `com_id`, `close_date`, `born_date`, `com_prov`, `cat_id`, `fund_status_id` ON `closures` BEGIN
  UPDATE `closure_data_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
END;
