/**
 * Watchlists, mounted at /api: saved searches (POST/GET /saved_searches, PATCH/DELETE
 * /saved_searches/{id}, GET /saved_searches/{id}/matches), the digest's address (/saved_searches/mailbox)
 * and the per-search one-click unsubscribe of the digest e-mail (RFC 8058).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { createArea, defineRawRoute, defineRoute, jsonBody, listOf } from '../lib/route';
import { WATCH_AREA_NAMES, WATCH_PAGE_SIZE, listUrlOf, type WatchArea } from './constants';
import { forgetFeed } from './feed';
import { mailboxOf, setMailbox } from './mailbox';
import { matchesSince, matchSearches, newMatchCount } from './matches';
import { isOneClickBody } from '../digest/routes';
import { unsubscribePage } from './page';
import * as S from './schemas';
import { checkQuery, createSearch, deleteSearch, requireSearch, searchPage, updateSearch, type SavedSearch } from './searches';
import { FOLLOWS_SECTION, followedPage, markFollowSeen, setFollowMail } from './follows';
import { enableEndpoint } from './webhooks';
import { savedSearches, watchEndpoints, watchFollowMail } from './tables';
import { feedToken, linkTarget, sameHex, unsubscribeTag, WATCH_UNSUBSCRIBE_PATH } from './tokens';
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../lib/errors';
import { addEndpoint, checkEndpointUrl, endpointsOf, WEBHOOK_MESSAGES, WEBHOOKS_PER_SEARCH } from './endpoints';

type C = Context<AppEnv>;

/** defineRoute knows GET and POST; PATCH and DELETE are the same declaration under another method. */
const withMethod = <R extends object, M extends 'patch' | 'delete'>(route: R, method: M) => ({ ...route, method }) as Omit<R, 'method'> & { method: M };

const create = defineRoute({
  method: 'post',
  path: '/saved_searches',
  access: 'login',
  summary: '保存订阅：name、area（列表接口路径，如 closure、starmarket/listed、investevent）、query（该列表接口自己的参数）',
  note: 'query 由该列表接口自己的规则校验，不合法时返回它的提示；普通用户最多5个（VIP_REQUIRED）、VIP 100个、超级VIP 500个（CONFLICT）',
  request: { body: jsonBody(S.createInput) },
  data: S.savedSearch,
});

const mine = defineRoute({
  method: 'get',
  path: '/saved_searches',
  access: 'login',
  summary: `我的订阅（新的在前，每页${WATCH_PAGE_SIZE}条）：含上次查看以来的新匹配数 new_count、Atom 地址 feed_url`,
  request: { query: S.listQuery },
  data: listOf(S.savedSearch),
});

const update = withMethod(
  defineRoute({
    method: 'post',
    path: '/saved_searches/{id}',
    access: 'login',
    summary: '修改订阅（JSON）：name 改名、paused 暂停/恢复、mail 是否发邮件、seen 标记已查看、revoke_feed 更换 Atom 地址',
    note: '只能修改自己的订阅，其他订阅返回 NOT_FOUND',
    request: { params: S.idParam, body: jsonBody(S.updateInput) },
    data: S.savedSearch,
  }),
  'patch',
);

const remove = withMethod(
  defineRoute({
    method: 'post',
    path: '/saved_searches/{id}',
    access: 'login',
    summary: '删除订阅',
    note: '只能删除自己的订阅，其他订阅返回 NOT_FOUND',
    request: { params: S.idParam },
    data: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  }),
  'delete',
);

const matchesRoute = defineRoute({
  method: 'get',
  path: '/saved_searches/{id}/matches',
  access: 'login',
  summary: '订阅的匹配：since（毫秒）之后新增或变化、且符合筛选条件的行，格式同该列表；since=0 为列表当前第一页',
  note: '范围不超过普通用户能看到的页数（前3页）',
  request: { params: S.idParam, query: S.matchesQuery },
  data: S.matches,
});

const getMailbox = defineRoute({
  method: 'get',
  path: '/saved_searches/mailbox',
  access: 'login',
  summary: '订阅邮件的收件邮箱（手机号注册的账号需先填写）',
  data: S.mailbox,
});

const putMailbox = defineRoute({
  method: 'post',
  path: '/saved_searches/mailbox',
  access: 'login',
  summary: '设置订阅邮件的收件邮箱（JSON：email）',
  request: { body: jsonBody(S.mailboxInput) },
  data: S.mailbox,
});

