-- Custom SQL migration file, put your code below! --
-- Closed-company rankings at scale (issue 15), kept by triggers in the same transaction as every write:
--  * closure_rank_counts: companies a burn ranking can rank (measure > 0) per measure / 千里马-unicorn / province / sector
--    ('' / 0 for any), so a ranking's total (at most 100) is one row instead of counting the head of an index;
--  * closure_rank_counts 'firms': the firms 机构榜 can rank (invst_id > 0, com_count > 0);
--  * closure_firm_stats.cases: each firm's 3 closed companies with the largest financing total as JSON, so 机构榜
--    reads one row per firm instead of three index rows and three companies.
INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
  SELECT 'money', 0, p, c, COUNT(*) FROM (
    SELECT DISTINCT m.`com_id`, CASE pa.a WHEN 1 THEN m.`com_prov` ELSE '' END AS p, CASE cb.b WHEN 1 THEN m.`cat_id` ELSE 0 END AS c
    FROM `closures` m, (SELECT 0 AS a UNION ALL SELECT 1) pa, (SELECT 0 AS b UNION ALL SELECT 1) cb WHERE m.`total_money` > 0)
  GROUP BY p, c;
--> statement-breakpoint
INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
  SELECT 'valuation', h, p, c, COUNT(*) FROM (
    SELECT DISTINCT m.`com_id`, CASE hh.x WHEN 1 THEN m.`horse_unicorn` ELSE 0 END AS h, CASE pa.a WHEN 1 THEN m.`com_prov` ELSE '' END AS p, CASE cb.b WHEN 1 THEN m.`cat_id` ELSE 0 END AS c
    FROM `closures` m, (SELECT 0 AS x UNION ALL SELECT 1) hh, (SELECT 0 AS a UNION ALL SELECT 1) pa, (SELECT 0 AS b UNION ALL SELECT 1) cb WHERE m.`valuation` > 0)
  GROUP BY h, p, c;
