/**
 * Rate limits of write actions, per user and per client IP, in fixed windows: one counter row per
 * key in `action_hits` (db/ratelimit.ts; the key's prefix names the limit). Every attempt counts,
 * valid or not, so a flood of bad requests is throttled too. A refused request throws RATE_LIMITED
 * with `retry_after` (seconds until its window ends), which the error envelope also sends as the
 * Retry-After header.
 *
 * Two ways to apply a limit:
 *  - a route: `limit: LIMITS.x` on its declaration (lib/route.ts); the `actionLimits` middleware in
 *    app.ts counts it after the session and access checks, before validation;
 *  - inside a handler: `await hitLimit(c.env.DB, LIMITS.x, { userId: user?.id, ip: clientIp(...) })`.
 *
 * Expired rows (these counters and the login backoff's) are deleted by `sweepAttempts` on the
 * reconcile cron (scheduled.ts), a bounded number per run.
 */
import type { MiddlewareHandler } from 'hono';
import { LOGIN_LIMITS, waitText } from '../auth/ratelimit';
import { countHits, deleteExpiredHits } from '../db/ratelimit';
import type { AppEnv } from '../env';
import { ApiError } from './errors';
import { clientIp } from './params';
import type { RoutePolicy } from './route';

export interface RateLimit {
  /** Key prefix of the counters, unique per limit. */
  name: string;
  /** Attempts per signed-in user per window (absent: not limited per user). */
  perUser?: number;
  /** Attempts per client IP per window. */
  perIp: number;
  windowMs: number;
  /** What is limited, for the message: '评论', '上香'… */
  what: string;
}

const MINUTE = 60_000;

/** The limits of the product's write actions; a route names its own in its declaration (`limit`). */
export const LIMITS = {
  register: { name: 'register', perIp: 10, windowMs: 60 * MINUTE, what: '注册' },
  comment: { name: 'comment', perUser: 30, perIp: 100, windowMs: 10 * MINUTE, what: '评论' },
  incense: { name: 'incense', perUser: 60, perIp: 300, windowMs: 10 * MINUTE, what: '上香' },
  subscribe: { name: 'subscribe', perUser: 10, perIp: 30, windowMs: 10 * MINUTE, what: '订阅' },
  trial: { name: 'saas_trial', perUser: 5, perIp: 10, windowMs: 60 * MINUTE, what: '试用申请' },
} as const satisfies Record<string, RateLimit>;

/**
 * Counts one attempt against the user's and the IP's windows (one batch, so concurrent requests
 * all count) and throws RATE_LIMITED once either passes its limit.
 */
export async function hitLimit(d1: D1Database, limit: RateLimit, who: { userId?: number | null; ip: string }, now = Date.now()): Promise<void> {
  const counters: { key: string; max: number }[] = [{ key: `${limit.name}:ip:${who.ip}`, max: limit.perIp }];
  if (limit.perUser !== undefined && who.userId) counters.push({ key: `${limit.name}:user:${who.userId}`, max: limit.perUser });
  const rows = await countHits(
    d1,
    counters.map((k) => k.key),
    now,
    now - limit.windowMs,
  );
  let retryAfter = 0;
  rows.forEach((row, i) => {
    if (row && row.hits > counters[i].max) retryAfter = Math.max(retryAfter, Math.ceil((row.windowStart + limit.windowMs - now) / 1000));
  });
  if (retryAfter > 0) {
    const seconds = Math.max(1, retryAfter);
    throw new ApiError('RATE_LIMITED', `${limit.what}过于频繁，请${waitText(seconds)}后再试`, { retry_after: seconds });
  }
}

/** Counts the matched route's declared limit; mounted after `session` and `access`. */
export function actionLimits(policy: RoutePolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limit = policy.of(c)?.entry?.limit;
    if (limit) await hitLimit(c.env.DB, limit, { userId: c.get('user')?.id, ip: clientIp((n) => c.req.header(n)) });
    await next();
  };
}

/**
 * The longest any `action_hits` row matters: the longest window of LIMITS, and for the login
 * counters the streak (a failure older than it is forgotten) and the longest wait it can start
 * (the backoff cap and the IP's wait both run from the last failure). A row whose window_start is
 * older than this counts for nothing and blocks no one.
 */
export const ATTEMPT_ROW_TTL_MS = Math.max(
  ...Object.values(LIMITS).map((l) => l.windowMs),
  LOGIN_LIMITS.streakMs,
  LOGIN_LIMITS.backoffMaxMs,
  LOGIN_LIMITS.ipWaitMs,
);

/** Rows per DELETE and DELETEs per run: a run removes at most 10,000 rows, however many keys a flood left. */
export const SWEEP_BATCH = 1000;
export const SWEEP_MAX_BATCHES = 10;

/**
 * Deletes expired rate-limit and login-backoff rows (window_start older than ATTEMPT_ROW_TTL_MS),
 * oldest first, in batches, and stops after `maxBatches` (the next cron run takes the rest). Live
 * windows and live lockouts are newer than the cutoff and stay. Returns the rows deleted.
 */
export async function sweepAttempts(d1: D1Database, opts: { now?: number; batch?: number; maxBatches?: number } = {}): Promise<number> {
  const cutoff = (opts.now ?? Date.now()) - ATTEMPT_ROW_TTL_MS;
  const batch = opts.batch ?? SWEEP_BATCH;
  let deleted = 0;
  for (let i = 0; i < (opts.maxBatches ?? SWEEP_MAX_BATCHES); i++) {
    const n = await deleteExpiredHits(d1, cutoff, batch);
    deleted += n;
    if (n < batch) break;
  }
  return deleted;
}
