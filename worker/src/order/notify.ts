/**
 * The real providers' asynchronous notifications, answered the way each protocol expects, whatever
 * happens (provider not configured, bad signature, unknown order, an error in the worker):
 *   Alipay:  plain text `success` (stop notifying) or `fail` (notify again later);
 *   WeChat:  204 without a body, or a 4xx / 5xx with {"code":"FAIL","message":…}.
 * Never a 404, a JSON envelope or a bare 500. The handlers read the raw body themselves: the
 * signature covers the bytes as sent.
 */
import type { Context } from 'hono';
import { drizzleDb } from '../db';
import type { AppEnv, Env } from '../env';
import { ApiError } from '../lib/errors';
import { applyNotice } from './payments';
import type { ProviderName } from './provider';
import { PROVIDERS } from './providers';

export const NOTIFY_PATHS = { alipay: '/api/pay/notify/alipay', wechat: '/api/pay/notify/wechat' } as const;

type NotifyProvider = keyof typeof NOTIFY_PATHS;

const alipayAnswer = (ok: boolean) => new Response(ok ? 'success' : 'fail', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

function wechatAnswer(ok: boolean, message = '失败', status = 400) {
  if (ok) return new Response(null, { status: 204 });
  return new Response(JSON.stringify({ code: 'FAIL', message }), { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** The protocol's refusal for a notify path, or null for any other path (app.ts onError asks first). */
export function notifyRefusal(path: string, message: string): Response | null {
  if (path === NOTIFY_PATHS.alipay) return alipayAnswer(false);
  if (path === NOTIFY_PATHS.wechat) return wechatAnswer(false, message, 400);
  return null;
}

/**
 * Verifies and settles one notification. A settled outcome (paid now, paid before, closed, or a late
 * payment refunded) is acknowledged; anything the provider should send again is refused.
 */
export async function handleNotify(c: Context<AppEnv>, name: NotifyProvider): Promise<Response> {
  const provider = PROVIDERS[name as ProviderName];
  const answer = (ok: boolean, message?: string, status?: number) => (name === 'alipay' ? alipayAnswer(ok) : wechatAnswer(ok, message, status));
  const env: Env = c.env;
  if (!provider.configured(env)) return answer(false, `${provider.label}未开通`, 400);
  let notice;
  try {
    notice = await provider.verifyCallback(env, c.req.raw);
  } catch (err) {
    console.error('payment notify refused', name, err instanceof Error ? err.message : err);
    return answer(false, err instanceof Error ? err.message : '通知无效', 400);
  }
  if (!notice) return answer(true);
  try {
    await applyNotice(env, c.get('db') ?? drizzleDb(env.DB), name, notice);
    return answer(true);
  } catch (err) {
    // A late payment that went back through the provider is settled: no need to notify again.
    if (err instanceof ApiError && err.code === 'CONFLICT' && (err.extra?.refund === 'done' || err.extra?.refund === 'pending')) return answer(true);
    console.error('payment notify not settled', name, notice.orderId, err);
    const message = err instanceof Error ? err.message : '处理失败';
    // The provider notifies again later: a passing fault (D1, a refund call) gets another chance.
    return answer(false, message, err instanceof ApiError && err.code !== 'INTERNAL' ? 400 : 503);
  }
}
