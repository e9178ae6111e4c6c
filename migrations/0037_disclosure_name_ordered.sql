-- Custom SQL migration file, put your code below! --
-- The VIP disclosure search by file name (issue 11): a contentless trigram FTS5 index of the file names whose
-- rowid is the list order (disclosure_time * 10^7 + id), kept by triggers, so a page of a 3+ character
-- keyword is read off the index newest first and stops at its LIMIT instead of joining and sorting every
-- match; its vocabulary gives a 3-character keyword's total from one row.
CREATE VIRTUAL TABLE `disclosure_name_ord` USING fts5(file_name, content='', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `disclosure_name_ord` (rowid, `file_name`) SELECT (`disclosure_time` * 10000000 + `id`), `file_name` FROM `disclosures`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `disclosure_name_ord_vocab` USING fts5vocab('disclosure_name_ord', 'row');
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_ord_ai` AFTER INSERT ON `disclosures` BEGIN
  INSERT INTO `disclosure_name_ord` (rowid, `file_name`) VALUES ((NEW.`disclosure_time` * 10000000 + NEW.`id`), NEW.`file_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_ord_ad` AFTER DELETE ON `disclosures` BEGIN
  INSERT INTO `disclosure_name_ord` (`disclosure_name_ord`, rowid, `file_name`) VALUES ('delete', (OLD.`disclosure_time` * 10000000 + OLD.`id`), OLD.`file_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_ord_au` AFTER UPDATE OF `id`, `file_name`, `disclosure_time` ON `disclosures` BEGIN
  INSERT INTO `disclosure_name_ord` (`disclosure_name_ord`, rowid, `file_name`) VALUES ('delete', (OLD.`disclosure_time` * 10000000 + OLD.`id`), OLD.`file_name`);
  INSERT INTO `disclosure_name_ord` (rowid, `file_name`) VALUES ((NEW.`disclosure_time` * 10000000 + NEW.`id`), NEW.`file_name`);
END;
