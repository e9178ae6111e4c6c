/**
 * The request path of a call made with an API key (mounted by app.ts and auth/access.ts):
 *
 *   keySession  (in place of the session lookup) the key's owner becomes `user`, the key
 *               `apiKey`; the minute's rate limit counts the request; every answer to it carries
 *               the RateLimit fields.
 *   keyGate     (after the access check) refuses what a key may not call (policy.ts), admits the
 *               call against the monthly quota (402 when it cannot be paid), counts it for usage.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { drizzleDb } from '../db';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/errors';
import type { RoutePolicy } from '../lib/route';
import { keyOf, keyUser } from './auth';
import { admit, countCall, flushDue, flushUsageLogged, hitRate, rateHeaders } from './meter';
import { keyUse } from './policy';

export async function keySession(c: Context<AppEnv>, next: Next): Promise<void> {
  const found = await keyUser(c.env.DB, keyOf(c.req.raw.headers) ?? '');
  if (!found) throw new ApiError('LOGIN_REQUIRED', 'API 密钥无效或已被吊销');
  c.set('user', found.user);
  c.set('apiKey', found.key);
  const rate = hitRate(found.key);
  const headers = rateHeaders(rate);
  // Set before the answer is built (so an error answer has them) and again on whatever answer came back.
  for (const [name, value] of headers) c.header(name, value);
  if (rate.over) {
    throw new ApiError('RATE_LIMITED', `该 API 密钥每分钟最多调用 ${rate.limit} 次，请 ${rate.reset} 秒后再试`, { retry_after: rate.reset });
  }
  await next();
  for (const [name, value] of headers) c.header(name, value);
  // A keyed answer carries the key's own counters and must never be kept by a shared cache on the
  // way, even where the handler marked the data public (RFC 9111 lets `public` store an authorized answer).
  c.header('Cache-Control', 'private, no-store');
}

export function keyGate(policy: RoutePolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.get('apiKey');
    const user = c.get('user');
    if (!key || !user) return next();
    // The access check ran before: the endpoint exists and has an entry.
    const { route, entry } = policy.of(c)!;
    const use = keyUse(route, entry ?? {});
    if (use === 'session') throw new ApiError('LOGIN_REQUIRED', 'API 密钥不能调用这个接口（管理密钥、账户、订单、评论等需要登录后在网站上操作）');
    if (use === 'spend' && key.scope !== 'spend') throw new ApiError('SCOPE_REQUIRED', '这个接口会扣桔子币，需要创建时勾选“允许消费桔子币”（spend）的 API 密钥');
    await admit(drizzleDb(c.env.DB), key, user.id);
    countCall(key.id, route);
    await next();
    if (flushDue()) {
      const write = flushUsageLogged(drizzleDb(c.env.DB));
      try {
        c.executionCtx.waitUntil(write);
      } catch {
        await write;
      }
    }
  };
}
