/**
 * The healthcare-investment database (医疗健康), spec §7 "Healthcare calls", mounted at /api/medical.
 * (The subscription calls check_subscribe / subscribe / rm_subscribe live with the daily e-mail.)
 * Each route declares its level and what a visitor may ask for (the default tabs on page 1: other
 * tabs, page 2+, sorts and chart filters need login); a tag page's data (tag_id given) is for VIP
 * members (auth/rules.ts).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access';
import { membersOnly } from '../auth/rules';
import type { AppEnv } from '../env';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { createArea, defineRoute } from '../lib/route';
import { beijingDate } from '#shared/dates';
import { blockCompanies, blockFirms, companyLists, moneyRank } from './block';
import { financingTrend } from './chart';
import { CHART_FIRST_YEAR, DEFAULT_INFO_TAB, FA_TOP, MEDICAL_PAGE_SIZE, MONEY_RANK_SIZE, VISITOR_DATA_TYPES, type DataType, type InfoType } from './constants';
import { listEvents, listNews, listPolicies } from './info';
import { listRounds, medicalProvinces } from './filters';
import * as S from './schemas';
import { areaBasic, fieldWithin, requireTag, scopeList, tagBasic, type Tag } from './tags';
import { faTop, ipoRank, listBrokerReports, valuedCompanies } from './tops';

type C = Context<AppEnv>;


const TAG_PAGE = '医疗健康标签页';
/** The information parts a visitor may ask for: the area's basics and the default tab. */
const VISITOR_INFO: InfoType[] = ['basic', DEFAULT_INFO_TAB];

/** A tag page's data: VIP only, and the tag must exist. */
async function tagPageTag(c: C, tagId: number | undefined): Promise<Tag | undefined> {
  if (tagId === undefined) return undefined;
  membersOnly(c.get('user'), TAG_PAGE);
  return requireTag(c.get('db'), tagId);
}

// --- information ---

const info = defineRoute({
  method: 'get',
  path: '/',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: `医疗健康资讯：type 为 basic、policy、news、event 的列表（逗号分隔或重复参数，默认 basic,event），page（每页${MEDICAL_PAGE_SIZE}条），tag_id`,
  note: '带 tag_id 时同 /medical/detail（VIP）；游客只能取 basic 与 event（默认页签）的第1页，其余需登录',
  visitor: { may: ['tag_id'], oneOf: { type: VISITOR_INFO } },
  request: { query: S.infoQuery },
  data: S.info,
});

const detail = defineRoute({
  method: 'get',
  path: '/detail',
  access: 'vip',
  summary: '医疗健康标签页的资讯：tag_id（必填）、type（basic 为标签名称、简介、公司数、事件数、融资总额）、page',
  note: '政策按领域（医疗健康）列出；新闻与融资事件为该标签下公司的',
  request: { query: S.detailQuery },
  data: S.info,
});

async function answerInfo(c: C, q: { type: InfoType[]; page: number }, tag: Tag | undefined) {
  const db = c.get('db');
  const out: z.output<typeof S.info> = {};
  await Promise.all(
    q.type.map(async (t) => {
      if (t === 'basic') out.basic = tag ? await tagBasic(db, tag) : await areaBasic(db);
      else if (t === 'policy') out.policy = await listPolicies(db, q.page);
      else if (t === 'news') out.news = await listNews(db, q.page, tag?.id);
      else out.event = await listEvents(db, q.page, tag?.id);
    }),
  );
  return ok(c, out);
}

// --- the typed data call ---

const data = defineRoute({
  method: 'get',
  path: '/data',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: `医疗健康数据：type 为 policy、news、event、broker_report、fa_rand（FA机构TOP${FA_TOP}）、ipo_rank、horse（千里马）、unicorn（独角兽）之一，page`,
  note: `游客只能取默认页签（${VISITOR_DATA_TYPES.join('、')}）的第1页，其余需登录；IPO 估值为 '-' 时 valuation_text 为“未透露”`,
  visitor: { oneOf: { type: VISITOR_DATA_TYPES } },
  request: { query: S.dataQuery },
  data: S.healthData,
});

async function healthData(c: C, type: DataType, page: number): Promise<z.output<typeof S.healthData>> {
  const db = c.get('db');
  switch (type) {
    case 'policy':
      return { type, ...(await listPolicies(db, page)) };
    case 'news':
      return { type, ...(await listNews(db, page)) };
    case 'event':
      return { type, ...(await listEvents(db, page)) };
    case 'broker_report':
      return { type, ...(await listBrokerReports(db, page)) };
    case 'fa_rand':
      return { type, ...(await faTop(db, page)) };
    case 'ipo_rank':
      return { type, ...(await ipoRank(db, page)) };
    case 'horse':
    case 'unicorn':
      return { type, ...(await valuedCompanies(db, type, page)) };
  }
}

// --- the medical-health block ---

