-- The counters of every rate-limited action (sign-ups, comments, incense, subscriptions, trial
-- applications) and of the login backoff: named for what they hold, not for logins alone.
ALTER TABLE `login_attempts` RENAME TO `action_hits`;
--> statement-breakpoint
ALTER TABLE `action_hits` RENAME COLUMN `failures` TO `hits`;
--> statement-breakpoint
DROP INDEX IF EXISTS `login_attempts_window_idx`;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS `action_hits_window_idx` ON `action_hits` (`window_start`);
