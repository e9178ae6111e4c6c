/**
 * The closed-company database (死亡公司库), spec §7 "Closed-company calls".
 * closureRoutes is mounted at /api/closure; closureCommentRoutes carries the two calls the spec
 * documents without the /closure prefix (/api/add_comment, /api/add_revert_comment).
 * Calls the spec shows as GET that change data also accept POST with a JSON body.
 * Access levels live in auth/policy.ts; the finer list rules (visitor defaults, non-VIP page 3)
 * are enforced here through closure/gate.ts.
 */
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { currentUser } from '../auth/access';
import { addComment, addReply, listComments, type CommentTarget } from '../closure/comments';
import { closureFilters } from '../closure/filters';
import { nonVipPageLimit, visitorSeesDefaultsOnly } from '../closure/gate';
import { listIncense, offerIncense } from '../closure/incense';
import { CLOSURE_PAGE_SIZE, listClosures, requireClosure, yearNumbers } from '../closure/list';
import { listNews } from '../closure/news';
import * as P from '../closure/params';
import { amountTop, companyIncenseTop, firmTop, valuationTop } from '../closure/rankings';
import { reasonCompanies, reasonDelegates, reasonIncenseTop, reasonTree, requireChildReason } from '../closure/reasons';
import { collectionCompanies, listAlbums, listTracks, statusStatistics, trackReasonStatistics } from '../closure/tracks';
import type { AppEnv } from '../env';
import { list, ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { idempotencyKey } from '../lib/idempotency';
import { zv } from '../lib/validate';

type C = Context<AppEnv>;

/** Only for responses that are the same for every caller (taxonomies and counts). */
const sharedCache = (c: C) => c.header('Cache-Control', 'public, s-maxage=60');

// --- comments: one handler per action, reached by GET (as the spec shows) and POST ---

async function addComComment(c: C, input: z.output<typeof P.addComComment>) {
  const user = currentUser(c);
  await requireClosure(c.get('db'), input.com_id);
  return ok(c, await addComment(c.get('db'), { type: 'com', id: input.com_id }, user.id, input.commont_detail));
}

async function addComReply(c: C, input: z.output<typeof P.addComReply>) {
  const user = currentUser(c);
  await requireClosure(c.get('db'), input.com_id);
  const target: CommentTarget = { type: 'com', id: input.com_id };
  return ok(c, await addReply(c.get('db'), target, user.id, { commentId: input.commont_id, replayUserId: input.replay_user_id, content: input.commont_replay_info }));
}

async function addReasonComment(c: C, input: z.output<typeof P.addReasonComment>) {
  const user = currentUser(c);
  await requireChildReason(c.get('db'), input.type_id);
  return ok(c, await addComment(c.get('db'), { type: 'reason', id: input.type_id }, user.id, input.content));
}

async function addReasonReply(c: C, input: z.output<typeof P.addReasonReply>) {
  const user = currentUser(c);
  await requireChildReason(c.get('db'), input.type_id);
  const target: CommentTarget = { type: 'reason', id: input.type_id };
  return ok(c, await addReply(c.get('db'), target, user.id, { commentId: input.comment_id, replayUserId: input.replay_user_id, content: input.comment_replay_info }));
}

async function lightIncense(c: C, input: z.output<typeof P.addIncense>) {
  const user = currentUser(c);
  const key = idempotencyKey(c);
  const r = await offerIncense(c.env.DB, c.get('db'), { userId: user.id, type: input.type, itemId: input.item_id, amount: input.juzi_btc, idempotencyKey: key });
  if (r.replayed) c.header('Idempotent-Replayed', 'true');
  return ok(c, { balance: r.balance, record: r.record });
}

export const closureCommentRoutes = new Hono<AppEnv>()
  .get('/add_comment', zv('query', P.addComComment), (c) => addComComment(c, c.req.valid('query')))
  .post('/add_comment', zv('json', P.addComComment), (c) => addComComment(c, c.req.valid('json')))
  .get('/add_revert_comment', zv('query', P.addComReply), (c) => addComReply(c, c.req.valid('query')))
  .post('/add_revert_comment', zv('json', P.addComReply), (c) => addComReply(c, c.req.valid('json')));

export const closureRoutes = new Hono<AppEnv>()
  // --- home ---
  .get('/', zv('query', P.listQuery), async (c) => {
    const q = c.req.valid('query');
    const user = c.get('user');
    const filtered = q.com_prov !== undefined || q.fund_status !== undefined || q.cat_id !== undefined || q.keyword !== undefined;
    visitorSeesDefaultsOnly(user, filtered || q.sort !== 1 || q.page !== 1);
    nonVipPageLimit(user, q.page);
    const { info, total } = await listClosures(c.get('db'), q);
    return list(c, info, { total, page: q.page, per_page: CLOSURE_PAGE_SIZE });
  })
  .get('/year_number', async (c) => {
    sharedCache(c);
    return ok(c, await yearNumbers(c.get('db')));
  })
  .get('/filters', async (c) => {
    sharedCache(c);
    return ok(c, await closureFilters(c.get('db')));
  })
  .get('/com_comment', zv('query', P.comCommentQuery), async (c) => {
    const q = c.req.valid('query');
    visitorSeesDefaultsOnly(c.get('user'), q.page !== 1 || q.per_page !== 5 || q.type !== 1);
    const { info, total } = await listComments(c.get('db'), { type: 'com', id: q.com_id }, { page: q.page, per_page: q.per_page, order: q.type });
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  // --- reasons ---
  .get('/closure_type', async (c) => {
    sharedCache(c);
    return ok(c, await reasonTree(c.get('db')));
  })
  .get('/closure_type_Delegate', zv('query', P.typeIdQuery), async (c) => ok(c, await reasonDelegates(c.get('db'), c.req.valid('query').type_id)))
  .get('/closure_type_comment', zv('query', P.reasonCommentQuery), async (c) => {
    const q = c.req.valid('query');
    await requireChildReason(c.get('db'), q.type_id);
    const { info, total } = await listComments(c.get('db'), { type: 'reason', id: q.type_id }, { page: q.page, per_page: q.per_page, order: q.type });
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  .get('/add_closure_comment', zv('query', P.addReasonComment), (c) => addReasonComment(c, c.req.valid('query')))
  .post('/add_closure_comment', zv('json', P.addReasonComment), (c) => addReasonComment(c, c.req.valid('json')))
  .get('/add_closure_revert_comment', zv('query', P.addReasonReply), (c) => addReasonReply(c, c.req.valid('query')))
  .post('/add_closure_revert_comment', zv('json', P.addReasonReply), (c) => addReasonReply(c, c.req.valid('json')))
  .get('/closure_type_list', zv('query', P.reasonListQuery), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await reasonCompanies(c.get('db'), q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  // --- burn rankings ---
  .get('/amount_top', zv('query', P.rankingQuery), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await amountTop(c.get('db'), q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  .get('/valuation_top', zv('query', P.valuationQuery), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await valuationTop(c.get('db'), q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  .get('/invst_top', zv('query', P.invstTopQuery), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await firmTop(c.get('db'), q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  // --- tracks and albums ---
  .get('/death_track', async (c) => {
    sharedCache(c);
    return ok(c, await listTracks(c.get('db')));
  })
  .get('/death_album', async (c) => {
    sharedCache(c);
    return ok(c, await listAlbums(c.get('db')));
  })
  .get('/death_track_list', zv('query', P.itemListQuery), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await collectionCompanies(c.get('db'), 'track', q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  .get('/death_album_list', zv('query', P.itemListQuery), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await collectionCompanies(c.get('db'), 'album', q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  .post('/death_track_statistics', zv('query', P.statisticsQuery), async (c) => {
    const q = c.req.valid('query');
    if (q.type !== 1) throw new ApiError('BAD_REQUEST', '关闭原因分布只有赛道才有', { field: 'type' });
    return ok(c, await trackReasonStatistics(c.get('db'), q.item_id));
  })
  .post('/death_track_com_statistics', zv('query', P.statisticsQuery), async (c) => {
    const q = c.req.valid('query');
    return ok(c, await statusStatistics(c.get('db'), q.type === 1 ? 'track' : 'album', q.item_id));
  })
  // --- news ---
  .get('/news_list', zv('query', P.newsQuery), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await listNews(c.get('db'), q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  })
  // --- incense ---
  .get('/add_incense', zv('query', P.addIncense), (c) => lightIncense(c, c.req.valid('query')))
  .post('/add_incense', zv('json', P.addIncense), (c) => lightIncense(c, c.req.valid('json')))
  .get('/incense_top', zv('query', P.incenseTopQuery), async (c) => {
    const q = c.req.valid('query');
    visitorSeesDefaultsOnly(c.get('user'), q.type !== 1 || q.per_page !== 10);
    const db = c.get('db');
    return ok(c, q.type === 1 ? await companyIncenseTop(db, q.per_page) : await reasonIncenseTop(db, q.per_page));
  })
  .get('/incense_list', zv('query', P.incenseListQuery), async (c) => {
    const q = c.req.valid('query');
    const { info, total } = await listIncense(c.get('db'), q);
    return list(c, info, { total, page: q.page, per_page: q.per_page });
  });
