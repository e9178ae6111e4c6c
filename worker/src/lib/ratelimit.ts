/**
 * Rate limits of write actions, per user and per client IP, in fixed windows: one counter row per
 * key in `login_attempts` (a generic key / window_start / count table; the key's prefix names the
 * limit). Every attempt counts, valid or not, so a flood of bad requests is throttled too.
 * A refused request throws RATE_LIMITED with `retry_after` (seconds until its window ends), which
 * the error envelope also sends as the Retry-After header.
 *
 * Two ways to apply a limit:
 *  - a route: add `'<METHOD> /api/<path>': LIMIT` to ACTION_LIMITS below (the `actionLimits`
 *    middleware in app.ts runs after the session and access checks, before validation), e.g.
 *    `'POST /api/medical/subscribe': LIMITS.subscribe`;
 *  - inside a handler: `await hitLimit(c.env.DB, LIMITS.x, { userId: user?.id, ip: clientIp(...) })`.
 *
 * Expired rows (these counters and the login backoff's) are deleted by `sweepAttempts` on the
 * reconcile cron (scheduled.ts), a bounded number per run.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { LOGIN_LIMITS } from '../auth/ratelimit';
import type { AppEnv } from '../env';
import { ApiError } from './errors';
import { clientIp } from './params';

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

/** The limits of the product's write actions. */
export const LIMITS = {
  register: { name: 'register', perIp: 10, windowMs: 60 * MINUTE, what: '注册' },
  comment: { name: 'comment', perUser: 30, perIp: 100, windowMs: 10 * MINUTE, what: '评论' },
  incense: { name: 'incense', perUser: 60, perIp: 300, windowMs: 10 * MINUTE, what: '上香' },
  subscribe: { name: 'subscribe', perUser: 10, perIp: 30, windowMs: 10 * MINUTE, what: '订阅' },
  trial: { name: 'saas_trial', perUser: 5, perIp: 10, windowMs: 60 * MINUTE, what: '试用申请' },
} as const satisfies Record<string, RateLimit>;

/** `METHOD /api/path` (Hono pattern, as access.ts keys routes) -> its limit. */
export const ACTION_LIMITS: Record<string, RateLimit> = {
  'POST /api/auth/register': LIMITS.register,
  'GET /api/add_comment': LIMITS.comment,
  'POST /api/add_comment': LIMITS.comment,
  'GET /api/add_revert_comment': LIMITS.comment,
  'POST /api/add_revert_comment': LIMITS.comment,
  'GET /api/closure/add_closure_comment': LIMITS.comment,
  'POST /api/closure/add_closure_comment': LIMITS.comment,
  'GET /api/closure/add_closure_revert_comment': LIMITS.comment,
  'POST /api/closure/add_closure_revert_comment': LIMITS.comment,
  'GET /api/closure/add_incense': LIMITS.incense,
  'POST /api/closure/add_incense': LIMITS.incense,
  'POST /api/medical/subscribe': LIMITS.subscribe,
  // POST /api/saas_app_examination: LIMITS.trial, counted by the saas area itself (saas/ratelimit.ts).
};

const COUNT_SQL = `INSERT INTO login_attempts (key, window_start, failures) VALUES (?1, ?2, 1)
  ON CONFLICT(key) DO UPDATE SET
    failures = CASE WHEN window_start <= ?3 THEN 1 ELSE failures + 1 END,
    window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
  RETURNING window_start, failures`;

const waitText = (seconds: number) => (seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`);

/**
 * Counts one attempt against the user's and the IP's windows (one batch, so concurrent requests
 * all count) and throws RATE_LIMITED once either passes its limit.
 */
export async function hitLimit(d1: D1Database, limit: RateLimit, who: { userId?: number | null; ip: string }, now = Date.now()): Promise<void> {
  const since = now - limit.windowMs;
  const counters: { key: string; max: number }[] = [{ key: `${limit.name}:ip:${who.ip}`, max: limit.perIp }];
  if (limit.perUser !== undefined && who.userId) counters.push({ key: `${limit.name}:user:${who.userId}`, max: limit.perUser });
  const results = await d1.batch(counters.map((k) => d1.prepare(COUNT_SQL).bind(k.key, now, since)));
  let retryAfter = 0;
  results.forEach((r, i) => {
    const row = r.results[0] as { window_start: number; failures: number } | undefined;
    if (row && row.failures > counters[i].max) retryAfter = Math.max(retryAfter, Math.ceil((row.window_start + limit.windowMs - now) / 1000));
  });
  if (retryAfter > 0) {
    const seconds = Math.max(1, retryAfter);
    throw new ApiError('RATE_LIMITED', `${limit.what}过于频繁，请${waitText(seconds)}后再试`, { retry_after: seconds });
  }
}

/** Applies ACTION_LIMITS to the matched route; mounted after `session` and `access`. */
export const actionLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  const endpoint = [...matchedRoutes(c)].reverse().find((r) => r.method !== 'ALL');
  const limit = endpoint && ACTION_LIMITS[`${endpoint.method} ${endpoint.path}`];
  if (limit) await hitLimit(c.env.DB, limit, { userId: c.get('user')?.id, ip: clientIp((n) => c.req.header(n)) });
  await next();
};

/**
 * The longest any `login_attempts` row matters: the longest window of LIMITS, and for the login
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
 * oldest first, in batches through login_attempts_window_idx, and stops after `maxBatches` (the
 * next cron run takes the rest). Live windows and live lockouts are newer than the cutoff and
 * stay. Returns the rows deleted.
 */
export async function sweepAttempts(d1: D1Database, opts: { now?: number; batch?: number; maxBatches?: number } = {}): Promise<number> {
  const cutoff = (opts.now ?? Date.now()) - ATTEMPT_ROW_TTL_MS;
  const batch = opts.batch ?? SWEEP_BATCH;
  const stmt = d1.prepare(
    'DELETE FROM login_attempts WHERE rowid IN (SELECT rowid FROM login_attempts WHERE window_start < ?1 ORDER BY window_start LIMIT ?2)',
  );
  let deleted = 0;
  for (let i = 0; i < (opts.maxBatches ?? SWEEP_MAX_BATCHES); i++) {
    const n = (await stmt.bind(cutoff, batch).run()).meta.changes ?? 0;
    deleted += n;
    if (n < batch) break;
  }
  return deleted;
}
