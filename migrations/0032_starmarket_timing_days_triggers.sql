-- Custom SQL migration file, put your code below! --
-- Review timing as an exact median (issue 11): starmarket_timing_days keeps, per tab / province / sector
-- ('' / 0 for any) / state, the companies that entered their current state in each year (level 1, bucket
-- yyyy0000), month (level 2, bucket yyyymm00) and on each day (level 3, bucket yyyymmdd) of starmarket_companies.state_since (the
-- date of the stage that brought them there, kept by the stage triggers of 0029). It replaces the
-- average of starmarket_timing, whose triggers go here and whose table goes in the next migration.
DROP TRIGGER IF EXISTS `starmarket_timing_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `starmarket_timing_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `starmarket_timing_au`;
--> statement-breakpoint
INSERT INTO `starmarket_timing_days` (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`, `n`)
  SELECT m.`is_listed`, CASE pa.a WHEN 1 THEN m.`com_prov` ELSE '' END, CASE cb.b WHEN 1 THEN m.`cat_id` ELSE 0 END, l.lv, m.`state_id`,
    CASE l.lv WHEN 1 THEN m.`state_since` / 10000 * 10000 WHEN 2 THEN m.`state_since` / 100 * 100 ELSE m.`state_since` END, COUNT(*)
  FROM `starmarket_companies` m, (SELECT 0 AS a UNION ALL SELECT 1) pa, (SELECT 0 AS b UNION ALL SELECT 1) cb, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) l
  WHERE m.`state_since` > 0 GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_days_ai` AFTER INSERT ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_timing_days` (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`, `n`)
    SELECT NEW.`is_listed`, p.v, c.v, l.lv, NEW.`state_id`, l.bk, 1
    FROM (SELECT NEW.`com_prov` AS v UNION ALL SELECT '') p, (SELECT NEW.`cat_id` AS v UNION ALL SELECT 0) c,
      (SELECT 1 AS lv, NEW.`state_since` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`state_since` / 100 * 100 UNION ALL SELECT 3, NEW.`state_since`) l WHERE NEW.`state_since` > 0
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_days_ad` AFTER DELETE ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_timing_days` (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`, `n`)
    SELECT OLD.`is_listed`, p.v, c.v, l.lv, OLD.`state_id`, l.bk, -1
    FROM (SELECT OLD.`com_prov` AS v UNION ALL SELECT '') p, (SELECT OLD.`cat_id` AS v UNION ALL SELECT 0) c,
      (SELECT 1 AS lv, OLD.`state_since` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`state_since` / 100 * 100 UNION ALL SELECT 3, OLD.`state_since`) l WHERE OLD.`state_since` > 0
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_days_au` AFTER UPDATE OF `is_listed`, `com_prov`, `cat_id`, `state_id`, `state_since` ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_timing_days` (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`, `n`)
    SELECT OLD.`is_listed`, p.v, c.v, l.lv, OLD.`state_id`, l.bk, -1
    FROM (SELECT OLD.`com_prov` AS v UNION ALL SELECT '') p, (SELECT OLD.`cat_id` AS v UNION ALL SELECT 0) c,
      (SELECT 1 AS lv, OLD.`state_since` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`state_since` / 100 * 100 UNION ALL SELECT 3, OLD.`state_since`) l WHERE OLD.`state_since` > 0
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `starmarket_timing_days` (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`, `n`)
    SELECT NEW.`is_listed`, p.v, c.v, l.lv, NEW.`state_id`, l.bk, 1
    FROM (SELECT NEW.`com_prov` AS v UNION ALL SELECT '') p, (SELECT NEW.`cat_id` AS v UNION ALL SELECT 0) c,
      (SELECT 1 AS lv, NEW.`state_since` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`state_since` / 100 * 100 UNION ALL SELECT 3, NEW.`state_since`) l WHERE NEW.`state_since` > 0
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `level`, `state_id`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