const addHook = defineRoute({
  method: 'post',
  path: '/saved_searches/{id}/webhooks',
  access: 'vip',
  summary: '为订阅添加 Webhook（JSON：url，https://），返回只显示一次的签名密钥 secret',
  note: `新匹配按 Standard Webhooks 签名 POST（webhook-id、webhook-timestamp、webhook-signature）；失败按指数退避重试，连续失败后停用并邮件通知；不接受 localhost 与内网、本机、链路本地 IP；每个订阅最多${WEBHOOKS_PER_SEARCH}个`,
  request: { params: S.idParam, body: jsonBody(S.webhookInput) },
  data: S.createdWebhook,
});

const listHooks = defineRoute({
  method: 'get',
  path: '/saved_searches/{id}/webhooks',
  access: 'login',
  summary: '订阅的 Webhook 与最近的推送记录（状态、尝试次数、最后的错误）',
  request: { params: S.idParam },
  data: z.array(S.webhook),
});

const removeHook = withMethod(
  defineRoute({
    method: 'post',
    path: '/saved_searches/{id}/webhooks/{hook}',
    access: 'login',
    summary: '删除 Webhook',
    request: { params: S.hookParams },
    data: z.object({ id: z.number().int(), deleted: z.literal(true) }),
  }),
  'delete',
);

const enableHook = withMethod(
  defineRoute({
    method: 'post',
    path: '/saved_searches/{id}/webhooks/{hook}',
    access: 'vip',
    summary: '重新启用已停用的 Webhook（JSON：active: true），连续失败次数清零',
    note: '停用期间的新匹配不补发；只能修改自己订阅的 Webhook，其他返回 NOT_FOUND',
    request: { params: S.hookParams, body: jsonBody(S.webhookChange) },
    data: z.object({ id: z.number().int(), status: z.literal('active'), failures: z.number().int() }),
  }),
  'patch',
);

const followedRoute = defineRoute({
  method: 'get',
  path: '/saved_searches/follows',
  access: 'login',
  summary: `订阅页上关注的公司（最近关注的在前，每页${WATCH_PAGE_SIZE}家）：含上次打开以来的新融资事件与新闻数 new_count`,
  request: { query: S.listQuery },
  data: listOf(S.followedCompany),
});

const followSeenRoute = defineRoute({
  method: 'post',
  path: '/saved_searches/follows/{com}/seen',
  access: 'login',
  summary: '标记从订阅页打开了某家关注的公司（其 new_count 从此刻重新计）',
  note: '未关注该公司时返回 NOT_FOUND',
  request: { params: S.comParam },
  data: S.followSeen,
});

const putFollowsMail = defineRoute({
  method: 'post',
  path: '/saved_searches/follows_mail',
  access: 'login',
  summary: '关注的公司是否写进每日订阅邮件（JSON：on）',
  request: { body: jsonBody(S.followsMailInput) },
  data: S.mailbox,
});

const unsubscribeDoc = { path: '/saved_searches/unsubscribe', access: 'public', mediaType: 'text/html', request: { query: S.unsubscribeQuery } } as const;

const unsubscribeConfirm = defineRawRoute({ ...unsubscribeDoc, method: 'get', summary: '订阅邮件中某个订阅的退订链接：显示确认页（GET 不退订）' });

const unsubscribeOneClick = defineRawRoute({
  ...unsubscribeDoc,
  method: 'post',
  summary: '一键退订某个订阅的邮件（RFC 8058：List-Unsubscribe=One-Click）',
  note: '只停止该订阅的邮件；Atom 与页面上的新匹配不受影响',
});

/** The digest's address and whether followed companies are in it. */
async function mailboxView(c: C) {
  const user = currentUser(c);
  const db = c.get('db');
  const row = await db.select({ mail: watchFollowMail.mail }).from(watchFollowMail).where(eq(watchFollowMail.userId, user.id)).get();
  return { email: await mailboxOf(db, user), follows_mail: row?.mail !== 0 };
}

/** The search as the API shows it. */
async function view(c: C, s: SavedSearch, newCount?: number) {
  const token = await feedToken(c.env, s.feedSalt);
  const query = JSON.parse(s.query) as Record<string, unknown>;
  return {
    id: s.id,
    name: s.name,
    area: s.area as WatchArea,
    area_name: WATCH_AREA_NAMES[s.area as WatchArea],
    query,
    paused: s.paused === 1,
    mail: s.mail === 1,
    feed_url: token ? `${c.env.APP_ORIGIN}/feeds/${token}.atom` : null,
    list_url: listUrlOf(s.area as WatchArea, query),
    new_count: newCount ?? (await newMatchCount(c.get('db'), s, s.seenAt)),
    seen_at: s.seenAt,
    created_at: s.createdAt,
  };
}

