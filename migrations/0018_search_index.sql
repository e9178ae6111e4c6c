-- Custom SQL migration file, put your code below! --
-- The global search (GET /api/search): an FTS5 index over search_names, whose rows carry text
-- computed in JS with pinyin-pro when they are written (worker/src/search/keys.ts):
--   chars  the name with a space between characters, so a Chinese keyword is a phrase of adjacent characters;
--   head   the name's whole pinyin and its initials ('meituan mt'): a keyword matching here matches at the start;
--   tail   the same from every later syllable ('tuan t'): a keyword matching here matches inside the name.
-- unicode61 tokens with prefix indexes of 1-4 letters, so 'm*', 'mt*' and 'meit*' read one prefix
-- doclist instead of walking every term. rowid = kind * 2^32 + id: each kind is one rowid range.
-- External content: the triggers below keep it in the same transaction as every write to search_names.
CREATE VIRTUAL TABLE `search_fts` USING fts5(chars, head, tail, content='search_names', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3 4');
--> statement-breakpoint
CREATE TRIGGER `search_names_ai` AFTER INSERT ON `search_names` BEGIN
  INSERT INTO `search_fts` (rowid, `chars`, `head`, `tail`) VALUES (NEW.`id`, NEW.`chars`, NEW.`head`, NEW.`tail`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_names_ad` AFTER DELETE ON `search_names` BEGIN
  INSERT INTO `search_fts` (`search_fts`, rowid, `chars`, `head`, `tail`) VALUES ('delete', OLD.`id`, OLD.`chars`, OLD.`head`, OLD.`tail`);
END;
--> statement-breakpoint
CREATE TRIGGER `search_names_au` AFTER UPDATE ON `search_names` BEGIN
  INSERT INTO `search_fts` (`search_fts`, rowid, `chars`, `head`, `tail`) VALUES ('delete', OLD.`id`, OLD.`chars`, OLD.`head`, OLD.`tail`);
  INSERT INTO `search_fts` (rowid, `chars`, `head`, `tail`) VALUES (NEW.`id`, NEW.`chars`, NEW.`head`, NEW.`tail`);
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
