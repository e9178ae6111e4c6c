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

/** What a one-click link stops: one search's e-mail, a user's followed companies' part, or all of a user's watchlist e-mail. */
export type UnsubscribeTarget = { search: number } | { follows: number } | { user: number };

const targetText = (t: UnsubscribeTarget) => ('search' in t ? `s:${t.search}` : 'follows' in t ? `f:${t.follows}` : `u:${t.user}`);
const targetQuery = (t: UnsubscribeTarget) => ('search' in t ? `s=${t.search}` : 'follows' in t ? `f=${t.follows}` : `u=${t.user}`);

/** The tag of a one-click link for `target`, or null without a key. */
export async function unsubscribeTag(env: Pick<Env, 'DIGEST_SECRET'>, target: UnsubscribeTarget): Promise<string | null> {
  const secret = digestSecret(env);
  return secret ? hmac(secret, `watch-unsubscribe:${targetText(target)}`) : null;
}

export const WATCH_UNSUBSCRIBE_PATH = '/api/saved_searches/unsubscribe';

/** The one-click link for `target` (?s=<search id>, ?f=<user id> or ?u=<user id>, and the tag), or null without a key. */
export async function unsubscribeUrl(env: Pick<Env, 'DIGEST_SECRET' | 'APP_ORIGIN'>, target: UnsubscribeTarget): Promise<string | null> {
  const tag = await unsubscribeTag(env, target);
  return tag ? `${env.APP_ORIGIN}${WATCH_UNSUBSCRIBE_PATH}?${targetQuery(target)}&t=${tag}` : null;
}

/** What a link's query names (exactly one of s, f, u, a positive id), or null. */
export function linkTarget(q: { s?: string; f?: string; u?: string }): UnsubscribeTarget | null {
  const given = (['s', 'f', 'u'] as const).filter((k) => q[k] !== undefined);
  if (given.length !== 1) return null;
  const v = q[given[0]!]!;
  if (!/^\d{1,10}$/.test(v) || Number(v) <= 0) return null;
  const id = Number(v);
  return given[0] === 's' ? { search: id } : given[0] === 'f' ? { follows: id } : { user: id };
}

/** Constant-time comparison of two hex strings. */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
