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

/**
 * Signed-in users per session token, kept by each isolate for a few seconds. Every signed-in request
 * read its session (one D1 round trip, a large part of a list page's cost) before doing anything
 * else. A kept entry holds the membership end dates and the session's expiry, so a membership that
 * ends or a session that expires counts from the moment it does; what the isolate itself changes
 * (logout, a paid membership) forgets the user's entries at once. A change made elsewhere (another
 * isolate's logout) shows within KEPT_SESSION_MS.
 */
export const KEPT_SESSION_MS = 10_000;
const MAX_KEPT_SESSIONS = 5_000;

interface KeptSession {
  at: number;
  sessionId: number;
  id: number;
  account: string;
  username: string;
  vipUntil: number;
  svipUntil: number;
  expiresAt: number;
}

/**
 * Keyed by the token itself, not its SHA-256, so a kept session costs no digest per request: the
 * isolate's memory holds at most MAX_KEPT_SESSIONS tokens of recent requests; D1 stores only hashes.
 */
const keptSessions = new Map<string, KeptSession>();

/** Forgets the kept sessions of one user (after a write that changes what the user may do), or all. */
export function forgetSessions(userId?: number): void {
  if (userId === undefined) return keptSessions.clear();
  for (const [token, k] of keptSessions) if (k.id === userId) keptSessions.delete(token);
}

/** Users answered from a kept session rather than read from D1 for their request. */
const fromKept = new WeakSet<SessionUser>();

/** Whether this user came from a kept session (it may lag a change another isolate made, up to KEPT_SESSION_MS). */
export const servedKept = (user: SessionUser) => fromKept.has(user);

function sessionUser(k: KeptSession, now: number): SessionUser {
  const svip = k.svipUntil > now;
  return { id: k.id, account: k.account, username: k.username, sessionId: k.sessionId, svip, isVip: svip || k.vipUntil > now };
}

/**
 * The signed-in user of a session token, or null. From the kept session when there is one and it is
 * still good; `fresh` reads D1 whatever is kept (and keeps what it read).
 */
export async function userForToken(db: Db, token: string, now = Date.now(), fresh = false): Promise<SessionUser | null> {
  if (!/^[0-9a-f]{64}$/.test(token)) return null;
  const kept = keptSessions.get(token);
  // Kept and still young, the session unexpired, and no membership period ended since it was read
  // (the next, queued period may have begun then: read again).
  const boundary = (until: number) => kept && kept.at < until && until <= now;
  if (!fresh && kept && now - kept.at < KEPT_SESSION_MS && kept.expiresAt > now && !boundary(kept.vipUntil) && !boundary(kept.svipUntil)) {
    const user = sessionUser(kept, now);
    fromKept.add(user);
    return user;
  }
  const hash = await sha256Hex(token);
  const flags = membershipFlags(users.id, now);
  const row = await db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, id: users.id, account: users.account, username: users.username, ...flags })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .get();
  if (!row) {
    keptSessions.delete(token);
    return null;
  }
  const entry: KeptSession = { ...row, at: now, vipUntil: row.vipUntil ?? 0, svipUntil: row.svipUntil ?? 0 };
  keptSessions.delete(token);
  keptSessions.set(token, entry);
  // The oldest entries go first (a Map iterates in insertion order).
  while (keptSessions.size > MAX_KEPT_SESSIONS) keptSessions.delete(keptSessions.keys().next().value!);
  return sessionUser(entry, now);
}

export async function revokeSession(db: Db, sessionId: number, now = Date.now()) {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
  for (const [token, k] of keptSessions) if (k.sessionId === sessionId) keptSessions.delete(token);
}