/**
 * What a signed link would stop, if the link is ours: the names of what still mails (a search, the
 * followed companies, or all of a user's), and the change that stops them.
 */
async function linkScope(c: C, q: z.infer<typeof S.unsubscribeQuery>) {
  const target = linkTarget(q);
  if (!target || !q.t || !/^[0-9a-f]{64}$/.test(q.t)) return null;
  const tag = await unsubscribeTag(c.env, target);
  if (!tag || !sameHex(tag, q.t)) return null;
  const db = c.get('db');
  const userId = 'search' in target ? null : 'follows' in target ? target.follows : target.user;
  const searches =
    'search' in target
      ? await db.select().from(savedSearches).where(eq(savedSearches.id, target.search))
      : 'user' in target
        ? await db.select().from(savedSearches).where(eq(savedSearches.userId, target.user)).orderBy(savedSearches.id)
        : [];
  if ('search' in target && !searches.length) return null;
  const followsOn = userId !== null && (await db.select({ mail: watchFollowMail.mail }).from(watchFollowMail).where(eq(watchFollowMail.userId, userId)).get())?.mail !== 0;
  const mailing = searches.filter((s) => s.mail === 1);
  const names = [...mailing.map((s) => s.name), ...(followsOn ? [FOLLOWS_SECTION.name] : [])];
  const stop = async () => {
    if (mailing.length) await db.update(savedSearches).set({ mail: 0, updatedAt: Date.now() }).where(inArray(savedSearches.id, mailing.map((s) => s.id)));
    if (userId !== null) await setFollowMail(db, userId, false);
  };
  return { names, allNames: [...searches.map((s) => s.name), ...(userId !== null ? [FOLLOWS_SECTION.name] : [])], stop };
}

/** The same link, to post the confirm form back to. */
const selfAction = (c: C) => `${WATCH_UNSUBSCRIBE_PATH}${new URL(c.req.url).search}`;

const page = (c: C, html: string, status: 200 | 400 = 200) => c.html(html, status, { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });

