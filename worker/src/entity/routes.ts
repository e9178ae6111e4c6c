/**
 * The pages every area links to (spec §2 "links to other pages"): /company/{id}, /investfirm/{id},
 * /investevent/{id} and the /investevent list, /person/{id}, /user/{id} (public profile; the API is
 * /users/{id} so it never shadows /user/info), /atlas/{tagId}, /policy/{id} (logged-in users) and the
 * /policy and /news lists with the scope, region and tag filters the spec's links carry.
 * Mounted at /api. A visitor sees page 1 of every list (the links' own filters included); other
 * pages need login (each list's `visitor` declaration), as everywhere in the product.
 */
import { ok, paged } from '../lib/envelope';
import { createArea, defineRoute, listOf } from '../lib/route';
import { atlasCompanies, atlasDetail, requireTag } from './atlas';
import { companyDetail } from './company';
import { ENTITY_PAGE_SIZE, NEWS_LIST_PAGE_SIZE, POLICY_PAGE_SIZE, PROFILE_PAGE_SIZE } from './constants';
import { eventDetail, firmEvents, listEvents } from './events';
import { firmClosures, firmDetail, requireFirm } from './firm';
import { listNews } from './news';
import { personDetail } from './person';
import { listPolicies, policyDetail } from './policy';
import * as S from './schemas';
import { userComments, userIncense, userProfile } from './user';

const PAGE_NOTE = '游客只能看第1页（否则 LOGIN_REQUIRED）';
const companyParam = S.idParam('公司 id');
const firmParam = S.idParam('机构 id');
const tagParam = S.idParam('标签 id');
const userParam = S.idParam('用户 id');

const company = defineRoute({
  method: 'get',
  path: '/company/{id}',
  access: 'public',
  summary: '公司主页：名片、关闭信息（已关闭公司）、科创板 m_com_id、融资历史与投资方、团队、标签、相关新闻',
  note: '非VIP只返回最近1条融资记录（count_invse_num 为总数）；不存在的 id 为 NOT_FOUND',
  request: { params: companyParam },
  data: S.companyDetail,
});

const firm = defineRoute({
  method: 'get',
  path: '/investfirm/{id}',
  access: 'public',
  summary: '投资机构：名片、投资事件数、医疗健康事件数、投资过的已关闭公司数',
  request: { params: firmParam },
  data: S.firmDetail,
});

const firmInvestments = defineRoute({
  method: 'get',
  path: '/investfirm/{id}/investments',
  access: 'public',
  summary: `机构的投资事件（新的在前，每页${ENTITY_PAGE_SIZE}条）：page`,
  note: PAGE_NOTE,
  visitor: [],
  request: { params: firmParam, query: S.pageQuery },
  data: listOf(S.eventRow),
});

const firmClosureCases = defineRoute({
  method: 'get',
  path: '/investfirm/{id}/closures',
  access: 'public',
  summary: `机构投资过的已关闭公司（融资额高的在前，每页${ENTITY_PAGE_SIZE}条）：page`,
  note: PAGE_NOTE,
  visitor: [],
  request: { params: firmParam, query: S.pageQuery },
  data: listOf(S.firmClosureRow),
});

const events = defineRoute({
  method: 'get',
  path: '/investevent',
  access: 'public',
  summary: `融资事件列表（新的在前，每页${ENTITY_PAGE_SIZE}条）：scope（如 医疗健康）、tag（产业图谱标签名）、page`,
  note: `${PAGE_NOTE}；未知的标签名返回空列表`,
  visitor: ['scope', 'tag'],
  request: { query: S.eventListQuery },
  data: listOf(S.eventRow),
});

const event = defineRoute({
  method: 'get',
  path: '/investevent/{id}',
  access: 'public',
  summary: '融资事件：公司、轮次、金额、日期、投资方（机构与个人投资人可链接），以及该公司的其他融资',
  request: { params: S.idParam('融资事件 id') },
  data: S.eventDetail,
});

const person = defineRoute({
  method: 'get',
  path: '/person/{id}',
  access: 'public',
  summary: '人物：在各公司的身份（团队成员及职位、个人投资人及所投轮次）',
  request: { params: S.idParam('人物 id') },
  data: S.personDetail,
});

const profile = defineRoute({
  method: 'get',
  path: '/users/{id}',
  access: 'public',
  summary: '用户公开主页（/user/{id}）：昵称、头像、公司职位、注册年月、评论数、上香次数与炷数',
  note: '不含账号（邮箱、手机）、余额、会员与订单',
  request: { params: userParam },
  data: S.userProfile,
});

const profileComments = defineRoute({
  method: 'get',
  path: '/users/{id}/comments',
  access: 'public',
  summary: `用户的评论与回复（新的在前，每页${PROFILE_PAGE_SIZE}条）：page`,
  note: PAGE_NOTE,
  visitor: [],
  request: { params: userParam, query: S.pageQuery },
  data: listOf(S.userComment),
});

const profileIncense = defineRoute({
  method: 'get',
  path: '/users/{id}/incense',
  access: 'public',
  summary: `用户的上香记录（新的在前，每页${PROFILE_PAGE_SIZE}条）：page`,
  note: PAGE_NOTE,
  visitor: [],
  request: { params: userParam, query: S.pageQuery },
  data: listOf(S.userIncense),
});

