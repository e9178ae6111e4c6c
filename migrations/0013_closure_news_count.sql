-- Custom SQL migration file, put your code below! --
-- The closed-company news total (the unfiltered /closure/news_list count) kept in closure_counts
-- as dim 'news', so the first page of the news list does not count every news row.
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'news', '', COUNT(*) FROM `news` WHERE `is_closure` = 1
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
CREATE TRIGGER `news_closure_count_ai` AFTER INSERT ON `news` WHEN NEW.`is_closure` = 1 BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('news', '', 1) ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `news_closure_count_ad` AFTER DELETE ON `news` WHEN OLD.`is_closure` = 1 BEGIN
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE `dim` = 'news' AND `key` = '';
END;
--> statement-breakpoint
CREATE TRIGGER `news_closure_count_au` AFTER UPDATE OF `is_closure` ON `news` WHEN OLD.`is_closure` <> NEW.`is_closure` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('news', '', CASE WHEN NEW.`is_closure` = 1 THEN 1 ELSE -1 END)
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
