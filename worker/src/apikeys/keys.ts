/**
 * A user's API keys: create, list, rotate, revoke. A key is shown once, when created or rotated;
 * only its SHA-256 is stored. Revoking or rotating forgets the old hash in this isolate at once
 * (auth.ts); other isolates drop it when their kept entry ages out.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { apiKeys } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { forgetKey, hashKey, SECRET_CHARS } from './auth';
import { KEY_PREFIX, KEY_SHOWN_CHARS, MAX_KEYS, type KeyScope } from './constants';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `juzi_live_` and 40 uniformly drawn base62 characters (about 238 bits). */
export function newKey(): string {
  let out = '';
  while (out.length < SECRET_CHARS) {
    for (const b of crypto.getRandomValues(new Uint8Array(64))) {
      // 248 = 4 * 62: bytes above it are dropped so every character is equally likely.
      if (b < 248 && out.length < SECRET_CHARS) out += BASE62[b % 62];
    }
  }
  return KEY_PREFIX + out;
}

export interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  scope: KeyScope;
  created_at: number;
  rotated_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scope: apiKeys.scope,
  created_at: apiKeys.createdAt,
  rotated_at: apiKeys.rotatedAt,
  last_used_at: apiKeys.lastUsedAt,
  revoked_at: apiKeys.revokedAt,
};

export async function listKeys(db: Db, userId: number): Promise<KeyRow[]> {
  const rows = await db.select(columns).from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(100);
  return rows as KeyRow[];
}

/** One of the user's keys (revoked or not); NOT_FOUND for anyone else's. */
export async function ownKey(db: Db, userId: number, id: number): Promise<KeyRow> {
  const row = await db.select(columns).from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).get();
  if (!row) throw new ApiError('NOT_FOUND', '没有这个 API 密钥');
  return row as KeyRow;
}

export async function createKey(db: Db, userId: number, name: string, scope: KeyScope, now = Date.now()): Promise<{ id: number; key: string; prefix: string }> {
  const live = await db.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt))).get();
  if ((live?.n ?? 0) >= MAX_KEYS) throw new ApiError('CONFLICT', `最多同时持有 ${MAX_KEYS} 个 API 密钥，请先吊销不用的密钥`);
  const key = newKey();
  const prefix = key.slice(0, KEY_SHOWN_CHARS);
  const row = await db
    .insert(apiKeys)
    .values({ userId, name, prefix, keyHash: await hashKey(key), scope, createdAt: now })
    .returning({ id: apiKeys.id })
    .get();
  return { id: row.id, key, prefix };
}

/** A new secret for the same key (same id, name, scope and usage); the old secret stops at once. */
export async function rotateKey(db: Db, userId: number, id: number, now = Date.now()): Promise<{ id: number; key: string; prefix: string }> {
  const key = newKey();
  const prefix = key.slice(0, KEY_SHOWN_CHARS);
  const hash = await hashKey(key);
  const old = await db
    .select({ hash: apiKeys.keyHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .get();
  if (!old) throw new ApiError('NOT_FOUND', '没有这个 API 密钥，或它已被吊销');
  const updated = await db
    .update(apiKeys)
    .set({ keyHash: hash, prefix, rotatedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), eq(apiKeys.keyHash, old.hash), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
    .get();
  forgetKey(old.hash);
  if (!updated) throw new ApiError('CONFLICT', '密钥刚被轮换或吊销，请刷新后重试');
  return { id, key, prefix };
}

/** Revokes a key; revoking a revoked key changes nothing. */
export async function revokeKey(db: Db, userId: number, id: number, now = Date.now()): Promise<KeyRow> {
  const row = await db
    .select({ hash: apiKeys.keyHash })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', '没有这个 API 密钥');
  await db.update(apiKeys).set({ revokedAt: now }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
  forgetKey(row.hash);
  return ownKey(db, userId, id);
}
