/**
 * Login throttling that cannot be turned against the account's owner.
 *
 * Failures are counted in `login_attempts` (key, window_start = time of the last failure,
 * failures = failures in the current streak; a streak ends after STREAK_MS without a failure):
 *  - per account + IP: the first BACKOFF_FREE failures are free, then each further attempt from
 *    that address waits 15 s, 30 s, 1 min … doubling up to 15 minutes after the last failure.
 *    Only the guessing address slows down; the owner elsewhere is unaffected.
 *  - per account, over all addresses: past ACCOUNT_SOFT failures, attempts are spaced
 *    ACCOUNT_SPACING_MS apart (a short cap: at worst the owner waits a few seconds, never 15 min).
 *  - per IP, over all accounts: past IP_LIMIT failures the address waits 15 minutes (spraying).
 * Every refusal is RATE_LIMITED with retry_after (the Retry-After header). A successful login
 * clears the account's counters.
 */
import { ApiError } from '../lib/errors';

export const LOGIN_LIMITS = {
  /** Failures from one address on one account before the backoff starts. */
  backoffFree: 5,
  /** First wait after the free failures; doubles with each further failure. */
  backoffBaseMs: 15_000,
  backoffMaxMs: 15 * 60_000,
  /** Failures on one account from all addresses before attempts are spaced. */
  accountSoft: 20,
  accountSpacingMs: 5_000,
  /** Failures from one address over all accounts before it waits ipWaitMs. */
  ip: 30,
  ipWaitMs: 15 * 60_000,
  /** A streak of failures ends after this long without one. */
  streakMs: 15 * 60_000,
} as const;

const keys = (account: string, ip: string) => ({ pair: `login:pair:${account}|${ip}`, account: `login:acct:${account}`, ip: `login:ip:${ip}` });

/** The wait after `failures` failures from one address on one account (0 while still free). */
export function backoffMs(failures: number): number {
  if (failures < LOGIN_LIMITS.backoffFree) return 0;
  return Math.min(LOGIN_LIMITS.backoffMaxMs, LOGIN_LIMITS.backoffBaseMs * 2 ** (failures - LOGIN_LIMITS.backoffFree));
}

const waitText = (seconds: number) => (seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`);

export async function assertLoginAllowed(d1: D1Database, account: string, ip: string, now = Date.now()) {
  const k = keys(account, ip);
  const { results } = await d1
    .prepare('SELECT key, window_start, failures FROM login_attempts WHERE key IN (?, ?, ?) AND window_start > ?')
    .bind(k.pair, k.account, k.ip, now - LOGIN_LIMITS.streakMs)
    .all<{ key: string; window_start: number; failures: number }>();
  let until = 0;
  for (const r of results) {
    const wait =
      r.key === k.pair
        ? backoffMs(r.failures)
        : r.key === k.account
          ? r.failures >= LOGIN_LIMITS.accountSoft
            ? LOGIN_LIMITS.accountSpacingMs
            : 0
          : r.failures >= LOGIN_LIMITS.ip
            ? LOGIN_LIMITS.ipWaitMs
            : 0;
    if (wait > 0) until = Math.max(until, r.window_start + wait);
  }
  if (until > now) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new ApiError('RATE_LIMITED', `登录失败次数过多，请${waitText(seconds)}后再试`, { retry_after: seconds });
  }
}

export async function recordLoginFailure(d1: D1Database, account: string, ip: string, now = Date.now()) {
  const since = now - LOGIN_LIMITS.streakMs;
  const stmt = d1.prepare(
    `INSERT INTO login_attempts (key, window_start, failures) VALUES (?1, ?2, 1)
     ON CONFLICT(key) DO UPDATE SET
       failures = CASE WHEN window_start <= ?3 THEN 1 ELSE failures + 1 END,
       window_start = ?2`,
  );
  const k = keys(account, ip);
  await d1.batch([stmt.bind(k.pair, now, since), stmt.bind(k.account, now, since), stmt.bind(k.ip, now, since)]);
}

export async function clearAccountFailures(d1: D1Database, account: string, ip: string) {
  const k = keys(account, ip);
  await d1.prepare('DELETE FROM login_attempts WHERE key IN (?, ?)').bind(k.account, k.pair).run();
}
