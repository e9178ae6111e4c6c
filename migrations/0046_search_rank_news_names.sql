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
