/**
 * Per-IP limit on trial applications, in fixed windows, the way logins are limited
 * (auth/ratelimit.ts): one counter row per key in `login_attempts`, which is a generic
 * key / window / count table; the 'saas_trial:' prefix keeps these keys apart from the login ones.
 */
import { ApiError } from '../lib/errors';

/** Requests to POST /api/saas_app_examination allowed per client IP per window (valid or not). */
export const TRIAL_RATE_LIMIT = { perIp: 10, windowMs: 60 * 60 * 1000 } as const;

/**
 * Counts this request in the caller's window (one statement, so concurrent requests all count)
 * and throws RATE_LIMITED with the seconds until the window ends once the count passes the limit.
 */
export async function hitTrialLimit(d1: D1Database, ip: string, now = Date.now()): Promise<void> {
  const since = now - TRIAL_RATE_LIMIT.windowMs;
  const row = await d1
    .prepare(
      `INSERT INTO login_attempts (key, window_start, failures) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         failures = CASE WHEN window_start <= ?3 THEN 1 ELSE failures + 1 END,
         window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
       RETURNING window_start, failures`,
    )
    .bind(`saas_trial:ip:${ip}`, now, since)
    .first<{ window_start: number; failures: number }>();
  if (row && row.failures > TRIAL_RATE_LIMIT.perIp) {
    const retryAfter = Math.max(1, Math.ceil((row.window_start + TRIAL_RATE_LIMIT.windowMs - now) / 1000));
    throw new ApiError('RATE_LIMITED', `提交过于频繁，请${Math.ceil(retryAfter / 60)}分钟后再试`, { retry_after: retryAfter });
  }
}
