/**
 * The STAR-market database (科创板), spec §7 "STAR-market calls", all POST with a JSON body,
 * mounted at /api/starmarket. The calls the spec names without a path have plain names here:
 * /home/com, /home/listed, /home/rule (the home data one part at a time) and /applicants (the
 * applicant list, the same call as /starmarket). /filters and /review_timing serve /kcb/project.
 * Each route declares its level and what a visitor may ask for (page 1 with the default filters).
 * The export call /export/starmarket_company_down lives with the export pipeline (exports/routes.ts)
 * and reads this area's kinds (exports.ts).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ok, paged } from '../lib/envelope';
import { createArea, defineRoute, jsonBody, listOf } from '../lib/route';
import { DETAIL_DISCLOSURE_SIZE, DISCLOSURE_PAGE_SIZE, NON_VIP_INVSE, STAR_PAGE_SIZE, STAR_RANK_MAX, STAR_RANK_SIZE } from './constants';
import { starDetail } from './detail';
import { disclosureTypeList, listDisclosures } from './disclosures';
import { starFilters } from './filters';
import { homeCompanies, homeData, homeRules } from './home';
import { listStar, requireStar, stateCounts } from './list';
import { amountTop, firmTop, valuationTop } from './rankings';
import * as S from './schemas';
import { reviewTiming } from './timing';

type C = Context<AppEnv>;


const VISITOR_NOTE = `游客只能看第1页、默认筛选（每页${STAR_PAGE_SIZE}条），否则 LOGIN_REQUIRED`;

// --- home ---

const home = defineRoute({
  method: 'post',
  path: '/home',
  access: 'public',
  cache: { maxAge: 300, shared: 'everyone' },
  summary: '科创板首页数据：com 最新受理的申报企业、listed 最新上市企业、rule 业务规则',
  data: S.home,
});

const homeCom = defineRoute({ method: 'post', path: '/home/com', access: 'public', cache: { maxAge: 60, shared: 'visitors' }, summary: '首页·申报动态（最新受理的10家）', data: z.array(S.starRow) });
const homeListed = defineRoute({ method: 'post', path: '/home/listed', access: 'public', cache: { maxAge: 60, shared: 'visitors' }, summary: '首页·上市动态（最新上市的10家）', data: z.array(S.starRow) });
const homeRule = defineRoute({ method: 'post', path: '/home/rule', access: 'public', cache: { maxAge: 60, shared: 'visitors' }, summary: '首页·业务规则（/policy/{id}，最新10条）', data: z.array(S.rule) });

// --- project tabs ---

const applicantsDecl = {
  method: 'post' as const,
  access: 'public' as const,
  summary: `申报企业列表（每页${STAR_PAGE_SIZE}条）：keyword、cat_id、com_prov、state、page、per_page`,
  note: VISITOR_NOTE,
  visitor: [],
  // A visitor's default page (an empty body) is the same for every visitor.
  cache: { maxAge: 60, shared: 'visitors' as const },
  request: { body: jsonBody(S.applicantsQuery) },
  data: listOf(S.starRow),
};
const applicants = defineRoute({ ...applicantsDecl, path: '/' });
const applicantsNamed = defineRoute({ ...applicantsDecl, path: '/applicants', summary: `${applicantsDecl.summary}（同 /starmarket）` });

const listed = defineRoute({
  method: 'post',
  path: '/listed',
  access: 'login',
  summary: `上市企业列表（每页${STAR_PAGE_SIZE}条）：keyword、cat_id、com_prov、page、per_page`,
  request: { body: jsonBody(S.listedQuery) },
  data: listOf(S.starRow),
});

const stateList = defineRoute({
  method: 'post',
  path: '/state_list',
  access: 'public',
  summary: '申报企业的审核状态及数量 [{ id, name, num }]，按当前筛选（keyword、cat_id、com_prov）计数',
  note: '游客不能带筛选条件（LOGIN_REQUIRED）',
  visitor: [],
  cache: { maxAge: 60, shared: 'visitors' },
  request: { body: jsonBody(S.stateQuery) },
  data: z.array(S.stateCount),
});

const typeList = defineRoute({ method: 'post', path: '/type_list', access: 'public', cache: { maxAge: 60, shared: 'visitors' }, summary: '信息披露类型 [{ id, name }]', data: z.array(S.named) });

const filters = defineRoute({ method: 'post', path: '/filters', access: 'public', cache: { maxAge: 60, shared: 'visitors' }, summary: '筛选项：有科创板公司的省份与行业', data: S.filterOptions });

const timing = defineRoute({
  method: 'post',
  path: '/review_timing',
  access: 'login',
  summary: '审核用时：每个审核状态的申报企业数 num 与进入该状态至今天数的中位数 median_days，按当前筛选（一条语句读触发器保持的每月、每日进入数）',
  request: { body: jsonBody(S.stateQuery) },
  data: z.array(S.timingRow),
});

// --- rankings ---

const RANK_NOTE = `limit 默认 ${STAR_RANK_SIZE}（/kcb/rank），最多 ${STAR_RANK_MAX}`;

const amountTopRoute = defineRoute({
  method: 'post',
  path: '/amount_top',
  access: 'login',
  summary: '融资TOP：按融资总额排名的科创板公司',
  note: RANK_NOTE,
  request: { body: jsonBody(S.rankQuery) },
  data: z.array(S.rankedRow),
});

const valuationTopRoute = defineRoute({
  method: 'post',
  path: '/valuation_top',
  access: 'login',
  summary: '开盘市值TOP：按开盘市值排名的上市企业',
  note: RANK_NOTE,
  request: { body: jsonBody(S.rankQuery) },
  data: z.array(S.rankedRow),
});

const invstTopRoute = defineRoute({
  method: 'post',
  path: '/invst_top',
  access: 'login',
  summary: '机构榜：按投资科创板公司的融资事件数排名，含案例公司 com 与事件数 count',
  note: RANK_NOTE,
  request: { body: jsonBody(S.rankQuery) },
  data: z.array(S.firmRow),
});

// --- disclosure and detail ---

const disclosure = defineRoute({
  method: 'post',
  path: '/info_disclosure',
  access: 'vip',
  summary: `信息披露检索（/kcb/disclosure，每页${DISCLOSURE_PAGE_SIZE}条）：keyword（文件名）、type、page、per_page；带 m_com_id 只看该公司（每页最多${DETAIL_DISCLOSURE_SIZE}条）`,
  note: '登录用户在公司详情里看该公司的披露用 /starmarket/com_disclosure',
  request: { body: jsonBody(S.disclosureQuery) },
  data: listOf(S.disclosureRow),
});

// The level is declared per route and the policy derived from the declarations, so "VIP unless
// m_com_id is given" is two routes: the search (VIP) and one company's filings (logged in).
const comDisclosure = defineRoute({
  method: 'post',
  path: '/com_disclosure',
  access: 'login',
  summary: `一家公司的信息披露（/kcb/{id} 详情，每页${DETAIL_DISCLOSURE_SIZE}条）：m_com_id、page、per_page`,
  note: '不存在的 m_com_id 返回 NOT_FOUND',
  request: { body: jsonBody(S.comDisclosureQuery) },
  data: listOf(S.disclosureRow),
});

const detail = defineRoute({
  method: 'post',
  path: '/detail',
  access: 'login',
  summary: '科创板公司详情：com_info、star_market_state、com_invse + count_invse_num、com_news',
  note: `非VIP会员最多看到${NON_VIP_INVSE}条融资记录（count_invse_num 为真实总数）；不存在的 id 返回 NOT_FOUND`,
  request: { body: jsonBody(S.detailQuery) },
  data: S.detail,
});

export const starmarketRoutes = createArea()
  .openapi(home, async (c) => {
    return ok(c, await homeData(c.get('db')));
  })
  .openapi(homeCom, async (c) => {
    return ok(c, await homeCompanies(c.get('db'), 0));
  })
  .openapi(homeListed, async (c) => {
    return ok(c, await homeCompanies(c.get('db'), 1));
  })
  .openapi(homeRule, async (c) => {
    return ok(c, await homeRules(c.get('db')));
  })
  .openapi(applicants, (c) => applicantList(c, c.req.valid('json')))
  .openapi(applicantsNamed, (c) => applicantList(c, c.req.valid('json')))
  .openapi(listed, async (c) => {
    const q = c.req.valid('json');
    return paged(c, q, await listStar(c.get('db'), q, 1));
  })
  .openapi(stateList, async (c) => {
    const q = c.req.valid('json');
    return ok(c, await stateCounts(c.get('db'), q));
  })
  .openapi(typeList, async (c) => {
    return ok(c, await disclosureTypeList(c.get('db')));
  })
  .openapi(filters, async (c) => {
    return ok(c, await starFilters(c.get('db')));
  })
  .openapi(timing, async (c) => ok(c, await reviewTiming(c.get('db'), c.req.valid('json'))))
  .openapi(amountTopRoute, async (c) => ok(c, await amountTop(c.get('db'), c.req.valid('json').limit)))
  .openapi(valuationTopRoute, async (c) => ok(c, await valuationTop(c.get('db'), c.req.valid('json').limit)))
  .openapi(invstTopRoute, async (c) => ok(c, await firmTop(c.get('db'), c.req.valid('json').limit)))
  .openapi(disclosure, async (c) => {
    const q = c.req.valid('json');
    if (q.m_com_id !== undefined) await requireStar(c.get('db'), q.m_com_id);
    return paged(c, q, await listDisclosures(c.get('db'), q));
  })
  .openapi(comDisclosure, async (c) => {
    const q = c.req.valid('json');
    await requireStar(c.get('db'), q.m_com_id);
    return paged(c, q, await listDisclosures(c.get('db'), q));
  })
  .openapi(detail, async (c) => {
    const user = c.get('user');
    return ok(c, await starDetail(c.get('db'), c.req.valid('json').id, { vip: Boolean(user?.isVip) }));
  });

async function applicantList(c: C, q: z.output<typeof S.applicantsQuery>) {
  return paged(c, q, await listStar(c.get('db'), q, 0));
}
