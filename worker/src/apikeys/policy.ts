/**
 * What a key may call. A key reads: every GET that changes nothing, and the POST calls that only
 * read (the STAR-market calls the spec documents as POST, statistics, an export's cost check).
 * Calls that spend coins need a key created with the `spend` scope. Everything else (keys,
 * account, orders and payments, comments, follows, subscriptions) needs a signed-in session.
 * tests/worker/apikeys/policy.test.ts checks that every writing route of the app is classed here.
 */
import type { PolicyEntry } from '../lib/route';

export type KeyUse = 'read' | 'spend' | 'session';

/** POST calls that only read. */
export const POST_READS = new Set([
  'POST /api/starmarket',
  'POST /api/starmarket/home',
  'POST /api/starmarket/home/com',
  'POST /api/starmarket/home/listed',
  'POST /api/starmarket/home/rule',
  'POST /api/starmarket/applicants',
  'POST /api/starmarket/listed',
  'POST /api/starmarket/state_list',
  'POST /api/starmarket/type_list',
  'POST /api/starmarket/filters',
  'POST /api/starmarket/review_timing',
  'POST /api/starmarket/amount_top',
  'POST /api/starmarket/valuation_top',
  'POST /api/starmarket/invst_top',
  'POST /api/starmarket/info_disclosure',
  'POST /api/starmarket/com_disclosure',
  'POST /api/starmarket/detail',
  'POST /api/closure/death_track_statistics',
  'POST /api/closure/death_track_com_statistics',
  'POST /api/exports/check',
  'POST /api/medical/check_subscribe',
  'POST /api/downloads/:record_id/link',
]);

/** Calls that spend the owner's coins (incense, exports). */
export const SPENDS = new Set([
  'GET /api/closure/add_incense',
  'POST /api/closure/add_incense',
  'GET /api/closure/closure_down',
  'POST /api/closure/closure_down',
  'POST /api/export/starmarket_company_down',
  'POST /api/exports',
]);

/** Paths only a signed-in session may call, whatever the method: managing keys. */
const SESSION_ONLY = /^\/api\/keys(\/|$)/;

/** How a key may use the route `METHOD /api/path` (Hono pattern) with this policy entry. */
export function keyUse(route: string, entry: Pick<PolicyEntry, 'writes'>): KeyUse {
  const [method, path] = route.split(' ');
  if (SESSION_ONLY.test(path)) return 'session';
  if (SPENDS.has(route)) return 'spend';
  if ((method === 'GET' && !entry.writes) || POST_READS.has(route)) return 'read';
  return 'session';
}
