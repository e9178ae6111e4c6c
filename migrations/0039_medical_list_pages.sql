-- Custom SQL migration file, put your code below! --

-- Healthcare area (医疗健康): every list the area pages, kept in list order by triggers in the same
-- transaction as every write, so any page of any list (first, middle, last; every sort; every tag)
-- is a short seek instead of an OFFSET over the rows before it (issue 15).
--
-- medical_list_items (list, tag_id, k, item_id): one row per item of a list; the list's order is
--   k DESC, item_id DESC (the primary key read backwards). tag_id 0 is the area, another tag the
--   items of the companies carrying it (medical_company_tags). Lists (worker/src/medical/pages.ts):
--   1 financing events (k = date)          tag 0: scope 医疗健康; tag: events of its companies
--   2 news (k = date)                      tag 0: scope 医疗健康; tag: news about its companies
--   3 policies (k = put_time)              tag 0 only: scope 医疗健康
--   4 broker reports (k = time)            tag 0 only: every report
--   5 / 6 / 7 companies by total_money, by born_year * 100 + born_month, by last_invse_date
--                                          tag 0: is_medical = 1; tag: companies carrying it
--   8 / 9 千里马 / 独角兽 by valuation        tag 0 only: is_medical = 1 in the valuation band
--   10 investment firms of the block ranking (item_id = invst_id, k = n * 10^7 + 9999999 - invst_id:
--      most events first, the lower id first; firm ids stay below 10^7), from medical_firm_counts
--      rows of invst_type 'invst' with n > 0; tag 0 the area, another tag its companies' events
--      (万元: 70000 <= valuation < 700000 / valuation >= 700000, constants.ts HORSE_MIN / UNICORN_MIN)
-- medical_list_levels (list, tag_id, level, bucket, n): items per bucket k / width * width, at the
--   widths of medical_list_widths (list, level, width; mirrored in pages.ts LIST_WIDTHS): for a
--   date 100000, 10000 (its year), 1000, 100 (its month), 10, 1 (its day); for a founding month
--   (yyyymm) 1000, 100, 10, 1; for money (万元) every power of ten from 10^8 down to 1; for the
--   firm key every power of ten from 10^10 down to 1. Each level
--   splits a bucket of the level above into at most about ten, so a deep page reads a few rows per
--   level to find the k it starts at, then skips only that k's earlier items. Rows with n = 0 are deleted.
-- tests/worker/medical/pages.test.ts compares both tables with a fresh recount after inserts,
-- updates and deletes, and every list page with the straightforward query.
--> statement-breakpoint
CREATE TABLE `medical_list_items` (
	`list` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`k` integer NOT NULL,
	`item_id` integer NOT NULL,
	PRIMARY KEY(`list`, `tag_id`, `k`, `item_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `medical_list_levels` (
	`list` integer NOT NULL,
	`tag_id` integer NOT NULL,
	`level` integer NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`list`, `tag_id`, `level`, `bucket`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `medical_list_widths` (
	`list` integer NOT NULL,
	`level` integer NOT NULL,
	`width` integer NOT NULL,
	PRIMARY KEY(`list`, `level`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `medical_list_widths` (`list`, `level`, `width`) VALUES (1, 1, 100000), (1, 2, 10000), (1, 3, 1000), (1, 4, 100), (1, 5, 10), (1, 6, 1), (2, 1, 100000), (2, 2, 10000), (2, 3, 1000), (2, 4, 100), (2, 5, 10), (2, 6, 1), (3, 1, 100000), (3, 2, 10000), (3, 3, 1000), (3, 4, 100), (3, 5, 10), (3, 6, 1), (4, 1, 100000), (4, 2, 10000), (4, 3, 1000), (4, 4, 100), (4, 5, 10), (4, 6, 1), (5, 1, 100000000), (5, 2, 10000000), (5, 3, 1000000), (5, 4, 100000), (5, 5, 10000), (5, 6, 1000), (5, 7, 100), (5, 8, 10), (5, 9, 1), (6, 1, 1000), (6, 2, 100), (6, 3, 10), (6, 4, 1), (7, 1, 100000), (7, 2, 10000), (7, 3, 1000), (7, 4, 100), (7, 5, 10), (7, 6, 1), (8, 1, 100000000), (8, 2, 10000000), (8, 3, 1000000), (8, 4, 100000), (8, 5, 10000), (8, 6, 1000), (8, 7, 100), (8, 8, 10), (8, 9, 1), (9, 1, 100000000), (9, 2, 10000000), (9, 3, 1000000), (9, 4, 100000), (9, 5, 10000), (9, 6, 1000), (9, 7, 100), (9, 8, 10), (9, 9, 1), (10, 1, 10000000000), (10, 2, 1000000000), (10, 3, 100000000), (10, 4, 10000000), (10, 5, 1000000), (10, 6, 100000), (10, 7, 10000), (10, 8, 1000), (10, 9, 100), (10, 10, 10), (10, 11, 1);
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT 1, 0, `date`, `id` FROM `invest_events` WHERE `scope` = '医疗健康';
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT 1, t.`tag_id`, e.`date`, e.`id` FROM `medical_company_tags` t JOIN `invest_events` e ON e.`com_id` = t.`com_id`;
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT 2, 0, `date`, `id` FROM `news` WHERE `scope` = '医疗健康';
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT 2, t.`tag_id`, n.`date`, n.`id` FROM `medical_company_tags` t JOIN `news` n ON n.`com_id` = t.`com_id`;
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT 3, 0, `put_time`, `id` FROM `policies` WHERE `scope` = '医疗健康';
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT 4, 0, `time`, `id` FROM `broker_reports`;
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT l.v, g.tag_id, CASE l.v WHEN 5 THEN c.`total_money` WHEN 6 THEN c.`born_year` * 100 + c.`born_month` ELSE c.`last_invse_date` END, c.`id`
    FROM (SELECT 0 AS tag_id, `id` AS com_id FROM `companies` WHERE `is_medical` = 1 UNION ALL SELECT `tag_id`, `com_id` FROM `medical_company_tags`) g
    JOIN `companies` c ON c.`id` = g.com_id, (SELECT 5 AS v UNION ALL SELECT 6 UNION ALL SELECT 7) l;
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT CASE WHEN `valuation` >= 700000 THEN 9 ELSE 8 END, 0, `valuation`, `id` FROM `companies` WHERE `is_medical` = 1 AND `valuation` >= 70000;
--> statement-breakpoint
INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`)
  SELECT 10, m.`tag_id`, m.`n` * 10000000 + (9999999 - m.`invst_id`), m.`invst_id` FROM `medical_firm_counts` m WHERE m.`invst_type` = 'invst' AND m.`n` > 0;
--> statement-breakpoint
INSERT INTO `medical_list_levels` (`list`, `tag_id`, `level`, `bucket`, `n`)
  SELECT i.`list`, i.`tag_id`, w.`level`, i.`k` / w.`width` * w.`width`, COUNT(*)
  FROM `medical_list_items` i JOIN `medical_list_widths` w ON w.`list` = i.`list`
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `medical_list_levels_ai` AFTER INSERT ON `medical_list_items` BEGIN
  INSERT INTO `medical_list_levels` (`list`, `tag_id`, `level`, `bucket`, `n`)
    SELECT NEW.`list`, NEW.`tag_id`, w.`level`, NEW.`k` / w.`width` * w.`width`, 1 FROM `medical_list_widths` w WHERE w.`list` = NEW.`list`
    ON CONFLICT (`list`, `tag_id`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_list_levels_ad` AFTER DELETE ON `medical_list_items` BEGIN
  INSERT INTO `medical_list_levels` (`list`, `tag_id`, `level`, `bucket`, `n`)
    SELECT OLD.`list`, OLD.`tag_id`, w.`level`, OLD.`k` / w.`width` * w.`width`, -1 FROM `medical_list_widths` w WHERE w.`list` = OLD.`list`
    ON CONFLICT (`list`, `tag_id`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `medical_list_levels` WHERE (`list`, `tag_id`, `level`, `bucket`) IN (SELECT OLD.`list`, OLD.`tag_id`, w.`level`, OLD.`k` / w.`width` * w.`width` FROM `medical_list_widths` w WHERE w.`list` = OLD.`list`) AND `n` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_events_ai` AFTER INSERT ON `invest_events` BEGIN
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 1, g.tag_id, NEW.`date`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`) g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_events_ad` AFTER DELETE ON `invest_events` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 1 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`)) AND `k` = OLD.`date` AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_events_au` AFTER UPDATE OF `id`, `com_id`, `scope`, `date` ON `invest_events` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 1 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`)) AND `k` = OLD.`date` AND `item_id` = OLD.`id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 1, g.tag_id, NEW.`date`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`) g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_news_ai` AFTER INSERT ON `news` BEGIN
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 2, g.tag_id, NEW.`date`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`) g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_news_ad` AFTER DELETE ON `news` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 2 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`)) AND `k` = OLD.`date` AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_news_au` AFTER UPDATE OF `id`, `com_id`, `scope`, `date` ON `news` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 2 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`)) AND `k` = OLD.`date` AND `item_id` = OLD.`id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 2, g.tag_id, NEW.`date`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`) g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_policies_ai` AFTER INSERT ON `policies` BEGIN
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 3, g.tag_id, NEW.`put_time`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康') g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_policies_ad` AFTER DELETE ON `policies` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 3 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`scope` = '医疗健康')) AND `k` = OLD.`put_time` AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_policies_au` AFTER UPDATE OF `id`, `scope`, `put_time` ON `policies` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 3 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`scope` = '医疗健康')) AND `k` = OLD.`put_time` AND `item_id` = OLD.`id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 3, g.tag_id, NEW.`put_time`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康') g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_broker_ai` AFTER INSERT ON `broker_reports` BEGIN
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 4, g.tag_id, NEW.`time`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE true) g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_broker_ad` AFTER DELETE ON `broker_reports` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 4 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE true)) AND `k` = OLD.`time` AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_broker_au` AFTER UPDATE OF `id`, `time` ON `broker_reports` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 4 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE true)) AND `k` = OLD.`time` AND `item_id` = OLD.`id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 4, g.tag_id, NEW.`time`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE true) g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_companies_ai` AFTER INSERT ON `companies` BEGIN
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 5, g.tag_id, NEW.`total_money`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`id`) g;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 6, g.tag_id, NEW.`born_year` * 100 + NEW.`born_month`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`id`) g;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 7, g.tag_id, NEW.`last_invse_date`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`id`) g;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 8, g.tag_id, NEW.`valuation`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 AND NEW.`valuation` >= 70000 AND NEW.`valuation` < 700000) g;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 9, g.tag_id, NEW.`valuation`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 AND NEW.`valuation` >= 700000) g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_companies_ad` AFTER DELETE ON `companies` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 5 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`id`)) AND `k` = OLD.`total_money` AND `item_id` = OLD.`id`;
  DELETE FROM `medical_list_items` WHERE `list` = 6 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`id`)) AND `k` = OLD.`born_year` * 100 + OLD.`born_month` AND `item_id` = OLD.`id`;
  DELETE FROM `medical_list_items` WHERE `list` = 7 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`id`)) AND `k` = OLD.`last_invse_date` AND `item_id` = OLD.`id`;
  DELETE FROM `medical_list_items` WHERE `list` = 8 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 AND OLD.`valuation` >= 70000 AND OLD.`valuation` < 700000)) AND `k` = OLD.`valuation` AND `item_id` = OLD.`id`;
  DELETE FROM `medical_list_items` WHERE `list` = 9 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 AND OLD.`valuation` >= 700000)) AND `k` = OLD.`valuation` AND `item_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_companies_au` AFTER UPDATE OF `id`, `is_medical`, `total_money`, `born_year`, `born_month`, `last_invse_date`, `valuation` ON `companies` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 5 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`id`)) AND `k` = OLD.`total_money` AND `item_id` = OLD.`id`;
  DELETE FROM `medical_list_items` WHERE `list` = 6 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`id`)) AND `k` = OLD.`born_year` * 100 + OLD.`born_month` AND `item_id` = OLD.`id`;
  DELETE FROM `medical_list_items` WHERE `list` = 7 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`id`)) AND `k` = OLD.`last_invse_date` AND `item_id` = OLD.`id`;
  DELETE FROM `medical_list_items` WHERE `list` = 8 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 AND OLD.`valuation` >= 70000 AND OLD.`valuation` < 700000)) AND `k` = OLD.`valuation` AND `item_id` = OLD.`id`;
  DELETE FROM `medical_list_items` WHERE `list` = 9 AND `tag_id` IN (SELECT tag_id FROM (SELECT 0 AS tag_id WHERE OLD.`is_medical` = 1 AND OLD.`valuation` >= 700000)) AND `k` = OLD.`valuation` AND `item_id` = OLD.`id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 5, g.tag_id, NEW.`total_money`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`id`) g;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 6, g.tag_id, NEW.`born_year` * 100 + NEW.`born_month`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`id`) g;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 7, g.tag_id, NEW.`last_invse_date`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`id`) g;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 8, g.tag_id, NEW.`valuation`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 AND NEW.`valuation` >= 70000 AND NEW.`valuation` < 700000) g;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 9, g.tag_id, NEW.`valuation`, NEW.`id` FROM (SELECT 0 AS tag_id WHERE NEW.`is_medical` = 1 AND NEW.`valuation` >= 700000) g;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_company_tags_ai` AFTER INSERT ON `medical_company_tags` BEGIN
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 1, NEW.`tag_id`, `date`, `id` FROM `invest_events` WHERE `com_id` = NEW.`com_id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 2, NEW.`tag_id`, `date`, `id` FROM `news` WHERE `com_id` = NEW.`com_id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT l.v, NEW.`tag_id`, CASE l.v WHEN 5 THEN c.`total_money` WHEN 6 THEN c.`born_year` * 100 + c.`born_month` ELSE c.`last_invse_date` END, c.`id` FROM `companies` c, (SELECT 5 AS v UNION ALL SELECT 6 UNION ALL SELECT 7) l WHERE c.`id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_company_tags_ad` AFTER DELETE ON `medical_company_tags` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 1 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT `date`, `id` FROM `invest_events` WHERE `com_id` = OLD.`com_id`);
  DELETE FROM `medical_list_items` WHERE `list` = 2 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT `date`, `id` FROM `news` WHERE `com_id` = OLD.`com_id`);
  DELETE FROM `medical_list_items` WHERE `list` = 5 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT c.`total_money`, c.`id` FROM `companies` c WHERE c.`id` = OLD.`com_id`);
  DELETE FROM `medical_list_items` WHERE `list` = 6 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT c.`born_year` * 100 + c.`born_month`, c.`id` FROM `companies` c WHERE c.`id` = OLD.`com_id`);
  DELETE FROM `medical_list_items` WHERE `list` = 7 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT c.`last_invse_date`, c.`id` FROM `companies` c WHERE c.`id` = OLD.`com_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_company_tags_au` AFTER UPDATE OF `com_id`, `tag_id` ON `medical_company_tags` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 1 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT `date`, `id` FROM `invest_events` WHERE `com_id` = OLD.`com_id`);
  DELETE FROM `medical_list_items` WHERE `list` = 2 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT `date`, `id` FROM `news` WHERE `com_id` = OLD.`com_id`);
  DELETE FROM `medical_list_items` WHERE `list` = 5 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT c.`total_money`, c.`id` FROM `companies` c WHERE c.`id` = OLD.`com_id`);
  DELETE FROM `medical_list_items` WHERE `list` = 6 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT c.`born_year` * 100 + c.`born_month`, c.`id` FROM `companies` c WHERE c.`id` = OLD.`com_id`);
  DELETE FROM `medical_list_items` WHERE `list` = 7 AND `tag_id` = OLD.`tag_id` AND (`k`, `item_id`) IN (SELECT c.`last_invse_date`, c.`id` FROM `companies` c WHERE c.`id` = OLD.`com_id`);
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 1, NEW.`tag_id`, `date`, `id` FROM `invest_events` WHERE `com_id` = NEW.`com_id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 2, NEW.`tag_id`, `date`, `id` FROM `news` WHERE `com_id` = NEW.`com_id`;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT l.v, NEW.`tag_id`, CASE l.v WHEN 5 THEN c.`total_money` WHEN 6 THEN c.`born_year` * 100 + c.`born_month` ELSE c.`last_invse_date` END, c.`id` FROM `companies` c, (SELECT 5 AS v UNION ALL SELECT 6 UNION ALL SELECT 7) l WHERE c.`id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_firms_ai` AFTER INSERT ON `medical_firm_counts` BEGIN
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 10, NEW.`tag_id`, NEW.`n` * 10000000 + (9999999 - NEW.`invst_id`), NEW.`invst_id` WHERE NEW.`invst_type` = 'invst' AND NEW.`n` > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_firms_ad` AFTER DELETE ON `medical_firm_counts` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 10 AND `tag_id` = OLD.`tag_id` AND `k` = OLD.`n` * 10000000 + (9999999 - OLD.`invst_id`) AND `item_id` = OLD.`invst_id` AND OLD.`invst_type` = 'invst' AND OLD.`n` > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_items_firms_au` AFTER UPDATE OF `tag_id`, `invst_id`, `invst_type`, `n` ON `medical_firm_counts` BEGIN
  DELETE FROM `medical_list_items` WHERE `list` = 10 AND `tag_id` = OLD.`tag_id` AND `k` = OLD.`n` * 10000000 + (9999999 - OLD.`invst_id`) AND `item_id` = OLD.`invst_id` AND OLD.`invst_type` = 'invst' AND OLD.`n` > 0;
  INSERT INTO `medical_list_items` (`list`, `tag_id`, `k`, `item_id`) SELECT 10, NEW.`tag_id`, NEW.`n` * 10000000 + (9999999 - NEW.`invst_id`), NEW.`invst_id` WHERE NEW.`invst_type` = 'invst' AND NEW.`n` > 0;
END;
--> statement-breakpoint
CREATE TABLE `medical_fa_positions` (
	`pos` integer PRIMARY KEY NOT NULL,
	`invst_id` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `medical_fa_positions_firm_idx` ON `medical_fa_positions` (`invst_id`);
--> statement-breakpoint
INSERT INTO `medical_fa_positions` (`pos`, `invst_id`) SELECT row_number() OVER (ORDER BY `id`), `id` FROM `invest_firms` WHERE `is_fa` = 1;
--> statement-breakpoint
CREATE TRIGGER `medical_fa_positions_ai` AFTER INSERT ON `invest_firms` WHEN NEW.`is_fa` = 1 BEGIN
  INSERT INTO `medical_fa_positions` (`pos`, `invst_id`) SELECT coalesce((SELECT max(`pos`) FROM `medical_fa_positions`), 0) + 1, NEW.`id` WHERE NEW.`is_fa` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_fa_positions_ad` AFTER DELETE ON `invest_firms` WHEN OLD.`is_fa` = 1 BEGIN
  UPDATE `medical_fa_positions` SET `pos` = -`pos` WHERE `invst_id` = OLD.`id`;
  UPDATE `medical_fa_positions` SET `pos` = (SELECT -`pos` FROM `medical_fa_positions` WHERE `invst_id` = OLD.`id`)
    WHERE `pos` = (SELECT max(`pos`) FROM `medical_fa_positions`) AND `pos` > (SELECT -`pos` FROM `medical_fa_positions` WHERE `invst_id` = OLD.`id`);
  DELETE FROM `medical_fa_positions` WHERE `invst_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_fa_positions_au` AFTER UPDATE OF `id`, `is_fa` ON `invest_firms` BEGIN
  UPDATE `medical_fa_positions` SET `pos` = -`pos` WHERE `invst_id` = OLD.`id`;
  UPDATE `medical_fa_positions` SET `pos` = (SELECT -`pos` FROM `medical_fa_positions` WHERE `invst_id` = OLD.`id`)
    WHERE `pos` = (SELECT max(`pos`) FROM `medical_fa_positions`) AND `pos` > (SELECT -`pos` FROM `medical_fa_positions` WHERE `invst_id` = OLD.`id`);
  DELETE FROM `medical_fa_positions` WHERE `invst_id` = OLD.`id`;
  INSERT INTO `medical_fa_positions` (`pos`, `invst_id`) SELECT coalesce((SELECT max(`pos`) FROM `medical_fa_positions`), 0) + 1, NEW.`id` WHERE NEW.`is_fa` = 1;
END;
--> statement-breakpoint
-- A page of events reads its investors from the index alone (event_id, then the shown columns).
CREATE INDEX `medical_iei_event_cover_idx` ON `invest_event_investors` (`event_id`, `invst_id`, `invst_name`, `invst_type`);
