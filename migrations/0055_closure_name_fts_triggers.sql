-- The closed-company triggers that kept both the name search index and closure_counts, split: the
-- counts are generated from worker/src/db/kept/closure.ts (npm run db:kept, next migration); the
-- search index keeps triggers of its own here.
DROP TRIGGER IF EXISTS `closures_derived_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closures_derived_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `closures_derived_au`;
--> statement-breakpoint
CREATE TRIGGER `closures_name_fts_ai` AFTER INSERT ON `closures` BEGIN
  INSERT INTO `closure_name_fts` (rowid, `com_name`) VALUES (NEW.`com_id`, NEW.`com_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `closures_name_fts_ad` AFTER DELETE ON `closures` BEGIN
  INSERT INTO `closure_name_fts` (`closure_name_fts`, rowid, `com_name`) VALUES ('delete', OLD.`com_id`, OLD.`com_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `closures_name_fts_au` AFTER UPDATE OF `com_name` ON `closures` BEGIN
  INSERT INTO `closure_name_fts` (`closure_name_fts`, rowid, `com_name`) VALUES ('delete', OLD.`com_id`, OLD.`com_name`);
  INSERT INTO `closure_name_fts` (rowid, `com_name`) VALUES (NEW.`com_id`, NEW.`com_name`);
END;
