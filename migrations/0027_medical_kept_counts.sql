-- Custom SQL migration file, put your code below! --

-- Healthcare area (医疗健康): kept counts and statistics, maintained by triggers in the same
-- transaction as every write, so a list total, the banner numbers, the firm ranking and the
-- financing-trend chart read a few rows instead of every event (ARCHITECTURE "Data").
-- worker/src/medical/kept.ts reads them; tests/worker/medical/kept.test.ts compares every one
-- with the straightforward COUNT / SUM after inserts, updates and deletes.
--
-- medical_counts (dim, key): n
--   com ''              healthcare companies (companies.is_medical = 1)
--   prov <province>     healthcare companies per province
--   band horse|unicorn  healthcare companies per valuation band (万元; constants.ts HORSE_MIN / UNICORN_MIN)
--   tag_com <tag>       companies carrying an atlas tag
--   policy '' / news '' policies / news of scope 医疗健康
--   tag_news <tag>      news about a tag's companies
--   broker '' / ipo ''  broker reports / healthcare IPOs
--   firms <tag>         investment firms (invst_type 'invst') with at least one event of the area (tag 0) or tag
-- medical_trend (tag_id, year, month, round_id): n events and their money; tag 0 is the area
--   (scope 医疗健康), another tag the events of its companies. month 0 = the whole year, round 0 =
--   every round; (0, 0, 0) is every event of any date.
--   The key leads with (tag_id, round_id, month) so a chart's years (month 0) or a year's months
--   (month IN 1..12) are exact seeks.
-- medical_firm_counts (tag_id, invst_id, invst_type): events of the area / tag each firm took part in.
CREATE TABLE `medical_counts` (
	`dim` text NOT NULL,
	`key` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`dim`, `key`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `medical_trend` (
	`tag_id` integer NOT NULL,
	`year` integer NOT NULL,
	`month` integer NOT NULL,
	`round_id` integer NOT NULL,
	`n` integer NOT NULL,
	`money` integer NOT NULL,
	PRIMARY KEY(`tag_id`, `round_id`, `month`, `year`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `medical_firm_counts` (
	`tag_id` integer NOT NULL,
	`invst_id` integer NOT NULL,
	`invst_type` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`tag_id`, `invst_id`, `invst_type`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `mfc_rank_idx` ON `medical_firm_counts` (`tag_id`, `invst_type`, `n` DESC, `invst_id`);
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'com', '', COUNT(*) FROM `companies` WHERE `is_medical` = 1;
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'prov', `prov`, COUNT(*) FROM `companies` WHERE `is_medical` = 1 GROUP BY `prov`;
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'band', b, COUNT(*) FROM (SELECT CASE WHEN `valuation` >= 700000 THEN 'unicorn' WHEN `valuation` >= 70000 THEN 'horse' END AS b FROM `companies` WHERE `is_medical` = 1) WHERE b IS NOT NULL GROUP BY b;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_companies_ai` AFTER INSERT ON `companies` WHEN NEW.`is_medical` = 1 BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT d, k, 1 FROM (SELECT 'com' AS d, '' AS k UNION ALL SELECT 'prov', NEW.`prov` UNION ALL SELECT 'band', CASE WHEN NEW.`valuation` >= 700000 THEN 'unicorn' WHEN NEW.`valuation` >= 70000 THEN 'horse' END) WHERE NEW.`is_medical` = 1 AND k IS NOT NULL
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_companies_ad` AFTER DELETE ON `companies` WHEN OLD.`is_medical` = 1 BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT d, k, -1 FROM (SELECT 'com' AS d, '' AS k UNION ALL SELECT 'prov', OLD.`prov` UNION ALL SELECT 'band', CASE WHEN OLD.`valuation` >= 700000 THEN 'unicorn' WHEN OLD.`valuation` >= 70000 THEN 'horse' END) WHERE OLD.`is_medical` = 1 AND k IS NOT NULL
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_companies_au` AFTER UPDATE OF `is_medical`, `prov`, `valuation` ON `companies` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT d, k, -1 FROM (SELECT 'com' AS d, '' AS k UNION ALL SELECT 'prov', OLD.`prov` UNION ALL SELECT 'band', CASE WHEN OLD.`valuation` >= 700000 THEN 'unicorn' WHEN OLD.`valuation` >= 70000 THEN 'horse' END) WHERE OLD.`is_medical` = 1 AND k IS NOT NULL
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT d, k, 1 FROM (SELECT 'com' AS d, '' AS k UNION ALL SELECT 'prov', NEW.`prov` UNION ALL SELECT 'band', CASE WHEN NEW.`valuation` >= 700000 THEN 'unicorn' WHEN NEW.`valuation` >= 70000 THEN 'horse' END) WHERE NEW.`is_medical` = 1 AND k IS NOT NULL
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'policy', '', COUNT(*) FROM `policies` WHERE `scope` = '医疗健康';
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'news', '', COUNT(*) FROM `news` WHERE `scope` = '医疗健康';
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'broker', '', COUNT(*) FROM `broker_reports`;
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'ipo', '', COUNT(*) FROM `medical_ipos`;
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'tag_com', CAST(`tag_id` AS TEXT), COUNT(*) FROM `medical_company_tags` GROUP BY `tag_id`;
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'tag_news', CAST(t.`tag_id` AS TEXT), COUNT(*) FROM `medical_company_tags` t JOIN `news` n ON n.`com_id` = t.`com_id` GROUP BY t.`tag_id`;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_policies_ai` AFTER INSERT ON `policies` WHEN NEW.`scope` = '医疗健康' BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'policy', '', 1 WHERE true ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_policies_ad` AFTER DELETE ON `policies` WHEN OLD.`scope` = '医疗健康' BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'policy', '', -1 WHERE true ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_policies_au` AFTER UPDATE OF `scope` ON `policies` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'policy', '', -1 WHERE OLD.`scope` = '医疗健康' ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'policy', '', 1 WHERE NEW.`scope` = '医疗健康' ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_news_ai` AFTER INSERT ON `news` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT 'news', '', 1 WHERE NEW.`scope` = '医疗健康'
    UNION ALL SELECT 'tag_news', CAST(`tag_id` AS TEXT), 1 FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_news_ad` AFTER DELETE ON `news` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT 'news', '', -1 WHERE OLD.`scope` = '医疗健康'
    UNION ALL SELECT 'tag_news', CAST(`tag_id` AS TEXT), -1 FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_news_au` AFTER UPDATE OF `scope`, `com_id` ON `news` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT 'news', '', -1 WHERE OLD.`scope` = '医疗健康'
    UNION ALL SELECT 'tag_news', CAST(`tag_id` AS TEXT), -1 FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT 'news', '', 1 WHERE NEW.`scope` = '医疗健康'
    UNION ALL SELECT 'tag_news', CAST(`tag_id` AS TEXT), 1 FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_broker_ai` AFTER INSERT ON `broker_reports` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'broker', '', 1 WHERE true ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_broker_ad` AFTER DELETE ON `broker_reports` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'broker', '', -1 WHERE true ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_ipo_ai` AFTER INSERT ON `medical_ipos` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'ipo', '', 1 WHERE true ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_counts_ipo_ad` AFTER DELETE ON `medical_ipos` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'ipo', '', -1 WHERE true ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
  SELECT e.g, CASE WHEN k.v = 4 THEN 0 ELSE e.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN e.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN e.`round_id` ELSE 0 END, COUNT(*), SUM(e.`money`)
  FROM (SELECT 0 AS g, `date`, `round_id`, `money` FROM `invest_events` WHERE `scope` = '医疗健康'
        UNION ALL SELECT t.`tag_id`, x.`date`, x.`round_id`, x.`money` FROM `medical_company_tags` t JOIN `invest_events` x ON x.`com_id` = t.`com_id`) e, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
  WHERE (k.v = 4 OR e.`date` >= 10000) AND (k.v NOT IN (0, 1) OR e.`round_id` <> 0)
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `medical_trend_events_ai` AFTER INSERT ON `invest_events` BEGIN
  INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
    SELECT g.tag_id, CASE WHEN k.v = 4 THEN 0 ELSE NEW.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN NEW.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN NEW.`round_id` ELSE 0 END, 1, NEW.`money` FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`) g, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
    WHERE (k.v = 4 OR NEW.`date` >= 10000) AND (k.v NOT IN (0, 1) OR NEW.`round_id` <> 0)
    ON CONFLICT (`tag_id`, `round_id`, `month`, `year`) DO UPDATE SET `n` = `n` + excluded.`n`, `money` = `money` + excluded.`money`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_trend_events_ad` AFTER DELETE ON `invest_events` BEGIN
  INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
    SELECT g.tag_id, CASE WHEN k.v = 4 THEN 0 ELSE OLD.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN OLD.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN OLD.`round_id` ELSE 0 END, -1, -OLD.`money` FROM (SELECT 0 AS tag_id WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`) g, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
    WHERE (k.v = 4 OR OLD.`date` >= 10000) AND (k.v NOT IN (0, 1) OR OLD.`round_id` <> 0)
    ON CONFLICT (`tag_id`, `round_id`, `month`, `year`) DO UPDATE SET `n` = `n` + excluded.`n`, `money` = `money` + excluded.`money`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_trend_events_au` AFTER UPDATE OF `com_id`, `scope`, `date`, `round_id`, `money` ON `invest_events` BEGIN
  INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
    SELECT g.tag_id, CASE WHEN k.v = 4 THEN 0 ELSE OLD.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN OLD.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN OLD.`round_id` ELSE 0 END, -1, -OLD.`money` FROM (SELECT 0 AS tag_id WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`) g, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
    WHERE (k.v = 4 OR OLD.`date` >= 10000) AND (k.v NOT IN (0, 1) OR OLD.`round_id` <> 0)
    ON CONFLICT (`tag_id`, `round_id`, `month`, `year`) DO UPDATE SET `n` = `n` + excluded.`n`, `money` = `money` + excluded.`money`;
  INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
    SELECT g.tag_id, CASE WHEN k.v = 4 THEN 0 ELSE NEW.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN NEW.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN NEW.`round_id` ELSE 0 END, 1, NEW.`money` FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`) g, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
    WHERE (k.v = 4 OR NEW.`date` >= 10000) AND (k.v NOT IN (0, 1) OR NEW.`round_id` <> 0)
    ON CONFLICT (`tag_id`, `round_id`, `month`, `year`) DO UPDATE SET `n` = `n` + excluded.`n`, `money` = `money` + excluded.`money`;
END;
--> statement-breakpoint
INSERT INTO `medical_firm_counts` (`tag_id`, `invst_id`, `invst_type`, `n`)
  SELECT e.g, i.`invst_id`, i.`invst_type`, COUNT(*)
  FROM (SELECT 0 AS g, `id` FROM `invest_events` WHERE `scope` = '医疗健康'
        UNION ALL SELECT t.`tag_id`, x.`id` FROM `medical_company_tags` t JOIN `invest_events` x ON x.`com_id` = t.`com_id`) e
  CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id`
  WHERE i.`invst_id` > 0
  GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `medical_counts` (`dim`, `key`, `n`) SELECT 'firms', CAST(`tag_id` AS TEXT), COUNT(*) FROM `medical_firm_counts` WHERE `invst_type` = 'invst' GROUP BY `tag_id`;
--> statement-breakpoint
CREATE TRIGGER `medical_firms_count_ai` AFTER INSERT ON `medical_firm_counts` WHEN NEW.`invst_type` = 'invst' BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) VALUES ('firms', CAST(NEW.`tag_id` AS TEXT), 1) ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_firms_count_ad` AFTER DELETE ON `medical_firm_counts` WHEN OLD.`invst_type` = 'invst' BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`) VALUES ('firms', CAST(OLD.`tag_id` AS TEXT), -1) ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_firms_iei_ai` AFTER INSERT ON `invest_event_investors` BEGIN
  INSERT INTO `medical_firm_counts` (`tag_id`, `invst_id`, `invst_type`, `n`)
    SELECT g.v, NEW.`invst_id`, NEW.`invst_type`, 1 FROM (SELECT 0 AS v WHERE false UNION ALL SELECT * FROM (SELECT 0 FROM `invest_events` WHERE `id` = NEW.`event_id` AND `scope` = '医疗健康' UNION ALL SELECT t.`tag_id` FROM `invest_events` x JOIN `medical_company_tags` t ON t.`com_id` = x.`com_id` WHERE x.`id` = NEW.`event_id`)) g WHERE NEW.`invst_id` > 0
    ON CONFLICT (`tag_id`, `invst_id`, `invst_type`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_firms_iei_ad` AFTER DELETE ON `invest_event_investors` BEGIN
  UPDATE `medical_firm_counts` SET `n` = `n` - 1
    WHERE `invst_id` = OLD.`invst_id` AND `invst_type` = OLD.`invst_type` AND `tag_id` IN (SELECT 0 FROM `invest_events` WHERE `id` = OLD.`event_id` AND `scope` = '医疗健康' UNION ALL SELECT t.`tag_id` FROM `invest_events` x JOIN `medical_company_tags` t ON t.`com_id` = x.`com_id` WHERE x.`id` = OLD.`event_id`);
  DELETE FROM `medical_firm_counts` WHERE `invst_id` = OLD.`invst_id` AND `invst_type` = OLD.`invst_type` AND `n` <= 0 AND `tag_id` IN (SELECT 0 FROM `invest_events` WHERE `id` = OLD.`event_id` AND `scope` = '医疗健康' UNION ALL SELECT t.`tag_id` FROM `invest_events` x JOIN `medical_company_tags` t ON t.`com_id` = x.`com_id` WHERE x.`id` = OLD.`event_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `medical_firms_iei_au` AFTER UPDATE OF `event_id`, `invst_id`, `invst_type` ON `invest_event_investors` BEGIN
  UPDATE `medical_firm_counts` SET `n` = `n` - 1
    WHERE `invst_id` = OLD.`invst_id` AND `invst_type` = OLD.`invst_type` AND `tag_id` IN (SELECT 0 FROM `invest_events` WHERE `id` = OLD.`event_id` AND `scope` = '医疗健康' UNION ALL SELECT t.`tag_id` FROM `invest_events` x JOIN `medical_company_tags` t ON t.`com_id` = x.`com_id` WHERE x.`id` = OLD.`event_id`);
  DELETE FROM `medical_firm_counts` WHERE `invst_id` = OLD.`invst_id` AND `invst_type` = OLD.`invst_type` AND `n` <= 0 AND `tag_id` IN (SELECT 0 FROM `invest_events` WHERE `id` = OLD.`event_id` AND `scope` = '医疗健康' UNION ALL SELECT t.`tag_id` FROM `invest_events` x JOIN `medical_company_tags` t ON t.`com_id` = x.`com_id` WHERE x.`id` = OLD.`event_id`);
  INSERT INTO `medical_firm_counts` (`tag_id`, `invst_id`, `invst_type`, `n`)
    SELECT g.v, NEW.`invst_id`, NEW.`invst_type`, 1 FROM (SELECT 0 AS v WHERE false UNION ALL SELECT * FROM (SELECT 0 FROM `invest_events` WHERE `id` = NEW.`event_id` AND `scope` = '医疗健康' UNION ALL SELECT t.`tag_id` FROM `invest_events` x JOIN `medical_company_tags` t ON t.`com_id` = x.`com_id` WHERE x.`id` = NEW.`event_id`)) g WHERE NEW.`invst_id` > 0
    ON CONFLICT (`tag_id`, `invst_id`, `invst_type`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_events_ai` AFTER INSERT ON `invest_events` BEGIN
  INSERT INTO `medical_firm_counts` (`tag_id`, `invst_id`, `invst_type`, `n`)
    SELECT g.tag_id, i.`invst_id`, i.`invst_type`, COUNT(*) FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`) g, `invest_event_investors` i
    WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0 GROUP BY 1, 2, 3
    ON CONFLICT (`tag_id`, `invst_id`, `invst_type`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_events_ad` AFTER DELETE ON `invest_events` BEGIN
  UPDATE `medical_firm_counts` SET `n` = `n` - (SELECT COUNT(*) FROM `invest_event_investors` i WHERE i.`event_id` = OLD.`id` AND i.`invst_id` = `medical_firm_counts`.`invst_id` AND i.`invst_type` = `medical_firm_counts`.`invst_type`)
    WHERE `tag_id` IN (SELECT 0 WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`) AND `invst_id` IN (SELECT `invst_id` FROM `invest_event_investors` WHERE `event_id` = OLD.`id` AND `invst_id` > 0);
  DELETE FROM `medical_firm_counts` WHERE `n` <= 0 AND `tag_id` IN (SELECT 0 WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`) AND `invst_id` IN (SELECT `invst_id` FROM `invest_event_investors` WHERE `event_id` = OLD.`id` AND `invst_id` > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `medical_events_au` AFTER UPDATE OF `id`, `com_id`, `scope` ON `invest_events` BEGIN
  UPDATE `medical_firm_counts` SET `n` = `n` - (SELECT COUNT(*) FROM `invest_event_investors` i WHERE i.`event_id` = OLD.`id` AND i.`invst_id` = `medical_firm_counts`.`invst_id` AND i.`invst_type` = `medical_firm_counts`.`invst_type`)
    WHERE `tag_id` IN (SELECT 0 WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`) AND `invst_id` IN (SELECT `invst_id` FROM `invest_event_investors` WHERE `event_id` = OLD.`id` AND `invst_id` > 0);
  DELETE FROM `medical_firm_counts` WHERE `n` <= 0 AND `tag_id` IN (SELECT 0 WHERE OLD.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = OLD.`com_id`) AND `invst_id` IN (SELECT `invst_id` FROM `invest_event_investors` WHERE `event_id` = OLD.`id` AND `invst_id` > 0);
  INSERT INTO `medical_firm_counts` (`tag_id`, `invst_id`, `invst_type`, `n`)
    SELECT g.tag_id, i.`invst_id`, i.`invst_type`, COUNT(*) FROM (SELECT 0 AS tag_id WHERE NEW.`scope` = '医疗健康' UNION ALL SELECT `tag_id` FROM `medical_company_tags` WHERE `com_id` = NEW.`com_id`) g, `invest_event_investors` i
    WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0 GROUP BY 1, 2, 3
    ON CONFLICT (`tag_id`, `invst_id`, `invst_type`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_company_tags_ai` AFTER INSERT ON `medical_company_tags` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT 'tag_com', CAST(NEW.`tag_id` AS TEXT), 1
    UNION ALL SELECT 'tag_news', CAST(NEW.`tag_id` AS TEXT), COUNT(*) FROM `news` WHERE `com_id` = NEW.`com_id`
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
    SELECT NEW.`tag_id`, CASE WHEN k.v = 4 THEN 0 ELSE e.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN e.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN e.`round_id` ELSE 0 END, COUNT(*), SUM(e.`money`) FROM `invest_events` e, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
    WHERE e.`com_id` = NEW.`com_id` AND (k.v = 4 OR e.`date` >= 10000) AND (k.v NOT IN (0, 1) OR e.`round_id` <> 0)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (`tag_id`, `round_id`, `month`, `year`) DO UPDATE SET `n` = `n` + excluded.`n`, `money` = `money` + excluded.`money`;
  INSERT INTO `medical_firm_counts` (`tag_id`, `invst_id`, `invst_type`, `n`)
    SELECT NEW.`tag_id`, i.`invst_id`, i.`invst_type`, COUNT(*) FROM `invest_events` e CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id`
    WHERE e.`com_id` = NEW.`com_id` AND i.`invst_id` > 0 GROUP BY 2, 3
    ON CONFLICT (`tag_id`, `invst_id`, `invst_type`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `medical_company_tags_ad` AFTER DELETE ON `medical_company_tags` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT 'tag_com', CAST(OLD.`tag_id` AS TEXT), -1
    UNION ALL SELECT 'tag_news', CAST(OLD.`tag_id` AS TEXT), -COUNT(*) FROM `news` WHERE `com_id` = OLD.`com_id`
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
    SELECT OLD.`tag_id`, CASE WHEN k.v = 4 THEN 0 ELSE e.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN e.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN e.`round_id` ELSE 0 END, -COUNT(*), -SUM(e.`money`) FROM `invest_events` e, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
    WHERE e.`com_id` = OLD.`com_id` AND (k.v = 4 OR e.`date` >= 10000) AND (k.v NOT IN (0, 1) OR e.`round_id` <> 0)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (`tag_id`, `round_id`, `month`, `year`) DO UPDATE SET `n` = `n` + excluded.`n`, `money` = `money` + excluded.`money`;
  UPDATE `medical_firm_counts` SET `n` = `n` - (SELECT COUNT(*) FROM `invest_events` e CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id` WHERE e.`com_id` = OLD.`com_id` AND i.`invst_id` = `medical_firm_counts`.`invst_id` AND i.`invst_type` = `medical_firm_counts`.`invst_type`)
    WHERE `tag_id` = OLD.`tag_id` AND `invst_id` IN (SELECT i.`invst_id` FROM `invest_events` e CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id` WHERE e.`com_id` = OLD.`com_id` AND i.`invst_id` > 0);
  DELETE FROM `medical_firm_counts` WHERE `n` <= 0 AND `tag_id` = OLD.`tag_id` AND `invst_id` IN (SELECT i.`invst_id` FROM `invest_events` e CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id` WHERE e.`com_id` = OLD.`com_id` AND i.`invst_id` > 0);
END;
--> statement-breakpoint
CREATE TRIGGER `medical_company_tags_au` AFTER UPDATE OF `com_id`, `tag_id` ON `medical_company_tags` BEGIN
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT 'tag_com', CAST(OLD.`tag_id` AS TEXT), -1
    UNION ALL SELECT 'tag_news', CAST(OLD.`tag_id` AS TEXT), -COUNT(*) FROM `news` WHERE `com_id` = OLD.`com_id`
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
    SELECT OLD.`tag_id`, CASE WHEN k.v = 4 THEN 0 ELSE e.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN e.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN e.`round_id` ELSE 0 END, -COUNT(*), -SUM(e.`money`) FROM `invest_events` e, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
    WHERE e.`com_id` = OLD.`com_id` AND (k.v = 4 OR e.`date` >= 10000) AND (k.v NOT IN (0, 1) OR e.`round_id` <> 0)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (`tag_id`, `round_id`, `month`, `year`) DO UPDATE SET `n` = `n` + excluded.`n`, `money` = `money` + excluded.`money`;
  UPDATE `medical_firm_counts` SET `n` = `n` - (SELECT COUNT(*) FROM `invest_events` e CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id` WHERE e.`com_id` = OLD.`com_id` AND i.`invst_id` = `medical_firm_counts`.`invst_id` AND i.`invst_type` = `medical_firm_counts`.`invst_type`)
    WHERE `tag_id` = OLD.`tag_id` AND `invst_id` IN (SELECT i.`invst_id` FROM `invest_events` e CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id` WHERE e.`com_id` = OLD.`com_id` AND i.`invst_id` > 0);
  DELETE FROM `medical_firm_counts` WHERE `n` <= 0 AND `tag_id` = OLD.`tag_id` AND `invst_id` IN (SELECT i.`invst_id` FROM `invest_events` e CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id` WHERE e.`com_id` = OLD.`com_id` AND i.`invst_id` > 0);
  INSERT INTO `medical_counts` (`dim`, `key`, `n`)
    SELECT 'tag_com', CAST(NEW.`tag_id` AS TEXT), 1
    UNION ALL SELECT 'tag_news', CAST(NEW.`tag_id` AS TEXT), COUNT(*) FROM `news` WHERE `com_id` = NEW.`com_id`
    ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `medical_trend` (`tag_id`, `year`, `month`, `round_id`, `n`, `money`)
    SELECT NEW.`tag_id`, CASE WHEN k.v = 4 THEN 0 ELSE e.`date` / 10000 END, CASE WHEN k.v IN (0, 2) THEN e.`date` / 100 % 100 ELSE 0 END, CASE WHEN k.v IN (0, 1) THEN e.`round_id` ELSE 0 END, COUNT(*), SUM(e.`money`) FROM `invest_events` e, (SELECT 0 AS v UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
    WHERE e.`com_id` = NEW.`com_id` AND (k.v = 4 OR e.`date` >= 10000) AND (k.v NOT IN (0, 1) OR e.`round_id` <> 0)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (`tag_id`, `round_id`, `month`, `year`) DO UPDATE SET `n` = `n` + excluded.`n`, `money` = `money` + excluded.`money`;
  INSERT INTO `medical_firm_counts` (`tag_id`, `invst_id`, `invst_type`, `n`)
    SELECT NEW.`tag_id`, i.`invst_id`, i.`invst_type`, COUNT(*) FROM `invest_events` e CROSS JOIN `invest_event_investors` i ON i.`event_id` = e.`id`
    WHERE e.`com_id` = NEW.`com_id` AND i.`invst_id` > 0 GROUP BY 2, 3
    ON CONFLICT (`tag_id`, `invst_id`, `invst_type`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
