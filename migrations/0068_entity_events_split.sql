-- entity_events_* kept list_day_counts and invest_event_tags (now generated from
-- worker/src/db/kept/entity.ts, migration 0069) and invest_event_firms (still by hand): recreated
-- under their names with the invest_event_firms statements only.
DROP TRIGGER IF EXISTS `entity_events_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `entity_events_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `entity_events_au`;
--> statement-breakpoint
CREATE TRIGGER `entity_events_ai` AFTER INSERT ON `invest_events` BEGIN
  INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT i.`invst_id`, NEW.`id`, NEW.`scope`, NEW.`date` FROM `invest_event_investors` i WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_events_ad` AFTER DELETE ON `invest_events` BEGIN
  DELETE FROM `invest_event_firms` WHERE `event_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `entity_events_au` AFTER UPDATE OF `id`, `date`, `scope` ON `invest_events` BEGIN
  DELETE FROM `invest_event_firms` WHERE `event_id` = OLD.`id`;
  INSERT INTO `invest_event_firms` (`invst_id`, `event_id`, `scope`, `date`) SELECT i.`invst_id`, NEW.`id`, NEW.`scope`, NEW.`date` FROM `invest_event_investors` i WHERE i.`event_id` = NEW.`id` AND i.`invst_id` > 0;
END;
