-- Custom SQL migration file, put your code below! --
-- A signed-in user's own lists (issue 15, rows read): the coin ledger, orders, download records and
-- follows counted their rows on every page (and the ledger sorted all of them: ORDER BY id had no
-- index under user_id), so a busy user's page 1 read every row they had, twice. Their totals and
-- per-day counts are now kept in entity_day_counts like a user's comments ('uc:'), by the same
-- triggers' shape, in the same transaction as every write:
--  * coin_ledger      -> 'ul:<user>'
--  * orders           -> 'uo:<user>'
--  * download_records -> 'ud:<user>'
--  * follows          -> 'uf:<user>:<type>'
-- levels 1..3: blocks of 512 and 16 days and days since 1970 (UTC) of created_at (epoch ms), so
-- lib/day-window.ts keptPage reads any page off the index from the day it starts on.
-- tests/worker/user/personal-pages.test.ts compares every page and every kept row with a recount.
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'ul:' || x.`user_id`, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN x.`created_at` / 86400000 / 512 * 512 WHEN 2 THEN x.`created_at` / 86400000 / 16 * 16 ELSE x.`created_at` / 86400000 END, COUNT(*) FROM `coin_ledger` x, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `personal_ledger_ai` AFTER INSERT ON `coin_ledger` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 'ul:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `personal_ledger_ad` AFTER DELETE ON `coin_ledger` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'ul:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'ul:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
END;
--> statement-breakpoint
CREATE TRIGGER `personal_ledger_au` AFTER UPDATE OF `user_id`, `created_at` ON `coin_ledger` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'ul:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'ul:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 'ul:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'uo:' || x.`user_id`, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN x.`created_at` / 86400000 / 512 * 512 WHEN 2 THEN x.`created_at` / 86400000 / 16 * 16 ELSE x.`created_at` / 86400000 END, COUNT(*) FROM `orders` x, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `personal_orders_ai` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 'uo:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `personal_orders_ad` AFTER DELETE ON `orders` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'uo:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'uo:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
END;
--> statement-breakpoint
CREATE TRIGGER `personal_orders_au` AFTER UPDATE OF `user_id`, `created_at` ON `orders` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'uo:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'uo:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 'uo:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'ud:' || x.`user_id`, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN x.`created_at` / 86400000 / 512 * 512 WHEN 2 THEN x.`created_at` / 86400000 / 16 * 16 ELSE x.`created_at` / 86400000 END, COUNT(*) FROM `download_records` x, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `personal_downloads_ai` AFTER INSERT ON `download_records` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 'ud:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `personal_downloads_ad` AFTER DELETE ON `download_records` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'ud:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'ud:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
END;
--> statement-breakpoint
CREATE TRIGGER `personal_downloads_au` AFTER UPDATE OF `user_id`, `created_at` ON `download_records` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'ud:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'ud:' || OLD.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 'ud:' || NEW.`user_id` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT 'uf:' || x.`user_id` || ':' || x.`type`, l.lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN x.`created_at` / 86400000 / 512 * 512 WHEN 2 THEN x.`created_at` / 86400000 / 16 * 16 ELSE x.`created_at` / 86400000 END, COUNT(*) FROM `follows` x, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `personal_follows_ai` AFTER INSERT ON `follows` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 'uf:' || NEW.`user_id` || ':' || NEW.`type` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `personal_follows_ad` AFTER DELETE ON `follows` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'uf:' || OLD.`user_id` || ':' || OLD.`type` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'uf:' || OLD.`user_id` || ':' || OLD.`type` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
END;
--> statement-breakpoint
CREATE TRIGGER `personal_follows_au` AFTER UPDATE OF `user_id`, `type`, `created_at` ON `follows` BEGIN
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, -1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'uf:' || OLD.`user_id` || ':' || OLD.`type` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
  DELETE FROM `entity_day_counts` WHERE `n` = 0 AND (`k`, `level`, `bucket`) IN (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (OLD.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (OLD.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (OLD.`created_at` / 86400000) END AS bk FROM (SELECT 'uf:' || OLD.`user_id` || ':' || OLD.`type` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l);
  INSERT INTO `entity_day_counts` (`k`, `level`, `bucket`, `n`) SELECT r.k, r.lv, r.bk, 1 FROM (SELECT ks.k AS k, l.lv AS lv, CASE l.lv WHEN 0 THEN 0 WHEN 1 THEN (NEW.`created_at` / 86400000) / 512 * 512 WHEN 2 THEN (NEW.`created_at` / 86400000) / 16 * 16 WHEN 3 THEN (NEW.`created_at` / 86400000) END AS bk FROM (SELECT 'uf:' || NEW.`user_id` || ':' || NEW.`type` AS k) ks, (SELECT a.a * 2 + b.b AS lv FROM (SELECT 0 AS a UNION ALL SELECT 1) a, (SELECT 0 AS b UNION ALL SELECT 1) b) l) r WHERE true
    ON CONFLICT (`k`, `level`, `bucket`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