export const watchRoutes = createArea()
  .openapi(create, async (c) => {
    const user = currentUser(c);
    const input = c.req.valid('json');
    const query = checkQuery(input.area, input.query);
    const s = await createSearch(c.get('db'), c.env, user, { name: input.name, area: input.area, query });
    return ok(c, await view(c, s, 0));
  })
  .openapi(mine, async (c) => {
    const user = currentUser(c);
    const { page: p } = c.req.valid('query');
    const { rows, total } = await searchPage(c.get('db'), user.id, p, WATCH_PAGE_SIZE);
    // The page's new-match counts in one matching run: the change log read once per source, lists run only where a changed row fits.
    const { counts } = await matchSearches(c.get('db'), rows, Date.now(), (s) => s.seenAt);
    const info = await Promise.all(rows.map((s) => view(c, s, counts.get(s.id) ?? 0)));
    return ok(c, { info, page: { total, page: p, per_page: WATCH_PAGE_SIZE } });
  })
  .openapi(followedRoute, async (c) => {
    const { page: p } = c.req.valid('query');
    const { rows, total } = await followedPage(c.get('db'), currentUser(c).id, p, WATCH_PAGE_SIZE);
    return ok(c, { info: rows, page: { total, page: p, per_page: WATCH_PAGE_SIZE } });
  })
  .openapi(followSeenRoute, async (c) => {
    const { com } = c.req.valid('param');
    const now = Date.now();
    if (!(await markFollowSeen(c.get('db'), currentUser(c).id, com, now))) throw new ApiError('NOT_FOUND', '未关注该公司');
    return ok(c, { com_id: com, seen_at: now });
  })
  .openapi(getMailbox, async (c) => ok(c, await mailboxView(c)))
  .openapi(putMailbox, async (c) => {
    await setMailbox(c.get('db'), currentUser(c).id, c.req.valid('json').email);
    return ok(c, await mailboxView(c));
  })
  .openapi(putFollowsMail, async (c) => {
    await setFollowMail(c.get('db'), currentUser(c).id, c.req.valid('json').on);
    return ok(c, await mailboxView(c));
  })
  .openapi(unsubscribeConfirm, async (c) => {
    const scope = await linkScope(c, c.req.valid('query'));
    if (!scope) return page(c, unsubscribePage(c.env.APP_ORIGIN, { kind: 'invalid' }), 400);
    if (!scope.names.length) return page(c, unsubscribePage(c.env.APP_ORIGIN, { kind: 'done', names: scope.allNames, already: true }));
    return page(c, unsubscribePage(c.env.APP_ORIGIN, { kind: 'confirm', names: scope.names, action: selfAction(c) }));
  })
  .openapi(unsubscribeOneClick, async (c) => {
    const scope = await linkScope(c, c.req.valid('query'));
    if (!scope) return page(c, unsubscribePage(c.env.APP_ORIGIN, { kind: 'invalid' }), 400);
    if (!scope.names.length) return page(c, unsubscribePage(c.env.APP_ORIGIN, { kind: 'done', names: scope.allNames, already: true }));
    if (!(await isOneClickBody(c))) return page(c, unsubscribePage(c.env.APP_ORIGIN, { kind: 'confirm', names: scope.names, action: selfAction(c) }), 400);
    await scope.stop();
    return page(c, unsubscribePage(c.env.APP_ORIGIN, { kind: 'done', names: scope.names, already: false }));
  })
  .openapi(update, async (c) => {
    const user = currentUser(c);
    const s = await requireSearch(c.get('db'), user.id, c.req.valid('param').id);
    if (c.req.valid('json').revoke_feed) await forgetFeed(c.env.APP_ORIGIN, await feedToken(c.env, s.feedSalt));
    const changed = await updateSearch(c.get('db'), c.env, s, c.req.valid('json'));
    return ok(c, await view(c, changed, c.req.valid('json').seen ? 0 : undefined));
  })
  .openapi(remove, async (c) => {
    const user = currentUser(c);
    const s = await requireSearch(c.get('db'), user.id, c.req.valid('param').id);
    await deleteSearch(c.get('db'), s);
    await forgetFeed(c.env.APP_ORIGIN, await feedToken(c.env, s.feedSalt));
    return ok(c, { id: s.id, deleted: true as const });
  })
  .openapi(addHook, async (c) => {
    const user = currentUser(c);
    const s = await requireSearch(c.get('db'), user.id, c.req.valid('param').id);
    const url = checkEndpointUrl(c.req.valid('json').url, c.env.APP_ORIGIN);
    const { id, secret } = await addEndpoint(c.get('db'), user.id, s.id, url);
    return ok(c, { id, url, status: 'active' as const, secret });
  })
  .openapi(listHooks, async (c) => {
    const user = currentUser(c);
    const s = await requireSearch(c.get('db'), user.id, c.req.valid('param').id);
    const hooks = await endpointsOf(c.get('db'), s.id);
    return ok(
      c,
      hooks.map(({ endpoint: e, deliveries }) => ({
        id: e.id,
        url: e.url,
        status: e.status,
        failures: e.failures,
        created_at: e.createdAt,
        disabled_at: e.disabledAt,
        deliveries: deliveries.map((d) => ({
          id: d.id,
          msg_id: d.msgId,
          status: d.status,
          attempts: d.attempts,
          last_status: d.lastStatus,
          last_error: d.lastError,
          title: (JSON.parse(d.payload) as { data: { item: { title: string } } }).data.item.title,
          created_at: d.createdAt,
          delivered_at: d.deliveredAt,
        })),
      })),
    );
  })
  .openapi(removeHook, async (c) => {
    const user = currentUser(c);
    const { id, hook } = c.req.valid('param');
    const s = await requireSearch(c.get('db'), user.id, id);
    const gone = await c.get('db').delete(watchEndpoints).where(and(eq(watchEndpoints.id, hook), eq(watchEndpoints.searchId, s.id))).returning({ id: watchEndpoints.id });
    if (!gone.length) throw new ApiError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    return ok(c, { id: hook, deleted: true as const });
  })
  .openapi(enableHook, async (c) => {
    const user = currentUser(c);
    const { id, hook } = c.req.valid('param');
    const s = await requireSearch(c.get('db'), user.id, id);
    const ep = await enableEndpoint(c.get('db'), s.id, hook);
    if (!ep) throw new ApiError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    return ok(c, { id: ep.id, status: 'active' as const, failures: ep.failures });
  })
  .openapi(matchesRoute, async (c) => {
    const user = currentUser(c);
    const s = await requireSearch(c.get('db'), user.id, c.req.valid('param').id);
    const { since } = c.req.valid('query');
    const { rows } = await matchesSince(c.get('db'), s, since);
    return ok(c, { area: s.area as WatchArea, since, info: rows as z.infer<typeof S.matchRow>[] });
  });
