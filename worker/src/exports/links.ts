/**
 * Short-lived signed download links: a URL that fetches one download record's file for a few
 * minutes without the session token in it (links end up in browser history, proxies' logs and
 * Referer headers; the 30-day token must not).
 *
 *   /api/downloads/{record_id}/file?sid=<session id>&exp=<ms>&sig=<hex>
 *   sig = HMAC-SHA256(key = the session's token hash, "download:<record_id>:<sid>:<exp>")
 *
 * The key is the session's stored token hash: only the worker and the holder of the token can
 * compute it, so a link can only be made by its owner, and logging out (revoking the session)
 * kills every link made with it. A link names one record and expires LINK_TTL_MS after it is made.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { drizzleDb, sessions } from '../db';
import type { Db, Env } from '../env';
import { ApiError } from '../lib/errors';
import { openFile, requireReadyRecord } from './downloads';

export const LINK_TTL_MS = 5 * 60_000;

const enc = new TextEncoder();

async function hmacHex(keyHex: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', enc.encode(keyHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const sig = await crypto.subtle.sign('HMAC', key, enc.encode(message));
  return [...new Uint8Array(sig)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const message = (recordId: number, sid: number, exp: number) => `download:${recordId}:${sid}:${exp}`;

function sameHex(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function liveSession(db: Db, sid: number, now: number) {
  return db
    .select({ user_id: sessions.userId, token_hash: sessions.tokenHash })
    .from(sessions)
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .get();
}

/** A signed link to the user's own finished file (the record must be done: otherwise its reason, as a download would give). */
export async function signDownload(env: Env, user: { id: number; sessionId: number }, recordId: number, now = Date.now()) {
  const db = drizzleDb(env.DB);
  await requireReadyRecord(db, user.id, recordId, now);
  const session = await liveSession(db, user.sessionId, now);
  if (!session) throw new ApiError('LOGIN_REQUIRED');
  const exp = now + LINK_TTL_MS;
  const sig = await hmacHex(session.token_hash, message(recordId, user.sessionId, exp));
  const params = new URLSearchParams({ sid: String(user.sessionId), exp: String(exp), sig });
  return { url: `/api/downloads/${recordId}/file?${params}`, expires_at: exp };
}

/** The file behind a signed link; any fault (expired, altered, another record, logged out) reads as a missing record. */
export async function openSignedFile(env: Env, recordId: number, q: { sid?: number; exp?: number; sig?: string }, now = Date.now()) {
  const gone = () => new ApiError('NOT_FOUND', '下载链接无效或已过期，请回到下载中心重新下载');
  if (!q.sid || !q.exp || !q.sig) throw gone();
  if (q.exp <= now || q.exp > now + LINK_TTL_MS) throw gone();
  const session = await liveSession(drizzleDb(env.DB), q.sid, now);
  if (!session) throw gone();
  const expected = await hmacHex(session.token_hash, message(recordId, q.sid, q.exp));
  if (!sameHex(expected, q.sig.toLowerCase())) throw gone();
  return openFile(env, session.user_id, recordId, now);
}
