-- The bulk path of the closed-company import (worker/src/import/closure.ts, worker/src/db/kept/shape.ts
-- KEPT_BULK): inside one D1 batch the import puts the one row of kept_bulk, inserts new companies
-- with their reasons and investors, adds set-based deltas for exactly those rows and deletes the row.
-- SQLite runs one write transaction at a time, so no other writer ever sees the row. While it is
-- there, the per-row card, top-3 case and amount-copy triggers below stand aside (the generated kept
-- triggers on the same tables carry the same WHEN); the import recomputes those for its rows.
CREATE TABLE `kept_bulk` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1)
);
--> statement-breakpoint
DROP TRIGGER `closure_company_types_card_ai`;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_card_ai` AFTER INSERT ON `closure_company_types` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  INSERT INTO `closure_cards` (`com_id`, `types`, `team`, `tags`, `investors`)
    SELECT c.com_id, (SELECT coalesce(json_group_array(json_object('id', id, 'p_id', p_id, 'name', name)), '[]') FROM (SELECT t.`id` AS id, t.`p_id` AS p_id, t.`name` AS name FROM `closure_company_types` l JOIN `closure_types` t ON t.`id` = l.`type_id` WHERE l.`com_id` = c.com_id ORDER BY t.`p_id`, t.`sort`, t.`id`)), (SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'position', position)), '[]') FROM (SELECT `id` AS id, `name` AS name, `position` AS position FROM `closure_teams` WHERE `com_id` = c.com_id ORDER BY `id`)), (SELECT coalesce(json_group_array(json_object('tag_id', tag_id, 'tag_name', tag_name)), '[]') FROM (SELECT `tag_id` AS tag_id, `tag_name` AS tag_name FROM `closure_company_tags` WHERE `com_id` = c.com_id ORDER BY `tag_id`)), (SELECT coalesce(json_group_array(json_object('invst_id', invst_id, 'invst_name', invst_name)), '[]') FROM (SELECT `invst_id` AS invst_id, `invst_name` AS invst_name FROM `closure_investors` WHERE `com_id` = c.com_id ORDER BY `invst_id`)) FROM (SELECT NEW.`com_id` AS com_id) c WHERE c.com_id IS NOT NULL
    ON CONFLICT (`com_id`) DO UPDATE SET `types` = excluded.`types`, `team` = excluded.`team`, `tags` = excluded.`tags`, `investors` = excluded.`investors`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_company_types_card_ad`;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_card_ad` AFTER DELETE ON `closure_company_types` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  INSERT INTO `closure_cards` (`com_id`, `types`, `team`, `tags`, `investors`)
    SELECT c.com_id, (SELECT coalesce(json_group_array(json_object('id', id, 'p_id', p_id, 'name', name)), '[]') FROM (SELECT t.`id` AS id, t.`p_id` AS p_id, t.`name` AS name FROM `closure_company_types` l JOIN `closure_types` t ON t.`id` = l.`type_id` WHERE l.`com_id` = c.com_id ORDER BY t.`p_id`, t.`sort`, t.`id`)), (SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'position', position)), '[]') FROM (SELECT `id` AS id, `name` AS name, `position` AS position FROM `closure_teams` WHERE `com_id` = c.com_id ORDER BY `id`)), (SELECT coalesce(json_group_array(json_object('tag_id', tag_id, 'tag_name', tag_name)), '[]') FROM (SELECT `tag_id` AS tag_id, `tag_name` AS tag_name FROM `closure_company_tags` WHERE `com_id` = c.com_id ORDER BY `tag_id`)), (SELECT coalesce(json_group_array(json_object('invst_id', invst_id, 'invst_name', invst_name)), '[]') FROM (SELECT `invst_id` AS invst_id, `invst_name` AS invst_name FROM `closure_investors` WHERE `com_id` = c.com_id ORDER BY `invst_id`)) FROM (SELECT OLD.`com_id` AS com_id) c WHERE c.com_id IS NOT NULL
    ON CONFLICT (`com_id`) DO UPDATE SET `types` = excluded.`types`, `team` = excluded.`team`, `tags` = excluded.`tags`, `investors` = excluded.`investors`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_company_types_card_au`;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_card_au` AFTER UPDATE ON `closure_company_types` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  INSERT INTO `closure_cards` (`com_id`, `types`, `team`, `tags`, `investors`)
    SELECT c.com_id, (SELECT coalesce(json_group_array(json_object('id', id, 'p_id', p_id, 'name', name)), '[]') FROM (SELECT t.`id` AS id, t.`p_id` AS p_id, t.`name` AS name FROM `closure_company_types` l JOIN `closure_types` t ON t.`id` = l.`type_id` WHERE l.`com_id` = c.com_id ORDER BY t.`p_id`, t.`sort`, t.`id`)), (SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'position', position)), '[]') FROM (SELECT `id` AS id, `name` AS name, `position` AS position FROM `closure_teams` WHERE `com_id` = c.com_id ORDER BY `id`)), (SELECT coalesce(json_group_array(json_object('tag_id', tag_id, 'tag_name', tag_name)), '[]') FROM (SELECT `tag_id` AS tag_id, `tag_name` AS tag_name FROM `closure_company_tags` WHERE `com_id` = c.com_id ORDER BY `tag_id`)), (SELECT coalesce(json_group_array(json_object('invst_id', invst_id, 'invst_name', invst_name)), '[]') FROM (SELECT `invst_id` AS invst_id, `invst_name` AS invst_name FROM `closure_investors` WHERE `com_id` = c.com_id ORDER BY `invst_id`)) FROM (SELECT OLD.`com_id` AS com_id UNION SELECT NEW.`com_id`) c WHERE c.com_id IS NOT NULL
    ON CONFLICT (`com_id`) DO UPDATE SET `types` = excluded.`types`, `team` = excluded.`team`, `tags` = excluded.`tags`, `investors` = excluded.`investors`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_investors_card_ai`;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_card_ai` AFTER INSERT ON `closure_investors` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  INSERT INTO `closure_cards` (`com_id`, `types`, `team`, `tags`, `investors`)
    SELECT c.com_id, (SELECT coalesce(json_group_array(json_object('id', id, 'p_id', p_id, 'name', name)), '[]') FROM (SELECT t.`id` AS id, t.`p_id` AS p_id, t.`name` AS name FROM `closure_company_types` l JOIN `closure_types` t ON t.`id` = l.`type_id` WHERE l.`com_id` = c.com_id ORDER BY t.`p_id`, t.`sort`, t.`id`)), (SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'position', position)), '[]') FROM (SELECT `id` AS id, `name` AS name, `position` AS position FROM `closure_teams` WHERE `com_id` = c.com_id ORDER BY `id`)), (SELECT coalesce(json_group_array(json_object('tag_id', tag_id, 'tag_name', tag_name)), '[]') FROM (SELECT `tag_id` AS tag_id, `tag_name` AS tag_name FROM `closure_company_tags` WHERE `com_id` = c.com_id ORDER BY `tag_id`)), (SELECT coalesce(json_group_array(json_object('invst_id', invst_id, 'invst_name', invst_name)), '[]') FROM (SELECT `invst_id` AS invst_id, `invst_name` AS invst_name FROM `closure_investors` WHERE `com_id` = c.com_id ORDER BY `invst_id`)) FROM (SELECT NEW.`com_id` AS com_id) c WHERE c.com_id IS NOT NULL
    ON CONFLICT (`com_id`) DO UPDATE SET `types` = excluded.`types`, `team` = excluded.`team`, `tags` = excluded.`tags`, `investors` = excluded.`investors`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_investors_card_ad`;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_card_ad` AFTER DELETE ON `closure_investors` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  INSERT INTO `closure_cards` (`com_id`, `types`, `team`, `tags`, `investors`)
    SELECT c.com_id, (SELECT coalesce(json_group_array(json_object('id', id, 'p_id', p_id, 'name', name)), '[]') FROM (SELECT t.`id` AS id, t.`p_id` AS p_id, t.`name` AS name FROM `closure_company_types` l JOIN `closure_types` t ON t.`id` = l.`type_id` WHERE l.`com_id` = c.com_id ORDER BY t.`p_id`, t.`sort`, t.`id`)), (SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'position', position)), '[]') FROM (SELECT `id` AS id, `name` AS name, `position` AS position FROM `closure_teams` WHERE `com_id` = c.com_id ORDER BY `id`)), (SELECT coalesce(json_group_array(json_object('tag_id', tag_id, 'tag_name', tag_name)), '[]') FROM (SELECT `tag_id` AS tag_id, `tag_name` AS tag_name FROM `closure_company_tags` WHERE `com_id` = c.com_id ORDER BY `tag_id`)), (SELECT coalesce(json_group_array(json_object('invst_id', invst_id, 'invst_name', invst_name)), '[]') FROM (SELECT `invst_id` AS invst_id, `invst_name` AS invst_name FROM `closure_investors` WHERE `com_id` = c.com_id ORDER BY `invst_id`)) FROM (SELECT OLD.`com_id` AS com_id) c WHERE c.com_id IS NOT NULL
    ON CONFLICT (`com_id`) DO UPDATE SET `types` = excluded.`types`, `team` = excluded.`team`, `tags` = excluded.`tags`, `investors` = excluded.`investors`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_investors_card_au`;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_card_au` AFTER UPDATE ON `closure_investors` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  INSERT INTO `closure_cards` (`com_id`, `types`, `team`, `tags`, `investors`)
    SELECT c.com_id, (SELECT coalesce(json_group_array(json_object('id', id, 'p_id', p_id, 'name', name)), '[]') FROM (SELECT t.`id` AS id, t.`p_id` AS p_id, t.`name` AS name FROM `closure_company_types` l JOIN `closure_types` t ON t.`id` = l.`type_id` WHERE l.`com_id` = c.com_id ORDER BY t.`p_id`, t.`sort`, t.`id`)), (SELECT coalesce(json_group_array(json_object('id', id, 'name', name, 'position', position)), '[]') FROM (SELECT `id` AS id, `name` AS name, `position` AS position FROM `closure_teams` WHERE `com_id` = c.com_id ORDER BY `id`)), (SELECT coalesce(json_group_array(json_object('tag_id', tag_id, 'tag_name', tag_name)), '[]') FROM (SELECT `tag_id` AS tag_id, `tag_name` AS tag_name FROM `closure_company_tags` WHERE `com_id` = c.com_id ORDER BY `tag_id`)), (SELECT coalesce(json_group_array(json_object('invst_id', invst_id, 'invst_name', invst_name)), '[]') FROM (SELECT `invst_id` AS invst_id, `invst_name` AS invst_name FROM `closure_investors` WHERE `com_id` = c.com_id ORDER BY `invst_id`)) FROM (SELECT OLD.`com_id` AS com_id UNION SELECT NEW.`com_id`) c WHERE c.com_id IS NOT NULL
    ON CONFLICT (`com_id`) DO UPDATE SET `types` = excluded.`types`, `team` = excluded.`team`, `tags` = excluded.`tags`, `investors` = excluded.`investors`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_firm_cases_ai`;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_ai` AFTER INSERT ON `closure_investors` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  INSERT INTO `closure_firm_stats` (`invst_id`, `com_count`, `cases`) VALUES (NEW.`invst_id`, 0, (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = NEW.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x))
    ON CONFLICT (`invst_id`) DO UPDATE SET `cases` = excluded.`cases`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_firm_cases_ad`;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_ad` AFTER DELETE ON `closure_investors` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  UPDATE `closure_firm_stats` SET `cases` = (SELECT json_group_array(json_object('com_id', x.`com_id`, 'com_name', x.`com_name`)) FROM (
      SELECT c.`com_id`, c.`com_name` FROM `closures` c WHERE c.`com_id` IN (
        SELECT j.`com_id` FROM `closure_investors` j WHERE j.`invst_id` = OLD.`invst_id` ORDER BY j.`total_money` DESC, j.`com_id` DESC LIMIT 3)
      ORDER BY c.`total_money` DESC, c.`com_id` DESC) x) WHERE `invst_id` = OLD.`invst_id`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_firm_cases_au`;
