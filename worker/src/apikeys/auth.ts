/**
 * Who a key acts for. A request names its key as `Authorization: Bearer juzi_live_…` or
 * `X-API-Key: juzi_live_…`; the key acts with its owner's current membership.
 *
 * Each isolate keeps a key's hash -> owner, scope and membership end dates for KEPT_KEY_MS, so a
 * busy key costs one D1 read per isolate per minute. Revoking or rotating forgets the old hash in
 * the isolate that did it at once (keys.ts); every other isolate reads the key again within
 * KEPT_KEY_MS, which bounds how long a revoked key can still work anywhere. Unknown hashes are
 * kept too (as null), so a flood of made-up keys does not read D1 on every request.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { apiKeys, drizzleDb, users } from '../db';
import type { ApiKeyUse, SessionUser } from '../env';
import { membershipFlags } from '../auth/session';
import { KEY_PREFIX, type KeyScope, type KeyTier } from './constants';
import { sha256Hex } from '../auth/password';

/** Characters of a key after KEY_PREFIX. */
export const SECRET_CHARS = 40;
export const KEY_PATTERN = new RegExp(`^${KEY_PREFIX}[0-9A-Za-z]{${SECRET_CHARS}}$`);
export const hashKey = (key: string) => sha256Hex(key);

export const KEPT_KEY_MS = 60_000;
const MAX_KEPT_KEYS = 5_000;

interface KeptKey {
  at: number;
  key: { id: number; scope: KeyScope; userId: number; account: string; username: string; vipUntil: number; svipUntil: number } | null;
}

const keptKeys = new Map<string, KeptKey>();

/** Forgets one hash (after revoking or rotating it here), or every kept key. */
export function forgetKey(hash?: string): void {
  if (hash === undefined) keptKeys.clear();
  else keptKeys.delete(hash);
}

/** The key a request carries, if it carries one (a session token is not one). */
export function keyOf(headers: Headers): string | undefined {
  const named = headers.get('X-API-Key')?.trim();
  if (named) return named;
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('Authorization')?.trim() ?? '')?.[1];
  return bearer?.startsWith(KEY_PREFIX) ? bearer : undefined;
}

/** Whether a request carries a key; such a request never touches the edge cache (lib/cache.ts). */
export const carriesKey = (headers: Headers) => keyOf(headers) !== undefined;

export const tierOf = (user: Pick<SessionUser, 'isVip' | 'svip'>): KeyTier => (user.svip ? 'svip' : user.isVip ? 'vip' : 'user');

/** The owner (as a signed-in user of the key's role) and the key, or null for a wrong, unknown or revoked key. */
export async function keyUser(d1: D1Database, key: string, now = Date.now()): Promise<{ user: SessionUser; key: ApiKeyUse } | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const hash = await hashKey(key);
  let kept = keptKeys.get(hash);
  // Kept and young, and no membership period ended since it was read (a queued one may have begun).
  const crossed = (until: number) => !!kept?.key && kept.at < until && until <= now;
  if (!kept || now - kept.at >= KEPT_KEY_MS || crossed(kept.key?.vipUntil ?? 0) || crossed(kept.key?.svipUntil ?? 0)) {
    // The primary, not a read replica: a key created a moment ago is found, a revoked one is gone.
    const row = await drizzleDb(d1)
      .select({ id: apiKeys.id, scope: apiKeys.scope, userId: users.id, account: users.account, username: users.username, ...membershipFlags(users.id, now) })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
      .get();
    kept = { at: now, key: row ? { ...row, scope: row.scope as KeyScope, vipUntil: row.vipUntil ?? 0, svipUntil: row.svipUntil ?? 0 } : null };
    keptKeys.delete(hash);
    keptKeys.set(hash, kept);
    while (keptKeys.size > MAX_KEPT_KEYS) keptKeys.delete(keptKeys.keys().next().value!);
  }
  const k = kept.key;
  if (!k) return null;
  const svip = k.svipUntil > now;
  const user: SessionUser = { id: k.userId, account: k.account, username: k.username, sessionId: 0, svip, isVip: svip || k.vipUntil > now };
  return { user, key: { id: k.id, scope: k.scope, tier: tierOf(user) } };
}
