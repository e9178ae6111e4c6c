/**
 * The sweep of expired rate-limit and login-backoff rows (lib/rate-limit.ts sweepAttempts) on the
 * reconcile cron: expired windows go, live windows and a live login lockout stay, and one run
 * deletes a bounded number of rows through the window_start index.
 */
import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { assertLoginAllowed, LOGIN_LIMITS, recordLoginFailure } from '../../../worker/src/auth/ratelimit';
import { RECONCILE_CRON } from '../../../worker/src/exports/lease';
import { ATTEMPT_ROW_TTL_MS, hitLimit, LIMITS, sweepAttempts } from '../../../worker/src/lib/rate-limit';
import { runScheduled } from '../../../worker/src/scheduled';

const HOUR = 3_600_000;
const keys = async () => (await env.DB.prepare('SELECT key FROM action_hits ORDER BY key').all<{ key: string }>()).results.map((r) => r.key);
const rowCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM action_hits').first<number>('n'))!;

async function insertExpired(n: number, prefix: string, windowStart: number) {
  const stmts = [];
  for (let i = 0; i < n; i += 500) {
    const values = Array.from({ length: Math.min(500, n - i) }, (_, j) => `('${prefix}:${i + j}', ${windowStart - (i + j)}, 3)`).join(',');
    stmts.push(env.DB.prepare(`INSERT INTO action_hits (key, window_start, hits) VALUES ${values}`));
  }
  await env.DB.batch(stmts);
}

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM action_hits').run();
});

describe('sweep of action_hits', () => {
  it('keeps every row as long as any limit can use it: the TTL is the longest window', () => {
    expect(ATTEMPT_ROW_TTL_MS).toBe(Math.max(...Object.values(LIMITS).map((l) => l.windowMs), LOGIN_LIMITS.streakMs, LOGIN_LIMITS.backoffMaxMs, LOGIN_LIMITS.ipWaitMs));
    expect(ATTEMPT_ROW_TTL_MS).toBeGreaterThanOrEqual(LIMITS.register.windowMs);
  });

  it('deletes expired windows, keeps live ones, and a live lockout still refuses after the sweep', async () => {
    const now = Date.now();
    // Expired: a register window and a comment window from yesterday, an old login streak.
    await hitLimit(env.DB, LIMITS.register, { ip: '10.9.0.1' }, now - 25 * HOUR);
    await hitLimit(env.DB, LIMITS.comment, { ip: '10.9.0.2', userId: 77 }, now - 2 * HOUR);
    await recordLoginFailure(env.DB, 'old@example.com', '10.9.0.3', now - 3 * HOUR);
    // Live: a register window opened 50 minutes ago (its hour is not over) and a comment window of a minute ago.
    await hitLimit(env.DB, LIMITS.register, { ip: '10.9.0.4' }, now - 50 * 60_000);
    await hitLimit(env.DB, LIMITS.comment, { ip: '10.9.0.5', userId: 78 }, now - 60_000);
    // A live lockout: enough failures from one address that the next attempt must wait.
    for (let i = 0; i < LOGIN_LIMITS.backoffFree + 3; i++) await recordLoginFailure(env.DB, 'victim@example.com', '10.9.0.6', now - 1000);
    await expect(assertLoginAllowed(env.DB, 'victim@example.com', '10.9.0.6', now)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const before = await keys();
    // register: one counter per IP; comment: per IP and per user; login: pair, account and IP.
    expect(before).toHaveLength(1 + 2 + 3 + 1 + 2 + 3);

    const deleted = await sweepAttempts(env.DB, { now });

    expect(deleted).toBe(1 + 2 + 3);
    expect(await keys()).toEqual(
      [
        'register:ip:10.9.0.4',
        'comment:ip:10.9.0.5',
        'comment:user:78',
        'login:pair:victim@example.com|10.9.0.6',
        'login:acct:victim@example.com',
        'login:ip:10.9.0.6',
      ].sort(),
    );
    // The lockout survives: the guessing address still waits, and the live register window still counts.
    await expect(assertLoginAllowed(env.DB, 'victim@example.com', '10.9.0.6', now)).rejects.toMatchObject({ code: 'RATE_LIMITED', extra: { retry_after: expect.any(Number) } });
    // ...while the owner from another address is not held back by it.
    await expect(assertLoginAllowed(env.DB, 'victim@example.com', '10.9.0.99', now)).resolves.toBeUndefined();
    const w = await env.DB.prepare("SELECT hits FROM action_hits WHERE key = 'register:ip:10.9.0.4'").first<number>('hits');
    expect(w).toBe(1);
    // A second run finds nothing more to delete.
    expect(await sweepAttempts(env.DB, { now })).toBe(0);
  });

  it('a row exactly at the cutoff is kept; one millisecond older goes', async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO action_hits VALUES ('edge:kept', ?, 1)").bind(now - ATTEMPT_ROW_TTL_MS),
      env.DB.prepare("INSERT INTO action_hits VALUES ('edge:gone', ?, 1)").bind(now - ATTEMPT_ROW_TTL_MS - 1),
    ]);
    expect(await sweepAttempts(env.DB, { now })).toBe(1);
    expect(await keys()).toEqual(['edge:kept']);
  });

  it('a flood of expired keys is deleted a bounded batch at a time, oldest first, over several runs', async () => {
    const now = Date.now();
    await insertExpired(2600, 'flood', now - 5 * HOUR);
    await env.DB.prepare("INSERT INTO action_hits VALUES ('live:1', ?, 1)").bind(now - 1000).run();

    expect(await sweepAttempts(env.DB, { now, batch: 500, maxBatches: 2 })).toBe(1000);
    expect(await rowCount()).toBe(1601);
    // Oldest first: the oldest flood rows (highest suffix, earliest window_start) went first.
    const oldestLeft = await env.DB.prepare("SELECT MIN(window_start) AS w FROM action_hits WHERE key LIKE 'flood:%'").first<number>('w');
    expect(oldestLeft).toBe(now - 5 * HOUR - 1599);
    expect(await sweepAttempts(env.DB, { now, batch: 500, maxBatches: 2 })).toBe(1000);
    expect(await sweepAttempts(env.DB, { now, batch: 500, maxBatches: 2 })).toBe(600);
    expect(await keys()).toEqual(['live:1']);
  });

  it('the delete finds expired rows through the window_start index, not a scan of the table', async () => {
    const plan = await env.DB.prepare(
      'EXPLAIN QUERY PLAN DELETE FROM action_hits WHERE key IN (SELECT key FROM action_hits WHERE window_start < ?1 ORDER BY window_start LIMIT ?2)',
    )
      .bind(0, 10)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join('\n');
    expect(details).toContain('action_hits_window_idx');
    expect(details).not.toMatch(/SCAN action_hits(?! USING)/);
  });

  it('runs on the reconcile cron', async () => {
    await insertExpired(5, 'cron', Date.now() - 3 * HOUR);
    await env.DB.prepare("INSERT INTO action_hits VALUES ('live:cron', ?, 1)").bind(Date.now()).run();
    await runScheduled({ cron: RECONCILE_CRON, scheduledTime: Date.now(), noRetry() {} } as ScheduledController, env);
    expect(await keys()).toEqual(['live:cron']);
  });
});
