/**
 * The daily e-mail's one-click unsubscribe link: /api/medical/unsubscribe?s=<subscription id>&t=<tag>,
 * where tag is the lowercase hex HMAC-SHA256 of `unsubscribe:<id>:<the subscription's own token>`
 * with DIGEST_SECRET. It works without login; nobody can make a valid one for another subscription.
 */
import type { Env } from '../env';

/** Used when DIGEST_SECRET is not set (local development and tests only; set it with `wrangler secret put DIGEST_SECRET`). */
export const DIGEST_DEV_SECRET = 'juzi-digest-dev-secret';

export const digestSecret = (env: Pick<Env, 'DIGEST_SECRET'>) => env.DIGEST_SECRET || DIGEST_DEV_SECRET;

export const UNSUBSCRIBE_PATH = '/api/medical/unsubscribe';

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** One signer per invocation: the key is imported once. */
export async function unsubscribeSigner(secret: string) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const tag = async (id: number, token: string) =>
    hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`unsubscribe:${id}:${token}`)));
  return {
    tag,
    url: async (origin: string, id: number, token: string) => `${origin}${UNSUBSCRIBE_PATH}?s=${id}&t=${await tag(id, token)}`,
    /** Constant-time comparison of a presented tag with the right one. */
    verify: async (id: number, token: string, presented: string) => {
      const right = await tag(id, token);
      if (presented.length !== right.length) return false;
      let diff = 0;
      for (let i = 0; i < right.length; i++) diff |= right.charCodeAt(i) ^ presented.charCodeAt(i);
      return diff === 0;
    },
  };
}