--> statement-breakpoint
UPDATE `closure_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = `closure_firm_stats`.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x);
--> statement-breakpoint
CREATE TRIGGER `closure_rank_counts_ai` AFTER INSERT ON `closures` BEGIN
  INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
    SELECT 'money', 0, p.v, c.v, 1 FROM (SELECT NEW.`com_prov` AS v UNION SELECT '') p, (SELECT NEW.`cat_id` AS v UNION SELECT 0) c WHERE NEW.`total_money` > 0
    ON CONFLICT (`measure`, `hu`, `prov`, `cat`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
    SELECT 'valuation', h.v, p.v, c.v, 1 FROM (SELECT 0 AS v UNION SELECT NEW.`horse_unicorn` WHERE NEW.`horse_unicorn` > 0) h, (SELECT NEW.`com_prov` AS v UNION SELECT '') p, (SELECT NEW.`cat_id` AS v UNION SELECT 0) c WHERE NEW.`valuation` > 0
    ON CONFLICT (`measure`, `hu`, `prov`, `cat`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_rank_counts_ad` AFTER DELETE ON `closures` BEGIN
  INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
    SELECT 'money', 0, p.v, c.v, -1 FROM (SELECT OLD.`com_prov` AS v UNION SELECT '') p, (SELECT OLD.`cat_id` AS v UNION SELECT 0) c WHERE OLD.`total_money` > 0
    ON CONFLICT (`measure`, `hu`, `prov`, `cat`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
    SELECT 'valuation', h.v, p.v, c.v, -1 FROM (SELECT 0 AS v UNION SELECT OLD.`horse_unicorn` WHERE OLD.`horse_unicorn` > 0) h, (SELECT OLD.`com_prov` AS v UNION SELECT '') p, (SELECT OLD.`cat_id` AS v UNION SELECT 0) c WHERE OLD.`valuation` > 0
    ON CONFLICT (`measure`, `hu`, `prov`, `cat`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_rank_counts_au` AFTER UPDATE OF `total_money`, `valuation`, `horse_unicorn`, `com_prov`, `cat_id` ON `closures` BEGIN
  INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
    SELECT 'money', 0, p.v, c.v, -1 FROM (SELECT OLD.`com_prov` AS v UNION SELECT '') p, (SELECT OLD.`cat_id` AS v UNION SELECT 0) c WHERE OLD.`total_money` > 0
    ON CONFLICT (`measure`, `hu`, `prov`, `cat`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
    SELECT 'valuation', h.v, p.v, c.v, -1 FROM (SELECT 0 AS v UNION SELECT OLD.`horse_unicorn` WHERE OLD.`horse_unicorn` > 0) h, (SELECT OLD.`com_prov` AS v UNION SELECT '') p, (SELECT OLD.`cat_id` AS v UNION SELECT 0) c WHERE OLD.`valuation` > 0
    ON CONFLICT (`measure`, `hu`, `prov`, `cat`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
    SELECT 'money', 0, p.v, c.v, 1 FROM (SELECT NEW.`com_prov` AS v UNION SELECT '') p, (SELECT NEW.`cat_id` AS v UNION SELECT 0) c WHERE NEW.`total_money` > 0
    ON CONFLICT (`measure`, `hu`, `prov`, `cat`) DO UPDATE SET `n` = `n` + excluded.`n`;
  INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
    SELECT 'valuation', h.v, p.v, c.v, 1 FROM (SELECT 0 AS v UNION SELECT NEW.`horse_unicorn` WHERE NEW.`horse_unicorn` > 0) h, (SELECT NEW.`com_prov` AS v UNION SELECT '') p, (SELECT NEW.`cat_id` AS v UNION SELECT 0) c WHERE NEW.`valuation` > 0
    ON CONFLICT (`measure`, `hu`, `prov`, `cat`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_ai` AFTER INSERT ON `closure_investors` BEGIN
  INSERT INTO `closure_firm_stats` (`invst_id`, `com_count`, `cases`) VALUES (NEW.`invst_id`, 0, (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = NEW.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x))
    ON CONFLICT (`invst_id`) DO UPDATE SET `cases` = excluded.`cases`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_ad` AFTER DELETE ON `closure_investors` BEGIN
  UPDATE `closure_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = OLD.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x) WHERE `invst_id` = OLD.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_au` AFTER UPDATE OF `invst_id`, `com_id`, `total_money` ON `closure_investors` BEGIN
  UPDATE `closure_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = OLD.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x) WHERE `invst_id` = OLD.`invst_id`;
  UPDATE `closure_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = NEW.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x) WHERE `invst_id` = NEW.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_closure_ai` AFTER INSERT ON `closures` BEGIN
  UPDATE `closure_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = `closure_firm_stats`.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x) WHERE `invst_id` IN (SELECT `invst_id` FROM `closure_investors` WHERE `com_id` = NEW.`com_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_closure_ad` AFTER DELETE ON `closures` BEGIN
  UPDATE `closure_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = `closure_firm_stats`.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x) WHERE `invst_id` IN (SELECT `invst_id` FROM `closure_investors` WHERE `com_id` = OLD.`com_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_closure_au` AFTER UPDATE OF `com_name`, `com_id`, `total_money` ON `closures` BEGIN
  UPDATE `closure_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = `closure_firm_stats`.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x) WHERE `invst_id` IN (SELECT `invst_id` FROM `closure_investors` WHERE `com_id` IN (OLD.`com_id`, NEW.`com_id`));
END;
--> statement-breakpoint
INSERT INTO `closure_rank_counts` (`measure`, `hu`, `prov`, `cat`, `n`)
  SELECT 'firms', 0, '', 0, COUNT(*) FROM `closure_firm_stats` WHERE `invst_id` > 0 AND `com_count` > 0;
--> statement-breakpoint
CREATE TRIGGER `closure_rank_firms_ai` AFTER INSERT ON `closure_firm_stats` WHEN NEW.`invst_id` > 0 AND NEW.`com_count` > 0 BEGIN
  UPDATE `closure_rank_counts` SET `n` = `n` + 1 WHERE `measure` = 'firms' AND `hu` = 0 AND `prov` = '' AND `cat` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_rank_firms_ad` AFTER DELETE ON `closure_firm_stats` WHEN OLD.`invst_id` > 0 AND OLD.`com_count` > 0 BEGIN
  UPDATE `closure_rank_counts` SET `n` = `n` - 1 WHERE `measure` = 'firms' AND `hu` = 0 AND `prov` = '' AND `cat` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_rank_firms_au` AFTER UPDATE OF `invst_id`, `com_count` ON `closure_firm_stats` BEGIN
  UPDATE `closure_rank_counts` SET `n` = `n` - (OLD.`invst_id` > 0 AND OLD.`com_count` > 0) + (NEW.`invst_id` > 0 AND NEW.`com_count` > 0)
    WHERE `measure` = 'firms' AND `hu` = 0 AND `prov` = '' AND `cat` = 0;
END;
