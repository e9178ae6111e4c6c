-- Custom SQL migration file, put your code below! --
-- Two answers of the STAR area kept until the data under them changes (issue 11):
--  * the review-timing chart's median entry days per province / sector filter and state
--    (worker/src/starmarket/timing.ts), computed by the level descent over starmarket_timing_days
--    on the first request after the companies changed and then read as one row per state;
--  * the exact number of filings whose name holds a long keyword (worker/src/starmarket/disclosures.ts),
--    which the FTS index can only count one match at a time, and every 20th match key (newest first) as
--    page anchors: kept per keyword once counted, so later searches read one row for the total and a
--    deep page starts at its anchor instead of walking every match before it.
-- Each has a version that every write able to change it bumps (triggers below); a kept answer is used
-- only while the version it was computed at is current, and a bump also clears the kept answers.
CREATE TABLE `starmarket_timing_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`ver` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `starmarket_timing_version` (`id`, `ver`) VALUES (1, 0);
--> statement-breakpoint
CREATE TABLE `starmarket_timing_sets` (
	`prov` text NOT NULL,
	`cat_id` integer NOT NULL,
	`ver` integer NOT NULL,
	PRIMARY KEY (`prov`, `cat_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `starmarket_timing_medians` (
	`prov` text NOT NULL,
	`cat_id` integer NOT NULL,
	`state_id` integer NOT NULL,
	`n` integer NOT NULL,
	`lo` integer NOT NULL,
	`hi` integer NOT NULL,
	PRIMARY KEY (`prov`, `cat_id`, `state_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_version_ai` AFTER INSERT ON `starmarket_companies` BEGIN
  UPDATE `starmarket_timing_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `starmarket_timing_sets`;
  DELETE FROM `starmarket_timing_medians`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_version_ad` AFTER DELETE ON `starmarket_companies` BEGIN
  UPDATE `starmarket_timing_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `starmarket_timing_sets`;
  DELETE FROM `starmarket_timing_medians`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_version_au` AFTER UPDATE OF `is_listed`, `com_prov`, `cat_id`, `state_id`, `state_since` ON `starmarket_companies` BEGIN
  UPDATE `starmarket_timing_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `starmarket_timing_sets`;
  DELETE FROM `starmarket_timing_medians`;
END;
--> statement-breakpoint
CREATE TABLE `disclosure_name_version` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`ver` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `disclosure_name_version` (`id`, `ver`) VALUES (1, 0);
--> statement-breakpoint
CREATE TABLE `disclosure_keyword_totals` (
	`keyword` text PRIMARY KEY NOT NULL,
	`n` integer NOT NULL,
	`ver` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `disclosure_keyword_anchors` (
	`keyword` text NOT NULL,
	`n` integer NOT NULL,
	`k` integer NOT NULL,
	PRIMARY KEY (`keyword`, `n`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_version_ai` AFTER INSERT ON `disclosures` BEGIN
  UPDATE `disclosure_name_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `disclosure_keyword_totals`;
  DELETE FROM `disclosure_keyword_anchors`;
END;
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_version_ad` AFTER DELETE ON `disclosures` BEGIN
  UPDATE `disclosure_name_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `disclosure_keyword_totals`;
  DELETE FROM `disclosure_keyword_anchors`;
END;
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_version_au` AFTER UPDATE OF `file_name` ON `disclosures` BEGIN
  UPDATE `disclosure_name_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `disclosure_keyword_totals`;
  DELETE FROM `disclosure_keyword_anchors`;
END;