--> statement-breakpoint
CREATE TRIGGER `closure_firm_cases_au` AFTER UPDATE OF `invst_id`, `com_id`, `total_money` ON `closure_investors` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
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
DROP TRIGGER `closure_investors_money_ai`;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_money_ai` AFTER INSERT ON `closure_investors` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  UPDATE `closure_investors` SET `total_money` = COALESCE((SELECT c.`total_money` FROM `closures` c WHERE c.`com_id` = NEW.`com_id`), 0)
  WHERE `com_id` = NEW.`com_id` AND `invst_id` = NEW.`invst_id`;
END;
--> statement-breakpoint
DROP TRIGGER `closure_investors_money_au`;
--> statement-breakpoint
CREATE TRIGGER `closure_investors_money_au` AFTER UPDATE OF `com_id`, `total_money` ON `closure_investors` WHEN NOT EXISTS (SELECT 1 FROM `kept_bulk`) BEGIN
  UPDATE `closure_investors` SET `total_money` = COALESCE((SELECT c.`total_money` FROM `closures` c WHERE c.`com_id` = NEW.`com_id`), 0)
  WHERE `com_id` = NEW.`com_id` AND `invst_id` = NEW.`invst_id`
    AND `total_money` <> COALESCE((SELECT c.`total_money` FROM `closures` c WHERE c.`com_id` = NEW.`com_id`), 0);
END;
