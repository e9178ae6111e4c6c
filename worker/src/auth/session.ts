import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { memberships, sessions, users } from '../db';
import type { Db, SessionUser } from '../env';
import { randomHex, sha256Hex } from './password';

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** Creates a session and returns the bearer token; only its SHA-256 is stored. */
export async function createSession(db: Db, userId: number, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
  const token = randomHex(32);
  const expiresAt = now + SESSION_TTL_MS;
  await db.insert(sessions).values({ userId, tokenHash: await sha256Hex(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Membership flags as of `now`, from the memberships table. */
export function membershipFlags(userIdCol: typeof users.id, now: number) {
  return {
    vipUntil: sql<number | null>`(select max(${memberships.endsAt}) from ${memberships} where ${memberships.userId} = ${userIdCol} and ${memberships.startsAt} <= ${now})`,
    svipUntil: sql<number | null>`(select max(${memberships.endsAt}) from ${memberships} where ${memberships.userId} = ${userIdCol} and ${memberships.level} = 'svip' and ${memberships.startsAt} <= ${now})`,
  };
}

export async function userForToken(db: Db, token: string, now = Date.now()): Promise<SessionUser | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const flags = membershipFlags(users.id, now);
  const row = await db
    .select({ sessionId: sessions.id, id: users.id, account: users.account, username: users.username, ...flags })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, await sha256Hex(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .get();
  if (!row) return null;
  const svip = (row.svipUntil ?? 0) > now;
  return {
    id: row.id,
    account: row.account,
    username: row.username,
    sessionId: row.sessionId,
    svip,
    isVip: svip || (row.vipUntil ?? 0) > now,
  };
}

export async function revokeSession(db: Db, sessionId: number, now = Date.now()) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}
