/**
 * The daily e-mail's calls (spec §7 "Healthcare calls"): POST medical/check_subscribe,
 * medical/subscribe, medical/rm_subscribe; and the signed unsubscribe link of every e-mail
 * (GET shows a confirm page, POST with the RFC 8058 one-click body unsubscribes). Mounted at /api.
 */
import type { ZodError } from 'zod';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { LIMITS } from '../lib/rate-limit';
import { createArea, defineRawRoute, defineRoute, jsonBody } from '../lib/route';
import { NOT_SUBSCRIBED, SUBSCRIBE_MESSAGES, SUBSCRIBED, UNSUBSCRIBE_LINK_DAYS } from './constants';
import { unsubscribePage, type UnsubscribeView } from './page';
import * as S from './schemas';
import { digestSecret, linkSubscriptionId, type LinkCheck, type LinkQuery, UNSUBSCRIBE_PATH, unsubscribeSigner } from './signing';
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
  limit: LIMITS.subscribe,
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
  note: `链接带订阅 id、到期时间（邮件发出后${UNSUBSCRIBE_LINK_DAYS}天）、收件邮箱指纹与 HMAC 签名，无需登录；签名不对显示“退订链接无效”（400），过期或订阅邮箱已更换显示原因并引导登录后取消（410）`,
});

const oneClick = defineRawRoute({
  ...unsubscribeDoc,
  method: 'post',
  summary: '一键退订（RFC 8058：邮件客户端 POST List-Unsubscribe=One-Click，或确认页的按钮）',
  note: '无需登录；请求体须为表单 List-Unsubscribe=One-Click（multipart/form-data 或 application/x-www-form-urlencoded），否则不退订、显示确认页（400）；重复退订仍显示已退订',
});

/** msg is the field's own message ('请输入邮箱地址'), field names it. */
function emailHook(result: { success: boolean; error?: ZodError }): undefined {
  if (result.success || !result.error) return undefined;
  const issue = result.error.issues[0];
  if (issue?.path[0] === 'email') throw new ApiError('BAD_REQUEST', issue.message, { field: 'email' });
  throw new ApiError('BAD_REQUEST', SUBSCRIBE_MESSAGES.empty, { field: 'email' });
}

/** RFC 8058 §3.1: the one-click POST carries exactly this key and value, as a form. */
export async function isOneClickBody(c: Context<AppEnv>): Promise<boolean> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!/^(?:application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(type)) return false;
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return form['List-Unsubscribe'] === 'One-Click';
}

/** The subscription a link names and what the link says about it (it has to be one of ours, for this address, in time). */
async function linkTarget(c: Context<AppEnv>) {
  const q: LinkQuery = c.req.query();
  const id = linkSubscriptionId(q);
  const sub = id === null ? undefined : await subscriptionById(c.get('db'), id);
  if (!sub) return { sub: null, link: { kind: 'invalid' } as LinkCheck };
  const secret = digestSecret(c.env);
  if (!secret) {
    console.error('DIGEST_SECRET is not set: unsubscribe links cannot be checked');
    return { sub: null, link: { kind: 'invalid' } as LinkCheck };
  }
  const signer = await unsubscribeSigner(secret);
  return { sub, link: await signer.check(sub, q, Date.now()) };
}

const page = (c: Context<AppEnv>, v: UnsubscribeView, status: 200 | 400 | 410 = 200) =>
  c.html(unsubscribePage(c.env.APP_ORIGIN, v), status, { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });

/** The page for a link that cannot unsubscribe: 410 for an expired or stale one, 400 for a broken one. */
const refused = (c: Context<AppEnv>, link: LinkCheck) =>
  link.kind === 'expired' || link.kind === 'stale' ? page(c, { kind: link.kind }, 410) : page(c, { kind: 'invalid' }, 400);

/** The same link, to post the confirm form back to. */
const selfAction = (c: Context<AppEnv>) => `${UNSUBSCRIBE_PATH}${new URL(c.req.url).search}`;

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
    const { sub, link } = await linkTarget(c);
    if (!sub || link.kind !== 'valid') return refused(c, link);
    if (!sub.active) return page(c, { kind: 'done', email: sub.email, already: true });
    return page(c, { kind: 'confirm', email: sub.email, action: selfAction(c) });
  })
  .openapi(oneClick, async (c) => {
    const { sub, link } = await linkTarget(c);
    if (!sub || link.kind !== 'valid') return refused(c, link);
    if (!sub.active) return page(c, { kind: 'done', email: sub.email, already: true });
    if (!(await isOneClickBody(c))) return page(c, { kind: 'confirm', email: sub.email, action: selfAction(c), again: true }, 400);
    const changed = await unsubscribeById(c.get('db'), sub.id);
    return page(c, { kind: 'done', email: sub.email, already: !changed });
  });
