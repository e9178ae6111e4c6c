/**
 * The closed-company database (死亡公司库), spec §7 "Closed-company calls".
 * closureRoutes is mounted at /api/closure; closureCommentRoutes carries the two calls the spec
 * documents without the /closure prefix (/api/add_comment, /api/add_revert_comment).
 * Each route declares its level here; the finer list rules (visitor defaults, non-VIP page limit)
 * come from auth/rules.ts.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { NON_VIP_MAX_PAGE, nonVipPageLimit } from '../auth/rules';
import type { AppEnv } from '../env';
import { list, ok, paged } from '../lib/envelope';
import { idempotencyKey } from '../lib/idempotency';
import { LIMITS } from '../lib/rate-limit';
import { createArea, defineRoute, defineTwin, listOf } from '../lib/route';
import { addComment, addReply, listComments } from './comments';
import { CLOSURE_PAGE_SIZE, COMMENT_PAGE_SIZE, INCENSE_PAGE_SIZE } from './constants';
import { closureFilters } from './filters';
import { listIncense, offerIncense } from './incense';
import { listClosures, requireClosure, yearNumbers } from './list';
import { listNews } from './news';
import { amountTop, companyIncenseTop, firmTop, valuationTop } from './rankings';
import { reasonCompanies, reasonDelegates, reasonIncenseTop, reasonTree, requireChildReason } from './reasons';
import * as S from './schemas';
import { collectionCompanies, listAlbums, listTracks, statusStatistics, trackReasonStatistics } from './tracks';

type C = Context<AppEnv>;


// --- home ---

const closureList = defineRoute({
  method: 'get',
  path: '/',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  visitor: ['keyword'],
  summary: `死亡公司列表（每页${CLOSURE_PAGE_SIZE}条）：com_prov、fund_status、cat_id、keyword、sort 1-3、page`,
  note: `游客只能看第1页，且除公司名 keyword（分享链接）外不能筛选或排序（否则 LOGIN_REQUIRED）；非VIP最多看前${NON_VIP_MAX_PAGE}页（否则 VIP_REQUIRED）`,
  request: { query: S.listQuery },
  data: listOf(S.closureRow),
});

const yearNumber = defineRoute({ method: 'get', path: '/year_number', access: 'public', cache: { maxAge: 60, shared: 'visitors' }, summary: '每年关闭公司数 { 年份: 数量 }', data: S.yearNumbers });

const filters = defineRoute({
  method: 'get',
  path: '/filters',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: '筛选项：省份、行业（含子行业）、融资轮次、排序方式、新闻地区与年份',
  data: S.filterOptions,
});

const comComments = defineRoute({
  method: 'get',
  path: '/com_comment',
  access: 'public',
  visitor: [],
  summary: `公司评论（一级评论分页，含全部回复）：com_id、page、per_page（默认${COMMENT_PAGE_SIZE}）、type 1 最新 / 2 最早`,
  note: '游客只能看第1页、默认每页条数与排序（否则 LOGIN_REQUIRED）',
  request: { query: S.comCommentQuery },
  data: listOf(S.comment),
});

const addComComment = defineTwin({
  path: '/add_comment',
  access: 'login',
  limit: LIMITS.comment,
  summary: '评论公司：com_id、commont_detail、is_closure=1',
  note: '内容去首尾空格后不能为空，最多500字',
  input: S.addComComment,
  data: S.comment,
});

const addComReply = defineTwin({
  path: '/add_revert_comment',
  access: 'login',
  limit: LIMITS.comment,
  summary: '回复公司评论：com_id、commont_id、replay_user_id、commont_replay_info',
  note: '只能回复该公司的一级评论；被回复者须是该评论或其回复的作者',
  input: S.addComReply,
  data: S.reply,
});

// --- reasons ---

const reasonTreeRoute = defineRoute({
  method: 'get',
  path: '/closure_type',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: '两级关闭原因导航：[{ id, p_id, name, child: [...] }]',
  data: z.array(S.reasonNode),
});

const delegates = defineRoute({
  method: 'get',
  path: '/closure_type_Delegate',
  access: 'login',
  summary: '关闭原因的代表项目（融资额最高的10家）：type_id',
  note: '一级原因包含其全部二级原因',
  request: { query: S.typeIdQuery },
  data: z.array(S.delegate),
});

const reasonComments = defineRoute({
  method: 'get',
  path: '/closure_type_comment',
  access: 'login',
  summary: `关闭原因的讨论：type_id（二级原因）、page、per_page（默认${COMMENT_PAGE_SIZE}）、type`,
  request: { query: S.reasonCommentQuery },
  data: listOf(S.comment),
});

const addReasonComment = defineTwin({
  path: '/add_closure_comment',
  access: 'login',
  limit: LIMITS.comment,
  summary: '评论关闭原因：type_id、content',
  note: 'type_id 须为二级原因',
  input: S.addReasonComment,
  data: S.comment,
});

const addReasonReply = defineTwin({
  path: '/add_closure_revert_comment',
  access: 'login',
  limit: LIMITS.comment,
  summary: '回复关闭原因的评论：type_id、comment_id、replay_user_id、comment_replay_info',
  note: '只能回复该原因的一级评论',
  input: S.addReasonReply,
  data: S.reply,
});

const reasonList = defineRoute({
  method: 'get',
  path: '/closure_type_list',
  access: 'vip',
  summary: '关闭原因下的全部公司（会员）：type_id、page、per_page',
  note: '一级原因包含其全部二级原因',
  request: { query: S.reasonListQuery },
  data: listOf(S.closureRow),
});

// --- burn rankings ---

const RANK_NOTE = '成员始终是按榜单指标的前100名；sort 只改变这100家的顺序（rank 为指标名次，serial 为返回顺序的序号）';

const amountTopRoute = defineRoute({
  method: 'get',
  path: '/amount_top',
  access: 'login',
  summary: '烧钱榜·融资总额TOP100：cat_id、com_prov、sort、page、per_page',
  note: RANK_NOTE,
  request: { query: S.rankingQuery },
  data: listOf(S.rankedClosure),
});

const valuationTopRoute = defineRoute({
  method: 'get',
  path: '/valuation_top',
  access: 'login',
  summary: '烧钱榜·估值TOP100：同 amount_top；horse_unicorn 1 千里马 / 2 独角兽',
  note: RANK_NOTE,
  request: { query: S.valuationQuery },
  data: listOf(S.rankedClosure),
});

const invstTop = defineRoute({
  method: 'get',
  path: '/invst_top',
  access: 'login',
  summary: '烧钱榜·机构TOP100：投资关闭公司最多的机构，含代表案例 com 与数量 count',
  request: { query: S.invstTopQuery },
  data: listOf(S.firmRow),
});

// --- tracks and albums ---

const tracks = defineRoute({ method: 'get', path: '/death_track', access: 'public', cache: { maxAge: 60, shared: 'visitors' }, summary: '死亡赛道列表：[{ tag_id, tag_name }]', data: z.array(S.track) });

const albums = defineRoute({
  method: 'get',
  path: '/death_album',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: '死亡专辑列表：[{ album_id, album_name, des }]',
  data: z.array(S.album),
});

const trackCompanies = defineRoute({
  method: 'get',
  path: '/death_track_list',
  access: 'login',
  summary: `赛道下的死亡公司：item_id、page、per_page（默认${CLOSURE_PAGE_SIZE}）`,
  request: { query: S.itemListQuery },
  data: listOf(S.closureRow),
});

const albumCompanies = defineRoute({
  method: 'get',
  path: '/death_album_list',
  access: 'login',
  summary: `专辑下的死亡公司：item_id、page、per_page（默认${CLOSURE_PAGE_SIZE}）`,
  request: { query: S.itemListQuery },
  data: listOf(S.closureRow),
});

const trackReasons = defineRoute({
  method: 'post',
  path: '/death_track_statistics',
  access: 'login',
  summary: '赛道的关闭原因分布（饼图，含二级原因）：?item_id=',
  request: { query: S.trackStatisticsQuery },
  data: z.array(S.reasonSlice),
});

const statusPie = defineRoute({
  method: 'post',
  path: '/death_track_com_statistics',
  access: 'login',
  summary: '赛道或专辑的运营状态分布（饼图）：?item_id=&type=1 赛道（默认）/ 2 专辑',
  request: { query: S.statisticsQuery },
  data: z.array(S.slice),
});

// --- news ---

const news = defineRoute({
  method: 'get',
  path: '/news_list',
  access: 'login',
  summary: '死亡公司新闻（每页20条）：com_prov（含“海外”）、cat_id（行业名称）、year（今年…2012 或“2012以前”）、keyword（公司名）、page',
  request: { query: S.newsQuery },
  data: listOf(S.newsItem),
});

// --- incense ---

const addIncense = defineTwin({
  path: '/add_incense',
  access: 'login',
  limit: LIMITS.incense,
  summary: '上香：item_id、type 1 公司 / 2 关闭原因、juzi_btc 炷数（1桔子币1炷），返回 balance 与上香记录',
  note: '付费操作，请带 Idempotency-Key：相同键的重复请求只扣一次费并返回首次结果；余额不足 INSUFFICIENT_COINS（含 balance）',
  input: S.addIncense,
  data: S.offering,
});

const incenseTop = defineRoute({
  method: 'get',
  path: '/incense_top',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  visitor: [],
  summary: '上香排行：type 1 公司 / 2 关闭原因，per_page（默认10）',
  note: '游客只能看公司榜（type 1，默认条数），否则 LOGIN_REQUIRED',
  request: { query: S.incenseTopQuery },
  data: S.incenseTop,
});

const incenseList = defineRoute({
  method: 'get',
  path: '/incense_list',
  access: 'login',
  summary: `上香记录（新的在前，每页${INCENSE_PAGE_SIZE}条）：type、item_id、page、per_page`,
  request: { query: S.incenseListQuery },
  data: listOf(S.incenseRecord),
});

// --- handlers shared by a twin's GET and POST ---

async function commentOnCompany(c: C, input: z.output<typeof S.addComComment>) {
  const user = currentUser(c);
  await requireClosure(c.get('db'), input.com_id);
  return ok(c, await addComment(c.get('db'), { type: 'com', id: input.com_id }, user.id, input.commont_detail));
}

async function replyOnCompany(c: C, input: z.output<typeof S.addComReply>) {
  const user = currentUser(c);
  await requireClosure(c.get('db'), input.com_id);
  const reply = { commentId: input.commont_id, replayUserId: input.replay_user_id, content: input.commont_replay_info };
  return ok(c, await addReply(c.get('db'), { type: 'com', id: input.com_id }, user.id, reply));
}

async function commentOnReason(c: C, input: z.output<typeof S.addReasonComment>) {
  const user = currentUser(c);
  await requireChildReason(c.get('db'), input.type_id);
  return ok(c, await addComment(c.get('db'), { type: 'reason', id: input.type_id }, user.id, input.content));
}

async function replyOnReason(c: C, input: z.output<typeof S.addReasonReply>) {
  const user = currentUser(c);
  await requireChildReason(c.get('db'), input.type_id);
  const reply = { commentId: input.comment_id, replayUserId: input.replay_user_id, content: input.comment_replay_info };
  return ok(c, await addReply(c.get('db'), { type: 'reason', id: input.type_id }, user.id, reply));
}

async function lightIncense(c: C, input: z.output<typeof S.addIncense>) {
  const user = currentUser(c);
  const key = idempotencyKey(c);
  const r = await offerIncense(c.get('db'), { userId: user.id, type: input.type, itemId: input.item_id, amount: input.juzi_btc, idempotencyKey: key });
  if (r.replayed) c.header('Idempotent-Replayed', 'true');
  return ok(c, { balance: r.balance, record: r.record });
}

export const closureCommentRoutes = createArea()
  .openapi(addComComment.get, (c) => commentOnCompany(c, c.req.valid('query')))
  .openapi(addComComment.post, (c) => commentOnCompany(c, c.req.valid('json')))
  .openapi(addComReply.get, (c) => replyOnCompany(c, c.req.valid('query')))
  .openapi(addComReply.post, (c) => replyOnCompany(c, c.req.valid('json')));

export const closureRoutes = createArea()
  .openapi(closureList, async (c) => {
    const q = c.req.valid('query');
    // A visitor's filters, sort and page were checked against the declaration's visitor rule.
    nonVipPageLimit(c.get('user'), q.page);
    const { info, total } = await listClosures(c.get('db'), q);
    return list(c, info, { total, page: q.page, per_page: CLOSURE_PAGE_SIZE });
  })
  .openapi(yearNumber, async (c) => {
    return ok(c, await yearNumbers(c.get('db')));
  })
  .openapi(filters, async (c) => {
    return ok(c, await closureFilters(c.get('db')));
  })
  .openapi(comComments, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await listComments(c.get('db'), { type: 'com', id: q.com_id }, { page: q.page, per_page: q.per_page, order: q.type }));
  })
  .openapi(reasonTreeRoute, async (c) => {
    return ok(c, await reasonTree(c.get('db')));
  })
  .openapi(delegates, async (c) => ok(c, await reasonDelegates(c.get('db'), c.req.valid('query').type_id)))
  .openapi(reasonComments, async (c) => {
    const q = c.req.valid('query');
    await requireChildReason(c.get('db'), q.type_id);
    return paged(c, q, await listComments(c.get('db'), { type: 'reason', id: q.type_id }, { page: q.page, per_page: q.per_page, order: q.type }));
  })
  .openapi(addReasonComment.get, (c) => commentOnReason(c, c.req.valid('query')))
  .openapi(addReasonComment.post, (c) => commentOnReason(c, c.req.valid('json')))
  .openapi(addReasonReply.get, (c) => replyOnReason(c, c.req.valid('query')))
  .openapi(addReasonReply.post, (c) => replyOnReason(c, c.req.valid('json')))
  .openapi(reasonList, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await reasonCompanies(c.get('db'), q));
  })
  .openapi(amountTopRoute, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await amountTop(c.get('db'), q));
  })
  .openapi(valuationTopRoute, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await valuationTop(c.get('db'), q));
  })
  .openapi(invstTop, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await firmTop(c.get('db'), q));
  })
  .openapi(tracks, async (c) => {
    return ok(c, await listTracks(c.get('db')));
  })
  .openapi(albums, async (c) => {
    return ok(c, await listAlbums(c.get('db')));
  })
  .openapi(trackCompanies, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await collectionCompanies(c.get('db'), 'track', q));
  })
  .openapi(albumCompanies, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await collectionCompanies(c.get('db'), 'album', q));
  })
  .openapi(trackReasons, async (c) => {
    const q = c.req.valid('query');
    return ok(c, await trackReasonStatistics(c.get('db'), q.item_id));
  })
  .openapi(statusPie, async (c) => {
    const q = c.req.valid('query');
    return ok(c, await statusStatistics(c.get('db'), q.type === 1 ? 'track' : 'album', q.item_id));
  })
  .openapi(news, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await listNews(c.get('db'), q));
  })
  .openapi(addIncense.get, (c) => lightIncense(c, c.req.valid('query')))
  .openapi(addIncense.post, (c) => lightIncense(c, c.req.valid('json')))
  .openapi(incenseTop, async (c) => {
    const q = c.req.valid('query');
    const db = c.get('db');
    return ok(c, q.type === 1 ? await companyIncenseTop(db, q.per_page) : await reasonIncenseTop(db, q.per_page));
  })
  .openapi(incenseList, async (c) => {
    const q = c.req.valid('query');
    return paged(c, q, await listIncense(c.get('db'), q));
  });
