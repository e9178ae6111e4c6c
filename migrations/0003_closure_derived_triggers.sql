-- Custom SQL migration file, put your code below! --
-- Derived closed-company data that SQLite keeps in step with the rows, in the same transaction as every write:
-- the name search index, the list/year counts and the per-firm closed-company counts.

-- Company-name search: trigram FTS5 gives indexed substring matches for keywords of 3+ characters.
CREATE VIRTUAL TABLE `closure_name_fts` USING fts5(com_name, content='closures', content_rowid='com_id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `closure_name_fts`(`closure_name_fts`) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'all', '', COUNT(*) FROM `closures`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'year', CAST(`close_year` AS TEXT), COUNT(*) FROM `closures` GROUP BY `close_year`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'prov', `com_prov`, COUNT(*) FROM `closures` GROUP BY `com_prov`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'cat', CAST(`cat_id` AS TEXT), COUNT(*) FROM `closures` GROUP BY `cat_id`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'fund', CAST(`fund_status_id` AS TEXT), COUNT(*) FROM `closures` GROUP BY `fund_status_id`;
--> statement-breakpoint
INSERT INTO `closure_firm_stats` (`invst_id`, `com_count`) SELECT `invst_id`, COUNT(*) FROM `closure_investors` GROUP BY `invst_id`;
--> statement-breakpoint
CREATE TRIGGER `closures_derived_ai` AFTER INSERT ON `closures` BEGIN
  INSERT INTO `closure_name_fts` (rowid, `com_name`) VALUES (NEW.`com_id`, NEW.`com_name`);
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES
    ('all', '', 1),
    ('year', CAST(NEW.`close_date` / 10000 AS TEXT), 1),
    ('prov', NEW.`com_prov`, 1),
    ('cat', CAST(NEW.`cat_id` AS TEXT), 1),
    ('fund', CAST(NEW.`fund_status_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closures_derived_ad` AFTER DELETE ON `closures` BEGIN
  INSERT INTO `closure_name_fts` (`closure_name_fts`, rowid, `com_name`) VALUES ('delete', OLD.`com_id`, OLD.`com_name`);
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE (`dim` = 'all' AND `key` = '')
    OR (`dim` = 'year' AND `key` = CAST(OLD.`close_date` / 10000 AS TEXT))
    OR (`dim` = 'prov' AND `key` = OLD.`com_prov`)
    OR (`dim` = 'cat' AND `key` = CAST(OLD.`cat_id` AS TEXT))
    OR (`dim` = 'fund' AND `key` = CAST(OLD.`fund_status_id` AS TEXT));
END;
--> statement-breakpoint
CREATE TRIGGER `closures_derived_au` AFTER UPDATE OF `com_name`, `com_prov`, `cat_id`, `fund_status_id`, `close_date` ON `closures` BEGIN
  INSERT INTO `closure_name_fts` (`closure_name_fts`, rowid, `com_name`) VALUES ('delete', OLD.`com_id`, OLD.`com_name`);
  INSERT INTO `closure_name_fts` (rowid, `com_name`) VALUES (NEW.`com_id`, NEW.`com_name`);
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE (`dim` = 'year' AND `key` = CAST(OLD.`close_date` / 10000 AS TEXT))
    OR (`dim` = 'prov' AND `key` = OLD.`com_prov`)
    OR (`dim` = 'cat' AND `key` = CAST(OLD.`cat_id` AS TEXT))
    OR (`dim` = 'fund' AND `key` = CAST(OLD.`fund_status_id` AS TEXT));
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES
    ('year', CAST(NEW.`close_date` / 10000 AS TEXT), 1),
    ('prov', NEW.`com_prov`, 1),
    ('cat', CAST(NEW.`cat_id` AS TEXT), 1),
    ('fund', CAST(NEW.`fund_status_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_derived_ai` AFTER INSERT ON `closure_investors` BEGIN
  INSERT INTO `closure_firm_stats` (`invst_id`, `com_count`) VALUES (NEW.`invst_id`, 1)
  ON CONFLICT (`invst_id`) DO UPDATE SET `com_count` = `com_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_derived_ad` AFTER DELETE ON `closure_investors` BEGIN
  UPDATE `closure_firm_stats` SET `com_count` = `com_count` - 1 WHERE `invst_id` = OLD.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_derived_au` AFTER UPDATE OF `invst_id` ON `closure_investors` BEGIN
  UPDATE `closure_firm_stats` SET `com_count` = `com_count` - 1 WHERE `invst_id` = OLD.`invst_id`;
  INSERT INTO `closure_firm_stats` (`invst_id`, `com_count`) VALUES (NEW.`invst_id`, 1)
  ON CONFLICT (`invst_id`) DO UPDATE SET `com_count` = `com_count` + 1;
END;
