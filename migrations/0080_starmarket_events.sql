-- The STAR-market firm links as two generated lists (worker/src/db/kept/starmarket.ts): starmarket_events
-- pairs each financing event with the STAR-market company of its company (a mirror carrying the
-- company's financing total), and starmarket_firm_links counts a firm's events per company from
-- invest_event_investors joined with it. The financing total is part of the links' key, so a change of
-- it moves the kept row instead of being copied by a trigger of its own. The triggers on the old
-- links table go with it: the hand-kept cases triggers (smfs_cases_*) are created again as they
-- were, and the generated migration after this one writes the triggers of both lists and of
-- starmarket_firm_stats (in place of smfl_stats_*) and fills the three from their sources.
CREATE TABLE `starmarket_events` (
	`event_id` integer NOT NULL,
	`m_com_id` integer NOT NULL,
	`total_money` integer NOT NULL,
	PRIMARY KEY (`event_id`, `m_com_id`)
) WITHOUT ROWID;
--> statement-breakpoint
DROP TABLE `starmarket_firm_links`;
--> statement-breakpoint
CREATE TABLE `starmarket_firm_links` (
	`invst_id` integer NOT NULL,
	`total_money` integer DEFAULT 0 NOT NULL,
	`m_com_id` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY (`invst_id`, `total_money`, `m_com_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `smfl_com_idx` ON `starmarket_firm_links` (`m_com_id`);
--> statement-breakpoint
CREATE TRIGGER `smfs_cases_ad` AFTER DELETE ON `starmarket_firm_links` BEGIN
  UPDATE `starmarket_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', c.`com_id`, 'com_name', c.`com_name`)) FROM (
      SELECT s.`com_id`, s.`com_name` FROM `starmarket_firm_links` x JOIN `starmarket_companies` s ON s.`m_com_id` = x.`m_com_id`
      WHERE x.`invst_id` = OLD.`invst_id` ORDER BY x.`total_money` DESC, x.`m_com_id` DESC LIMIT 3) c) WHERE `invst_id` = OLD.`invst_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `smfs_cases_ai` AFTER INSERT ON `starmarket_firm_links` BEGIN
  INSERT INTO `starmarket_firm_stats` (`invst_id`, `n`, `cases`) VALUES (NEW.`invst_id`, 0, (SELECT json_group_array(json_object('com_id', c.`com_id`, 'com_name', c.`com_name`)) FROM (
      SELECT s.`com_id`, s.`com_name` FROM `starmarket_firm_links` x JOIN `starmarket_companies` s ON s.`m_com_id` = x.`m_com_id`
      WHERE x.`invst_id` = NEW.`invst_id` ORDER BY x.`total_money` DESC, x.`m_com_id` DESC LIMIT 3) c))
    ON CONFLICT (`invst_id`) DO UPDATE SET `cases` = excluded.`cases`;
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
