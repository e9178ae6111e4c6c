import { ApiError } from '../lib/errors';

/** Failed logins allowed per window before RATE_LIMITED, per account and per client IP. */
export const LOGIN_LIMITS = { account: 5, ip: 30, windowMs: 15 * 60 * 1000 } as const;

export async function assertLoginAllowed(d1: D1Database, account: string, ip: string, now = Date.now()) {
  const since = now - LOGIN_LIMITS.windowMs;
  const { results } = await d1
    .prepare('SELECT key, failures FROM login_attempts WHERE key IN (?, ?) AND window_start > ?')
    .bind(`acct:${account}`, `ip:${ip}`, since)
    .all<{ key: string; failures: number }>();
  for (const r of results) {
    const limit = r.key.startsWith('acct:') ? LOGIN_LIMITS.account : LOGIN_LIMITS.ip;
    if (r.failures >= limit) throw new ApiError('RATE_LIMITED', '登录失败次数过多，请15分钟后再试');
  }
}

export async function recordLoginFailure(d1: D1Database, account: string, ip: string, now = Date.now()) {
  const since = now - LOGIN_LIMITS.windowMs;
  const stmt = d1.prepare(
    `INSERT INTO login_attempts (key, window_start, failures) VALUES (?1, ?2, 1)
     ON CONFLICT(key) DO UPDATE SET
       failures = CASE WHEN window_start <= ?3 THEN 1 ELSE failures + 1 END,
       window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END`,
  );
  await d1.batch([stmt.bind(`acct:${account}`, now, since), stmt.bind(`ip:${ip}`, now, since)]);
}

export async function clearAccountFailures(d1: D1Database, account: string) {
  await d1.prepare('DELETE FROM login_attempts WHERE key = ?').bind(`acct:${account}`).run();
}
