-- Custom SQL migration file, put your code below! --
-- STAR market, kept by triggers in the same transaction as every write (issue 11):
--  * starmarket_companies.state_since: the date of the stage a company reached its current review state on;
--  * starmarket_timing: per tab / province / sector / state, the companies with that date and the sum of
--    their dates as Julian days (the review-timing chart reads one row per state);
--  * starmarket_day_counts: companies per acceptance year / month / day of each tab under each filter
--    combination (a deep page finds the day it starts on from a few rows);
--  * starmarket_firm_stats.cases: each firm's 3 case companies as JSON (机构榜 reads one row per firm).
UPDATE `starmarket_companies` SET `state_since` = coalesce((SELECT max(s.`time`) FROM `starmarket_stages` s WHERE s.`m_com_id` = `starmarket_companies`.`m_com_id` AND s.`state` = `starmarket_companies`.`state_id` AND s.`time` > 0), 0);
--> statement-breakpoint
INSERT INTO `starmarket_timing` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`, `day_sum`)
  SELECT m.`is_listed`, CASE pa.a WHEN 1 THEN m.`com_prov` ELSE '' END, CASE cb.b WHEN 1 THEN m.`cat_id` ELSE 0 END, m.`state_id`, COUNT(*), SUM(julianday(printf('%04d-01-01', m.`state_since` / 10000), printf('%+d months', m.`state_since` / 100 % 100 - 1), printf('%+d days', m.`state_since` % 100 - 1)))
  FROM `starmarket_companies` m, (SELECT 0 AS a UNION ALL SELECT 1) pa, (SELECT 0 AS b UNION ALL SELECT 1) cb
  WHERE m.`state_since` > 0 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO `starmarket_day_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`, `n`)
  SELECT m.`is_listed`, CASE pa.a WHEN 1 THEN m.`com_prov` ELSE '' END, CASE cb.b WHEN 1 THEN m.`cat_id` ELSE 0 END, CASE sc.c WHEN 1 THEN m.`state_id` ELSE 0 END, l.lv,
    CASE l.lv WHEN 1 THEN m.`acceptance_time` / 10000 * 10000 WHEN 2 THEN m.`acceptance_time` / 100 * 100 ELSE m.`acceptance_time` END, COUNT(*)
  FROM `starmarket_companies` m, (SELECT 0 AS a UNION ALL SELECT 1) pa, (SELECT 0 AS b UNION ALL SELECT 1) cb, (SELECT 0 AS c UNION ALL SELECT 1) sc, (SELECT 1 AS lv UNION ALL SELECT 2 UNION ALL SELECT 3) l
  GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
UPDATE `starmarket_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', c.`com_id`, 'com_name', c.`com_name`)) FROM (
      SELECT s.`com_id`, s.`com_name` FROM `starmarket_firm_links` x JOIN `starmarket_companies` s ON s.`m_com_id` = x.`m_com_id`
      WHERE x.`invst_id` = `starmarket_firm_stats`.`invst_id` ORDER BY x.`total_money` DESC, x.`m_com_id` DESC LIMIT 3) c);
