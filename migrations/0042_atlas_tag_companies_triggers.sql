-- Custom SQL migration file, put your code below! --
-- Atlas tag companies (issue 15): atlas_tag_companies holds one row per tagged company that exists
-- (medical_company_tags x companies) with the company's total_money; atlas_tag_stats the count and
-- money sum per tag. Filled from the data, then kept by triggers on medical_company_tags, companies
-- and atlas_tag_companies. tests/worker/entity/atlas-kept.test.ts compares both with a recount.
INSERT INTO `atlas_tag_companies` (`com_id`, `tag_id`, `total_money`) SELECT m.`com_id`, m.`tag_id`, c.`total_money` FROM `medical_company_tags` m JOIN `companies` c ON c.`id` = m.`com_id`;
--> statement-breakpoint
INSERT INTO `atlas_tag_stats` (`tag_id`, `n`, `money`) SELECT `tag_id`, COUNT(*), SUM(`total_money`) FROM `atlas_tag_companies` GROUP BY `tag_id`;
--> statement-breakpoint
CREATE INDEX `atc_tag_money_idx` ON `atlas_tag_companies` (`tag_id`, `total_money` DESC, `com_id`);
--> statement-breakpoint
CREATE TRIGGER `atlas_mct_ai` AFTER INSERT ON `medical_company_tags` BEGIN
  INSERT OR IGNORE INTO `atlas_tag_companies` (`com_id`, `tag_id`, `total_money`) SELECT c.`id`, NEW.`tag_id`, c.`total_money` FROM `companies` c WHERE c.`id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `atlas_mct_ad` AFTER DELETE ON `medical_company_tags` BEGIN
  DELETE FROM `atlas_tag_companies` WHERE `com_id` = OLD.`com_id` AND `tag_id` = OLD.`tag_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `atlas_mct_au` AFTER UPDATE OF `com_id`, `tag_id` ON `medical_company_tags` BEGIN
  DELETE FROM `atlas_tag_companies` WHERE `com_id` = OLD.`com_id` AND `tag_id` = OLD.`tag_id`;
  INSERT OR IGNORE INTO `atlas_tag_companies` (`com_id`, `tag_id`, `total_money`) SELECT c.`id`, NEW.`tag_id`, c.`total_money` FROM `companies` c WHERE c.`id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `atlas_companies_ai` AFTER INSERT ON `companies` BEGIN
  INSERT OR IGNORE INTO `atlas_tag_companies` (`com_id`, `tag_id`, `total_money`) SELECT NEW.`id`, m.`tag_id`, NEW.`total_money` FROM `medical_company_tags` m WHERE m.`com_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `atlas_companies_ad` AFTER DELETE ON `companies` BEGIN
  DELETE FROM `atlas_tag_companies` WHERE `com_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `atlas_companies_au` AFTER UPDATE OF `id`, `total_money` ON `companies` BEGIN
  DELETE FROM `atlas_tag_companies` WHERE `com_id` = OLD.`id`;
  INSERT OR IGNORE INTO `atlas_tag_companies` (`com_id`, `tag_id`, `total_money`) SELECT NEW.`id`, m.`tag_id`, NEW.`total_money` FROM `medical_company_tags` m WHERE m.`com_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `atlas_tag_stats_ai` AFTER INSERT ON `atlas_tag_companies` BEGIN
  INSERT INTO `atlas_tag_stats` (`tag_id`, `n`, `money`) VALUES (NEW.`tag_id`, 1, NEW.`total_money`)
    ON CONFLICT (`tag_id`) DO UPDATE SET `n` = `n` + 1, `money` = `money` + excluded.`money`;
END;
--> statement-breakpoint
CREATE TRIGGER `atlas_tag_stats_ad` AFTER DELETE ON `atlas_tag_companies` BEGIN
  UPDATE `atlas_tag_stats` SET `n` = `n` - 1, `money` = `money` - OLD.`total_money` WHERE `tag_id` = OLD.`tag_id`;
  DELETE FROM `atlas_tag_stats` WHERE `tag_id` = OLD.`tag_id` AND `n` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `atlas_tag_stats_au` AFTER UPDATE ON `atlas_tag_companies` BEGIN
  UPDATE `atlas_tag_stats` SET `n` = `n` - 1, `money` = `money` - OLD.`total_money` WHERE `tag_id` = OLD.`tag_id`;
  INSERT INTO `atlas_tag_stats` (`tag_id`, `n`, `money`) VALUES (NEW.`tag_id`, 1, NEW.`total_money`)
    ON CONFLICT (`tag_id`) DO UPDATE SET `n` = `n` + 1, `money` = `money` + excluded.`money`;
  DELETE FROM `atlas_tag_stats` WHERE `tag_id` = OLD.`tag_id` AND `n` = 0;
END;
