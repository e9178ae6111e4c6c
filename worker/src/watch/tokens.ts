/**
 * Feed tokens and per-search unsubscribe tags, both HMAC-SHA256 under DIGEST_SECRET (the key of the
 * product's e-mail links). A feed token is HMAC('feed:<salt>'): only its SHA-256 is stored (looked up
 * by it), yet the owner's watchlist can show the URL again; a new salt revokes the old URL.
 */
import { sha256Hex, toHex } from '../auth/password';
import { digestSecret } from '../digest/signing';
import type { Env } from '../env';

async function hmac(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
}

/** The feed token of a salt, or null without a key (then no search has a feed). */
export async function feedToken(env: Pick<Env, 'DIGEST_SECRET'>, salt: string): Promise<string | null> {
  const secret = digestSecret(env);
  return secret ? hmac(secret, `feed:${salt}`) : null;
}

/** What is stored for a salt's token; without a key a value no lookup can produce (lookups hash 64 hex digits). */
export async function feedHashOf(env: Pick<Env, 'DIGEST_SECRET'>, salt: string): Promise<string> {
  const token = await feedToken(env, salt);
  return token ? sha256Hex(token) : `unset:${salt}`;
}

export const FEED_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** What a one-click link stops: one search's e-mail, or the e-mail of all of one user's searches. */
export type UnsubscribeTarget = { search: number } | { user: number };

const targetText = (t: UnsubscribeTarget) => ('search' in t ? `s:${t.search}` : `u:${t.user}`);

/** The tag of a one-click link for `target`, or null without a key. */
export async function unsubscribeTag(env: Pick<Env, 'DIGEST_SECRET'>, target: UnsubscribeTarget): Promise<string | null> {
  const secret = digestSecret(env);
  return secret ? hmac(secret, `watch-unsubscribe:${targetText(target)}`) : null;
}

export const WATCH_UNSUBSCRIBE_PATH = '/api/saved_searches/unsubscribe';

/** The one-click link for `target` (?s=<search id> or ?u=<user id>, and the tag), or null without a key. */
export async function unsubscribeUrl(env: Pick<Env, 'DIGEST_SECRET' | 'APP_ORIGIN'>, target: UnsubscribeTarget): Promise<string | null> {
  const tag = await unsubscribeTag(env, target);
  const q = 'search' in target ? `s=${target.search}` : `u=${target.user}`;
  return tag ? `${env.APP_ORIGIN}${WATCH_UNSUBSCRIBE_PATH}?${q}&t=${tag}` : null;
}

/** What a link's query names, or null when it names neither one search nor one user. */
export function linkTarget(q: { s?: string; u?: string }): UnsubscribeTarget | null {
  const id = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null);
  if (q.s !== undefined && q.u === undefined) return id(q.s) ? { search: id(q.s)! } : null;
  if (q.u !== undefined && q.s === undefined) return id(q.u) ? { user: id(q.u)! } : null;
  return null;
}

/** Constant-time comparison of two hex strings. */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
