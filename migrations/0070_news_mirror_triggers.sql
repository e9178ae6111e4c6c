-- news_day_counts becomes a declared kept list (worker/src/db/kept/news.ts); its old triggers on news also keep the news_tags and news_closure_secs copies. They are re-created under their names with only those statements, so the generator can take over the counts.
DROP TRIGGER `news_day_counts_ai`;--> statement-breakpoint
DROP TRIGGER `news_day_counts_ad`;--> statement-breakpoint
DROP TRIGGER `news_day_counts_au`;--> statement-breakpoint
CREATE TRIGGER `news_day_counts_ai` AFTER INSERT ON `news` BEGIN
  INSERT OR IGNORE INTO `news_tags` (`tag_id`, `news_id`, `date`, `scope`)
    SELECT t.`tag_id`, NEW.`id`, NEW.`date`, NEW.`scope` FROM `medical_company_tags` t WHERE t.`com_id` = NEW.`com_id`;
  INSERT OR IGNORE INTO `news_closure_secs` (`sec`, `news_id`, `date`, `prov`)
    SELECT s.id, NEW.`id`, NEW.`date`, NEW.`prov` FROM (SELECT NEW.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id` AND `parent_id` <> 0) s WHERE NEW.`is_closure` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `news_day_counts_ad` AFTER DELETE ON `news` BEGIN
  DELETE FROM `news_tags` WHERE `news_id` = OLD.`id`;
  DELETE FROM `news_closure_secs` WHERE `news_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `news_day_counts_au` AFTER UPDATE OF `id`, `date`, `scope`, `com_id`, `is_closure`, `prov`, `cat_id` ON `news` BEGIN
  DELETE FROM `news_tags` WHERE `news_id` = OLD.`id`;
  INSERT OR IGNORE INTO `news_tags` (`tag_id`, `news_id`, `date`, `scope`)
    SELECT t.`tag_id`, NEW.`id`, NEW.`date`, NEW.`scope` FROM `medical_company_tags` t WHERE t.`com_id` = NEW.`com_id`;
  DELETE FROM `news_closure_secs` WHERE `news_id` = OLD.`id`;
  INSERT OR IGNORE INTO `news_closure_secs` (`sec`, `news_id`, `date`, `prov`)
    SELECT s.id, NEW.`id`, NEW.`date`, NEW.`prov` FROM (SELECT NEW.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id` AND `parent_id` <> 0) s WHERE NEW.`is_closure` = 1;
END;