const atlas = defineRoute({
  method: 'get',
  path: '/atlas/{id}',
  access: 'public',
  summary: '产业图谱标签：名称、简介、上级与下级标签、公司数、融资事件数、融资总额',
  note: '更完整的标签页 /health/{tagId} 仅对VIP开放',
  request: { params: tagParam },
  data: S.atlasDetail,
});

const atlasCompanyList = defineRoute({
  method: 'get',
  path: '/atlas/{id}/companies',
  access: 'public',
  summary: `标签下的公司（融资总额高的在前，每页${ENTITY_PAGE_SIZE}条）：page`,
  note: PAGE_NOTE,
  visitor: [],
  request: { params: tagParam, query: S.pageQuery },
  data: listOf(S.atlasCompany),
});

const atlasEvents = defineRoute({
  method: 'get',
  path: '/atlas/{id}/events',
  access: 'public',
  summary: `标签下公司的融资事件（新的在前，每页${ENTITY_PAGE_SIZE}条）：page`,
  note: PAGE_NOTE,
  visitor: [],
  request: { params: tagParam, query: S.pageQuery },
  data: listOf(S.eventRow),
});

const newsList = defineRoute({
  method: 'get',
  path: '/news',
  access: 'public',
  summary: `新闻列表（新的在前，每页${NEWS_LIST_PAGE_SIZE}条）：scope（如 医疗健康）、tag（产业图谱标签名）、page`,
  note: `${PAGE_NOTE}；未知的标签名返回空列表`,
  visitor: ['scope', 'tag'],
  request: { query: S.newsListQuery },
  data: listOf(S.newsRow),
});

const policyList = defineRoute({
  method: 'get',
  path: '/policy',
  access: 'public',
  summary: `政策法规列表（新的在前，每页${POLICY_PAGE_SIZE}条）：region（如 科创板）、scope（如 医疗健康）、page`,
  note: `${PAGE_NOTE}；打开单条政策需登录`,
  visitor: ['region', 'scope'],
  request: { query: S.policyListQuery },
  data: listOf(S.policyRow),
});

const policy = defineRoute({
  method: 'get',
  path: '/policy/{id}',
  access: 'login',
  summary: '政策法规详情：标题、文号、发布日期、适用范围，以及同类的最新几条',
  request: { params: S.idParam('政策 id') },
  data: S.policyDetail,
});


export const entityRoutes = createArea()
  .openapi(company, async (c) => {
    const user = c.get('user');
    return ok(c, await companyDetail(c.get('db'), c.req.valid('param').id, { vip: Boolean(user?.isVip) }));
  })
  .openapi(firm, async (c) => ok(c, await firmDetail(c.get('db'), c.req.valid('param').id)))
  .openapi(firmInvestments, async (c) => {
    const { id } = c.req.valid('param');
    const { page } = c.req.valid('query');
    await requireFirm(c.get('db'), id);
    return paged(c, { page, per_page: ENTITY_PAGE_SIZE }, await firmEvents(c.get('db'), id, page));
  })
  .openapi(firmClosureCases, async (c) => {
    const { page } = c.req.valid('query');
    return paged(c, { page, per_page: ENTITY_PAGE_SIZE }, await firmClosures(c.get('db'), c.req.valid('param').id, page));
  })
  .openapi(events, async (c) => {
    const q = c.req.valid('query');
    return paged(c, { page: q.page, per_page: ENTITY_PAGE_SIZE }, await listEvents(c.get('db'), q));
  })
  .openapi(event, async (c) => ok(c, await eventDetail(c.get('db'), c.req.valid('param').id)))
  .openapi(person, async (c) => ok(c, await personDetail(c.get('db'), c.req.valid('param').id)))
  .openapi(profile, async (c) => ok(c, await userProfile(c.get('db'), c.req.valid('param').id)))
  .openapi(profileComments, async (c) => {
    const { page } = c.req.valid('query');
    return paged(c, { page, per_page: PROFILE_PAGE_SIZE }, await userComments(c.get('db'), c.req.valid('param').id, page));
  })
  .openapi(profileIncense, async (c) => {
    const { page } = c.req.valid('query');
    return paged(c, { page, per_page: PROFILE_PAGE_SIZE }, await userIncense(c.get('db'), c.req.valid('param').id, page));
  })
  .openapi(atlas, async (c) => ok(c, await atlasDetail(c.get('db'), c.req.valid('param').id)))
  .openapi(atlasCompanyList, async (c) => {
    const { page } = c.req.valid('query');
    return paged(c, { page, per_page: ENTITY_PAGE_SIZE }, await atlasCompanies(c.get('db'), c.req.valid('param').id, page));
  })
  .openapi(atlasEvents, async (c) => {
    const { id } = c.req.valid('param');
    const { page } = c.req.valid('query');
    await requireTag(c.get('db'), id);
    return paged(c, { page, per_page: ENTITY_PAGE_SIZE }, await listEvents(c.get('db'), { tagId: id, page }));
  })
  .openapi(newsList, async (c) => {
    const q = c.req.valid('query');
    return paged(c, { page: q.page, per_page: NEWS_LIST_PAGE_SIZE }, await listNews(c.get('db'), q));
  })
  .openapi(policyList, async (c) => {
    const q = c.req.valid('query');
    return paged(c, { page: q.page, per_page: POLICY_PAGE_SIZE }, await listPolicies(c.get('db'), q));
  })
  .openapi(policy, async (c) => ok(c, await policyDetail(c.get('db'), c.req.valid('param').id)));
