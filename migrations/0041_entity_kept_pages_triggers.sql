-- Custom SQL migration file, put your code below! --
-- Entity lists (issue 15): the membership rows and kept counts of worker/src/db/entity-kept.ts,
-- filled from the data, then kept by triggers in the same transaction as every write:
--  * invest_events          -> entity_day_counts 'all' / 's:<scope>', invest_event_tags, invest_event_firms
--  * medical_company_tags   -> invest_event_tags (the events of the tagged company)
--  * invest_event_investors -> invest_event_firms (one row per investor row with invst_id > 0)
--  * invest_event_tags      -> entity_day_counts 't:<tag>' / 'st:<scope>:<tag>'
--  * invest_event_firms     -> entity_day_counts 'f:<firm>' / 'fs:<firm>:<scope>' (total only)
--  * comments / incense_records -> entity_day_counts 'uc:<user>' / 'ui:<user>', 'uis:<user>' (level 0, n = sum of amounts)
-- Rows whose count falls to 0 are removed. tests/worker/entity/kept-pages.test.ts compares every
-- kept row with a recount after inserts, updates and deletes.
INSERT INTO `invest_event_tags` (`event_id`, `tag_id`, `scope`, `date`) SELECT e.`id`, m.`tag_id`, e.`scope`, e.`date` FROM `medical_company_tags` m JOIN `invest_events` e ON e.`com_id` = m.`com_id`;
--> statement-breakpoint
INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT i.`invst_id`, e.`id`, e.`scope`, e.`date` FROM `invest_event_investors` i JOIN `invest_events` e ON e.`id` = i.`event_id` WHERE i.`invst_id` > 0;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT CASE w.w WHEN 0 THEN 'all' ELSE 's:' || e.`scope` END, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN e.`date` / 10000 * 10000 WHEN 2 THEN e.`date` / 100 * 100 ELSE e.`date` END, COUNT(*) FROM `invest_events` e, (SELECT 0 AS w UNION ALL SELECT 1) w, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT CASE w.w WHEN 0 THEN 't:' || x.`tag_id` ELSE 'st:' || x.`scope` || ':' || x.`tag_id` END, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN x.`date` / 10000 * 10000 WHEN 2 THEN x.`date` / 100 * 100 ELSE x.`date` END, COUNT(*) FROM `invest_event_tags` x, (SELECT 0 AS w UNION ALL SELECT 1) w, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'f:' || x.`invst_id`, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN x.`date` / 10000 * 10000 WHEN 2 THEN x.`date` / 100 * 100 ELSE x.`date` END, COUNT(*) FROM `invest_event_firms` x, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'fs:' || x.`invst_id` || ':' || x.`scope`, 0, 0, COUNT(*) FROM `invest_event_firms` x GROUP BY 1;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'uc:' || c.`user_id`, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN c.`created_at` / 86400000 / 512 * 512 WHEN 2 THEN c.`created_at` / 86400000 / 16 * 16 ELSE c.`created_at` / 86400000 END, COUNT(*) FROM `comments` c, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'uis:' || c.`user_id`, 0, 0, SUM(c.`amount`) FROM `incense_records` c GROUP BY 1;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'ui:' || c.`user_id`, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN c.`created_at` / 86400000 / 512 * 512 WHEN 2 THEN c.`created_at` / 86400000 / 16 * 16 ELSE c.`created_at` / 86400000 END, COUNT(*) FROM `incense_records` c, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `entity_events_ai` AFTER INSERT ON `invest_events` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || NEW.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT OR IGNORE INTO `invest_event_tags` (`event_id`, `tag_id`, `scope`, `date`) SELECT NEW.`id`, m.`tag_id`, NEW.`scope`, NEW.`date` FROM `medical_company_tags` m WHERE m.`com_id` = NEW.`com_id`;
  INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT i.`invst_id`, NEW.`id`, NEW.`scope`, NEW.`date` FROM `invest_event_investors` i WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_events_ad` AFTER DELETE ON `invest_events` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  DELETE FROM `invest_event_tags` WHERE `event_id` = OLD.`id`;
  DELETE FROM `invest_event_firms` WHERE `event_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_events_au` AFTER UPDATE OF `id`, `com_id`, `date`, `scope` ON `invest_events` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || NEW.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `invest_event_tags` WHERE `event_id` = OLD.`id`;
  DELETE FROM `invest_event_firms` WHERE `event_id` = OLD.`id`;
  INSERT OR IGNORE INTO `invest_event_tags` (`event_id`, `tag_id`, `scope`, `date`) SELECT NEW.`id`, m.`tag_id`, NEW.`scope`, NEW.`date` FROM `medical_company_tags` m WHERE m.`com_id` = NEW.`com_id`;
  INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT i.`invst_id`, NEW.`id`, NEW.`scope`, NEW.`date` FROM `invest_event_investors` i WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_mct_ai` AFTER INSERT ON `medical_company_tags` BEGIN
  INSERT OR IGNORE INTO `invest_event_tags` (`event_id`, `tag_id`, `scope`, `date`) SELECT e.`id`, NEW.`tag_id`, e.`scope`, e.`date` FROM `invest_events` e WHERE e.`com_id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_mct_ad` AFTER DELETE ON `medical_company_tags` BEGIN
  DELETE FROM `invest_event_tags` WHERE `tag_id` = OLD.`tag_id` AND `event_id` IN (SELECT e.`id` FROM `invest_events` e WHERE e.`com_id` = OLD.`com_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `entity_mct_au` AFTER UPDATE OF `com_id`, `tag_id` ON `medical_company_tags` BEGIN
  DELETE FROM `invest_event_tags` WHERE `tag_id` = OLD.`tag_id` AND `event_id` IN (SELECT e.`id` FROM `invest_events` e WHERE e.`com_id` = OLD.`com_id`);
  INSERT OR IGNORE INTO `invest_event_tags` (`event_id`, `tag_id`, `scope`, `date`) SELECT e.`id`, NEW.`tag_id`, e.`scope`, e.`date` FROM `invest_events` e WHERE e.`com_id` = NEW.`com_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_iei_ai` AFTER INSERT ON `invest_event_investors` WHEN NEW.`invst_id` > 0 BEGIN
  INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT NEW.`invst_id`, e.`id`, e.`scope`, e.`date` FROM `invest_events` e WHERE e.`id` = NEW.`event_id` AND NEW.`invst_id` > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_iei_ad` AFTER DELETE ON `invest_event_investors` WHEN OLD.`invst_id` > 0 BEGIN
  DELETE FROM `invest_event_firms` WHERE `id` = (SELECT f.`id` FROM `invest_event_firms` f WHERE f.`event_id` = OLD.`event_id` AND f.`invst_id` = OLD.`invst_id` LIMIT 1);
END;
--> statement-breakpoint
CREATE TRIGGER `entity_iei_au` AFTER UPDATE OF `event_id`, `invst_id` ON `invest_event_investors` BEGIN
  DELETE FROM `invest_event_firms` WHERE `id` = (SELECT f.`id` FROM `invest_event_firms` f WHERE f.`event_id` = OLD.`event_id` AND f.`invst_id` = OLD.`invst_id` LIMIT 1);
  INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT NEW.`invst_id`, e.`id`, e.`scope`, e.`date` FROM `invest_events` e WHERE e.`id` = NEW.`event_id` AND NEW.`invst_id` > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_iet_ai` AFTER INSERT ON `invest_event_tags` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 't:' || NEW.`tag_id` AS k UNION ALL SELECT 1, 'st:' || NEW.`scope` || ':' || NEW.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_iet_ad` AFTER DELETE ON `invest_event_tags` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 't:' || OLD.`tag_id` AS k UNION ALL SELECT 1, 'st:' || OLD.`scope` || ':' || OLD.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 't:' || OLD.`tag_id` AS k UNION ALL SELECT 1, 'st:' || OLD.`scope` || ':' || OLD.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
END;
--> statement-breakpoint
CREATE TRIGGER `entity_iet_au` AFTER UPDATE ON `invest_event_tags` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 't:' || OLD.`tag_id` AS k UNION ALL SELECT 1, 'st:' || OLD.`scope` || ':' || OLD.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 't:' || OLD.`tag_id` AS k UNION ALL SELECT 1, 'st:' || OLD.`scope` || ':' || OLD.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 't:' || NEW.`tag_id` AS k UNION ALL SELECT 1, 'st:' || NEW.`scope` || ':' || NEW.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_ief_ai` AFTER INSERT ON `invest_event_firms` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || NEW.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || NEW.`invst_id` || ':' || NEW.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_ief_ad` AFTER DELETE ON `invest_event_firms` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || OLD.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || OLD.`invst_id` || ':' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || OLD.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || OLD.`invst_id` || ':' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0);
END;
--> statement-breakpoint
CREATE TRIGGER `entity_ief_au` AFTER UPDATE ON `invest_event_firms` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || OLD.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || OLD.`invst_id` || ':' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || OLD.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || OLD.`invst_id` || ':' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || NEW.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || NEW.`invst_id` || ':' || NEW.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_comments_ai` AFTER INSERT ON `comments` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'uc:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_comments_ad` AFTER DELETE ON `comments` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'uc:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'uc:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
END;
--> statement-breakpoint
CREATE TRIGGER `entity_comments_au` AFTER UPDATE OF `user_id`, `created_at` ON `comments` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'uc:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'uc:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'uc:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_incense_ai` AFTER INSERT ON `incense_records` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'ui:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) VALUES ('uis:' || NEW.`user_id`, 0, 0, NEW.`amount`)
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_incense_ad` AFTER DELETE ON `incense_records` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'ui:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'ui:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) VALUES ('uis:' || OLD.`user_id`, 0, 0, -OLD.`amount`)
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `k` = 'uis:' || OLD.`user_id` AND `level` = 0 AND `bucket` = 0 AND `n` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_incense_au` AFTER UPDATE OF `user_id`, `created_at`, `amount` ON `incense_records` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'ui:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'ui:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 0 AS w, 'ui:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) VALUES ('uis:' || OLD.`user_id`, 0, 0, -OLD.`amount`)
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `k` = 'uis:' || OLD.`user_id` AND `level` = 0 AND `bucket` = 0 AND `n` = 0;
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) VALUES ('uis:' || NEW.`user_id`, 0, 0, NEW.`amount`)
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
-- The tag filter finds a tag by name through `medical_tags_name_idx` (migration 0038; medical_tags.id is the rowid, so the index carries it).
