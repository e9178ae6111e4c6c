-- Watchlists: saved searches, the change log they are matched against, webhook endpoints and deliveries.
-- Hand-written (the tables are declared in worker/src/watch/tables.ts, outside drizzle-kit's schema).

CREATE TABLE `saved_searches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`name` text NOT NULL,
	`area` text NOT NULL,
	`query` text NOT NULL,
	`paused` integer DEFAULT 0 NOT NULL,
	`mail` integer DEFAULT 1 NOT NULL,
	`feed_salt` text NOT NULL,
	`feed_hash` text NOT NULL,
	`seen_at` integer NOT NULL,
	`notified_at` integer NOT NULL,
	`hooked_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "saved_searches_paused_ck" CHECK("paused" in (0, 1)),
	CONSTRAINT "saved_searches_mail_ck" CHECK("mail" in (0, 1)),
	CONSTRAINT "saved_searches_area_ck" CHECK("area" in ('closure', 'closure/amount_top', 'closure/valuation_top', 'starmarket', 'starmarket/listed', 'investevent', 'news'))
);
--> statement-breakpoint
CREATE INDEX `saved_searches_user_idx` ON `saved_searches` (`user_id`, `id`);--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_feed_uq` ON `saved_searches` (`feed_hash`);--> statement-breakpoint
CREATE INDEX `saved_searches_due_idx` ON `saved_searches` (`paused`, `area`);--> statement-breakpoint

-- One row per insert or meaningful update of a listed row; the matching step reads only the rows
-- logged since its last run, never the lists themselves.
CREATE TABLE `watch_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`row_id` integer NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `watch_changes_source_at_idx` ON `watch_changes` (`source`, `changed_at`);--> statement-breakpoint
CREATE INDEX `watch_changes_at_idx` ON `watch_changes` (`changed_at`);--> statement-breakpoint

CREATE TRIGGER `watch_closures_ins` AFTER INSERT ON `closures` BEGIN
	INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('closures', NEW.com_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint
CREATE TRIGGER `watch_closures_upd` AFTER UPDATE OF com_name, com_prov, cat_id, fund_status_id, close_date, total_money, valuation, horse_unicorn ON `closures` BEGIN
	INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('closures', NEW.com_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint
CREATE TRIGGER `watch_star_ins` AFTER INSERT ON `starmarket_companies` BEGIN
	INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('starmarket', NEW.m_com_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint
CREATE TRIGGER `watch_star_upd` AFTER UPDATE OF state_id, is_listed, acceptance_update_time, com_prov, cat_id, count_money, money ON `starmarket_companies` BEGIN
	INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('starmarket', NEW.m_com_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint
CREATE TRIGGER `watch_events_ins` AFTER INSERT ON `invest_events` BEGIN
	INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('invest_events', NEW.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint
CREATE TRIGGER `watch_events_upd` AFTER UPDATE OF money, round_id, date, scope ON `invest_events` BEGIN
	INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('invest_events', NEW.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint
CREATE TRIGGER `watch_news_ins` AFTER INSERT ON `news` BEGIN
	INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('news', NEW.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint
CREATE TRIGGER `watch_news_upd` AFTER UPDATE OF title, url, scope, date ON `news` BEGIN
	INSERT INTO watch_changes (source, row_id, changed_at) VALUES ('news', NEW.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;--> statement-breakpoint

-- The watchlist digest: one row per user per working day, planned by the 10:00 job with what the
-- e-mail says (payload, JSON), then claimed, sent and settled by the digest queue's consumer
-- (queued -> sending -> sent | failed, failed retried below the attempt limit). The key makes a
-- rerun of the day plan nothing twice.
CREATE TABLE `watch_digests` (
	`user_id` integer NOT NULL,
	`day` integer NOT NULL,
	`email` text NOT NULL,
	`status` text NOT NULL,
	`matches` integer NOT NULL,
	`payload` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claim` text DEFAULT '' NOT NULL,
	`touched_at` integer NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`message_id` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	PRIMARY KEY (`user_id`, `day`),
	CONSTRAINT "watch_digests_status_ck" CHECK("status" in ('queued', 'sending', 'sent', 'failed'))
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `watch_digests_day_status_idx` ON `watch_digests` (`day`, `status`, `touched_at`);
--> statement-breakpoint
-- The address the watchlist digest goes to (an account signed up with a phone number adds one).
CREATE TABLE `watch_mailboxes` (
	`user_id` integer PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`email` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- VIP webhooks: an HTTPS endpoint per saved search with its signing secret (Standard Webhooks), and
-- one delivery per endpoint per matched row change, retried with backoff until delivered or failed.
CREATE TABLE `watch_endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`search_id` integer NOT NULL REFERENCES `saved_searches`(`id`) ON DELETE CASCADE,
	`url` text NOT NULL,
	`secret` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`disabled_at` integer,
	CONSTRAINT "watch_endpoints_status_ck" CHECK("status" in ('active', 'disabled'))
);
--> statement-breakpoint
CREATE INDEX `watch_endpoints_search_idx` ON `watch_endpoints` (`search_id`, `status`);--> statement-breakpoint
CREATE TABLE `watch_webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`endpoint_id` integer NOT NULL REFERENCES `watch_endpoints`(`id`) ON DELETE CASCADE,
	`msg_id` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status` integer,
	`last_error` text DEFAULT '' NOT NULL,
	`next_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	CONSTRAINT "watch_webhook_deliveries_status_ck" CHECK("status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watch_webhook_deliveries_msg_uq` ON `watch_webhook_deliveries` (`endpoint_id`, `msg_id`);--> statement-breakpoint
CREATE INDEX `watch_webhook_deliveries_due_idx` ON `watch_webhook_deliveries` (`status`, `next_at`);
--> statement-breakpoint
-- Followed companies in the digest: who follows a company whose events or news changed (follows'
-- own key starts with the user), where the last run stopped, and who turned that part off.
CREATE INDEX `watch_follows_item_idx` ON `follows` (`type`, `item_id`);--> statement-breakpoint
CREATE TABLE `watch_marks` (
	`name` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `watch_follow_mail` (
	`user_id` integer PRIMARY KEY NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`mail` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "watch_follow_mail_ck" CHECK("mail" in (0, 1))
);