const block = defineRoute({
  method: 'get',
  path: '/block',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: `医疗健康公司 / 机构 / 榜单：type 为 company、invst、invse_money_rank 的列表，page，order（1 融资总额、2 成立时间、3 最近融资时间），tag_id；每类回答 { data, page }`,
  note: `加载更多用下一页与单个 type；融资金额TOP${MONEY_RANK_SIZE} 只有前${MONEY_RANK_SIZE}名；带 tag_id 需VIP；游客只能看第1页、默认排序`,
  visitor: ['type', 'tag_id'],
  request: { query: S.blockQuery },
  data: S.block,
});

// --- chart ---

const chart = defineRoute({
  method: 'get',
  path: '/chart',
  access: 'public',
  cache: { maxAge: 300, shared: 'visitors' },
  summary: `融资趋势：year（${CHART_FIRST_YEAR}至今；不选为逐年）、round（轮次 id）、field（子领域标签）、tag_id（标签页）；回答 { 标签: { num, money } }`,
  note: '“请选择时间 / 轮次 / 子领域”与空值都算未选；标签页上子领域只能是该标签或其下的标签；带 tag_id 需VIP；游客不能选择条件',
  visitor: ['tag_id'],
  request: { query: S.chartQuery },
  data: S.chart,
});

// --- options ---

const vip = defineRoute({ method: 'get', path: '/vip', access: 'login', summary: 'VIP 检查：{ isVip }', data: z.object({ isVip: z.boolean() }) });

const provinces = defineRoute({
  method: 'get',
  path: '/provinces',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: '医疗健康公司所在省份：{ in: { 省份: 公司数 }（GB/T 2260 顺序）, out: { 境外地区: 公司数 } }',
  data: z.object({ in: z.record(z.string(), z.number().int()), out: z.record(z.string(), z.number().int()) }),
});

const roundsRoute = defineRoute({ method: 'get', path: '/rounds', access: 'public', cache: { maxAge: 60, shared: 'visitors' }, summary: '融资轮次：[{ id, name }]', data: z.array(S.option) });

const scope = defineRoute({
  method: 'get',
  path: '/scope',
  access: 'public',
  cache: { maxAge: 60, shared: 'visitors' },
  summary: '产业图谱的领域与标签（融资趋势的子领域选项）：[{ id, p_id, name, desc, child }]；带 tag_id 时只含该标签（标签页）',
  note: '带 tag_id 需VIP',
  request: { query: S.scopeQuery },
  data: z.array(S.scopeNode),
});


export const medicalRoutes = createArea()
  .openapi(info, async (c) => {
    const q = c.req.valid('query');
    return answerInfo(c, q, await tagPageTag(c, q.tag_id));
  })
  .openapi(detail, async (c) => {
    const q = c.req.valid('query');
    return answerInfo(c, q, await requireTag(c.get('db'), q.tag_id));
  })
  .openapi(data, async (c) => {
    const q = c.req.valid('query');
    return ok(c, await healthData(c, q.type, q.page));
  })
  .openapi(block, async (c) => {
    const q = c.req.valid('query');
    const tag = await tagPageTag(c, q.tag_id);
    const db = c.get('db');
    const out: z.output<typeof S.block> = {};
    const lists = companyLists(db, { page: q.page, tagId: tag?.id });
    await Promise.all(
      q.type.map(async (t) => {
        if (t === 'company') out.company = await blockCompanies(lists, { page: q.page, order: q.order ?? 1 });
        else if (t === 'invst') out.invst = await blockFirms(db, { page: q.page, tagId: tag?.id });
        else out.invse_money_rank = await moneyRank(db, lists, { page: q.page, tagId: tag?.id });
      }),
    );
    return ok(c, out);
  })
  .openapi(chart, async (c) => {
    const q = c.req.valid('query');
    const tag = await tagPageTag(c, q.tag_id);
    const db = c.get('db');
    let tagId = tag?.id;
    if (q.field !== undefined) {
      if (tag && !(await fieldWithin(db, tag, q.field))) throw new ApiError('BAD_REQUEST', `子领域 field：不在标签“${tag.name}”之下`, { field: 'field' });
      tagId = (await requireTag(db, q.field)).id;
    }
    return ok(c, await financingTrend(db, { year: q.year, roundId: q.round, tagId }, beijingDate().y));
  })
  .openapi(vip, async (c) => ok(c, { isVip: currentUser(c).isVip }))
  .openapi(provinces, async (c) => {
    return ok(c, await medicalProvinces(c.get('db')));
  })
  .openapi(roundsRoute, async (c) => {
    return ok(c, await listRounds(c.get('db')));
  })
  .openapi(scope, async (c) => {
    const q = c.req.valid('query');
    if (q.tag_id !== undefined) membersOnly(c.get('user'), TAG_PAGE);
    return ok(c, await scopeList(c.get('db'), q.tag_id));
  });

