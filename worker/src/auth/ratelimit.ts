/**
 * Login throttling that cannot be turned against the account's owner.
 *
 * Failures are counted in `action_hits` (db/ratelimit.ts: key, window_start = time of the last failure,
 * hits = failures in the current streak; a streak ends after STREAK_MS without a failure):
 *  - per account + IP: the first BACKOFF_FREE failures are free, then each further attempt from
 *    that address waits 15 s, 30 s, 1 min … doubling up to 15 minutes after the last failure.
 *    Only the guessing address slows down; the owner elsewhere is unaffected.
 *  - per account, over all addresses: past ACCOUNT_SOFT failures, attempts are spaced
 *    ACCOUNT_SPACING_MS apart (a short cap: at worst the owner waits a few seconds, never 15 min).
 *  - per IP, over all accounts: past IP_LIMIT failures the address waits 15 minutes (spraying).
 * Every refusal is RATE_LIMITED with retry_after (the Retry-After header). A successful login
 * clears the account's counters.
 */
import { clearHits, countFailures, liveHits } from '../db/ratelimit';
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

/** A wait in words: seconds under a minute, else whole minutes. */
export const waitText = (seconds: number) => (seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`);

export async function assertLoginAllowed(d1: D1Database, account: string, ip: string, now = Date.now()) {
  const k = keys(account, ip);
  const rows = await liveHits(d1, [k.pair, k.account, k.ip], now - LOGIN_LIMITS.streakMs);
  let until = 0;
  for (const r of rows) {
    const wait =
      r.key === k.pair
        ? backoffMs(r.hits)
        : r.key === k.account
          ? r.hits >= LOGIN_LIMITS.accountSoft
            ? LOGIN_LIMITS.accountSpacingMs
            : 0
          : r.hits >= LOGIN_LIMITS.ip
            ? LOGIN_LIMITS.ipWaitMs
            : 0;
    if (wait > 0) until = Math.max(until, r.windowStart + wait);
  }
  if (until > now) {
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new ApiError('RATE_LIMITED', `登录失败次数过多，请${waitText(seconds)}后再试`, { retry_after: seconds });
  }
}

export async function recordLoginFailure(d1: D1Database, account: string, ip: string, now = Date.now()) {
  const k = keys(account, ip);
  await countFailures(d1, [k.pair, k.account, k.ip], now, now - LOGIN_LIMITS.streakMs);
}

export async function clearAccountFailures(d1: D1Database, account: string, ip: string) {
  const k = keys(account, ip);
  await clearHits(d1, [k.account, k.pair]);
}
