-- The status and type keys of closure_item_stats are generated from worker/src/db/kept/closure.ts
-- (keptItemStats, migration 0077). The distinct companies of a parent reason per track ('ptype')
-- stay with these hand-written triggers, re-created under their names with only those statements;
-- the triggers on closures wrote status keys alone and go (the generated join triggers replace them).
DROP TRIGGER IF EXISTS `closures_item_stats_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closures_item_stats_bd`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closure_company_tracks_stats_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closure_company_tracks_stats_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closure_company_tracks_stats_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closure_company_types_stats_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closure_company_types_stats_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closure_company_types_stats_au`;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_stats_ai` AFTER INSERT ON `closure_company_tracks` BEGIN
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT DISTINCT 'track', NEW.`tag_id`, 'ptype', CAST(`p_id` AS TEXT), 1 FROM `closure_company_types` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_stats_ad` AFTER DELETE ON `closure_company_tracks` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `kind` = 'track' AND `item_id` = OLD.`tag_id`
    AND `dim` = 'ptype' AND `key` IN (SELECT CAST(`p_id` AS TEXT) FROM `closure_company_types` WHERE `com_id` = OLD.`com_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_stats_au` AFTER UPDATE OF `com_id`, `tag_id` ON `closure_company_tracks` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `kind` = 'track' AND `item_id` = OLD.`tag_id`
    AND `dim` = 'ptype' AND `key` IN (SELECT CAST(`p_id` AS TEXT) FROM `closure_company_types` WHERE `com_id` = OLD.`com_id`);
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT DISTINCT 'track', NEW.`tag_id`, 'ptype', CAST(`p_id` AS TEXT), 1 FROM `closure_company_types` WHERE `com_id` = NEW.`com_id` ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_stats_ai` AFTER INSERT ON `closure_company_types` BEGIN
  INSERT INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`) SELECT 'track', `tag_id`, 'ptype', CAST(NEW.`p_id` AS TEXT), 1 FROM `closure_company_tracks` WHERE `com_id` = NEW.`com_id`
    AND NOT EXISTS (SELECT 1 FROM `closure_company_types` x WHERE x.`com_id` = NEW.`com_id` AND x.`p_id` = NEW.`p_id` AND x.`type_id` <> NEW.`type_id`) ON CONFLICT (`kind`, `item_id`, `dim`, `key`) DO UPDATE SET `n` = `n` + excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_stats_ad` AFTER DELETE ON `closure_company_types` BEGIN
  UPDATE `closure_item_stats` SET `n` = `n` - 1 WHERE `kind` = 'track' AND `item_id` IN (SELECT `tag_id` FROM `closure_company_tracks` WHERE `com_id` = OLD.`com_id`)
    AND `dim` = 'ptype' AND `key` = CAST(OLD.`p_id` AS TEXT) AND NOT EXISTS (SELECT 1 FROM `closure_company_types` x WHERE x.`com_id` = OLD.`com_id` AND x.`p_id` = OLD.`p_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_stats_au` AFTER UPDATE OF `com_id`, `type_id`, `p_id` ON `closure_company_types` BEGIN
  INSERT OR IGNORE INTO `closure_item_stats` (`kind`, `item_id`, `dim`, `key`, `n`)
    SELECT 'track', `tag_id`, 'ptype', CAST(NEW.`p_id` AS TEXT), 0 FROM `closure_company_tracks` WHERE `com_id` = NEW.`com_id`;
  UPDATE `closure_item_stats` SET `n` = (SELECT COUNT(DISTINCT t.`com_id`) FROM `closure_company_tracks` l JOIN `closure_company_types` t ON t.`com_id` = l.`com_id` WHERE l.`tag_id` = `closure_item_stats`.`item_id` AND t.`p_id` = CAST(`closure_item_stats`.`key` AS INTEGER))
    WHERE `kind` = 'track' AND `item_id` IN (SELECT `tag_id` FROM `closure_company_tracks` WHERE `com_id` IN (OLD.`com_id`, NEW.`com_id`))
      AND `dim` = 'ptype' AND `key` IN (CAST(OLD.`p_id` AS TEXT), CAST(NEW.`p_id` AS TEXT));
END;
