-- entity_day_counts holds the per-day counts of every date-ordered list (financing events, a firm's investor rows, a user's comments, incense, coin ledger, orders, downloads, follows), not of entities: renamed to list_day_counts to say what it holds.
-- The rename runs with legacy_alter_table on and the triggers that write the table are re-created naming it: in the default mode SQLite rewrites an upsert's excluded.`n` inside a trigger into the renamed table's `n`, doubling a count instead of adding to it. The generated triggers of a user's lists (named after the old table) are dropped here; the next migration (npm run db:kept) generates them anew and recounts those keys. No index carries the old name (WITHOUT ROWID, no other index).
PRAGMA legacy_alter_table = ON;--> statement-breakpoint
ALTER TABLE `entity_day_counts` RENAME TO `list_day_counts`;--> statement-breakpoint
PRAGMA legacy_alter_table = OFF;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_ledger_ai`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_ledger_ad`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_ledger_au`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_orders_ai`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_orders_ad`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_orders_au`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_downloads_ai`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_downloads_ad`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_downloads_au`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_follows_ai`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_follows_ad`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_follows_au`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_comments_ai`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_comments_ad`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_comments_au`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_incense_ai`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_incense_ad`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_incense_au`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_incense_sum_ai`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_incense_sum_ad`;--> statement-breakpoint
DROP TRIGGER `kept_entity_day_counts_incense_sum_au`;--> statement-breakpoint
DROP TRIGGER `entity_events_ai`;--> statement-breakpoint
CREATE TRIGGER `entity_events_ai` AFTER INSERT ON `invest_events` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || NEW.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT OR IGNORE INTO `invest_event_tags` (`event_id`, `tag_id`, `scope`, `date`) SELECT NEW.`id`, m.`tag_id`, NEW.`scope`, NEW.`date` FROM `medical_company_tags` m WHERE m.`com_id` = NEW.`com_id`;
  INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT i.`invst_id`, NEW.`id`, NEW.`scope`, NEW.`date` FROM `invest_event_investors` i WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0;
END;--> statement-breakpoint
DROP TRIGGER `entity_events_ad`;--> statement-breakpoint
CREATE TRIGGER `entity_events_ad` AFTER DELETE ON `invest_events` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `list_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  DELETE FROM `invest_event_tags` WHERE `event_id` = OLD.`id`;
  DELETE FROM `invest_event_firms` WHERE `event_id` = OLD.`id`;
END;--> statement-breakpoint
DROP TRIGGER `entity_events_au`;--> statement-breakpoint
CREATE TRIGGER `entity_events_au` AFTER UPDATE OF `id`, `com_id`, `date`, `scope` ON `invest_events` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `list_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 'all' AS k UNION ALL SELECT 1, 's:' || NEW.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `invest_event_tags` WHERE `event_id` = OLD.`id`;
  DELETE FROM `invest_event_firms` WHERE `event_id` = OLD.`id`;
  INSERT OR IGNORE INTO `invest_event_tags` (`event_id`, `tag_id`, `scope`, `date`) SELECT NEW.`id`, m.`tag_id`, NEW.`scope`, NEW.`date` FROM `medical_company_tags` m WHERE m.`com_id` = NEW.`com_id`;
  INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT i.`invst_id`, NEW.`id`, NEW.`scope`, NEW.`date` FROM `invest_event_investors` i WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0;
END;--> statement-breakpoint
DROP TRIGGER `entity_iet_ai`;--> statement-breakpoint
CREATE TRIGGER `entity_iet_ai` AFTER INSERT ON `invest_event_tags` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 't:' || NEW.`tag_id` AS k UNION ALL SELECT 1, 'st:' || NEW.`scope` || ':' || NEW.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
DROP TRIGGER `entity_iet_ad`;--> statement-breakpoint
CREATE TRIGGER `entity_iet_ad` AFTER DELETE ON `invest_event_tags` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 't:' || OLD.`tag_id` AS k UNION ALL SELECT 1, 'st:' || OLD.`scope` || ':' || OLD.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `list_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 't:' || OLD.`tag_id` AS k UNION ALL SELECT 1, 'st:' || OLD.`scope` || ':' || OLD.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
END;--> statement-breakpoint
DROP TRIGGER `entity_iet_au`;--> statement-breakpoint
CREATE TRIGGER `entity_iet_au` AFTER UPDATE ON `invest_event_tags` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 't:' || OLD.`tag_id` AS k UNION ALL SELECT 1, 'st:' || OLD.`scope` || ':' || OLD.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `list_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 't:' || OLD.`tag_id` AS k UNION ALL SELECT 1, 'st:' || OLD.`scope` || ':' || OLD.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 't:' || NEW.`tag_id` AS k UNION ALL SELECT 1, 'st:' || NEW.`scope` || ':' || NEW.`tag_id`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
DROP TRIGGER `entity_ief_ai`;--> statement-breakpoint
CREATE TRIGGER `entity_ief_ai` AFTER INSERT ON `invest_event_firms` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || NEW.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || NEW.`invst_id` || ':' || NEW.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;--> statement-breakpoint
DROP TRIGGER `entity_ief_ad`;--> statement-breakpoint
CREATE TRIGGER `entity_ief_ad` AFTER DELETE ON `invest_event_firms` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || OLD.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || OLD.`invst_id` || ':' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `list_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || OLD.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || OLD.`invst_id` || ':' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0);
END;--> statement-breakpoint
DROP TRIGGER `entity_ief_au`;--> statement-breakpoint
CREATE TRIGGER `entity_ief_au` AFTER UPDATE ON `invest_event_firms` BEGIN
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || OLD.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || OLD.`invst_id` || ':' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `list_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN OLD.`date` / 10000 * 10000 WHEN 2 THEN OLD.`date` / 100 * 100 WHEN 3 THEN OLD.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || OLD.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || OLD.`invst_id` || ':' || OLD.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0);
  INSERT INTO `list_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN NEW.`date` / 10000 * 10000 WHEN 2 THEN NEW.`date` / 100 * 100 WHEN 3 THEN NEW.`date` END AS bk FROM (SELECT 0 AS w, 'f:' || NEW.`invst_id` AS k UNION ALL SELECT 1, 'fs:' || NEW.`invst_id` || ':' || NEW.`scope`) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l WHERE ks.w NOT IN (1) OR l.lv = 0) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
