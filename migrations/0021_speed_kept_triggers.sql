-- Custom SQL migration file, put your code below! --
-- Kept counts, statistics and search indexes for the STAR-market and closed-company reads, so a
-- list total, a state count, a pie chart or a ranking is a few rows instead of a pass over its rows.
-- Everything here is maintained by triggers in the same transaction as every write.
INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`) SELECT `is_listed`, `com_prov`, `cat_id`, `state_id`, COUNT(*) FROM `starmarket_companies` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`) SELECT `is_listed`, `com_prov`, `cat_id`, 0, COUNT(*) FROM `starmarket_companies` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`) SELECT `is_listed`, `com_prov`, 0, `state_id`, COUNT(*) FROM `starmarket_companies` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`) SELECT `is_listed`, `com_prov`, 0, 0, COUNT(*) FROM `starmarket_companies` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`) SELECT `is_listed`, '', `cat_id`, `state_id`, COUNT(*) FROM `starmarket_companies` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`) SELECT `is_listed`, '', `cat_id`, 0, COUNT(*) FROM `starmarket_companies` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`) SELECT `is_listed`, '', 0, `state_id`, COUNT(*) FROM `starmarket_companies` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`) SELECT `is_listed`, '', 0, 0, COUNT(*) FROM `starmarket_companies` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `starmarket_counts_ai` AFTER INSERT ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`)
    SELECT NEW.`is_listed`, p.v, c.v, s.v, 1 FROM (SELECT NEW.`com_prov` AS v UNION ALL SELECT '') p, (SELECT NEW.`cat_id` AS v UNION ALL SELECT 0) c, (SELECT NEW.`state_id` AS v UNION ALL SELECT 0) s WHERE true
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_counts_ad` AFTER DELETE ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`)
    SELECT OLD.`is_listed`, p.v, c.v, s.v, -1 FROM (SELECT OLD.`com_prov` AS v UNION ALL SELECT '') p, (SELECT OLD.`cat_id` AS v UNION ALL SELECT 0) c, (SELECT OLD.`state_id` AS v UNION ALL SELECT 0) s WHERE true
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_counts_au` AFTER UPDATE OF `is_listed`, `com_prov`, `cat_id`, `state_id` ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`)
    SELECT OLD.`is_listed`, p.v, c.v, s.v, -1 FROM (SELECT OLD.`com_prov` AS v UNION ALL SELECT '') p, (SELECT OLD.`cat_id` AS v UNION ALL SELECT 0) c, (SELECT OLD.`state_id` AS v UNION ALL SELECT 0) s WHERE true
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `starmarket_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`)
    SELECT NEW.`is_listed`, p.v, c.v, s.v, 1 FROM (SELECT NEW.`com_prov` AS v UNION ALL SELECT '') p, (SELECT NEW.`cat_id` AS v UNION ALL SELECT 0) c, (SELECT NEW.`state_id` AS v UNION ALL SELECT 0) s WHERE true
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
INSERT INTO `disclosure_counts` (`m_com_id`, `type_id`, `n`) SELECT `m_com_id`, `type_id`, COUNT(*) FROM `disclosures` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `disclosure_counts` (`m_com_id`, `type_id`, `n`) SELECT `m_com_id`, 0, COUNT(*) FROM `disclosures` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `disclosure_counts` (`m_com_id`, `type_id`, `n`) SELECT 0, `type_id`, COUNT(*) FROM `disclosures` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `disclosure_counts` (`m_com_id`, `type_id`, `n`) SELECT 0, 0, COUNT(*) FROM `disclosures` GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER `disclosure_counts_ai` AFTER INSERT ON `disclosures` BEGIN
  INSERT INTO `disclosure_counts` (`m_com_id`, `type_id`, `n`)
    SELECT a.v, b.v, 1 FROM (SELECT NEW.`m_com_id` AS v UNION ALL SELECT 0) a, (SELECT NEW.`type_id` AS v UNION ALL SELECT 0) b WHERE true
    ON CONFLICT (`m_com_id`, `type_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `disclosure_counts_ad` AFTER DELETE ON `disclosures` BEGIN
  INSERT INTO `disclosure_counts` (`m_com_id`, `type_id`, `n`)
    SELECT a.v, b.v, -1 FROM (SELECT OLD.`m_com_id` AS v UNION ALL SELECT 0) a, (SELECT OLD.`type_id` AS v UNION ALL SELECT 0) b WHERE true
    ON CONFLICT (`m_com_id`, `type_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `disclosure_counts_au` AFTER UPDATE OF `m_com_id`, `type_id` ON `disclosures` BEGIN
  INSERT INTO `disclosure_counts` (`m_com_id`, `type_id`, `n`)
    SELECT a.v, b.v, -1 FROM (SELECT OLD.`m_com_id` AS v UNION ALL SELECT 0) a, (SELECT OLD.`type_id` AS v UNION ALL SELECT 0) b WHERE true
    ON CONFLICT (`m_com_id`, `type_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `disclosure_counts` (`m_com_id`, `type_id`, `n`)
    SELECT a.v, b.v, 1 FROM (SELECT NEW.`m_com_id` AS v UNION ALL SELECT 0) a, (SELECT NEW.`type_id` AS v UNION ALL SELECT 0) b WHERE true
    ON CONFLICT (`m_com_id`, `type_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `starmarket_name_fts` USING fts5(com_name, content='starmarket_companies', content_rowid='m_com_id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `starmarket_name_fts`(`starmarket_name_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `starmarket_name_chars` USING fts5(chars, content='', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `starmarket_name_chars` (rowid, `chars`) SELECT `m_com_id`, (((((substr(`com_name`, 1, 1) || ' ' || substr(`com_name`, 2, 1)) || ' ' || (substr(`com_name`, 3, 1) || ' ' || substr(`com_name`, 4, 1))) || ' ' || ((substr(`com_name`, 5, 1) || ' ' || substr(`com_name`, 6, 1)) || ' ' || (substr(`com_name`, 7, 1) || ' ' || substr(`com_name`, 8, 1)))) || ' ' || (((substr(`com_name`, 9, 1) || ' ' || substr(`com_name`, 10, 1)) || ' ' || (substr(`com_name`, 11, 1) || ' ' || substr(`com_name`, 12, 1))) || ' ' || ((substr(`com_name`, 13, 1) || ' ' || substr(`com_name`, 14, 1)) || ' ' || (substr(`com_name`, 15, 1) || ' ' || substr(`com_name`, 16, 1))))) || ' ' || ((((substr(`com_name`, 17, 1) || ' ' || substr(`com_name`, 18, 1)) || ' ' || (substr(`com_name`, 19, 1) || ' ' || substr(`com_name`, 20, 1))) || ' ' || ((substr(`com_name`, 21, 1) || ' ' || substr(`com_name`, 22, 1)) || ' ' || (substr(`com_name`, 23, 1) || ' ' || substr(`com_name`, 24, 1)))) || ' ' || (((substr(`com_name`, 25, 1) || ' ' || substr(`com_name`, 26, 1)) || ' ' || (substr(`com_name`, 27, 1) || ' ' || substr(`com_name`, 28, 1))) || ' ' || ((substr(`com_name`, 29, 1) || ' ' || substr(`com_name`, 30, 1)) || ' ' || (substr(`com_name`, 31, 1) || ' ' || substr(`com_name`, 32, 1)))))) FROM `starmarket_companies`;
--> statement-breakpoint
CREATE TRIGGER `starmarket_name_search_ai` AFTER INSERT ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_name_fts` (rowid, `com_name`) VALUES (NEW.`m_com_id`, NEW.`com_name`);
  INSERT INTO `starmarket_name_chars` (rowid, `chars`) VALUES (NEW.`m_com_id`, (((((substr(NEW.`com_name`, 1, 1) || ' ' || substr(NEW.`com_name`, 2, 1)) || ' ' || (substr(NEW.`com_name`, 3, 1) || ' ' || substr(NEW.`com_name`, 4, 1))) || ' ' || ((substr(NEW.`com_name`, 5, 1) || ' ' || substr(NEW.`com_name`, 6, 1)) || ' ' || (substr(NEW.`com_name`, 7, 1) || ' ' || substr(NEW.`com_name`, 8, 1)))) || ' ' || (((substr(NEW.`com_name`, 9, 1) || ' ' || substr(NEW.`com_name`, 10, 1)) || ' ' || (substr(NEW.`com_name`, 11, 1) || ' ' || substr(NEW.`com_name`, 12, 1))) || ' ' || ((substr(NEW.`com_name`, 13, 1) || ' ' || substr(NEW.`com_name`, 14, 1)) || ' ' || (substr(NEW.`com_name`, 15, 1) || ' ' || substr(NEW.`com_name`, 16, 1))))) || ' ' || ((((substr(NEW.`com_name`, 17, 1) || ' ' || substr(NEW.`com_name`, 18, 1)) || ' ' || (substr(NEW.`com_name`, 19, 1) || ' ' || substr(NEW.`com_name`, 20, 1))) || ' ' || ((substr(NEW.`com_name`, 21, 1) || ' ' || substr(NEW.`com_name`, 22, 1)) || ' ' || (substr(NEW.`com_name`, 23, 1) || ' ' || substr(NEW.`com_name`, 24, 1)))) || ' ' || (((substr(NEW.`com_name`, 25, 1) || ' ' || substr(NEW.`com_name`, 26, 1)) || ' ' || (substr(NEW.`com_name`, 27, 1) || ' ' || substr(NEW.`com_name`, 28, 1))) || ' ' || ((substr(NEW.`com_name`, 29, 1) || ' ' || substr(NEW.`com_name`, 30, 1)) || ' ' || (substr(NEW.`com_name`, 31, 1) || ' ' || substr(NEW.`com_name`, 32, 1)))))));
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_name_search_ad` AFTER DELETE ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_name_fts` (`starmarket_name_fts`, rowid, `com_name`) VALUES ('delete', OLD.`m_com_id`, OLD.`com_name`);
  INSERT INTO `starmarket_name_chars` (`starmarket_name_chars`, rowid, `chars`) VALUES ('delete', OLD.`m_com_id`, (((((substr(OLD.`com_name`, 1, 1) || ' ' || substr(OLD.`com_name`, 2, 1)) || ' ' || (substr(OLD.`com_name`, 3, 1) || ' ' || substr(OLD.`com_name`, 4, 1))) || ' ' || ((substr(OLD.`com_name`, 5, 1) || ' ' || substr(OLD.`com_name`, 6, 1)) || ' ' || (substr(OLD.`com_name`, 7, 1) || ' ' || substr(OLD.`com_name`, 8, 1)))) || ' ' || (((substr(OLD.`com_name`, 9, 1) || ' ' || substr(OLD.`com_name`, 10, 1)) || ' ' || (substr(OLD.`com_name`, 11, 1) || ' ' || substr(OLD.`com_name`, 12, 1))) || ' ' || ((substr(OLD.`com_name`, 13, 1) || ' ' || substr(OLD.`com_name`, 14, 1)) || ' ' || (substr(OLD.`com_name`, 15, 1) || ' ' || substr(OLD.`com_name`, 16, 1))))) || ' ' || ((((substr(OLD.`com_name`, 17, 1) || ' ' || substr(OLD.`com_name`, 18, 1)) || ' ' || (substr(OLD.`com_name`, 19, 1) || ' ' || substr(OLD.`com_name`, 20, 1))) || ' ' || ((substr(OLD.`com_name`, 21, 1) || ' ' || substr(OLD.`com_name`, 22, 1)) || ' ' || (substr(OLD.`com_name`, 23, 1) || ' ' || substr(OLD.`com_name`, 24, 1)))) || ' ' || (((substr(OLD.`com_name`, 25, 1) || ' ' || substr(OLD.`com_name`, 26, 1)) || ' ' || (substr(OLD.`com_name`, 27, 1) || ' ' || substr(OLD.`com_name`, 28, 1))) || ' ' || ((substr(OLD.`com_name`, 29, 1) || ' ' || substr(OLD.`com_name`, 30, 1)) || ' ' || (substr(OLD.`com_name`, 31, 1) || ' ' || substr(OLD.`com_name`, 32, 1)))))));
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_name_search_au` AFTER UPDATE OF `m_com_id`, `com_name` ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_name_fts` (`starmarket_name_fts`, rowid, `com_name`) VALUES ('delete', OLD.`m_com_id`, OLD.`com_name`);
  INSERT INTO `starmarket_name_chars` (`starmarket_name_chars`, rowid, `chars`) VALUES ('delete', OLD.`m_com_id`, (((((substr(OLD.`com_name`, 1, 1) || ' ' || substr(OLD.`com_name`, 2, 1)) || ' ' || (substr(OLD.`com_name`, 3, 1) || ' ' || substr(OLD.`com_name`, 4, 1))) || ' ' || ((substr(OLD.`com_name`, 5, 1) || ' ' || substr(OLD.`com_name`, 6, 1)) || ' ' || (substr(OLD.`com_name`, 7, 1) || ' ' || substr(OLD.`com_name`, 8, 1)))) || ' ' || (((substr(OLD.`com_name`, 9, 1) || ' ' || substr(OLD.`com_name`, 10, 1)) || ' ' || (substr(OLD.`com_name`, 11, 1) || ' ' || substr(OLD.`com_name`, 12, 1))) || ' ' || ((substr(OLD.`com_name`, 13, 1) || ' ' || substr(OLD.`com_name`, 14, 1)) || ' ' || (substr(OLD.`com_name`, 15, 1) || ' ' || substr(OLD.`com_name`, 16, 1))))) || ' ' || ((((substr(OLD.`com_name`, 17, 1) || ' ' || substr(OLD.`com_name`, 18, 1)) || ' ' || (substr(OLD.`com_name`, 19, 1) || ' ' || substr(OLD.`com_name`, 20, 1))) || ' ' || ((substr(OLD.`com_name`, 21, 1) || ' ' || substr(OLD.`com_name`, 22, 1)) || ' ' || (substr(OLD.`com_name`, 23, 1) || ' ' || substr(OLD.`com_name`, 24, 1)))) || ' ' || (((substr(OLD.`com_name`, 25, 1) || ' ' || substr(OLD.`com_name`, 26, 1)) || ' ' || (substr(OLD.`com_name`, 27, 1) || ' ' || substr(OLD.`com_name`, 28, 1))) || ' ' || ((substr(OLD.`com_name`, 29, 1) || ' ' || substr(OLD.`com_name`, 30, 1)) || ' ' || (substr(OLD.`com_name`, 31, 1) || ' ' || substr(OLD.`com_name`, 32, 1)))))));
  INSERT INTO `starmarket_name_fts` (rowid, `com_name`) VALUES (NEW.`m_com_id`, NEW.`com_name`);
  INSERT INTO `starmarket_name_chars` (rowid, `chars`) VALUES (NEW.`m_com_id`, (((((substr(NEW.`com_name`, 1, 1) || ' ' || substr(NEW.`com_name`, 2, 1)) || ' ' || (substr(NEW.`com_name`, 3, 1) || ' ' || substr(NEW.`com_name`, 4, 1))) || ' ' || ((substr(NEW.`com_name`, 5, 1) || ' ' || substr(NEW.`com_name`, 6, 1)) || ' ' || (substr(NEW.`com_name`, 7, 1) || ' ' || substr(NEW.`com_name`, 8, 1)))) || ' ' || (((substr(NEW.`com_name`, 9, 1) || ' ' || substr(NEW.`com_name`, 10, 1)) || ' ' || (substr(NEW.`com_name`, 11, 1) || ' ' || substr(NEW.`com_name`, 12, 1))) || ' ' || ((substr(NEW.`com_name`, 13, 1) || ' ' || substr(NEW.`com_name`, 14, 1)) || ' ' || (substr(NEW.`com_name`, 15, 1) || ' ' || substr(NEW.`com_name`, 16, 1))))) || ' ' || ((((substr(NEW.`com_name`, 17, 1) || ' ' || substr(NEW.`com_name`, 18, 1)) || ' ' || (substr(NEW.`com_name`, 19, 1) || ' ' || substr(NEW.`com_name`, 20, 1))) || ' ' || ((substr(NEW.`com_name`, 21, 1) || ' ' || substr(NEW.`com_name`, 22, 1)) || ' ' || (substr(NEW.`com_name`, 23, 1) || ' ' || substr(NEW.`com_name`, 24, 1)))) || ' ' || (((substr(NEW.`com_name`, 25, 1) || ' ' || substr(NEW.`com_name`, 26, 1)) || ' ' || (substr(NEW.`com_name`, 27, 1) || ' ' || substr(NEW.`com_name`, 28, 1))) || ' ' || ((substr(NEW.`com_name`, 29, 1) || ' ' || substr(NEW.`com_name`, 30, 1)) || ' ' || (substr(NEW.`com_name`, 31, 1) || ' ' || substr(NEW.`com_name`, 32, 1)))))));
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `starmarket_name_chars_vocab` USING fts5vocab('starmarket_name_chars', 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE `disclosure_name_fts` USING fts5(file_name, content='disclosures', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `disclosure_name_fts`(`disclosure_name_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE VIRTUAL TABLE `disclosure_name_chars` USING fts5(chars, content='', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `disclosure_name_chars` (rowid, `chars`) SELECT `id`, ((((((substr(`file_name`, 1, 1) || ' ' || substr(`file_name`, 2, 1)) || ' ' || (substr(`file_name`, 3, 1) || ' ' || substr(`file_name`, 4, 1))) || ' ' || ((substr(`file_name`, 5, 1) || ' ' || substr(`file_name`, 6, 1)) || ' ' || (substr(`file_name`, 7, 1) || ' ' || substr(`file_name`, 8, 1)))) || ' ' || (((substr(`file_name`, 9, 1) || ' ' || substr(`file_name`, 10, 1)) || ' ' || (substr(`file_name`, 11, 1) || ' ' || substr(`file_name`, 12, 1))) || ' ' || ((substr(`file_name`, 13, 1) || ' ' || substr(`file_name`, 14, 1)) || ' ' || (substr(`file_name`, 15, 1) || ' ' || substr(`file_name`, 16, 1))))) || ' ' || ((((substr(`file_name`, 17, 1) || ' ' || substr(`file_name`, 18, 1)) || ' ' || (substr(`file_name`, 19, 1) || ' ' || substr(`file_name`, 20, 1))) || ' ' || ((substr(`file_name`, 21, 1) || ' ' || substr(`file_name`, 22, 1)) || ' ' || (substr(`file_name`, 23, 1) || ' ' || substr(`file_name`, 24, 1)))) || ' ' || (((substr(`file_name`, 25, 1) || ' ' || substr(`file_name`, 26, 1)) || ' ' || (substr(`file_name`, 27, 1) || ' ' || substr(`file_name`, 28, 1))) || ' ' || ((substr(`file_name`, 29, 1) || ' ' || substr(`file_name`, 30, 1)) || ' ' || (substr(`file_name`, 31, 1) || ' ' || substr(`file_name`, 32, 1)))))) || ' ' || (((((substr(`file_name`, 33, 1) || ' ' || substr(`file_name`, 34, 1)) || ' ' || (substr(`file_name`, 35, 1) || ' ' || substr(`file_name`, 36, 1))) || ' ' || ((substr(`file_name`, 37, 1) || ' ' || substr(`file_name`, 38, 1)) || ' ' || (substr(`file_name`, 39, 1) || ' ' || substr(`file_name`, 40, 1)))) || ' ' || (((substr(`file_name`, 41, 1) || ' ' || substr(`file_name`, 42, 1)) || ' ' || (substr(`file_name`, 43, 1) || ' ' || substr(`file_name`, 44, 1))) || ' ' || ((substr(`file_name`, 45, 1) || ' ' || substr(`file_name`, 46, 1)) || ' ' || (substr(`file_name`, 47, 1) || ' ' || substr(`file_name`, 48, 1))))) || ' ' || ((((substr(`file_name`, 49, 1) || ' ' || substr(`file_name`, 50, 1)) || ' ' || (substr(`file_name`, 51, 1) || ' ' || substr(`file_name`, 52, 1))) || ' ' || ((substr(`file_name`, 53, 1) || ' ' || substr(`file_name`, 54, 1)) || ' ' || (substr(`file_name`, 55, 1) || ' ' || substr(`file_name`, 56, 1)))) || ' ' || (((substr(`file_name`, 57, 1) || ' ' || substr(`file_name`, 58, 1)) || ' ' || (substr(`file_name`, 59, 1) || ' ' || substr(`file_name`, 60, 1))) || ' ' || ((substr(`file_name`, 61, 1) || ' ' || substr(`file_name`, 62, 1)) || ' ' || (substr(`file_name`, 63, 1) || ' ' || substr(`file_name`, 64, 1))))))) FROM `disclosures`;
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_search_ai` AFTER INSERT ON `disclosures` BEGIN
  INSERT INTO `disclosure_name_fts` (rowid, `file_name`) VALUES (NEW.`id`, NEW.`file_name`);
  INSERT INTO `disclosure_name_chars` (rowid, `chars`) VALUES (NEW.`id`, ((((((substr(NEW.`file_name`, 1, 1) || ' ' || substr(NEW.`file_name`, 2, 1)) || ' ' || (substr(NEW.`file_name`, 3, 1) || ' ' || substr(NEW.`file_name`, 4, 1))) || ' ' || ((substr(NEW.`file_name`, 5, 1) || ' ' || substr(NEW.`file_name`, 6, 1)) || ' ' || (substr(NEW.`file_name`, 7, 1) || ' ' || substr(NEW.`file_name`, 8, 1)))) || ' ' || (((substr(NEW.`file_name`, 9, 1) || ' ' || substr(NEW.`file_name`, 10, 1)) || ' ' || (substr(NEW.`file_name`, 11, 1) || ' ' || substr(NEW.`file_name`, 12, 1))) || ' ' || ((substr(NEW.`file_name`, 13, 1) || ' ' || substr(NEW.`file_name`, 14, 1)) || ' ' || (substr(NEW.`file_name`, 15, 1) || ' ' || substr(NEW.`file_name`, 16, 1))))) || ' ' || ((((substr(NEW.`file_name`, 17, 1) || ' ' || substr(NEW.`file_name`, 18, 1)) || ' ' || (substr(NEW.`file_name`, 19, 1) || ' ' || substr(NEW.`file_name`, 20, 1))) || ' ' || ((substr(NEW.`file_name`, 21, 1) || ' ' || substr(NEW.`file_name`, 22, 1)) || ' ' || (substr(NEW.`file_name`, 23, 1) || ' ' || substr(NEW.`file_name`, 24, 1)))) || ' ' || (((substr(NEW.`file_name`, 25, 1) || ' ' || substr(NEW.`file_name`, 26, 1)) || ' ' || (substr(NEW.`file_name`, 27, 1) || ' ' || substr(NEW.`file_name`, 28, 1))) || ' ' || ((substr(NEW.`file_name`, 29, 1) || ' ' || substr(NEW.`file_name`, 30, 1)) || ' ' || (substr(NEW.`file_name`, 31, 1) || ' ' || substr(NEW.`file_name`, 32, 1)))))) || ' ' || (((((substr(NEW.`file_name`, 33, 1) || ' ' || substr(NEW.`file_name`, 34, 1)) || ' ' || (substr(NEW.`file_name`, 35, 1) || ' ' || substr(NEW.`file_name`, 36, 1))) || ' ' || ((substr(NEW.`file_name`, 37, 1) || ' ' || substr(NEW.`file_name`, 38, 1)) || ' ' || (substr(NEW.`file_name`, 39, 1) || ' ' || substr(NEW.`file_name`, 40, 1)))) || ' ' || (((substr(NEW.`file_name`, 41, 1) || ' ' || substr(NEW.`file_name`, 42, 1)) || ' ' || (substr(NEW.`file_name`, 43, 1) || ' ' || substr(NEW.`file_name`, 44, 1))) || ' ' || ((substr(NEW.`file_name`, 45, 1) || ' ' || substr(NEW.`file_name`, 46, 1)) || ' ' || (substr(NEW.`file_name`, 47, 1) || ' ' || substr(NEW.`file_name`, 48, 1))))) || ' ' || ((((substr(NEW.`file_name`, 49, 1) || ' ' || substr(NEW.`file_name`, 50, 1)) || ' ' || (substr(NEW.`file_name`, 51, 1) || ' ' || substr(NEW.`file_name`, 52, 1))) || ' ' || ((substr(NEW.`file_name`, 53, 1) || ' ' || substr(NEW.`file_name`, 54, 1)) || ' ' || (substr(NEW.`file_name`, 55, 1) || ' ' || substr(NEW.`file_name`, 56, 1)))) || ' ' || (((substr(NEW.`file_name`, 57, 1) || ' ' || substr(NEW.`file_name`, 58, 1)) || ' ' || (substr(NEW.`file_name`, 59, 1) || ' ' || substr(NEW.`file_name`, 60, 1))) || ' ' || ((substr(NEW.`file_name`, 61, 1) || ' ' || substr(NEW.`file_name`, 62, 1)) || ' ' || (substr(NEW.`file_name`, 63, 1) || ' ' || substr(NEW.`file_name`, 64, 1))))))));
END;
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_search_ad` AFTER DELETE ON `disclosures` BEGIN
  INSERT INTO `disclosure_name_fts` (`disclosure_name_fts`, rowid, `file_name`) VALUES ('delete', OLD.`id`, OLD.`file_name`);
  INSERT INTO `disclosure_name_chars` (`disclosure_name_chars`, rowid, `chars`) VALUES ('delete', OLD.`id`, ((((((substr(OLD.`file_name`, 1, 1) || ' ' || substr(OLD.`file_name`, 2, 1)) || ' ' || (substr(OLD.`file_name`, 3, 1) || ' ' || substr(OLD.`file_name`, 4, 1))) || ' ' || ((substr(OLD.`file_name`, 5, 1) || ' ' || substr(OLD.`file_name`, 6, 1)) || ' ' || (substr(OLD.`file_name`, 7, 1) || ' ' || substr(OLD.`file_name`, 8, 1)))) || ' ' || (((substr(OLD.`file_name`, 9, 1) || ' ' || substr(OLD.`file_name`, 10, 1)) || ' ' || (substr(OLD.`file_name`, 11, 1) || ' ' || substr(OLD.`file_name`, 12, 1))) || ' ' || ((substr(OLD.`file_name`, 13, 1) || ' ' || substr(OLD.`file_name`, 14, 1)) || ' ' || (substr(OLD.`file_name`, 15, 1) || ' ' || substr(OLD.`file_name`, 16, 1))))) || ' ' || ((((substr(OLD.`file_name`, 17, 1) || ' ' || substr(OLD.`file_name`, 18, 1)) || ' ' || (substr(OLD.`file_name`, 19, 1) || ' ' || substr(OLD.`file_name`, 20, 1))) || ' ' || ((substr(OLD.`file_name`, 21, 1) || ' ' || substr(OLD.`file_name`, 22, 1)) || ' ' || (substr(OLD.`file_name`, 23, 1) || ' ' || substr(OLD.`file_name`, 24, 1)))) || ' ' || (((substr(OLD.`file_name`, 25, 1) || ' ' || substr(OLD.`file_name`, 26, 1)) || ' ' || (substr(OLD.`file_name`, 27, 1) || ' ' || substr(OLD.`file_name`, 28, 1))) || ' ' || ((substr(OLD.`file_name`, 29, 1) || ' ' || substr(OLD.`file_name`, 30, 1)) || ' ' || (substr(OLD.`file_name`, 31, 1) || ' ' || substr(OLD.`file_name`, 32, 1)))))) || ' ' || (((((substr(OLD.`file_name`, 33, 1) || ' ' || substr(OLD.`file_name`, 34, 1)) || ' ' || (substr(OLD.`file_name`, 35, 1) || ' ' || substr(OLD.`file_name`, 36, 1))) || ' ' || ((substr(OLD.`file_name`, 37, 1) || ' ' || substr(OLD.`file_name`, 38, 1)) || ' ' || (substr(OLD.`file_name`, 39, 1) || ' ' || substr(OLD.`file_name`, 40, 1)))) || ' ' || (((substr(OLD.`file_name`, 41, 1) || ' ' || substr(OLD.`file_name`, 42, 1)) || ' ' || (substr(OLD.`file_name`, 43, 1) || ' ' || substr(OLD.`file_name`, 44, 1))) || ' ' || ((substr(OLD.`file_name`, 45, 1) || ' ' || substr(OLD.`file_name`, 46, 1)) || ' ' || (substr(OLD.`file_name`, 47, 1) || ' ' || substr(OLD.`file_name`, 48, 1))))) || ' ' || ((((substr(OLD.`file_name`, 49, 1) || ' ' || substr(OLD.`file_name`, 50, 1)) || ' ' || (substr(OLD.`file_name`, 51, 1) || ' ' || substr(OLD.`file_name`, 52, 1))) || ' ' || ((substr(OLD.`file_name`, 53, 1) || ' ' || substr(OLD.`file_name`, 54, 1)) || ' ' || (substr(OLD.`file_name`, 55, 1) || ' ' || substr(OLD.`file_name`, 56, 1)))) || ' ' || (((substr(OLD.`file_name`, 57, 1) || ' ' || substr(OLD.`file_name`, 58, 1)) || ' ' || (substr(OLD.`file_name`, 59, 1) || ' ' || substr(OLD.`file_name`, 60, 1))) || ' ' || ((substr(OLD.`file_name`, 61, 1) || ' ' || substr(OLD.`file_name`, 62, 1)) || ' ' || (substr(OLD.`file_name`, 63, 1) || ' ' || substr(OLD.`file_name`, 64, 1))))))));
END;
--> statement-breakpoint
CREATE TRIGGER `disclosure_name_search_au` AFTER UPDATE OF `id`, `file_name` ON `disclosures` BEGIN
  INSERT INTO `disclosure_name_fts` (`disclosure_name_fts`, rowid, `file_name`) VALUES ('delete', OLD.`id`, OLD.`file_name`);
  INSERT INTO `disclosure_name_chars` (`disclosure_name_chars`, rowid, `chars`) VALUES ('delete', OLD.`id`, ((((((substr(OLD.`file_name`, 1, 1) || ' ' || substr(OLD.`file_name`, 2, 1)) || ' ' || (substr(OLD.`file_name`, 3, 1) || ' ' || substr(OLD.`file_name`, 4, 1))) || ' ' || ((substr(OLD.`file_name`, 5, 1) || ' ' || substr(OLD.`file_name`, 6, 1)) || ' ' || (substr(OLD.`file_name`, 7, 1) || ' ' || substr(OLD.`file_name`, 8, 1)))) || ' ' || (((substr(OLD.`file_name`, 9, 1) || ' ' || substr(OLD.`file_name`, 10, 1)) || ' ' || (substr(OLD.`file_name`, 11, 1) || ' ' || substr(OLD.`file_name`, 12, 1))) || ' ' || ((substr(OLD.`file_name`, 13, 1) || ' ' || substr(OLD.`file_name`, 14, 1)) || ' ' || (substr(OLD.`file_name`, 15, 1) || ' ' || substr(OLD.`file_name`, 16, 1))))) || ' ' || ((((substr(OLD.`file_name`, 17, 1) || ' ' || substr(OLD.`file_name`, 18, 1)) || ' ' || (substr(OLD.`file_name`, 19, 1) || ' ' || substr(OLD.`file_name`, 20, 1))) || ' ' || ((substr(OLD.`file_name`, 21, 1) || ' ' || substr(OLD.`file_name`, 22, 1)) || ' ' || (substr(OLD.`file_name`, 23, 1) || ' ' || substr(OLD.`file_name`, 24, 1)))) || ' ' || (((substr(OLD.`file_name`, 25, 1) || ' ' || substr(OLD.`file_name`, 26, 1)) || ' ' || (substr(OLD.`file_name`, 27, 1) || ' ' || substr(OLD.`file_name`, 28, 1))) || ' ' || ((substr(OLD.`file_name`, 29, 1) || ' ' || substr(OLD.`file_name`, 30, 1)) || ' ' || (substr(OLD.`file_name`, 31, 1) || ' ' || substr(OLD.`file_name`, 32, 1)))))) || ' ' || (((((substr(OLD.`file_name`, 33, 1) || ' ' || substr(OLD.`file_name`, 34, 1)) || ' ' || (substr(OLD.`file_name`, 35, 1) || ' ' || substr(OLD.`file_name`, 36, 1))) || ' ' || ((substr(OLD.`file_name`, 37, 1) || ' ' || substr(OLD.`file_name`, 38, 1)) || ' ' || (substr(OLD.`file_name`, 39, 1) || ' ' || substr(OLD.`file_name`, 40, 1)))) || ' ' || (((substr(OLD.`file_name`, 41, 1) || ' ' || substr(OLD.`file_name`, 42, 1)) || ' ' || (substr(OLD.`file_name`, 43, 1) || ' ' || substr(OLD.`file_name`, 44, 1))) || ' ' || ((substr(OLD.`file_name`, 45, 1) || ' ' || substr(OLD.`file_name`, 46, 1)) || ' ' || (substr(OLD.`file_name`, 47, 1) || ' ' || substr(OLD.`file_name`, 48, 1))))) || ' ' || ((((substr(OLD.`file_name`, 49, 1) || ' ' || substr(OLD.`file_name`, 50, 1)) || ' ' || (substr(OLD.`file_name`, 51, 1) || ' ' || substr(OLD.`file_name`, 52, 1))) || ' ' || ((substr(OLD.`file_name`, 53, 1) || ' ' || substr(OLD.`file_name`, 54, 1)) || ' ' || (substr(OLD.`file_name`, 55, 1) || ' ' || substr(OLD.`file_name`, 56, 1)))) || ' ' || (((substr(OLD.`file_name`, 57, 1) || ' ' || substr(OLD.`file_name`, 58, 1)) || ' ' || (substr(OLD.`file_name`, 59, 1) || ' ' || substr(OLD.`file_name`, 60, 1))) || ' ' || ((substr(OLD.`file_name`, 61, 1) || ' ' || substr(OLD.`file_name`, 62, 1)) || ' ' || (substr(OLD.`file_name`, 63, 1) || ' ' || substr(OLD.`file_name`, 64, 1))))))));
  INSERT INTO `disclosure_name_fts` (rowid, `file_name`) VALUES (NEW.`id`, NEW.`file_name`);
  INSERT INTO `disclosure_name_chars` (rowid, `chars`) VALUES (NEW.`id`, ((((((substr(NEW.`file_name`, 1, 1) || ' ' || substr(NEW.`file_name`, 2, 1)) || ' ' || (substr(NEW.`file_name`, 3, 1) || ' ' || substr(NEW.`file_name`, 4, 1))) || ' ' || ((substr(NEW.`file_name`, 5, 1) || ' ' || substr(NEW.`file_name`, 6, 1)) || ' ' || (substr(NEW.`file_name`, 7, 1) || ' ' || substr(NEW.`file_name`, 8, 1)))) || ' ' || (((substr(NEW.`file_name`, 9, 1) || ' ' || substr(NEW.`file_name`, 10, 1)) || ' ' || (substr(NEW.`file_name`, 11, 1) || ' ' || substr(NEW.`file_name`, 12, 1))) || ' ' || ((substr(NEW.`file_name`, 13, 1) || ' ' || substr(NEW.`file_name`, 14, 1)) || ' ' || (substr(NEW.`file_name`, 15, 1) || ' ' || substr(NEW.`file_name`, 16, 1))))) || ' ' || ((((substr(NEW.`file_name`, 17, 1) || ' ' || substr(NEW.`file_name`, 18, 1)) || ' ' || (substr(NEW.`file_name`, 19, 1) || ' ' || substr(NEW.`file_name`, 20, 1))) || ' ' || ((substr(NEW.`file_name`, 21, 1) || ' ' || substr(NEW.`file_name`, 22, 1)) || ' ' || (substr(NEW.`file_name`, 23, 1) || ' ' || substr(NEW.`file_name`, 24, 1)))) || ' ' || (((substr(NEW.`file_name`, 25, 1) || ' ' || substr(NEW.`file_name`, 26, 1)) || ' ' || (substr(NEW.`file_name`, 27, 1) || ' ' || substr(NEW.`file_name`, 28, 1))) || ' ' || ((substr(NEW.`file_name`, 29, 1) || ' ' || substr(NEW.`file_name`, 30, 1)) || ' ' || (substr(NEW.`file_name`, 31, 1) || ' ' || substr(NEW.`file_name`, 32, 1)))))) || ' ' || (((((substr(NEW.`file_name`, 33, 1) || ' ' || substr(NEW.`file_name`, 34, 1)) || ' ' || (substr(NEW.`file_name`, 35, 1) || ' ' || substr(NEW.`file_name`, 36, 1))) || ' ' || ((substr(NEW.`file_name`, 37, 1) || ' ' || substr(NEW.`file_name`, 38, 1)) || ' ' || (substr(NEW.`file_name`, 39, 1) || ' ' || substr(NEW.`file_name`, 40, 1)))) || ' ' || (((substr(NEW.`file_name`, 41, 1) || ' ' || substr(NEW.`file_name`, 42, 1)) || ' ' || (substr(NEW.`file_name`, 43, 1) || ' ' || substr(NEW.`file_name`, 44, 1))) || ' ' || ((substr(NEW.`file_name`, 45, 1) || ' ' || substr(NEW.`file_name`, 46, 1)) || ' ' || (substr(NEW.`file_name`, 47, 1) || ' ' || substr(NEW.`file_name`, 48, 1))))) || ' ' || ((((substr(NEW.`file_name`, 49, 1) || ' ' || substr(NEW.`file_name`, 50, 1)) || ' ' || (substr(NEW.`file_name`, 51, 1) || ' ' || substr(NEW.`file_name`, 52, 1))) || ' ' || ((substr(NEW.`file_name`, 53, 1) || ' ' || substr(NEW.`file_name`, 54, 1)) || ' ' || (substr(NEW.`file_name`, 55, 1) || ' ' || substr(NEW.`file_name`, 56, 1)))) || ' ' || (((substr(NEW.`file_name`, 57, 1) || ' ' || substr(NEW.`file_name`, 58, 1)) || ' ' || (substr(NEW.`file_name`, 59, 1) || ' ' || substr(NEW.`file_name`, 60, 1))) || ' ' || ((substr(NEW.`file_name`, 61, 1) || ' ' || substr(NEW.`file_name`, 62, 1)) || ' ' || (substr(NEW.`file_name`, 63, 1) || ' ' || substr(NEW.`file_name`, 64, 1))))))));
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `disclosure_name_chars_vocab` USING fts5vocab('disclosure_name_chars', 'row');
--> statement-breakpoint
CREATE VIRTUAL TABLE `closure_name_chars_vocab` USING fts5vocab('closure_name_chars', 'row');
--> statement-breakpoint
INSERT INTO `starmarket_firm_links` (`invst_id`, `m_com_id`, `total_money`, `n`)
  SELECT i.`invst_id`, s.`m_com_id`, s.`total_money`, COUNT(*) FROM `invest_event_investors` i
  JOIN `invest_events` e ON e.`id` = i.`event_id` JOIN `starmarket_companies` s ON s.`com_id` = e.`com_id`
  WHERE i.`invst_id` > 0 GROUP BY i.`invst_id`, s.`m_com_id`;
--> statement-breakpoint
INSERT INTO `starmarket_firm_stats` (`invst_id`, `n`) SELECT `invst_id`, SUM(`n`) FROM `starmarket_firm_links` GROUP BY `invst_id`;
--> statement-breakpoint
CREATE TRIGGER `smfl_stats_ai` AFTER INSERT ON `starmarket_firm_links` BEGIN
  INSERT INTO `starmarket_firm_stats` (`invst_id`, `n`) VALUES (NEW.`invst_id`, NEW.`n`) ON CONFLICT (`invst_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `smfl_stats_au` AFTER UPDATE OF `n` ON `starmarket_firm_links` BEGIN
  UPDATE `starmarket_firm_stats` SET `n` = `n` + NEW.`n` - OLD.`n` WHERE `invst_id` = NEW.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `smfl_stats_ad` AFTER DELETE ON `starmarket_firm_links` BEGIN
  UPDATE `starmarket_firm_stats` SET `n` = `n` - OLD.`n` WHERE `invst_id` = OLD.`invst_id`;
  DELETE FROM `starmarket_firm_stats` WHERE `invst_id` = OLD.`invst_id` AND `n` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `iei_star_links_ai` AFTER INSERT ON `invest_event_investors` BEGIN
  INSERT INTO `starmarket_firm_links` (`invst_id`, `m_com_id`, `total_money`, `n`)
    SELECT NEW.`invst_id`, s.`m_com_id`, s.`total_money`, 1 FROM `invest_events` e JOIN `starmarket_companies` s ON s.`com_id` = e.`com_id`
    WHERE e.`id` = NEW.`event_id` AND NEW.`invst_id` > 0
    ON CONFLICT (`invst_id`, `m_com_id`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `iei_star_links_ad` AFTER DELETE ON `invest_event_investors` BEGIN
  UPDATE `starmarket_firm_links` SET `n` = `n` - 1 WHERE `invst_id` = OLD.`invst_id` AND OLD.`invst_id` > 0
    AND `m_com_id` IN (SELECT s.`m_com_id` FROM `invest_events` e JOIN `starmarket_companies` s ON s.`com_id` = e.`com_id` WHERE e.`id` = OLD.`event_id`);
  DELETE FROM `starmarket_firm_links` WHERE `invst_id` = OLD.`invst_id` AND `n` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `iei_star_links_au` AFTER UPDATE OF `event_id`, `invst_id` ON `invest_event_investors` BEGIN
  UPDATE `starmarket_firm_links` SET `n` = `n` - 1 WHERE `invst_id` = OLD.`invst_id` AND OLD.`invst_id` > 0
    AND `m_com_id` IN (SELECT s.`m_com_id` FROM `invest_events` e JOIN `starmarket_companies` s ON s.`com_id` = e.`com_id` WHERE e.`id` = OLD.`event_id`);
  DELETE FROM `starmarket_firm_links` WHERE `invst_id` = OLD.`invst_id` AND `n` <= 0;
  INSERT INTO `starmarket_firm_links` (`invst_id`, `m_com_id`, `total_money`, `n`)
    SELECT NEW.`invst_id`, s.`m_com_id`, s.`total_money`, 1 FROM `invest_events` e JOIN `starmarket_companies` s ON s.`com_id` = e.`com_id`
    WHERE e.`id` = NEW.`event_id` AND NEW.`invst_id` > 0
    ON CONFLICT (`invst_id`, `m_com_id`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `invest_events_star_links_ai` AFTER INSERT ON `invest_events` BEGIN
  INSERT INTO `starmarket_firm_links` (`invst_id`, `m_com_id`, `total_money`, `n`)
    SELECT i.`invst_id`, s.`m_com_id`, s.`total_money`, COUNT(*) FROM `invest_event_investors` i, `starmarket_companies` s
    WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0 AND s.`com_id` = NEW.`com_id` GROUP BY i.`invst_id`, s.`m_com_id`
    ON CONFLICT (`invst_id`, `m_com_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `invest_events_star_links_ad` AFTER DELETE ON `invest_events` BEGIN
  UPDATE `starmarket_firm_links` SET `n` = `n` - (SELECT COUNT(*) FROM `invest_event_investors` i WHERE i.`event_id` = OLD.`id` AND i.`invst_id` = `starmarket_firm_links`.`invst_id`)
    WHERE `m_com_id` IN (SELECT `m_com_id` FROM `starmarket_companies` WHERE `com_id` = OLD.`com_id`)
    AND `invst_id` IN (SELECT `invst_id` FROM `invest_event_investors` WHERE `event_id` = OLD.`id`);
  DELETE FROM `starmarket_firm_links` WHERE `m_com_id` IN (SELECT `m_com_id` FROM `starmarket_companies` WHERE `com_id` = OLD.`com_id`) AND `n` <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER `invest_events_star_links_au` AFTER UPDATE OF `id`, `com_id` ON `invest_events` BEGIN
  UPDATE `starmarket_firm_links` SET `n` = `n` - (SELECT COUNT(*) FROM `invest_event_investors` i WHERE i.`event_id` = OLD.`id` AND i.`invst_id` = `starmarket_firm_links`.`invst_id`)
    WHERE `m_com_id` IN (SELECT `m_com_id` FROM `starmarket_companies` WHERE `com_id` = OLD.`com_id`)
    AND `invst_id` IN (SELECT `invst_id` FROM `invest_event_investors` WHERE `event_id` = OLD.`id`);
  DELETE FROM `starmarket_firm_links` WHERE `m_com_id` IN (SELECT `m_com_id` FROM `starmarket_companies` WHERE `com_id` = OLD.`com_id`) AND `n` <= 0;
  INSERT INTO `starmarket_firm_links` (`invst_id`, `m_com_id`, `total_money`, `n`)
    SELECT i.`invst_id`, s.`m_com_id`, s.`total_money`, COUNT(*) FROM `invest_event_investors` i, `starmarket_companies` s
    WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0 AND s.`com_id` = NEW.`com_id` GROUP BY i.`invst_id`, s.`m_com_id`
    ON CONFLICT (`invst_id`, `m_com_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_firm_links_ai` AFTER INSERT ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_firm_links` (`invst_id`, `m_com_id`, `total_money`, `n`)
    SELECT i.`invst_id`, NEW.`m_com_id`, NEW.`total_money`, COUNT(*) FROM `invest_events` e JOIN `invest_event_investors` i ON i.`event_id` = e.`id`
    WHERE e.`com_id` = NEW.`com_id` AND i.`invst_id` > 0 GROUP BY i.`invst_id`
    ON CONFLICT (`invst_id`, `m_com_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_firm_links_ad` AFTER DELETE ON `starmarket_companies` BEGIN
  DELETE FROM `starmarket_firm_links` WHERE `m_com_id` = OLD.`m_com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_firm_links_au` AFTER UPDATE OF `m_com_id`, `com_id` ON `starmarket_companies` BEGIN
  DELETE FROM `starmarket_firm_links` WHERE `m_com_id` = OLD.`m_com_id`;
  INSERT INTO `starmarket_firm_links` (`invst_id`, `m_com_id`, `total_money`, `n`)
    SELECT i.`invst_id`, NEW.`m_com_id`, NEW.`total_money`, COUNT(*) FROM `invest_events` e JOIN `invest_event_investors` i ON i.`event_id` = e.`id`
    WHERE e.`com_id` = NEW.`com_id` AND i.`invst_id` > 0 GROUP BY i.`invst_id`
    ON CONFLICT (`invst_id`, `m_com_id`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_firm_links_money_au` AFTER UPDATE OF `total_money` ON `starmarket_companies` BEGIN
  UPDATE `starmarket_firm_links` SET `total_money` = NEW.`total_money` WHERE `m_com_id` = NEW.`m_com_id`;
END;
--> statement-breakpoint
INSERT INTO `firm_event_counts` (`invst_id`, `n`) SELECT `invst_id`, COUNT(*) FROM `invest_event_investors` WHERE `invst_id` > 0 GROUP BY `invst_id`;
--> statement-breakpoint
CREATE TRIGGER `firm_event_counts_ai` AFTER INSERT ON `invest_event_investors` BEGIN
  INSERT INTO `firm_event_counts` (`invst_id`, `n`) SELECT NEW.`invst_id`, 1 WHERE NEW.`invst_id` > 0 ON CONFLICT (`invst_id`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `firm_event_counts_ad` AFTER DELETE ON `invest_event_investors` BEGIN
  UPDATE `firm_event_counts` SET `n` = `n` - 1 WHERE `invst_id` = OLD.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `firm_event_counts_au` AFTER UPDATE OF `invst_id` ON `invest_event_investors` BEGIN
  UPDATE `firm_event_counts` SET `n` = `n` - 1 WHERE `invst_id` = OLD.`invst_id`;
  INSERT INTO `firm_event_counts` (`invst_id`, `n`) SELECT NEW.`invst_id`, 1 WHERE NEW.`invst_id` > 0 ON CONFLICT (`invst_id`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', l.`tag_id`, 'status', c.`operating_status`, COUNT(*) FROM `closure_company_tracks` l JOIN `closures` c ON c.`com_id` = l.`com_id` GROUP BY l.`tag_id`, c.`operating_status`;
--> statement-breakpoint
INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'album', l.`album_id`, 'status', c.`operating_status`, COUNT(*) FROM `closure_company_albums` l JOIN `closures` c ON c.`com_id` = l.`com_id` GROUP BY l.`album_id`, c.`operating_status`;
--> statement-breakpoint
INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', l.`tag_id`, 'type', CAST(t.`type_id` AS TEXT), COUNT(*) FROM `closure_company_tracks` l JOIN `closure_company_types` t ON t.`com_id` = l.`com_id` GROUP BY l.`tag_id`, t.`type_id`;
--> statement-breakpoint
INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', l.`tag_id`, 'ptype', CAST(t.`p_id` AS TEXT), COUNT(DISTINCT t.`com_id`) FROM `closure_company_tracks` l JOIN `closure_company_types` t ON t.`com_id` = l.`com_id` GROUP BY l.`tag_id`, t.`p_id`;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_stats_ai` AFTER INSERT ON `closure_company_tracks` BEGIN
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', NEW.`tag_id`, 'status', `operating_status`, 1 FROM `closures` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', NEW.`tag_id`, 'type', CAST(`type_id` AS TEXT), 1 FROM `closure_company_types` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT DISTINCT 'track', NEW.`tag_id`, 'ptype', CAST(`p_id` AS TEXT), 1 FROM `closure_company_types` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_stats_ad` AFTER DELETE ON `closure_company_tracks` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `kind` = 'track' AND `item_id` = OLD.`tag_id` AND (
    (`dim` = 'status' AND `key` = (SELECT `operating_status` FROM `closures` WHERE `com_id` = OLD.`com_id`))
    OR (`dim` = 'type' AND `key` IN (SELECT CAST(`type_id` AS TEXT) FROM `closure_company_types` WHERE `com_id` = OLD.`com_id`))
    OR (`dim` = 'ptype' AND `key` IN (SELECT CAST(`p_id` AS TEXT) FROM `closure_company_types` WHERE `com_id` = OLD.`com_id`)));
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_stats_au` AFTER UPDATE OF `com_id`, `tag_id` ON `closure_company_tracks` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `kind` = 'track' AND `item_id` = OLD.`tag_id` AND (
    (`dim` = 'status' AND `key` = (SELECT `operating_status` FROM `closures` WHERE `com_id` = OLD.`com_id`))
    OR (`dim` = 'type' AND `key` IN (SELECT CAST(`type_id` AS TEXT) FROM `closure_company_types` WHERE `com_id` = OLD.`com_id`))
    OR (`dim` = 'ptype' AND `key` IN (SELECT CAST(`p_id` AS TEXT) FROM `closure_company_types` WHERE `com_id` = OLD.`com_id`)));
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', NEW.`tag_id`, 'status', `operating_status`, 1 FROM `closures` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', NEW.`tag_id`, 'type', CAST(`type_id` AS TEXT), 1 FROM `closure_company_types` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT DISTINCT 'track', NEW.`tag_id`, 'ptype', CAST(`p_id` AS TEXT), 1 FROM `closure_company_types` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_albums_stats_ai` AFTER INSERT ON `closure_company_albums` BEGIN
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'album', NEW.`album_id`, 'status', `operating_status`, 1 FROM `closures` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_albums_stats_ad` AFTER DELETE ON `closure_company_albums` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `kind` = 'album' AND `item_id` = OLD.`album_id` AND (
    (`dim` = 'status' AND `key` = (SELECT `operating_status` FROM `closures` WHERE `com_id` = OLD.`com_id`)));
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_albums_stats_au` AFTER UPDATE OF `com_id`, `album_id` ON `closure_company_albums` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `kind` = 'album' AND `item_id` = OLD.`album_id` AND (
    (`dim` = 'status' AND `key` = (SELECT `operating_status` FROM `closures` WHERE `com_id` = OLD.`com_id`)));
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'album', NEW.`album_id`, 'status', `operating_status`, 1 FROM `closures` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_stats_ai` AFTER INSERT ON `closure_company_types` BEGIN
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', `tag_id`, 'type', CAST(NEW.`type_id` AS TEXT), 1 FROM `closure_company_tracks` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', `tag_id`, 'ptype', CAST(NEW.`p_id` AS TEXT), 1 FROM `closure_company_tracks` WHERE `com_id` = NEW.`com_id`
    AND NOT EXISTS (SELECT 1 FROM `closure_company_types` x WHERE x.`com_id` = NEW.`com_id` AND x.`p_id` = NEW.`p_id` AND x.`type_id` <> NEW.`type_id`) ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_stats_ad` AFTER DELETE ON `closure_company_types` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `kind` = 'track' AND `item_id` IN (SELECT `tag_id` FROM `closure_company_tracks` WHERE `com_id` = OLD.`com_id`)
    AND ((`dim` = 'type' AND `key` = CAST(OLD.`type_id` AS TEXT))
      OR (`dim` = 'ptype' AND `key` = CAST(OLD.`p_id` AS TEXT) AND NOT EXISTS (SELECT 1 FROM `closure_company_types` x WHERE x.`com_id` = OLD.`com_id` AND x.`p_id` = OLD.`p_id`)));
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_stats_au` AFTER UPDATE OF `com_id`, `type_id`, `p_id` ON `closure_company_types` BEGIN
  INSERT OR IGNORE INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`)
    SELECT 'track', `tag_id`, 'type', CAST(NEW.`type_id` AS TEXT), 0 FROM `closure_company_tracks` WHERE `com_id` = NEW.`com_id`
    UNION ALL SELECT 'track', `tag_id`, 'ptype', CAST(NEW.`p_id` AS TEXT), 0 FROM `closure_company_tracks` WHERE `com_id` = NEW.`com_id`;
  UPDATE `closure_item_stats` SET `n` = CASE `dim`
      WHEN 'type' THEN (SELECT COUNT(*) FROM `closure_company_tracks` l JOIN `closure_company_types` t ON t.`com_id` = l.`com_id` WHERE l.`tag_id` = `closure_item_stats`.`item_id` AND t.`type_id` = CAST(`closure_item_stats`.`key` AS INTEGER))
      ELSE (SELECT COUNT(DISTINCT t.`com_id`) FROM `closure_company_tracks` l JOIN `closure_company_types` t ON t.`com_id` = l.`com_id` WHERE l.`tag_id` = `closure_item_stats`.`item_id` AND t.`p_id` = CAST(`closure_item_stats`.`key` AS INTEGER)) END
    WHERE `kind` = 'track' AND `item_id` IN (SELECT `tag_id` FROM `closure_company_tracks` WHERE `com_id` IN (OLD.`com_id`, NEW.`com_id`))
      AND ((`dim` = 'type' AND `key` IN (CAST(OLD.`type_id` AS TEXT), CAST(NEW.`type_id` AS TEXT))) OR (`dim` = 'ptype' AND `key` IN (CAST(OLD.`p_id` AS TEXT), CAST(NEW.`p_id` AS TEXT))));
END;
--> statement-breakpoint
CREATE TRIGGER `closures_item_stats_au` AFTER UPDATE OF `operating_status` ON `closures` WHEN OLD.`operating_status` IS NOT NEW.`operating_status` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `dim` = 'status' AND `key` = OLD.`operating_status`
    AND ((`kind` = 'track' AND `item_id` IN (SELECT `tag_id` FROM `closure_company_tracks` WHERE `com_id` = NEW.`com_id`))
      OR (`kind` = 'album' AND `item_id` IN (SELECT `album_id` FROM `closure_company_albums` WHERE `com_id` = NEW.`com_id`)));
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT * FROM (
    SELECT 'track', `tag_id`, 'status', NEW.`operating_status`, 1 FROM `closure_company_tracks` WHERE `com_id` = NEW.`com_id`
    UNION ALL SELECT 'album', `album_id`, 'status', NEW.`operating_status`, 1 FROM `closure_company_albums` WHERE `com_id` = NEW.`com_id`) WHERE true
  ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closures_item_stats_bd` BEFORE DELETE ON `closures` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `dim` = 'status' AND `key` = OLD.`operating_status`
    AND ((`kind` = 'track' AND `item_id` IN (SELECT `tag_id` FROM `closure_company_tracks` WHERE `com_id` = OLD.`com_id`))
      OR (`kind` = 'album' AND `item_id` IN (SELECT `album_id` FROM `closure_company_albums` WHERE `com_id` = OLD.`com_id`)));
END;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'prov_cat', `com_prov` || '|' || CAST(`cat_id` AS TEXT), COUNT(*) FROM `closures` GROUP BY 2 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'prov_fund', `com_prov` || '|' || CAST(`fund_status_id` AS TEXT), COUNT(*) FROM `closures` GROUP BY 2 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'cat_fund', CAST(`cat_id` AS TEXT) || '|' || CAST(`fund_status_id` AS TEXT), COUNT(*) FROM `closures` GROUP BY 2 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'prov_cat_fund', `com_prov` || '|' || CAST(`cat_id` AS TEXT) || '|' || CAST(`fund_status_id` AS TEXT), COUNT(*) FROM `closures` GROUP BY 2 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
CREATE TRIGGER `closures_pair_counts_ai` AFTER INSERT ON `closures` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES
    ('prov_cat', NEW.`com_prov` || '|' || CAST(NEW.`cat_id` AS TEXT), 1),
    ('prov_fund', NEW.`com_prov` || '|' || CAST(NEW.`fund_status_id` AS TEXT), 1),
    ('cat_fund', CAST(NEW.`cat_id` AS TEXT) || '|' || CAST(NEW.`fund_status_id` AS TEXT), 1),
    ('prov_cat_fund', NEW.`com_prov` || '|' || CAST(NEW.`cat_id` AS TEXT) || '|' || CAST(NEW.`fund_status_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closures_pair_counts_ad` AFTER DELETE ON `closures` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES
    ('prov_cat', OLD.`com_prov` || '|' || CAST(OLD.`cat_id` AS TEXT), -1),
    ('prov_fund', OLD.`com_prov` || '|' || CAST(OLD.`fund_status_id` AS TEXT), -1),
    ('cat_fund', CAST(OLD.`cat_id` AS TEXT) || '|' || CAST(OLD.`fund_status_id` AS TEXT), -1),
    ('prov_cat_fund', OLD.`com_prov` || '|' || CAST(OLD.`cat_id` AS TEXT) || '|' || CAST(OLD.`fund_status_id` AS TEXT), -1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closures_pair_counts_au` AFTER UPDATE OF `com_prov`, `cat_id`, `fund_status_id` ON `closures` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES
    ('prov_cat', OLD.`com_prov` || '|' || CAST(OLD.`cat_id` AS TEXT), -1),
    ('prov_fund', OLD.`com_prov` || '|' || CAST(OLD.`fund_status_id` AS TEXT), -1),
    ('cat_fund', CAST(OLD.`cat_id` AS TEXT) || '|' || CAST(OLD.`fund_status_id` AS TEXT), -1),
    ('prov_cat_fund', OLD.`com_prov` || '|' || CAST(OLD.`cat_id` AS TEXT) || '|' || CAST(OLD.`fund_status_id` AS TEXT), -1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES
    ('prov_cat', NEW.`com_prov` || '|' || CAST(NEW.`cat_id` AS TEXT), 1),
    ('prov_fund', NEW.`com_prov` || '|' || CAST(NEW.`fund_status_id` AS TEXT), 1),
    ('cat_fund', CAST(NEW.`cat_id` AS TEXT) || '|' || CAST(NEW.`fund_status_id` AS TEXT), 1),
    ('prov_cat_fund', NEW.`com_prov` || '|' || CAST(NEW.`cat_id` AS TEXT) || '|' || CAST(NEW.`fund_status_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'comments', `target_type` || ':' || `target_id`, COUNT(*) FROM `comments` WHERE `comment_type` = 1 GROUP BY 2 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'incense', `type` || ':' || `item_id`, COUNT(*) FROM `incense_records` GROUP BY 2 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = excluded.`n`;
--> statement-breakpoint
CREATE TRIGGER `comments_count_ai` AFTER INSERT ON `comments` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'comments', NEW.`target_type` || ':' || NEW.`target_id`, 1 WHERE NEW.`comment_type` = 1 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_ad` AFTER DELETE ON `comments` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'comments', OLD.`target_type` || ':' || OLD.`target_id`, -1 WHERE OLD.`comment_type` = 1 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `comments_count_au` AFTER UPDATE OF `target_type`, `target_id`, `comment_type` ON `comments` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'comments', OLD.`target_type` || ':' || OLD.`target_id`, -1 WHERE OLD.`comment_type` = 1 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'comments', NEW.`target_type` || ':' || NEW.`target_id`, 1 WHERE NEW.`comment_type` = 1 ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `incense_count_ai` AFTER INSERT ON `incense_records` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('incense', NEW.`type` || ':' || NEW.`item_id`, 1) ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `incense_count_ad` AFTER DELETE ON `incense_records` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('incense', OLD.`type` || ':' || OLD.`item_id`, -1) ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `incense_count_au` AFTER UPDATE OF `type`, `item_id` ON `incense_records` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('incense', OLD.`type` || ':' || OLD.`item_id`, -1) ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('incense', NEW.`type` || ':' || NEW.`item_id`, 1) ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
