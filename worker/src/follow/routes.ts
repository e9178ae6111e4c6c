/**
 * Follows (关注), mounted at /api/follow: the follow/favourite button of the failed-company list
 * (spec §2 "Failed-company list", type 1 = company). Following and unfollowing are idempotent, so a
 * double click or a retry never errors or duplicates. Every call is for the signed-in user only
 * (the routes' declared level); a user never sees another user's follows.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { closures, companies, follows } from '../db';
import type { Db } from '../env';
import { list, ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { literalOf } from '../lib/literal';
import { FOLLOW_COMPANY } from './constants';
import { listFollows } from './list';
import { pageParam, perPageParam } from '../lib/pagination';
import { blankToUndefined, decimalOnly, MAX_ID, reqId } from '../lib/params';
import { createArea, defineRoute, jsonBody, listOf } from '../lib/route';

/** Ids one status call may ask about: a list page is 10, the biggest lists 50. */
export const FOLLOW_STATUS_MAX = 50;

const toNumber = decimalOnly;

/** Only companies can be followed so far. */
const followType = (fallback?: typeof FOLLOW_COMPANY) =>
  z.preprocess((v) => toNumber(blankToUndefined(v) ?? fallback), literalOf([FOLLOW_COMPANY], { message: `关注类型只能是 ${FOLLOW_COMPANY}（公司）` }));

/** 'ids=1,2,3': distinct positive integers, in the order asked. */
const idList = z.preprocess(blankToUndefined, z.string({ message: '缺少要查询的 id 列表' })).transform((s, ctx) => {
  const parts = s.split(',').map((p) => p.trim());
  if (parts.length > FOLLOW_STATUS_MAX) {
    ctx.issues.push({ code: 'custom', message: `一次最多查询${FOLLOW_STATUS_MAX}个 id`, input: s });
    return z.NEVER;
  }
  const ids = parts.map(Number);
  if (parts.some((p, i) => !/^\d+$/.test(p) || ids[i] < 1 || ids[i] > MAX_ID)) {
    ctx.issues.push({ code: 'custom', message: '必须是逗号分隔的正整数 id，如 1,2,3', input: s });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

const followBody = z.object({ type: followType(), item_id: reqId('关注对象 item_id') });
const statusQuery = z.object({ type: followType(), ids: idList });
const listQuery = z.object({ type: followType(FOLLOW_COMPANY), page: pageParam, per_page: perPageParam(10, 50) });

/** The company must exist in the company database or among the closed companies. */
async function requireCompany(db: Db, id: number): Promise<void> {
  const [company, closure] = await db.batch([
    db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1),
    db.select({ id: closures.comId }).from(closures).where(eq(closures.comId, id)).limit(1),
  ]);
  if (company.length === 0 && closure.length === 0) throw new ApiError('NOT_FOUND', '该公司不存在');
}

const followState = z.object({ type: z.literal(FOLLOW_COMPANY), item_id: z.number().int(), followed: z.boolean() });

const myFollows = defineRoute({
  method: 'get',
  path: '/',
  access: 'login',
  summary: '我的关注（新的在前）：type 1 公司（默认）、page、per_page（默认10）；含 item_id、name、logo、created_at',
  request: { query: listQuery },
  data: listOf(z.object({ item_id: z.number().int(), type: z.number().int(), name: z.string(), logo: z.string(), created_at: z.number().int() })),
});

/** Following and unfollowing: a JSON { type, item_id } in, the state it leaves out. */
const followChange = <P extends string>(path: P, summary: string, note: string) =>
  defineRoute({ method: 'post', path, access: 'login', summary, note, request: { body: jsonBody(followBody) }, data: followState });

const follow = followChange('/', '关注（JSON：type 1 公司、item_id）', '重复关注只保留一条；公司不存在返回 NOT_FOUND「该公司不存在」');

const unfollow = followChange('/cancel', '取消关注（JSON：type、item_id）', '未关注时同样成功');

const status = defineRoute({
  method: 'get',
  path: '/status',
  access: 'login',
  summary: '关注状态：type、ids（逗号分隔，最多50个），返回其中已关注的 { followed: [id] }',
  note: '只含当前用户自己的关注',
  request: { query: statusQuery },
  data: z.object({ followed: z.array(z.number().int()) }),
});

export const followRoutes = createArea()
  .openapi(myFollows, async (c) => {
    const user = currentUser(c);
    const { type, page, per_page } = c.req.valid('query');
    const db = c.get('db');
    // Kept total and per-day counts ('uf:<user>:<type>'): the page's rows off (user_id, type, created_at), a deep page from its day.
    const { rows, total } = await listFollows(db, user.id, type, page, per_page);
    return list(c, rows, { total, page, per_page });
  })
  .openapi(follow, async (c) => {
    const user = currentUser(c);
    const { type, item_id } = c.req.valid('json');
    const db = c.get('db');
    await requireCompany(db, item_id);
    // Following again keeps the first row (and its date).
    await db.insert(follows).values({ userId: user.id, type, itemId: item_id, createdAt: Date.now() }).onConflictDoNothing();
    return ok(c, { type, item_id, followed: true });
  })
  .openapi(unfollow, async (c) => {
    const user = currentUser(c);
    const { type, item_id } = c.req.valid('json');
    await c
      .get('db')
      .delete(follows)
      .where(and(eq(follows.userId, user.id), eq(follows.type, type), eq(follows.itemId, item_id)));
    return ok(c, { type, item_id, followed: false });
  })
  .openapi(status, async (c) => {
    const user = currentUser(c);
    const { type, ids } = c.req.valid('query');
    const rows = await c
      .get('db')
      .select({ itemId: follows.itemId })
      .from(follows)
      .where(and(eq(follows.userId, user.id), eq(follows.type, type), inArray(follows.itemId, ids)));
    const followed = new Set(rows.map((r) => r.itemId));
    return ok(c, { followed: ids.filter((id) => followed.has(id)) });
  });
