-- Custom SQL migration file, put your code below! --

-- Healthcare company lists (medical_list_items lists 5 - 9: by total funding, founding month,
-- latest funding, valuation) hold long runs of one k: a founding month, a round amount (150, 4600
-- 万元) or a valuation is shared by a few hundred companies at full scale, and a page starting
-- inside such a run skipped up to half of it. medical_list_ties (list, tag_id, k, level, bucket, n)
-- counts the items of each k per bucket of item_id (item_id / width * width) at the widths of
-- medical_list_tie_widths (mirrored in worker/src/medical/pages.ts TIE_WIDTHS), so a page's start
-- inside a k is found as its k is: a few kept rows per level, then a short OFFSET. Rows with n = 0
-- are deleted.
-- tests/worker/medical/pages.test.ts compares it with a fresh recount after writes.
--> statement-breakpoint
CREATE TABLE `medical_list_tie_widths` (
	`list` integer NOT NULL,
	`level` integer NOT NULL,
	`width` integer NOT NULL,
	PRIMARY KEY(`list`, `level`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `medical_list_tie_widths` (`list`, `level`, `width`) VALUES (5, 1, 10000), (5, 2, 1000), (5, 3, 100), (5, 4, 10), (6, 1, 10000), (6, 2, 1000), (6, 3, 100), (6, 4, 10), (7, 1, 10000), (7, 2, 1000), (7, 3, 100), (7, 4, 10), (8, 1, 10000), (8, 2, 1000), (8, 3, 100), (8, 4, 10), (9, 1, 10000), (9, 2, 1000), (9, 3, 100), (9, 4, 10);
--> statement-breakpoint
CREATE TABLE `medical_list_ties` (
	`list` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`k` integer NOT NULL,
	`level` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`list`, `tag_id`, `k`, `level`, `bucket`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `medical_list_ties` (`list`, `tag_id`, `k`, `level`, `bucket`, `n`)
  SELECT i.`list`, i.`tag_id`, i.`k`, w.`level`, i.`item_id` / w.`width` * w.`width`, COUNT(*)
  FROM `medical_list_items` i JOIN `medical_list_tie_widths` w ON w.`list` = i.`list`
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TRIGGER `medical_list_ties_ai` AFTER INSERT ON `medical_list_items` BEGIN
  INSERT INTO `medical_list_ties` (`list`, `tag_id`, `k`, `level`, `bucket`, `n`)
    SELECT NEW.`list`, NEW.`tag_id`, NEW.`k`, w.`level`, NEW.`item_id` / w.`width` * w.`width`, 1 FROM `medical_list_tie_widths` w WHERE w.`list` = NEW.`list`
    ON CONFLICT (`list`, `tag_id`, `k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_list_ties_ad` AFTER DELETE ON `medical_list_items` BEGIN
  INSERT INTO `medical_list_ties` (`list`, `tag_id`, `k`, `level`, `bucket`, `n`)
    SELECT OLD.`list`, OLD.`tag_id`, OLD.`k`, w.`level`, OLD.`item_id` / w.`width` * w.`width`, -1 FROM `medical_list_tie_widths` w WHERE w.`list` = OLD.`list`
    ON CONFLICT (`list`, `tag_id`, `k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `medical_list_ties` WHERE (`list`, `tag_id`, `k`, `level`, `bucket`) IN (SELECT OLD.`list`, OLD.`tag_id`, OLD.`k`, w.`level`, OLD.`item_id` / w.`width` * w.`width` FROM `medical_list_tie_widths` w WHERE w.`list` = OLD.`list`) AND `n` <= 0;
END;
--> statement-breakpoint
-- Closed companies of a parent reason (closure_type_list): a company linked to several of the
-- parent's child reasons has a row for each in closure_company_types, so a page of the parent's
-- companies walked and dropped the repeats (SELECT DISTINCT). closure_reason_companies keeps one
-- row per (parent, close_date, company) with the number of links behind it, kept by triggers, so
-- a page reads its OFFSET and its rows and no repeats. tests/worker/closure/reasons.test.ts compares
-- it with a fresh recount after writes, and every page with the DISTINCT query.
--> statement-breakpoint
CREATE TABLE `closure_reason_companies` (
	`p_id` integer NOT NULL,
	`close_date` integer NOT NULL,
	`com_id` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`p_id`, `close_date`, `com_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `closure_reason_companies` (`p_id`, `close_date`, `com_id`, `n`)
  SELECT `p_id`, `close_date`, `com_id`, COUNT(*) FROM `closure_company_types` GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `closure_reason_companies_ai` AFTER INSERT ON `closure_company_types` BEGIN
  INSERT INTO `closure_reason_companies` (`p_id`, `close_date`, `com_id`, `n`) VALUES (NEW.`p_id`, NEW.`close_date`, NEW.`com_id`, 1)
    ON CONFLICT (`p_id`, `close_date`, `com_id`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_reason_companies_ad` AFTER DELETE ON `closure_company_types` BEGIN
  UPDATE `closure_reason_companies` SET `n` = `n` - 1 WHERE `p_id` = OLD.`p_id` AND `close_date` = OLD.`close_date` AND `com_id` = OLD.`com_id`;
  DELETE FROM `closure_reason_companies` WHERE `p_id` = OLD.`p_id` AND `close_date` = OLD.`close_date` AND `com_id` = OLD.`com_id` AND `n` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_reason_companies_au` AFTER UPDATE OF `com_id`, `p_id`, `close_date` ON `closure_company_types` BEGIN
  UPDATE `closure_reason_companies` SET `n` = `n` - 1 WHERE `p_id` = OLD.`p_id` AND `close_date` = OLD.`close_date` AND `com_id` = OLD.`com_id`;
  DELETE FROM `closure_reason_companies` WHERE `p_id` = OLD.`p_id` AND `close_date` = OLD.`close_date` AND `com_id` = OLD.`com_id` AND `n` <= 0;
  INSERT INTO `closure_reason_companies` (`p_id`, `close_date`, `com_id`, `n`) VALUES (NEW.`p_id`, NEW.`close_date`, NEW.`com_id`, 1)
    ON CONFLICT (`p_id`, `close_date`, `com_id`) DO UPDATE SET `n` = `n` + 1;
END;
