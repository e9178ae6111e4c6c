-- Custom SQL migration file, put your code below! --
-- The global search (GET /api/search) reads its results in rank order straight off the index (issue 15):
--  * every name's whole keys (the name, its pinyin, its initials, its latin letters) are tokens of `head`
--    with the kind's digit plus 3 ('4美团', '4meituan', '4mt' for a company; worker/src/search/keys.ts
--    writes them), so an exact match is a token of its own;
--  * search_fts is rebuilt contentless with rowid = kind * 2^40 + the name's length in characters (at
--    most 255) * 2^32 + id, so a doclist runs shortest name first, then by id: a class of matches
--    (exact, start of the name, inside it) is read in rank order and stops after the few it shows,
--    without reading search_names. contentless_delete lets the triggers delete by rowid alone.
-- Rows written before this migration get their whole-key tokens here, in SQL: characters kept as
-- letters are ASCII letters and digits and the CJK ideograph blocks (other letters, rare in these
-- names, are dropped as punctuation would be; rewriting a row through searchNameRow() is exact).
DROP TRIGGER `search_names_ai`;
--> statement-breakpoint
DROP TRIGGER `search_names_ad`;
--> statement-breakpoint
DROP TRIGGER `search_names_au`;
--> statement-breakpoint
DROP TABLE `search_fts`;
--> statement-breakpoint
UPDATE `search_names` SET `head` = `head` || k.`tokens` FROM (
  WITH RECURSIVE ch(`id`, `i`, `c`) AS (
    SELECT `id`, 1, lower(substr(`name`, 1, 1)) FROM `search_names` WHERE `name` <> ''
    UNION ALL
    SELECT ch.`id`, ch.`i` + 1, lower(substr(n.`name`, ch.`i` + 1, 1)) FROM ch JOIN `search_names` n ON n.`id` = ch.`id` WHERE ch.`i` < length(n.`name`)
  ), nk AS (
    SELECT ch.`id`,
      coalesce(group_concat(CASE WHEN ch.`c` GLOB '[a-z0-9]' OR unicode(ch.`c`) BETWEEN 13312 AND 40959 OR unicode(ch.`c`) BETWEEN 63744 AND 64255 OR unicode(ch.`c`) >= 131072 THEN ch.`c` END, '' ORDER BY ch.`i`), '') AS `compact`,
      coalesce(group_concat(CASE WHEN ch.`c` GLOB '[a-z0-9]' THEN ch.`c` END, '' ORDER BY ch.`i`), '') AS `latin`
    FROM ch GROUP BY ch.`id`
  )
  SELECT n.`id`,
    CASE WHEN nk.`compact` <> '' THEN ' ' || (n.`kind` + 3) || nk.`compact` ELSE '' END
    || CASE WHEN n.`pinyin` <> '' THEN ' ' || (n.`kind` + 3) || replace(n.`pinyin`, ' ', '') ELSE '' END
    || CASE WHEN n.`initials` <> '' THEN ' ' || (n.`kind` + 3) || n.`initials` ELSE '' END
    || CASE WHEN nk.`latin` <> '' THEN ' ' || (n.`kind` + 3) || nk.`latin` ELSE '' END AS `tokens`
  FROM `search_names` n JOIN nk ON nk.`id` = n.`id`
) k WHERE `search_names`.`id` = k.`id`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_fts` USING fts5(head, tail, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', detail='column');
--> statement-breakpoint
INSERT INTO `search_fts` (rowid, `head`, `tail`)
  SELECT `kind` * 1099511627776 + min(length(`name`), 255) * 4294967296 + `ref_id`, `head`, `tail` FROM `search_names`;
--> statement-breakpoint
CREATE TRIGGER `search_names_ai` AFTER INSERT ON `search_names` BEGIN
  INSERT INTO `search_fts` (rowid, `head`, `tail`) VALUES (NEW.`kind` * 1099511627776 + min(length(NEW.`name`), 255) * 4294967296 + NEW.`ref_id`, NEW.`head`, NEW.`tail`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_names_ad` AFTER DELETE ON `search_names` BEGIN
  DELETE FROM `search_fts` WHERE rowid = OLD.`kind` * 1099511627776 + min(length(OLD.`name`), 255) * 4294967296 + OLD.`ref_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `search_names_au` AFTER UPDATE ON `search_names` BEGIN
  DELETE FROM `search_fts` WHERE rowid = OLD.`kind` * 1099511627776 + min(length(OLD.`name`), 255) * 4294967296 + OLD.`ref_id`;
  INSERT INTO `search_fts` (rowid, `head`, `tail`) VALUES (NEW.`kind` * 1099511627776 + min(length(NEW.`name`), 255) * 4294967296 + NEW.`ref_id`, NEW.`head`, NEW.`tail`);
END;
--> statement-breakpoint
-- Closed-company news by company name (GET /api/closure/news_list?keyword=, issue 15): a contentless FTS5
-- table of closed-company news (news.is_closure = 1), rowid = date * 10^7 + id (the list's order, newest
-- last; ids stay below 10^7 as in closure_name_close_chars), kept by the triggers below:
--   chars  the company name a character a token (its first 64 characters, the concatenation a balanced
--          tree for D1's expression depth cap, as closure_name_chars), so a keyword is a phrase;
--   tags   s<sector> for the news' sector and that sector's parent (the industry filter, as
--          news_closure_secs), p<province> (a province of Chinese characters only), d when the name has a
--          character other than ASCII letters, digits and 一-龥 or is longer than 64 (the phrase may then
--          match where LIKE does not, or miss the tail: those few are confirmed with LIKE), l when longer.
-- For every other name, a keyword of those characters matches the phrase exactly when the name LIKE
-- the keyword anywhere does, so a total is a count of index rows and a page is read in list order off it.
CREATE VIRTUAL TABLE `news_closure_names` USING fts5(chars, tags, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `news_closure_names` (rowid, `chars`, `tags`)
  SELECT n.`date` * 10000000 + n.`id`, ((((((substr(n.`com_name`, 1, 1) || ' ' || substr(n.`com_name`, 2, 1)) || ' ' || (substr(n.`com_name`, 3, 1) || ' ' || substr(n.`com_name`, 4, 1))) || ' ' || ((substr(n.`com_name`, 5, 1) || ' ' || substr(n.`com_name`, 6, 1)) || ' ' || (substr(n.`com_name`, 7, 1) || ' ' || substr(n.`com_name`, 8, 1)))) || ' ' || (((substr(n.`com_name`, 9, 1) || ' ' || substr(n.`com_name`, 10, 1)) || ' ' || (substr(n.`com_name`, 11, 1) || ' ' || substr(n.`com_name`, 12, 1))) || ' ' || ((substr(n.`com_name`, 13, 1) || ' ' || substr(n.`com_name`, 14, 1)) || ' ' || (substr(n.`com_name`, 15, 1) || ' ' || substr(n.`com_name`, 16, 1))))) || ' ' || ((((substr(n.`com_name`, 17, 1) || ' ' || substr(n.`com_name`, 18, 1)) || ' ' || (substr(n.`com_name`, 19, 1) || ' ' || substr(n.`com_name`, 20, 1))) || ' ' || ((substr(n.`com_name`, 21, 1) || ' ' || substr(n.`com_name`, 22, 1)) || ' ' || (substr(n.`com_name`, 23, 1) || ' ' || substr(n.`com_name`, 24, 1)))) || ' ' || (((substr(n.`com_name`, 25, 1) || ' ' || substr(n.`com_name`, 26, 1)) || ' ' || (substr(n.`com_name`, 27, 1) || ' ' || substr(n.`com_name`, 28, 1))) || ' ' || ((substr(n.`com_name`, 29, 1) || ' ' || substr(n.`com_name`, 30, 1)) || ' ' || (substr(n.`com_name`, 31, 1) || ' ' || substr(n.`com_name`, 32, 1)))))) || ' ' || (((((substr(n.`com_name`, 33, 1) || ' ' || substr(n.`com_name`, 34, 1)) || ' ' || (substr(n.`com_name`, 35, 1) || ' ' || substr(n.`com_name`, 36, 1))) || ' ' || ((substr(n.`com_name`, 37, 1) || ' ' || substr(n.`com_name`, 38, 1)) || ' ' || (substr(n.`com_name`, 39, 1) || ' ' || substr(n.`com_name`, 40, 1)))) || ' ' || (((substr(n.`com_name`, 41, 1) || ' ' || substr(n.`com_name`, 42, 1)) || ' ' || (substr(n.`com_name`, 43, 1) || ' ' || substr(n.`com_name`, 44, 1))) || ' ' || ((substr(n.`com_name`, 45, 1) || ' ' || substr(n.`com_name`, 46, 1)) || ' ' || (substr(n.`com_name`, 47, 1) || ' ' || substr(n.`com_name`, 48, 1))))) || ' ' || ((((substr(n.`com_name`, 49, 1) || ' ' || substr(n.`com_name`, 50, 1)) || ' ' || (substr(n.`com_name`, 51, 1) || ' ' || substr(n.`com_name`, 52, 1))) || ' ' || ((substr(n.`com_name`, 53, 1) || ' ' || substr(n.`com_name`, 54, 1)) || ' ' || (substr(n.`com_name`, 55, 1) || ' ' || substr(n.`com_name`, 56, 1)))) || ' ' || (((substr(n.`com_name`, 57, 1) || ' ' || substr(n.`com_name`, 58, 1)) || ' ' || (substr(n.`com_name`, 59, 1) || ' ' || substr(n.`com_name`, 60, 1))) || ' ' || ((substr(n.`com_name`, 61, 1) || ' ' || substr(n.`com_name`, 62, 1)) || ' ' || (substr(n.`com_name`, 63, 1) || ' ' || substr(n.`com_name`, 64, 1))))))), 's' || n.`cat_id` || CASE WHEN coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = n.`cat_id`), 0) <> 0 AND coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = n.`cat_id`), 0) <> n.`cat_id` THEN ' s' || coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = n.`cat_id`), 0) ELSE '' END || CASE WHEN n.`prov` = '' OR n.`prov` GLOB '*[^一-龥]*' THEN '' ELSE ' p' || n.`prov` END || CASE WHEN n.`com_name` GLOB '*[^0-9A-Za-z一-龥]*' OR length(n.`com_name`) > 64 THEN ' d' ELSE '' END || CASE WHEN length(n.`com_name`) > 64 THEN ' l' ELSE '' END FROM `news` n WHERE n.`is_closure` = 1;
--> statement-breakpoint
CREATE TRIGGER `news_closure_names_ai` AFTER INSERT ON `news` WHEN NEW.`is_closure` = 1 BEGIN
  INSERT INTO `news_closure_names` (rowid, `chars`, `tags`) VALUES (NEW.`date` * 10000000 + NEW.`id`, ((((((substr(NEW.`com_name`, 1, 1) || ' ' || substr(NEW.`com_name`, 2, 1)) || ' ' || (substr(NEW.`com_name`, 3, 1) || ' ' || substr(NEW.`com_name`, 4, 1))) || ' ' || ((substr(NEW.`com_name`, 5, 1) || ' ' || substr(NEW.`com_name`, 6, 1)) || ' ' || (substr(NEW.`com_name`, 7, 1) || ' ' || substr(NEW.`com_name`, 8, 1)))) || ' ' || (((substr(NEW.`com_name`, 9, 1) || ' ' || substr(NEW.`com_name`, 10, 1)) || ' ' || (substr(NEW.`com_name`, 11, 1) || ' ' || substr(NEW.`com_name`, 12, 1))) || ' ' || ((substr(NEW.`com_name`, 13, 1) || ' ' || substr(NEW.`com_name`, 14, 1)) || ' ' || (substr(NEW.`com_name`, 15, 1) || ' ' || substr(NEW.`com_name`, 16, 1))))) || ' ' || ((((substr(NEW.`com_name`, 17, 1) || ' ' || substr(NEW.`com_name`, 18, 1)) || ' ' || (substr(NEW.`com_name`, 19, 1) || ' ' || substr(NEW.`com_name`, 20, 1))) || ' ' || ((substr(NEW.`com_name`, 21, 1) || ' ' || substr(NEW.`com_name`, 22, 1)) || ' ' || (substr(NEW.`com_name`, 23, 1) || ' ' || substr(NEW.`com_name`, 24, 1)))) || ' ' || (((substr(NEW.`com_name`, 25, 1) || ' ' || substr(NEW.`com_name`, 26, 1)) || ' ' || (substr(NEW.`com_name`, 27, 1) || ' ' || substr(NEW.`com_name`, 28, 1))) || ' ' || ((substr(NEW.`com_name`, 29, 1) || ' ' || substr(NEW.`com_name`, 30, 1)) || ' ' || (substr(NEW.`com_name`, 31, 1) || ' ' || substr(NEW.`com_name`, 32, 1)))))) || ' ' || (((((substr(NEW.`com_name`, 33, 1) || ' ' || substr(NEW.`com_name`, 34, 1)) || ' ' || (substr(NEW.`com_name`, 35, 1) || ' ' || substr(NEW.`com_name`, 36, 1))) || ' ' || ((substr(NEW.`com_name`, 37, 1) || ' ' || substr(NEW.`com_name`, 38, 1)) || ' ' || (substr(NEW.`com_name`, 39, 1) || ' ' || substr(NEW.`com_name`, 40, 1)))) || ' ' || (((substr(NEW.`com_name`, 41, 1) || ' ' || substr(NEW.`com_name`, 42, 1)) || ' ' || (substr(NEW.`com_name`, 43, 1) || ' ' || substr(NEW.`com_name`, 44, 1))) || ' ' || ((substr(NEW.`com_name`, 45, 1) || ' ' || substr(NEW.`com_name`, 46, 1)) || ' ' || (substr(NEW.`com_name`, 47, 1) || ' ' || substr(NEW.`com_name`, 48, 1))))) || ' ' || ((((substr(NEW.`com_name`, 49, 1) || ' ' || substr(NEW.`com_name`, 50, 1)) || ' ' || (substr(NEW.`com_name`, 51, 1) || ' ' || substr(NEW.`com_name`, 52, 1))) || ' ' || ((substr(NEW.`com_name`, 53, 1) || ' ' || substr(NEW.`com_name`, 54, 1)) || ' ' || (substr(NEW.`com_name`, 55, 1) || ' ' || substr(NEW.`com_name`, 56, 1)))) || ' ' || (((substr(NEW.`com_name`, 57, 1) || ' ' || substr(NEW.`com_name`, 58, 1)) || ' ' || (substr(NEW.`com_name`, 59, 1) || ' ' || substr(NEW.`com_name`, 60, 1))) || ' ' || ((substr(NEW.`com_name`, 61, 1) || ' ' || substr(NEW.`com_name`, 62, 1)) || ' ' || (substr(NEW.`com_name`, 63, 1) || ' ' || substr(NEW.`com_name`, 64, 1))))))), 's' || NEW.`cat_id` || CASE WHEN coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id`), 0) <> 0 AND coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id`), 0) <> NEW.`cat_id` THEN ' s' || coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id`), 0) ELSE '' END || CASE WHEN NEW.`prov` = '' OR NEW.`prov` GLOB '*[^一-龥]*' THEN '' ELSE ' p' || NEW.`prov` END || CASE WHEN NEW.`com_name` GLOB '*[^0-9A-Za-z一-龥]*' OR length(NEW.`com_name`) > 64 THEN ' d' ELSE '' END || CASE WHEN length(NEW.`com_name`) > 64 THEN ' l' ELSE '' END);
