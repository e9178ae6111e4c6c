/**
 * The daily e-mail's calls (spec §7 "Healthcare calls"): POST medical/check_subscribe,
 * medical/subscribe, medical/rm_subscribe; and the signed unsubscribe link of every e-mail
 * (GET shows a confirm page, POST unsubscribes: RFC 8058 one-click). Mounted at /api.
 */
import type { ZodError } from 'zod';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { createArea, defineRawRoute, defineRoute, jsonBody } from '../lib/route';
import { NOT_SUBSCRIBED, SUBSCRIBE_MESSAGES, SUBSCRIBED } from './constants';
import { unsubscribePage, type UnsubscribeView } from './page';
import * as S from './schemas';
import { digestSecret, UNSUBSCRIBE_PATH, unsubscribeSigner } from './signing';
import { subscribe, subscriptionById, subscriptionOf, unsubscribeById, unsubscribeUser } from './subscriptions';
import type { Context } from 'hono';
import type { AppEnv } from '../env';

const check = defineRoute({
  method: 'post',
  path: '/medical/check_subscribe',
  access: 'login',
  summary: '动态订阅状态：data.status 为 1（已订阅）或 0（未订阅）',
  note: 'is_vip 为 false 时即使已订阅也不发送（会员到期），续费后恢复',
  data: S.subscriptionState,
});

const add = defineRoute({
  method: 'post',
  path: '/medical/subscribe',
  access: 'vip',
  summary: '订阅医疗健康日报（body：email）；成功时 status 为 success',
  note: `邮箱由服务端校验：为空返回 BAD_REQUEST「${SUBSCRIBE_MESSAGES.empty}」，格式不对「${SUBSCRIBE_MESSAGES.invalid}」；再次订阅更新邮箱；非会员 VIP_REQUIRED`,
  request: { body: jsonBody(S.subscribeInput) },
  data: S.subscriptionState,
});

const remove = defineRoute({
  method: 'post',
  path: '/medical/rm_subscribe',
  access: 'login',
  summary: '取消订阅医疗健康日报',
  note: '未订阅时也返回成功（status 0）；会员到期后仍可取消',
  data: S.subscriptionState,
});

const unsubscribeDoc = {
  path: '/medical/unsubscribe',
  access: 'public',
  mediaType: 'text/html',
  request: { query: S.unsubscribeQuery },
} as const;

const confirmPage = defineRawRoute({
  ...unsubscribeDoc,
  method: 'get',
  summary: '邮件中的一键退订链接：显示确认页（GET 不退订）',
  note: '链接带订阅 id 与 HMAC 签名，无需登录；签名不对显示“退订链接无效”（400）',
});

const oneClick = defineRawRoute({
  ...unsubscribeDoc,
  method: 'post',
  summary: '一键退订（RFC 8058：邮件客户端 POST List-Unsubscribe=One-Click，或确认页的按钮）',
  note: '无需登录；重复退订仍显示已退订',
});

/** msg is the field's own message ('请输入邮箱地址'), field names it. */
function emailHook(result: { success: boolean; error?: ZodError }): undefined {
  if (result.success || !result.error) return undefined;
  const issue = result.error.issues[0];
  if (issue?.path[0] === 'email') throw new ApiError('BAD_REQUEST', issue.message, { field: 'email' });
  throw new ApiError('BAD_REQUEST', SUBSCRIBE_MESSAGES.empty, { field: 'email' });
}

/** The subscription a signed link names, or null when the link is not one of ours. */
async function linkTarget(c: Context<AppEnv>) {
  const { s, t } = c.req.query();
  const id = Number(s);
  if (!Number.isSafeInteger(id) || id <= 0 || !t || !/^[0-9a-f]{64}$/.test(t)) return null;
  const sub = await subscriptionById(c.get('db'), id);
  if (!sub) return null;
  const signer = await unsubscribeSigner(digestSecret(c.env));
  return (await signer.verify(sub.id, sub.token, t)) ? sub : null;
}

const page = (c: Context<AppEnv>, v: UnsubscribeView, status: 200 | 400 = 200) =>
  c.html(unsubscribePage(c.env.APP_ORIGIN, v), status, { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });

const state = (s: { subscribed: boolean; email: string | null }, isVip: boolean) => ({
  status: s.subscribed ? SUBSCRIBED : NOT_SUBSCRIBED,
  email: s.email,
  is_vip: isVip,
});

export const digestRoutes = createArea()
  .openapi(check, async (c) => {
    const user = c.get('user')!;
    return ok(c, state(await subscriptionOf(c.get('db'), user.id), user.isVip));
  })
  .openapi(
    add,
    async (c) => {
      const user = c.get('user')!;
      return ok(c, state(await subscribe(c.get('db'), user.id, c.req.valid('json').email), user.isVip));
    },
    emailHook,
  )
  .openapi(remove, async (c) => {
    const user = c.get('user')!;
    await unsubscribeUser(c.get('db'), user.id);
    return ok(c, state(await subscriptionOf(c.get('db'), user.id), user.isVip));
  })
  .openapi(confirmPage, async (c) => {
    const sub = await linkTarget(c);
    if (!sub) return page(c, { kind: 'invalid' }, 400);
    if (!sub.active) return page(c, { kind: 'done', email: sub.email, already: true });
    const action = `${UNSUBSCRIBE_PATH}?s=${encodeURIComponent(c.req.query('s') ?? '')}&t=${encodeURIComponent(c.req.query('t') ?? '')}`;
    return page(c, { kind: 'confirm', email: sub.email, action });
  })
  .openapi(oneClick, async (c) => {
    const sub = await linkTarget(c);
    if (!sub) return page(c, { kind: 'invalid' }, 400);
    const changed = await unsubscribeById(c.get('db'), sub.id);
    return page(c, { kind: 'done', email: sub.email, already: !changed });
  });
