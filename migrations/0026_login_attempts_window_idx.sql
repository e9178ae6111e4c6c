-- Custom SQL migration file, put your code below! ---- The rate-limit / login-backoff sweep (worker/src/lib/ratelimit.ts sweepAttempts) deletes expired
-- rows oldest first in bounded batches: this index finds them without reading the live ones.
CREATE INDEX IF NOT EXISTS `login_attempts_window_idx` ON `login_attempts` (`window_start`);