END;
--> statement-breakpoint
CREATE TRIGGER `news_closure_names_ad` AFTER DELETE ON `news` WHEN OLD.`is_closure` = 1 BEGIN
  DELETE FROM `news_closure_names` WHERE rowid = OLD.`date` * 10000000 + OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `news_closure_names_au` AFTER UPDATE OF `id`, `date`, `is_closure`, `prov`, `cat_id`, `com_name` ON `news` BEGIN
  DELETE FROM `news_closure_names` WHERE OLD.`is_closure` = 1 AND rowid = OLD.`date` * 10000000 + OLD.`id`;
  INSERT INTO `news_closure_names` (rowid, `chars`, `tags`) SELECT NEW.`date` * 10000000 + NEW.`id`, ((((((substr(NEW.`com_name`, 1, 1) || ' ' || substr(NEW.`com_name`, 2, 1)) || ' ' || (substr(NEW.`com_name`, 3, 1) || ' ' || substr(NEW.`com_name`, 4, 1))) || ' ' || ((substr(NEW.`com_name`, 5, 1) || ' ' || substr(NEW.`com_name`, 6, 1)) || ' ' || (substr(NEW.`com_name`, 7, 1) || ' ' || substr(NEW.`com_name`, 8, 1)))) || ' ' || (((substr(NEW.`com_name`, 9, 1) || ' ' || substr(NEW.`com_name`, 10, 1)) || ' ' || (substr(NEW.`com_name`, 11, 1) || ' ' || substr(NEW.`com_name`, 12, 1))) || ' ' || ((substr(NEW.`com_name`, 13, 1) || ' ' || substr(NEW.`com_name`, 14, 1)) || ' ' || (substr(NEW.`com_name`, 15, 1) || ' ' || substr(NEW.`com_name`, 16, 1))))) || ' ' || ((((substr(NEW.`com_name`, 17, 1) || ' ' || substr(NEW.`com_name`, 18, 1)) || ' ' || (substr(NEW.`com_name`, 19, 1) || ' ' || substr(NEW.`com_name`, 20, 1))) || ' ' || ((substr(NEW.`com_name`, 21, 1) || ' ' || substr(NEW.`com_name`, 22, 1)) || ' ' || (substr(NEW.`com_name`, 23, 1) || ' ' || substr(NEW.`com_name`, 24, 1)))) || ' ' || (((substr(NEW.`com_name`, 25, 1) || ' ' || substr(NEW.`com_name`, 26, 1)) || ' ' || (substr(NEW.`com_name`, 27, 1) || ' ' || substr(NEW.`com_name`, 28, 1))) || ' ' || ((substr(NEW.`com_name`, 29, 1) || ' ' || substr(NEW.`com_name`, 30, 1)) || ' ' || (substr(NEW.`com_name`, 31, 1) || ' ' || substr(NEW.`com_name`, 32, 1)))))) || ' ' || (((((substr(NEW.`com_name`, 33, 1) || ' ' || substr(NEW.`com_name`, 34, 1)) || ' ' || (substr(NEW.`com_name`, 35, 1) || ' ' || substr(NEW.`com_name`, 36, 1))) || ' ' || ((substr(NEW.`com_name`, 37, 1) || ' ' || substr(NEW.`com_name`, 38, 1)) || ' ' || (substr(NEW.`com_name`, 39, 1) || ' ' || substr(NEW.`com_name`, 40, 1)))) || ' ' || (((substr(NEW.`com_name`, 41, 1) || ' ' || substr(NEW.`com_name`, 42, 1)) || ' ' || (substr(NEW.`com_name`, 43, 1) || ' ' || substr(NEW.`com_name`, 44, 1))) || ' ' || ((substr(NEW.`com_name`, 45, 1) || ' ' || substr(NEW.`com_name`, 46, 1)) || ' ' || (substr(NEW.`com_name`, 47, 1) || ' ' || substr(NEW.`com_name`, 48, 1))))) || ' ' || ((((substr(NEW.`com_name`, 49, 1) || ' ' || substr(NEW.`com_name`, 50, 1)) || ' ' || (substr(NEW.`com_name`, 51, 1) || ' ' || substr(NEW.`com_name`, 52, 1))) || ' ' || ((substr(NEW.`com_name`, 53, 1) || ' ' || substr(NEW.`com_name`, 54, 1)) || ' ' || (substr(NEW.`com_name`, 55, 1) || ' ' || substr(NEW.`com_name`, 56, 1)))) || ' ' || (((substr(NEW.`com_name`, 57, 1) || ' ' || substr(NEW.`com_name`, 58, 1)) || ' ' || (substr(NEW.`com_name`, 59, 1) || ' ' || substr(NEW.`com_name`, 60, 1))) || ' ' || ((substr(NEW.`com_name`, 61, 1) || ' ' || substr(NEW.`com_name`, 62, 1)) || ' ' || (substr(NEW.`com_name`, 63, 1) || ' ' || substr(NEW.`com_name`, 64, 1))))))), 's' || NEW.`cat_id` || CASE WHEN coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id`), 0) <> 0 AND coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id`), 0) <> NEW.`cat_id` THEN ' s' || coalesce((SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id`), 0) ELSE '' END || CASE WHEN NEW.`prov` = '' OR NEW.`prov` GLOB '*[^一-龥]*' THEN '' ELSE ' p' || NEW.`prov` END || CASE WHEN NEW.`com_name` GLOB '*[^0-9A-Za-z一-龥]*' OR length(NEW.`com_name`) > 64 THEN ' d' ELSE '' END || CASE WHEN length(NEW.`com_name`) > 64 THEN ' l' ELSE '' END WHERE NEW.`is_closure` = 1;
END;
