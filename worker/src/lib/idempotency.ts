import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from './errors';

/**
 * The Idempotency-Key of a paid action. The SPA makes one per user intent.
 * Without a header the request is treated as a one-off (a fresh key).
 */
export function idempotencyKey(c: Context<AppEnv>): string {
  const key = c.req.header('Idempotency-Key');
  if (key === undefined) return crypto.randomUUID();
  if (!/^[A-Za-z0-9_.:-]{8,100}$/.test(key)) throw new ApiError('BAD_REQUEST', 'Idempotency-Key 格式不正确（8-100位字母数字）');
  return key;
}

/** The stored first result of an action, if this key was seen. */
export async function replayed<T>(d1: D1Database, userId: number, key: string, action: string): Promise<T | null> {
  const row = await d1
    .prepare('SELECT action, body FROM idempotent_results WHERE user_id = ? AND key = ?')
    .bind(userId, key)
    .first<{ action: string; body: string }>();
  if (!row) return null;
  if (row.action !== action) throw new ApiError('CONFLICT', '该幂等键已用于其他操作');
  return JSON.parse(row.body) as T;
}

export function rememberStatement(d1: D1Database, userId: number, key: string, action: string, body: unknown) {
  return d1
    .prepare('INSERT OR IGNORE INTO idempotent_results (user_id, key, action, body, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(userId, key, action, JSON.stringify(body), Date.now());
}
