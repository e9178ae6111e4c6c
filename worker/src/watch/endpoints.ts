/**
 * Registering a saved search's webhook endpoints (VIP): the URL check that keeps a deployment from
 * posting to local or private addresses (SSRF), the per-search limit and the secret shown once; and
 * the numbers of delivery (worker/src/watch/webhooks.ts delivers).
 */
import { desc, eq, and, sql } from 'drizzle-orm';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { savedSearches, watchEndpoints, watchWebhookDeliveries } from './tables';

export const WEBHOOK_MAX_ATTEMPTS = 5;
export const WEBHOOK_DISABLE_AFTER = 8;
export const WEBHOOKS_PER_SEARCH = 3;
/** First retry after this, then four times longer each time (30 s, 2 min, 8 min, 32 min). */
export const WEBHOOK_BACKOFF_S = 30;
/** An attempt that claimed a delivery holds it this long before another may try. */
export const WEBHOOK_LEASE_MS = 60_000;
export const WEBHOOK_TIMEOUT_MS = 10_000;

// --- registering an endpoint ---

/** The local stack (APP_ORIGIN on this machine) may post to local receivers; a deployment may not. */
export const isLocalOrigin = (origin: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);

const ipv4 = (h: string) => (/^\d{1,3}(\.\d{1,3}){3}$/.test(h) ? h.split('.').map(Number) : null);

/** Private (RFC 1918), loopback, link-local, "this network", shared (RFC 6598) and unique-local ranges. */
export function isPrivateAddress(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const v4 = ipv4(h) ?? (/^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(h)?.[1] ? ipv4(/^::ffff:(.+)$/.exec(h)![1]!) : null);
  if (v4) {
    const [a, b] = v4 as [number, number];
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (!h.includes(':')) return false;
  // IPv6 (the URL parser has already normalised it): loopback, unspecified, unique-local fc00::/7, link-local fe80::/10, IPv4-mapped in hex.
  if (h === '::1' || h === '::') return true;
  if (/^f[cd][0-9a-f]{0,2}:/.test(h) || /^fe[89ab][0-9a-f]?:/.test(h)) return true;
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
  if (mapped) {
    const n = (parseInt(mapped[1]!, 16) << 16) | parseInt(mapped[2]!, 16);
    return isPrivateAddress([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
  }
  return false;
}

export const WEBHOOK_MESSAGES = {
  url: '请输入完整的 https:// 地址',
  https: '只能使用 https:// 地址',
  private: '不能使用内网、本机或链路本地地址',
  limit: `每个订阅最多添加${WEBHOOKS_PER_SEARCH}个 Webhook`,
  notFound: 'Webhook 不存在',
} as const;

/** The endpoint URL as stored, or BAD_REQUEST naming why not (SSRF: no local or private targets in a deployment). */
export function checkEndpointUrl(raw: string, origin: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ApiError('BAD_REQUEST', `url：${WEBHOOK_MESSAGES.url}`, { field: 'url' });
  }
  const local = isLocalOrigin(origin);
  if (u.protocol !== 'https:' && !(local && u.protocol === 'http:')) throw new ApiError('BAD_REQUEST', `url：${WEBHOOK_MESSAGES.https}`, { field: 'url' });
  if (u.username || u.password) throw new ApiError('BAD_REQUEST', `url：${WEBHOOK_MESSAGES.url}`, { field: 'url' });
  const host = u.hostname.toLowerCase();
  if (!local && (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host))) throw new ApiError('BAD_REQUEST', `url：${WEBHOOK_MESSAGES.private}`, { field: 'url' });
  return u.toString();
}

const newSecret = () => `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))}`;

/** Registers an endpoint (at most WEBHOOKS_PER_SEARCH a search, in one conditional statement); answers it with its secret. */
export async function addEndpoint(db: Db, userId: number, searchId: number, url: string, now = Date.now()) {
  const secret = newSecret();
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO watch_endpoints (user_id, search_id, url, secret, status, failures, created_at)
    SELECT ${userId}, ${searchId}, ${url}, ${secret}, 'active', 0, ${now}
    WHERE (SELECT count(*) FROM watch_endpoints WHERE search_id = ${searchId}) < ${WEBHOOKS_PER_SEARCH}
    RETURNING id`);
  if (!rows[0]) throw new ApiError('CONFLICT', WEBHOOK_MESSAGES.limit);
  // Matches from now on: the search's webhook mark starts here if it had no endpoint.
  await db.update(savedSearches).set({ hookedAt: now }).where(and(eq(savedSearches.id, searchId), sql`not exists (select 1 from watch_endpoints e where e.search_id = ${searchId} and e.id <> ${rows[0].id})`));
  return { id: rows[0].id, secret };
}

/** A search's endpoints with their last deliveries (the watchlist's delivery log). */
export async function endpointsOf(db: Db, searchId: number, logSize = 10) {
  const eps = await db.select().from(watchEndpoints).where(eq(watchEndpoints.searchId, searchId)).orderBy(watchEndpoints.id);
  return Promise.all(
    eps.map(async (e) => ({
      endpoint: e,
      deliveries: await db.select().from(watchWebhookDeliveries).where(eq(watchWebhookDeliveries.endpointId, e.id)).orderBy(desc(watchWebhookDeliveries.id)).limit(logSize),
    })),
  );
}

