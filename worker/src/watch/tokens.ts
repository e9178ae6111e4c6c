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

/** The tag of a one-click link that stops the e-mail of the searches `ids` (one, or all of one e-mail's). */
export async function unsubscribeTag(env: Pick<Env, 'DIGEST_SECRET'>, ids: number[]): Promise<string | null> {
  const secret = digestSecret(env);
  return secret ? hmac(secret, `watch-unsubscribe:${ids.join(',')}`) : null;
}

export const WATCH_UNSUBSCRIBE_PATH = '/api/saved_searches/unsubscribe';

/** The one-click link for `ids`, or null without a key. */
export async function unsubscribeUrl(env: Pick<Env, 'DIGEST_SECRET' | 'APP_ORIGIN'>, ids: number[]): Promise<string | null> {
  const tag = await unsubscribeTag(env, ids);
  return tag ? `${env.APP_ORIGIN}${WATCH_UNSUBSCRIBE_PATH}?s=${ids.join(',')}&t=${tag}` : null;
}

/** The search ids a link's `s` names ('1' or '1,2,3'), or null when it is not such a list. */
export function linkIds(s: string | undefined): number[] | null {
  if (!s || !/^\d{1,10}(,\d{1,10}){0,49}$/.test(s)) return null;
  return s.split(',').map(Number);
}

/** Constant-time comparison of two hex strings. */
export function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
