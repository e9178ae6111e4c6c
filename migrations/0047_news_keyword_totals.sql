-- Custom SQL migration file, put your code below! --
-- Kept totals of closed-company news by company name (issue 15, rows read): a keyword of three or more
-- characters, or any keyword with a year, has no kept per-character count (news_name_counts keeps
-- one- and two-character ones), so its total was a count of its matches off news_closure_names on every
-- page. The worker now keeps a total it counted, when there were many, under the keyword, the filters
-- and the version of the closed-company news it was read at (worker/src/closure/news.ts); any write
-- that can change such a total (a closed-company news item added, deleted, renamed, moved, opened or
-- closed) bumps the version and clears the kept totals, so a kept total is never stale.
CREATE TABLE `news_names_version` (`id` integer PRIMARY KEY NOT NULL, `ver` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `news_names_version` (`id`, `ver`) VALUES (1, 0);
--> statement-breakpoint
CREATE TABLE `news_keyword_totals` (`key` text PRIMARY KEY NOT NULL, `n` integer NOT NULL, `ver` integer NOT NULL) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `news_names_version_ai` AFTER INSERT ON `news` WHEN NEW.`is_closure` = 1 BEGIN
  UPDATE `news_names_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `news_keyword_totals`;
END;
--> statement-breakpoint
CREATE TRIGGER `news_names_version_ad` AFTER DELETE ON `news` WHEN OLD.`is_closure` = 1 BEGIN
  UPDATE `news_names_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `news_keyword_totals`;
END;
--> statement-breakpoint
CREATE TRIGGER `news_names_version_au` AFTER UPDATE OF `id`, `date`, `is_closure`, `prov`, `cat_id`, `com_name` ON `news` WHEN OLD.`is_closure` = 1 OR NEW.`is_closure` = 1 BEGIN
  UPDATE `news_names_version` SET `ver` = `ver` + 1 WHERE `id` = 1;
  DELETE FROM `news_keyword_totals`;
END;
