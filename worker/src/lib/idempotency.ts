import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { idempotentResults } from '../db';
import type { AppEnv, Db } from '../env';
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

/** The CONFLICT of a key reused for another action (an export key on incense…). */
export const OTHER_ACTION_MSG = '该幂等键已用于其他操作';
/** The CONFLICT of a key reused for the same action with another request (another item, amount, plan or page). */
export const OTHER_REQUEST_MSG = '该幂等键已用于另一个请求（内容不同），未重复扣费也未做任何修改；请刷新页面后重试';

export const otherRequest = () => new ApiError('CONFLICT', OTHER_REQUEST_MSG);

/**
 * What makes two requests "the same" for one key: a short SHA-256 of the stable JSON of the
 * action's inputs (kind, item, amount, plan, page…). Object keys are sorted, so field order is irrelevant.
 */
export async function requestFingerprint(input: unknown): Promise<string> {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined).map((k) => [k, stable((v as Record<string, unknown>)[k])]))
        : v;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(stable(input))));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stored action column: the action, and the request's fingerprint when given. */
const stored = (action: string, fingerprint?: string) => (fingerprint ? `${action}#${fingerprint}` : action);

/**
 * The stored first result of an action, if this key was seen. The same key for another action, or
 * (with `fingerprint`) for the same action with another request, is CONFLICT.
 */
export async function replayed<T>(db: Db, userId: number, key: string, action: string, fingerprint?: string): Promise<T | null> {
  const row = await db
    .select({ action: idempotentResults.action, body: idempotentResults.body })
    .from(idempotentResults)
    .where(and(eq(idempotentResults.userId, userId), eq(idempotentResults.key, key)))
    .get();
  if (!row) return null;
  const [was, wasFingerprint] = row.action.split('#');
  if (was !== action) throw new ApiError('CONFLICT', OTHER_ACTION_MSG);
  if (fingerprint && wasFingerprint && wasFingerprint !== fingerprint) throw otherRequest();
  return JSON.parse(row.body) as T;
}

/** The first result of an action under its key, kept (a later one with the same key changes nothing); a statement to run or batch. */
export function rememberStatement(db: Db, userId: number, key: string, action: string, body: unknown, fingerprint?: string) {
  return db
    .insert(idempotentResults)
    .values({ userId, key, action: stored(action, fingerprint), body: JSON.stringify(body), createdAt: Date.now() })
    .onConflictDoNothing();
}
