-- Custom SQL migration file, put your code below! --
-- Page finding for the news and policy lists (issue 15), kept by triggers in the same transaction as every write:
--  * news_tags: one row per (news item, atlas tag of its company) with the item's date and scope, so
--    /api/news?tag= reads a tag's news in list order from an index instead of joining every news row;
--  * news_day_counts: news per year / month / day (level 1 / 2 / 3, bucket = the first yyyymmdd of the
--    year / month, or the day) of each list and filter value: 'all', 'scope' (key: scope), 'tag'
--    (key: tag id), 'scope_tag' ('scope|tag id') for /api/news; 'c', 'c_prov' (province), 'c_sec'
--    (sector id: an item counts under its sector and that sector's parent, as the industry filter
--    covers a sector and its sub-sectors), 'c_prov_sec' ('province|sector id') for the closed-company
--    news (is_closure = 1). A total is the sum of a few year rows; a page finds the days it spans from
--    at most a few dozen kept rows, then reads only those days.
--  * news_closure_secs: one row per (closed-company news item, sector filter covering it: its sector and
--    that sector's parent) with its date and province: an industry's news read in list order from an index;
--  * policy_day_counts: the same per (region, scope), '' standing for any.
-- Sectors are reference data: moving a sector under another parent is not followed (see README).
CREATE TABLE `news_day_counts` (
  `list` text NOT NULL, `key` text NOT NULL, `level` integer NOT NULL, `bucket` integer NOT NULL, `n` integer NOT NULL,
  PRIMARY KEY (`list`, `key`, `level`, `bucket`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `news_tags` (
  `tag_id` integer NOT NULL, `news_id` integer NOT NULL, `date` integer NOT NULL, `scope` text NOT NULL,
  PRIMARY KEY (`news_id`, `tag_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `news_tags_tag_date_idx` ON `news_tags` (`tag_id`, `date`, `news_id`);
--> statement-breakpoint
CREATE INDEX `news_tags_tag_scope_date_idx` ON `news_tags` (`tag_id`, `scope`, `date`, `news_id`);
--> statement-breakpoint
CREATE TABLE `news_closure_secs` (
  `sec` integer NOT NULL, `news_id` integer NOT NULL, `date` integer NOT NULL, `prov` text NOT NULL,
  PRIMARY KEY (`news_id`, `sec`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `news_closure_secs_date_idx` ON `news_closure_secs` (`sec`, `date`, `news_id`);
--> statement-breakpoint
CREATE INDEX `news_closure_secs_prov_date_idx` ON `news_closure_secs` (`sec`, `prov`, `date`, `news_id`);
--> statement-breakpoint
CREATE TABLE `policy_day_counts` (
  `region` text NOT NULL, `scope` text NOT NULL, `level` integer NOT NULL, `bucket` integer NOT NULL, `n` integer NOT NULL,
  PRIMARY KEY (`region`, `scope`, `level`, `bucket`)
) WITHOUT ROWID;
--> statement-breakpoint
-- A tag filter finds its tag by name, an industry filter its sector; province + industry reads one index; region + scope one index.
CREATE INDEX IF NOT EXISTS `medical_tags_name_idx` ON `medical_tags` (`name`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `sectors_name_idx` ON `sectors` (`name`, `parent_id`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `policies_region_scope_idx` ON `policies` (`region`, `scope`, `put_time`);
--> statement-breakpoint
INSERT INTO `news_closure_secs` (`sec`, `news_id`, `date`, `prov`)
  SELECT x.sec, n.`id`, n.`date`, n.`prov` FROM (SELECT n.`id` AS nid, n.`cat_id` AS sec FROM `news` n WHERE n.`is_closure` = 1
    UNION ALL SELECT n.`id`, s.`parent_id` FROM `news` n JOIN `sectors` s ON s.`id` = n.`cat_id` WHERE n.`is_closure` = 1 AND s.`parent_id` <> 0 AND s.`parent_id` <> n.`cat_id`) x JOIN `news` n ON n.`id` = x.nid;
--> statement-breakpoint
INSERT INTO `news_tags` (`tag_id`, `news_id`, `date`, `scope`)
  SELECT t.`tag_id`, n.`id`, n.`date`, n.`scope` FROM `news` n JOIN `medical_company_tags` t ON t.`com_id` = n.`com_id`;
--> statement-breakpoint
INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
  SELECT 'all', '', v.lv, CASE v.lv WHEN 1 THEN n.`date` / 10000 * 10000 WHEN 2 THEN n.`date` / 100 * 100 ELSE n.`date` END, COUNT(*) FROM `news` n, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
  SELECT 'scope', n.`scope`, v.lv, CASE v.lv WHEN 1 THEN n.`date` / 10000 * 10000 WHEN 2 THEN n.`date` / 100 * 100 ELSE n.`date` END, COUNT(*) FROM `news` n, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v WHERE n.`scope` <> '' GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
  SELECT 'c', '', v.lv, CASE v.lv WHEN 1 THEN n.`date` / 10000 * 10000 WHEN 2 THEN n.`date` / 100 * 100 ELSE n.`date` END, COUNT(*) FROM `news` n, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v WHERE n.`is_closure` = 1 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
  SELECT 'c_prov', n.`prov`, v.lv, CASE v.lv WHEN 1 THEN n.`date` / 10000 * 10000 WHEN 2 THEN n.`date` / 100 * 100 ELSE n.`date` END, COUNT(*) FROM `news` n, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v WHERE n.`is_closure` = 1 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
  SELECT 'c_sec', CAST(x.sec AS TEXT), v.lv, CASE v.lv WHEN 1 THEN n.`date` / 10000 * 10000 WHEN 2 THEN n.`date` / 100 * 100 ELSE n.`date` END, COUNT(*) FROM (SELECT n.`id` AS nid, n.`cat_id` AS sec FROM `news` n WHERE n.`is_closure` = 1
    UNION ALL SELECT n.`id`, s.`parent_id` FROM `news` n JOIN `sectors` s ON s.`id` = n.`cat_id` WHERE n.`is_closure` = 1 AND s.`parent_id` <> 0 AND s.`parent_id` <> n.`cat_id`) x JOIN `news` n ON n.`id` = x.nid, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
  SELECT 'c_prov_sec', n.`prov` || '|' || x.sec, v.lv, CASE v.lv WHEN 1 THEN n.`date` / 10000 * 10000 WHEN 2 THEN n.`date` / 100 * 100 ELSE n.`date` END, COUNT(*) FROM (SELECT n.`id` AS nid, n.`cat_id` AS sec FROM `news` n WHERE n.`is_closure` = 1
    UNION ALL SELECT n.`id`, s.`parent_id` FROM `news` n JOIN `sectors` s ON s.`id` = n.`cat_id` WHERE n.`is_closure` = 1 AND s.`parent_id` <> 0 AND s.`parent_id` <> n.`cat_id`) x JOIN `news` n ON n.`id` = x.nid, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
  SELECT 'tag', CAST(t.`tag_id` AS TEXT), v.lv, CASE v.lv WHEN 1 THEN t.`date` / 10000 * 10000 WHEN 2 THEN t.`date` / 100 * 100 ELSE t.`date` END, COUNT(*) FROM `news_tags` t, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
  SELECT 'scope_tag', t.`scope` || '|' || t.`tag_id`, v.lv, CASE v.lv WHEN 1 THEN t.`date` / 10000 * 10000 WHEN 2 THEN t.`date` / 100 * 100 ELSE t.`date` END, COUNT(*) FROM `news_tags` t, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v WHERE t.`scope` <> '' GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `policy_day_counts` (`region`, `scope`, `level`, `bucket`, `n`)
  SELECT CASE ra.a WHEN 1 THEN p.`region` ELSE '' END, CASE sb.b WHEN 1 THEN p.`scope` ELSE '' END, v.lv, CASE v.lv WHEN 1 THEN p.`put_time` / 10000 * 10000 WHEN 2 THEN p.`put_time` / 100 * 100 ELSE p.`put_time` END, COUNT(*)
  FROM `policies` p, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) v, (SELECT 0 AS a UNION ALL SELECT 1) ra, (SELECT 0 AS b UNION ALL SELECT 1) sb
  WHERE (ra.a = 0 OR p.`region` <> '') AND (sb.b = 0 OR p.`scope` <> '') GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `news_day_counts_ai` AFTER INSERT ON `news` BEGIN
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, 1 FROM (SELECT 'all' AS l, '' AS k UNION ALL SELECT 'scope', NEW.`scope` WHERE NEW.`scope` <> '') k, (SELECT 1 AS lv, NEW.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`date` / 100 * 100 UNION ALL SELECT 3, NEW.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, 1 FROM (SELECT 'c' AS l, '' AS k WHERE NEW.`is_closure` = 1 UNION ALL SELECT 'c_prov', NEW.`prov` WHERE NEW.`is_closure` = 1) k, (SELECT 1 AS lv, NEW.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`date` / 100 * 100 UNION ALL SELECT 3, NEW.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, 1 FROM (SELECT 'c_sec' AS l, CAST(s.id AS TEXT) AS k FROM (SELECT NEW.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id` AND `parent_id` <> 0) s WHERE NEW.`is_closure` = 1
      UNION ALL SELECT 'c_prov_sec', NEW.`prov` || '|' || s.id FROM (SELECT NEW.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id` AND `parent_id` <> 0) s WHERE NEW.`is_closure` = 1) k, (SELECT 1 AS lv, NEW.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`date` / 100 * 100 UNION ALL SELECT 3, NEW.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT OR IGNORE INTO `news_tags` (`tag_id`, `news_id`, `date`, `scope`)
    SELECT t.`tag_id`, NEW.`id`, NEW.`date`, NEW.`scope` FROM `medical_company_tags` t WHERE t.`com_id` = NEW.`com_id`;
  INSERT OR IGNORE INTO `news_closure_secs` (`sec`, `news_id`, `date`, `prov`)
    SELECT s.id, NEW.`id`, NEW.`date`, NEW.`prov` FROM (SELECT NEW.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id` AND `parent_id` <> 0) s WHERE NEW.`is_closure` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `news_day_counts_ad` AFTER DELETE ON `news` BEGIN
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, -1 FROM (SELECT 'all' AS l, '' AS k UNION ALL SELECT 'scope', OLD.`scope` WHERE OLD.`scope` <> '') k, (SELECT 1 AS lv, OLD.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`date` / 100 * 100 UNION ALL SELECT 3, OLD.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, -1 FROM (SELECT 'c' AS l, '' AS k WHERE OLD.`is_closure` = 1 UNION ALL SELECT 'c_prov', OLD.`prov` WHERE OLD.`is_closure` = 1) k, (SELECT 1 AS lv, OLD.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`date` / 100 * 100 UNION ALL SELECT 3, OLD.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, -1 FROM (SELECT 'c_sec' AS l, CAST(s.id AS TEXT) AS k FROM (SELECT OLD.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = OLD.`cat_id` AND `parent_id` <> 0) s WHERE OLD.`is_closure` = 1
      UNION ALL SELECT 'c_prov_sec', OLD.`prov` || '|' || s.id FROM (SELECT OLD.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = OLD.`cat_id` AND `parent_id` <> 0) s WHERE OLD.`is_closure` = 1) k, (SELECT 1 AS lv, OLD.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`date` / 100 * 100 UNION ALL SELECT 3, OLD.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `news_tags` WHERE `news_id` = OLD.`id`;
  DELETE FROM `news_closure_secs` WHERE `news_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `news_day_counts_au` AFTER UPDATE OF `id`, `date`, `scope`, `com_id`, `is_closure`, `prov`, `cat_id` ON `news` BEGIN
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, -1 FROM (SELECT 'all' AS l, '' AS k UNION ALL SELECT 'scope', OLD.`scope` WHERE OLD.`scope` <> '') k, (SELECT 1 AS lv, OLD.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`date` / 100 * 100 UNION ALL SELECT 3, OLD.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, -1 FROM (SELECT 'c' AS l, '' AS k WHERE OLD.`is_closure` = 1 UNION ALL SELECT 'c_prov', OLD.`prov` WHERE OLD.`is_closure` = 1) k, (SELECT 1 AS lv, OLD.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`date` / 100 * 100 UNION ALL SELECT 3, OLD.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, -1 FROM (SELECT 'c_sec' AS l, CAST(s.id AS TEXT) AS k FROM (SELECT OLD.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = OLD.`cat_id` AND `parent_id` <> 0) s WHERE OLD.`is_closure` = 1
      UNION ALL SELECT 'c_prov_sec', OLD.`prov` || '|' || s.id FROM (SELECT OLD.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = OLD.`cat_id` AND `parent_id` <> 0) s WHERE OLD.`is_closure` = 1) k, (SELECT 1 AS lv, OLD.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`date` / 100 * 100 UNION ALL SELECT 3, OLD.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, 1 FROM (SELECT 'all' AS l, '' AS k UNION ALL SELECT 'scope', NEW.`scope` WHERE NEW.`scope` <> '') k, (SELECT 1 AS lv, NEW.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`date` / 100 * 100 UNION ALL SELECT 3, NEW.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, 1 FROM (SELECT 'c' AS l, '' AS k WHERE NEW.`is_closure` = 1 UNION ALL SELECT 'c_prov', NEW.`prov` WHERE NEW.`is_closure` = 1) k, (SELECT 1 AS lv, NEW.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`date` / 100 * 100 UNION ALL SELECT 3, NEW.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, 1 FROM (SELECT 'c_sec' AS l, CAST(s.id AS TEXT) AS k FROM (SELECT NEW.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id` AND `parent_id` <> 0) s WHERE NEW.`is_closure` = 1
      UNION ALL SELECT 'c_prov_sec', NEW.`prov` || '|' || s.id FROM (SELECT NEW.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id` AND `parent_id` <> 0) s WHERE NEW.`is_closure` = 1) k, (SELECT 1 AS lv, NEW.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`date` / 100 * 100 UNION ALL SELECT 3, NEW.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `news_tags` WHERE `news_id` = OLD.`id`;
  INSERT OR IGNORE INTO `news_tags` (`tag_id`, `news_id`, `date`, `scope`)
    SELECT t.`tag_id`, NEW.`id`, NEW.`date`, NEW.`scope` FROM `medical_company_tags` t WHERE t.`com_id` = NEW.`com_id`;
  DELETE FROM `news_closure_secs` WHERE `news_id` = OLD.`id`;
  INSERT OR IGNORE INTO `news_closure_secs` (`sec`, `news_id`, `date`, `prov`)
    SELECT s.id, NEW.`id`, NEW.`date`, NEW.`prov` FROM (SELECT NEW.`cat_id` AS id UNION SELECT `parent_id` FROM `sectors` WHERE `id` = NEW.`cat_id` AND `parent_id` <> 0) s WHERE NEW.`is_closure` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `news_tags_counts_ai` AFTER INSERT ON `news_tags` BEGIN
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, 1 FROM (SELECT 'tag' AS l, CAST(NEW.`tag_id` AS TEXT) AS k UNION ALL SELECT 'scope_tag', NEW.`scope` || '|' || NEW.`tag_id` WHERE NEW.`scope` <> '') k, (SELECT 1 AS lv, NEW.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`date` / 100 * 100 UNION ALL SELECT 3, NEW.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `news_tags_counts_ad` AFTER DELETE ON `news_tags` BEGIN
  INSERT INTO `news_day_counts` (`list`, `key`, `level`, `bucket`, `n`)
    SELECT k.l, k.k, v.lv, v.bk, -1 FROM (SELECT 'tag' AS l, CAST(OLD.`tag_id` AS TEXT) AS k UNION ALL SELECT 'scope_tag', OLD.`scope` || '|' || OLD.`tag_id` WHERE OLD.`scope` <> '') k, (SELECT 1 AS lv, OLD.`date` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`date` / 100 * 100 UNION ALL SELECT 3, OLD.`date`) v WHERE true
    ON CONFLICT (`list`, `key`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `mct_news_tags_ai` AFTER INSERT ON `medical_company_tags` BEGIN
  INSERT OR IGNORE INTO `news_tags` (`tag_id`, `news_id`, `date`, `scope`)
    SELECT NEW.`tag_id`, n.`id`, n.`date`, n.`scope` FROM `news` n WHERE n.`com_id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `mct_news_tags_ad` AFTER DELETE ON `medical_company_tags` BEGIN
  DELETE FROM `news_tags` WHERE `tag_id` = OLD.`tag_id` AND `news_id` IN (SELECT `id` FROM `news` WHERE `com_id` = OLD.`com_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `mct_news_tags_au` AFTER UPDATE ON `medical_company_tags` BEGIN
  DELETE FROM `news_tags` WHERE `tag_id` = OLD.`tag_id` AND `news_id` IN (SELECT `id` FROM `news` WHERE `com_id` = OLD.`com_id`);
  INSERT OR IGNORE INTO `news_tags` (`tag_id`, `news_id`, `date`, `scope`)
    SELECT NEW.`tag_id`, n.`id`, n.`date`, n.`scope` FROM `news` n WHERE n.`com_id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `policy_day_counts_ai` AFTER INSERT ON `policies` BEGIN
  INSERT INTO `policy_day_counts` (`region`, `scope`, `level`, `bucket`, `n`)
    SELECT r.v, s.v, l.lv, l.bk, 1 FROM (SELECT '' AS v UNION SELECT NEW.`region`) r, (SELECT '' AS v UNION SELECT NEW.`scope`) s, (SELECT 1 AS lv, NEW.`put_time` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`put_time` / 100 * 100 UNION ALL SELECT 3, NEW.`put_time`) l WHERE true
    ON CONFLICT (`region`, `scope`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `policy_day_counts_ad` AFTER DELETE ON `policies` BEGIN
  INSERT INTO `policy_day_counts` (`region`, `scope`, `level`, `bucket`, `n`)
    SELECT r.v, s.v, l.lv, l.bk, -1 FROM (SELECT '' AS v UNION SELECT OLD.`region`) r, (SELECT '' AS v UNION SELECT OLD.`scope`) s, (SELECT 1 AS lv, OLD.`put_time` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`put_time` / 100 * 100 UNION ALL SELECT 3, OLD.`put_time`) l WHERE true
    ON CONFLICT (`region`, `scope`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `policy_day_counts_au` AFTER UPDATE OF `region`, `scope`, `put_time` ON `policies` BEGIN
  INSERT INTO `policy_day_counts` (`region`, `scope`, `level`, `bucket`, `n`)
    SELECT r.v, s.v, l.lv, l.bk, -1 FROM (SELECT '' AS v UNION SELECT OLD.`region`) r, (SELECT '' AS v UNION SELECT OLD.`scope`) s, (SELECT 1 AS lv, OLD.`put_time` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`put_time` / 100 * 100 UNION ALL SELECT 3, OLD.`put_time`) l WHERE true
    ON CONFLICT (`region`, `scope`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `policy_day_counts` (`region`, `scope`, `level`, `bucket`, `n`)
    SELECT r.v, s.v, l.lv, l.bk, 1 FROM (SELECT '' AS v UNION SELECT NEW.`region`) r, (SELECT '' AS v UNION SELECT NEW.`scope`) s, (SELECT 1 AS lv, NEW.`put_time` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`put_time` / 100 * 100 UNION ALL SELECT 3, NEW.`put_time`) l WHERE true
    ON CONFLICT (`region`, `scope`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;