--> statement-breakpoint
CREATE TRIGGER `smc_state_since_stage_ai` AFTER INSERT ON `starmarket_stages` BEGIN
  UPDATE `starmarket_companies` SET `state_since` = coalesce((SELECT max(s.`time`) FROM `starmarket_stages` s WHERE s.`m_com_id` = `starmarket_companies`.`m_com_id` AND s.`state` = `starmarket_companies`.`state_id` AND s.`time` > 0), 0) WHERE `m_com_id` = NEW.`m_com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `smc_state_since_stage_ad` AFTER DELETE ON `starmarket_stages` BEGIN
  UPDATE `starmarket_companies` SET `state_since` = coalesce((SELECT max(s.`time`) FROM `starmarket_stages` s WHERE s.`m_com_id` = `starmarket_companies`.`m_com_id` AND s.`state` = `starmarket_companies`.`state_id` AND s.`time` > 0), 0) WHERE `m_com_id` = OLD.`m_com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `smc_state_since_stage_au` AFTER UPDATE ON `starmarket_stages` BEGIN
  UPDATE `starmarket_companies` SET `state_since` = coalesce((SELECT max(s.`time`) FROM `starmarket_stages` s WHERE s.`m_com_id` = `starmarket_companies`.`m_com_id` AND s.`state` = `starmarket_companies`.`state_id` AND s.`time` > 0), 0) WHERE `m_com_id` = OLD.`m_com_id`;
  UPDATE `starmarket_companies` SET `state_since` = coalesce((SELECT max(s.`time`) FROM `starmarket_stages` s WHERE s.`m_com_id` = `starmarket_companies`.`m_com_id` AND s.`state` = `starmarket_companies`.`state_id` AND s.`time` > 0), 0) WHERE `m_com_id` = NEW.`m_com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `smc_state_since_ai` AFTER INSERT ON `starmarket_companies` BEGIN
  UPDATE `starmarket_companies` SET `state_since` = coalesce((SELECT max(s.`time`) FROM `starmarket_stages` s WHERE s.`m_com_id` = `starmarket_companies`.`m_com_id` AND s.`state` = `starmarket_companies`.`state_id` AND s.`time` > 0), 0) WHERE `m_com_id` = NEW.`m_com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `smc_state_since_au` AFTER UPDATE OF `state_id` ON `starmarket_companies` BEGIN
  UPDATE `starmarket_companies` SET `state_since` = coalesce((SELECT max(s.`time`) FROM `starmarket_stages` s WHERE s.`m_com_id` = `starmarket_companies`.`m_com_id` AND s.`state` = `starmarket_companies`.`state_id` AND s.`time` > 0), 0) WHERE `m_com_id` = NEW.`m_com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_ai` AFTER INSERT ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_timing` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`, `day_sum`)
    SELECT NEW.`is_listed`, p.v, c.v, NEW.`state_id`, 1, julianday(printf('%04d-01-01', NEW.`state_since` / 10000), printf('%+d months', NEW.`state_since` / 100 % 100 - 1), printf('%+d days', NEW.`state_since` % 100 - 1))
    FROM (SELECT NEW.`com_prov` AS v UNION ALL SELECT '') p, (SELECT NEW.`cat_id` AS v UNION ALL SELECT 0) c WHERE NEW.`state_since` > 0
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`) DO UPDATE SET `n` = `n` + excluded.`n`, `day_sum` = `day_sum` + excluded.`day_sum`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_ad` AFTER DELETE ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_timing` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`, `day_sum`)
    SELECT OLD.`is_listed`, p.v, c.v, OLD.`state_id`, -1, -julianday(printf('%04d-01-01', OLD.`state_since` / 10000), printf('%+d months', OLD.`state_since` / 100 % 100 - 1), printf('%+d days', OLD.`state_since` % 100 - 1))
    FROM (SELECT OLD.`com_prov` AS v UNION ALL SELECT '') p, (SELECT OLD.`cat_id` AS v UNION ALL SELECT 0) c WHERE OLD.`state_since` > 0
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`) DO UPDATE SET `n` = `n` + excluded.`n`, `day_sum` = `day_sum` + excluded.`day_sum`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_timing_au` AFTER UPDATE OF `is_listed`, `com_prov`, `cat_id`, `state_id`, `state_since` ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_timing` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`, `day_sum`)
    SELECT OLD.`is_listed`, p.v, c.v, OLD.`state_id`, -1, -julianday(printf('%04d-01-01', OLD.`state_since` / 10000), printf('%+d months', OLD.`state_since` / 100 % 100 - 1), printf('%+d days', OLD.`state_since` % 100 - 1))
    FROM (SELECT OLD.`com_prov` AS v UNION ALL SELECT '') p, (SELECT OLD.`cat_id` AS v UNION ALL SELECT 0) c WHERE OLD.`state_since` > 0
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`) DO UPDATE SET `n` = `n` + excluded.`n`, `day_sum` = `day_sum` + excluded.`day_sum`;
  INSERT INTO `starmarket_timing` (`is_listed`, `prov`, `cat_id`, `state_id`, `n`, `day_sum`)
    SELECT NEW.`is_listed`, p.v, c.v, NEW.`state_id`, 1, julianday(printf('%04d-01-01', NEW.`state_since` / 10000), printf('%+d months', NEW.`state_since` / 100 % 100 - 1), printf('%+d days', NEW.`state_since` % 100 - 1))
    FROM (SELECT NEW.`com_prov` AS v UNION ALL SELECT '') p, (SELECT NEW.`cat_id` AS v UNION ALL SELECT 0) c WHERE NEW.`state_since` > 0
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`) DO UPDATE SET `n` = `n` + excluded.`n`, `day_sum` = `day_sum` + excluded.`day_sum`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_day_counts_ai` AFTER INSERT ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_day_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`, `n`)
    SELECT NEW.`is_listed`, p.v, c.v, s.v, l.lv, l.bk, 1
    FROM (SELECT NEW.`com_prov` AS v UNION ALL SELECT '') p, (SELECT NEW.`cat_id` AS v UNION ALL SELECT 0) c, (SELECT NEW.`state_id` AS v UNION ALL SELECT 0) s,
      (SELECT 1 AS lv, NEW.`acceptance_time` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`acceptance_time` / 100 * 100 UNION ALL SELECT 3, NEW.`acceptance_time`) l WHERE true
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_day_counts_ad` AFTER DELETE ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_day_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`, `n`)
    SELECT OLD.`is_listed`, p.v, c.v, s.v, l.lv, l.bk, -1
    FROM (SELECT OLD.`com_prov` AS v UNION ALL SELECT '') p, (SELECT OLD.`cat_id` AS v UNION ALL SELECT 0) c, (SELECT OLD.`state_id` AS v UNION ALL SELECT 0) s,
      (SELECT 1 AS lv, OLD.`acceptance_time` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`acceptance_time` / 100 * 100 UNION ALL SELECT 3, OLD.`acceptance_time`) l WHERE true
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `starmarket_day_counts_au` AFTER UPDATE OF `is_listed`, `com_prov`, `cat_id`, `state_id`, `acceptance_time` ON `starmarket_companies` BEGIN
  INSERT INTO `starmarket_day_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`, `n`)
    SELECT OLD.`is_listed`, p.v, c.v, s.v, l.lv, l.bk, -1
    FROM (SELECT OLD.`com_prov` AS v UNION ALL SELECT '') p, (SELECT OLD.`cat_id` AS v UNION ALL SELECT 0) c, (SELECT OLD.`state_id` AS v UNION ALL SELECT 0) s,
      (SELECT 1 AS lv, OLD.`acceptance_time` / 10000 * 10000 AS bk UNION ALL SELECT 2, OLD.`acceptance_time` / 100 * 100 UNION ALL SELECT 3, OLD.`acceptance_time`) l WHERE true
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `starmarket_day_counts` (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`, `n`)
    SELECT NEW.`is_listed`, p.v, c.v, s.v, l.lv, l.bk, 1
    FROM (SELECT NEW.`com_prov` AS v UNION ALL SELECT '') p, (SELECT NEW.`cat_id` AS v UNION ALL SELECT 0) c, (SELECT NEW.`state_id` AS v UNION ALL SELECT 0) s,
      (SELECT 1 AS lv, NEW.`acceptance_time` / 10000 * 10000 AS bk UNION ALL SELECT 2, NEW.`acceptance_time` / 100 * 100 UNION ALL SELECT 3, NEW.`acceptance_time`) l WHERE true
    ON CONFLICT (`is_listed`, `prov`, `cat_id`, `state_id`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `smfs_cases_ai` AFTER INSERT ON `starmarket_firm_links` BEGIN
  INSERT INTO `starmarket_firm_stats` (`invst_id`, `n`, `cases`) VALUES (NEW.`invst_id`, 0, (SELECT json_group_array(json_object('com_id', c.`com_id`, 'com_name', c.`com_name`)) FROM (
      SELECT s.`com_id`, s.`com_name` FROM `starmarket_firm_links` x JOIN `starmarket_companies` s ON s.`m_com_id` = x.`m_com_id`
      WHERE x.`invst_id` = NEW.`invst_id` ORDER BY x.`total_money` DESC, x.`m_com_id` DESC LIMIT 3) c))
    ON CONFLICT (`invst_id`) DO UPDATE SET `cases` = excluded.`cases`;
END;
--> statement-breakpoint
CREATE TRIGGER `smfs_cases_ad` AFTER DELETE ON `starmarket_firm_links` BEGIN
  UPDATE `starmarket_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', c.`com_id`, 'com_name', c.`com_name`)) FROM (
      SELECT s.`com_id`, s.`com_name` FROM `starmarket_firm_links` x JOIN `starmarket_companies` s ON s.`m_com_id` = x.`m_com_id`
      WHERE x.`invst_id` = OLD.`invst_id` ORDER BY x.`total_money` DESC, x.`m_com_id` DESC LIMIT 3) c) WHERE `invst_id` = OLD.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `smfs_cases_au` AFTER UPDATE OF `invst_id`, `m_com_id`, `total_money` ON `starmarket_firm_links` BEGIN
  UPDATE `starmarket_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', c.`com_id`, 'com_name', c.`com_name`)) FROM (
      SELECT s.`com_id`, s.`com_name` FROM `starmarket_firm_links` x JOIN `starmarket_companies` s ON s.`m_com_id` = x.`m_com_id`
      WHERE x.`invst_id` = OLD.`invst_id` ORDER BY x.`total_money` DESC, x.`m_com_id` DESC LIMIT 3) c) WHERE `invst_id` = OLD.`invst_id`;
  UPDATE `starmarket_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', c.`com_id`, 'com_name', c.`com_name`)) FROM (
      SELECT s.`com_id`, s.`com_name` FROM `starmarket_firm_links` x JOIN `starmarket_companies` s ON s.`m_com_id` = x.`m_com_id`
      WHERE x.`invst_id` = NEW.`invst_id` ORDER BY x.`total_money` DESC, x.`m_com_id` DESC LIMIT 3) c) WHERE `invst_id` = NEW.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `smfs_cases_name_au` AFTER UPDATE OF `com_name`, `com_id` ON `starmarket_companies` BEGIN
  UPDATE `starmarket_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', c.`com_id`, 'com_name', c.`com_name`)) FROM (
      SELECT s.`com_id`, s.`com_name` FROM `starmarket_firm_links` x JOIN `starmarket_companies` s ON s.`m_com_id` = x.`m_com_id`
      WHERE x.`invst_id` = `starmarket_firm_stats`.`invst_id` ORDER BY x.`total_money` DESC, x.`m_com_id` DESC LIMIT 3) c)
    WHERE `invst_id` IN (SELECT `invst_id` FROM `starmarket_firm_links` WHERE `m_com_id` = NEW.`m_com_id`);
END;
