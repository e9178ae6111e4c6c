/**
 * The daily e-mail's one-click unsubscribe link:
 *
 *   /api/medical/unsubscribe?s=<subscription id>&e=<expiry, unix seconds>&a=<address fingerprint>&t=<tag>
 *
 * `a` is the first 16 hex digits of HMAC-SHA256(DIGEST_SECRET, `address:<the address mailed>`) and
 * `t` the lowercase hex HMAC-SHA256(DIGEST_SECRET, `unsubscribe:<id>:<token>:<e>:<a>`), the token being
 * the subscription's own random one. So a link works without login, cannot be made for another
 * subscription, ends UNSUBSCRIBE_LINK_DAYS after its mail, and cancels only while the subscription
 * still sends to the address it was mailed to: after a change of address the old mails' links are
 * stale (told apart from a forged link by the fingerprint, which the tag covers).
 */
import type { Env } from '../env';
import { UNSUBSCRIBE_LINK_DAYS } from './constants';

/** Shorter keys are refused: with a guessable key anyone could make links that cancel others' mail. */
export const DIGEST_SECRET_MIN_LENGTH = 16;

/**
 * The key that signs unsubscribe links, or null where none is set (`wrangler secret put DIGEST_SECRET`;
 * the local stack generates one per state directory). There is no built-in fallback.
 */
export function digestSecret(env: Pick<Env, 'DIGEST_SECRET'>): string | null {
  const key = env.DIGEST_SECRET ?? '';
  return key.length >= DIGEST_SECRET_MIN_LENGTH ? key : null;
}

export const UNSUBSCRIBE_PATH = '/api/medical/unsubscribe';

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The link's query as it arrives (any of it may be missing or malformed). */
export interface LinkQuery {
  s?: string;
  e?: string;
  a?: string;
  t?: string;
}

/** What a link says about the subscription it names. */
export type LinkCheck =
  | { kind: 'valid' }
  | { kind: 'expired' }
  /** Mailed to an address the subscription no longer sends to. */
  | { kind: 'stale' }
  | { kind: 'invalid' };

/** A link's subscription id, or null when `s` is not one. */
export function linkSubscriptionId(q: LinkQuery): number | null {
  const id = Number(q.s);
  return q.s && /^\d{1,10}$/.test(q.s) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function sameHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** One signer per invocation: the key is imported once. */
export async function unsubscribeSigner(secret: string) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = async (text: string) => hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text)));
  const fingerprint = async (email: string) => (await mac(`address:${email.toLowerCase()}`)).slice(0, 16);
  const tag = (id: number, token: string, expires: number, address: string) => mac(`unsubscribe:${id}:${token}:${expires}:${address}`);

  return {
    /** The link for a mail to `sub.email` sent at `sentAt` (ms). */
    url: async (origin: string, sub: { id: number; token: string; email: string }, sentAt: number) => {
      const expires = Math.floor(sentAt / 1000) + UNSUBSCRIBE_LINK_DAYS * 86_400;
      const address = await fingerprint(sub.email);
      return `${origin}${UNSUBSCRIBE_PATH}?s=${sub.id}&e=${expires}&a=${address}&t=${await tag(sub.id, sub.token, expires, address)}`;
    },
    /** Checks a link against the subscription it names as it is now (constant-time tag comparison). */
    check: async (sub: { id: number; token: string; email: string }, q: LinkQuery, now: number): Promise<LinkCheck> => {
      if (!q.e || !/^\d{1,12}$/.test(q.e) || !q.a || !/^[0-9a-f]{16}$/.test(q.a) || !q.t || !/^[0-9a-f]{64}$/.test(q.t)) return { kind: 'invalid' };
      const expires = Number(q.e);
      if (!sameHex(await tag(sub.id, sub.token, expires, q.a), q.t)) return { kind: 'invalid' };
      if (!sameHex(await fingerprint(sub.email), q.a)) return { kind: 'stale' };
      if (now >= expires * 1000) return { kind: 'expired' };
      return { kind: 'valid' };
    },
  };
}
