-- Custom SQL migration file, put your code below! --
-- Company counts of each reason ('type'), parent reason ('ptype', distinct companies), track and album,
-- kept in closure_counts by triggers on the link tables, so a list's total is one row, not a range count.
-- Inserts and deletes adjust by one; the rare update of a link row recounts the keys it touches.
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'type', CAST(`type_id` AS TEXT), COUNT(*) FROM `closure_company_types` GROUP BY `type_id`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'ptype', CAST(`p_id` AS TEXT), COUNT(DISTINCT `com_id`) FROM `closure_company_types` GROUP BY `p_id`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'track', CAST(`tag_id` AS TEXT), COUNT(*) FROM `closure_company_tracks` GROUP BY `tag_id`;
--> statement-breakpoint
INSERT INTO `closure_counts` (`dim`, `key`, `n`) SELECT 'album', CAST(`album_id` AS TEXT), COUNT(*) FROM `closure_company_albums` GROUP BY `album_id`;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_count_ai` AFTER INSERT ON `closure_company_types` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('type', CAST(NEW.`type_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `closure_counts` (`dim`, `key`, `n`)
    SELECT 'ptype', CAST(NEW.`p_id` AS TEXT), 1
    WHERE NOT EXISTS (SELECT 1 FROM `closure_company_types` x WHERE x.`com_id` = NEW.`com_id` AND x.`p_id` = NEW.`p_id` AND x.`type_id` <> NEW.`type_id`)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_count_ad` AFTER DELETE ON `closure_company_types` BEGIN
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE `dim` = 'type' AND `key` = CAST(OLD.`type_id` AS TEXT);
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE `dim` = 'ptype' AND `key` = CAST(OLD.`p_id` AS TEXT)
    AND NOT EXISTS (SELECT 1 FROM `closure_company_types` x WHERE x.`com_id` = OLD.`com_id` AND x.`p_id` = OLD.`p_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_types_count_au` AFTER UPDATE OF `com_id`, `type_id`, `p_id` ON `closure_company_types` BEGIN
  UPDATE `closure_counts` SET `n` = (SELECT COUNT(*) FROM `closure_company_types` WHERE `type_id` = OLD.`type_id`) WHERE `dim` = 'type' AND `key` = CAST(OLD.`type_id` AS TEXT);
  UPDATE `closure_counts` SET `n` = (SELECT COUNT(DISTINCT `com_id`) FROM `closure_company_types` WHERE `p_id` = OLD.`p_id`) WHERE `dim` = 'ptype' AND `key` = CAST(OLD.`p_id` AS TEXT);
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES
    ('type', CAST(NEW.`type_id` AS TEXT), (SELECT COUNT(*) FROM `closure_company_types` WHERE `type_id` = NEW.`type_id`)),
    ('ptype', CAST(NEW.`p_id` AS TEXT), (SELECT COUNT(DISTINCT `com_id`) FROM `closure_company_types` WHERE `p_id` = NEW.`p_id`))
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = excluded.`n`;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_count_ai` AFTER INSERT ON `closure_company_tracks` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('track', CAST(NEW.`tag_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_count_ad` AFTER DELETE ON `closure_company_tracks` BEGIN
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE `dim` = 'track' AND `key` = CAST(OLD.`tag_id` AS TEXT);
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_tracks_count_au` AFTER UPDATE OF `tag_id` ON `closure_company_tracks` BEGIN
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE `dim` = 'track' AND `key` = CAST(OLD.`tag_id` AS TEXT);
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('track', CAST(NEW.`tag_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_albums_count_ai` AFTER INSERT ON `closure_company_albums` BEGIN
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('album', CAST(NEW.`album_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_albums_count_ad` AFTER DELETE ON `closure_company_albums` BEGIN
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE `dim` = 'album' AND `key` = CAST(OLD.`album_id` AS TEXT);
END;
--> statement-breakpoint
CREATE TRIGGER `closure_company_albums_count_au` AFTER UPDATE OF `album_id` ON `closure_company_albums` BEGIN
  UPDATE `closure_counts` SET `n` = `n` - 1 WHERE `dim` = 'album' AND `key` = CAST(OLD.`album_id` AS TEXT);
  INSERT INTO `closure_counts` (`dim`, `key`, `n`) VALUES ('album', CAST(NEW.`album_id` AS TEXT), 1)
  ON CONFLICT (`dim`, `key`) DO UPDATE SET `n` = `n` + 1;
END;
