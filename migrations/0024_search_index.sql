-- Custom SQL migration file, put your code below! --
-- The global search (GET /api/search): an FTS5 index over search_names, whose rows carry text
-- computed in JS with pinyin-pro when they are written (worker/src/search/keys.ts):
--   head   tokens that start the name: the name itself, its whole pinyin, its initials ('美团 meituan mt');
--   tail   tokens that start inside it: from every later character, syllable and initial ('团 tuan t').
-- Every token starts with the kind's digit (1 company, 2 firm, 3 person: '1meituan'), so each kind
-- has its own doclists. Each key is indexed with its prefixes of 1-6 characters, so a keyword of up
-- to 6 characters is a whole token ('1美', '1mt') whose doclist FTS5 reads lazily and stops at the
-- first N matches; a longer keyword is a prefix query over the few terms that start with it.
-- detail=column: no positions are needed (single tokens only), which keeps the index small.
-- rowid = kind * 2^32 + id (search_names.id).
-- External content: the triggers below keep it in the same transaction as every write to search_names.
CREATE VIRTUAL TABLE `search_fts` USING fts5(head, tail, content='search_names', content_rowid='id', tokenize='unicode61 remove_diacritics 2', detail='column');
--> statement-breakpoint
CREATE TRIGGER `search_names_ai` AFTER INSERT ON `search_names` BEGIN
  INSERT INTO `search_fts` (rowid, `head`, `tail`) VALUES (NEW.`id`, NEW.`head`, NEW.`tail`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_names_ad` AFTER DELETE ON `search_names` BEGIN
  INSERT INTO `search_fts` (`search_fts`, rowid, `head`, `tail`) VALUES ('delete', OLD.`id`, OLD.`head`, OLD.`tail`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_names_au` AFTER UPDATE ON `search_names` BEGIN
  INSERT INTO `search_fts` (`search_fts`, rowid, `head`, `tail`) VALUES ('delete', OLD.`id`, OLD.`head`, OLD.`tail`);
  INSERT INTO `search_fts` (rowid, `head`, `tail`) VALUES (NEW.`id`, NEW.`head`, NEW.`tail`);
END;
--> statement-breakpoint
-- A deleted company, firm or person leaves the search with it (a renamed one is rewritten by its writer, which computes the pinyin).
CREATE TRIGGER `companies_search_ad` AFTER DELETE ON `companies` BEGIN
  DELETE FROM `search_names` WHERE `id` = 4294967296 + OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `invest_firms_search_ad` AFTER DELETE ON `invest_firms` BEGIN
  DELETE FROM `search_names` WHERE `id` = 8589934592 + OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `persons_search_ad` AFTER DELETE ON `persons` BEGIN
  DELETE FROM `search_names` WHERE `id` = 12884901888 + OLD.`id`;
END;
--> statement-breakpoint
-- The entity pages' lists, each read in date order from an index (not in the drizzle schema of
-- another area's table, so drizzle-kit never drops them: it diffs its own snapshots only).
CREATE INDEX IF NOT EXISTS `comments_user_idx` ON `comments` (`user_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `incense_user_idx` ON `incense_records` (`user_id`, `created_at`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `invest_events_date_idx` ON `invest_events` (`date`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `news_date_idx` ON `news` (`date`);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `policies_put_time_idx` ON `policies` (`put_time`);
