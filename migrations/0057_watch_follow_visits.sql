-- The watchlist page's followed companies: when a user last opened each one from the page (no row:
-- since the follow), and the change log by row, so a company's new events and news since then are
-- counted from its own rows rather than from the whole log.
CREATE TABLE `watch_follow_visits` (
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE CASCADE,
	`com_id` integer NOT NULL,
	`seen_at` integer NOT NULL,
	PRIMARY KEY (`user_id`, `com_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `watch_changes_row_idx` ON `watch_changes` (`source`, `row_id`, `changed_at`);
