/**
 * Request and response schemas of the STAR-market calls (spec §7 "STAR-market calls", all POST
 * with a JSON body): they validate requests, type the client's responses and make the OpenAPI
 * document. Blank values mean "absent"; page sizes are capped at the spec's sizes, so a larger
 * per_page is a BAD_REQUEST naming per_page. Response field names are the spec's (§3).
 */
import { z } from 'zod';
import { pageParam, perPageParam } from '../lib/pagination';
import { blankToUndefined, decimal, decimalOnly, MAX_ID, optInt, optText, reqId } from '../lib/params';
import { DETAIL_DISCLOSURE_SIZE, DISCLOSURE_PAGE_SIZE, STAR_PAGE_SIZE, STAR_RANK_MAX, STAR_RANK_SIZE } from './constants';

const filters = {
  keyword: optText('关键词', 50),
  cat_id: optInt('行业 cat_id', 1, MAX_ID),
  com_prov: optText('省份 com_prov', 20),
};

/** /starmarket and /starmarket/applicants: applicant companies. */
export const applicantsQuery = z.object({
  ...filters,
  state: optInt('审核状态 state', 1, MAX_ID),
  page: pageParam,
  per_page: perPageParam(STAR_PAGE_SIZE, STAR_PAGE_SIZE),
});
export type ApplicantsQuery = z.infer<typeof applicantsQuery>;

/** /starmarket/listed: listed companies. */
export const listedQuery = z.object({ ...filters, page: pageParam, per_page: perPageParam(STAR_PAGE_SIZE, STAR_PAGE_SIZE) });

/** /starmarket/state_list and /starmarket/review_timing: the applicant filters, no page. */
export const stateQuery = z.object(filters);

/** Rankings: top 10 by default (the /kcb/rank page), up to 100 for the fuller ranking. */
export const rankQuery = z.object({
  limit: decimal(
    z
      .number({ message: '榜单条数 limit 必须是整数' })
      .int('榜单条数 limit 必须是整数')
      .min(1, '榜单条数 limit 最小为1')
      .max(STAR_RANK_MAX, `榜单条数 limit 最多为${STAR_RANK_MAX}`),
  ).default(STAR_RANK_SIZE),
});

/**
 * Disclosures: without m_com_id the search page (VIP; 20 per page), with it one company's own
 * filings inside its detail (logged in; 5 per page).
 */
export const disclosureQuery = z
  .object({
    keyword: optText('关键词', 50),
    type: optInt('披露类型 type', 1, MAX_ID),
    m_com_id: optInt('科创板公司 m_com_id', 1, MAX_ID),
    page: pageParam,
    per_page: z.preprocess(
      (v) => decimalOnly(blankToUndefined(v)),
      z.number({ message: '每页条数必须是整数' }).int('每页条数必须是整数').min(1, '每页条数最小为1').max(DISCLOSURE_PAGE_SIZE, `每页条数最多为${DISCLOSURE_PAGE_SIZE}`).optional(),
    ),
  })
  .superRefine((q, ctx) => {
    if (q.m_com_id !== undefined && q.per_page !== undefined && q.per_page > DETAIL_DISCLOSURE_SIZE) {
      ctx.addIssue({ code: 'custom', path: ['per_page'], message: `公司详情的信息披露每页最多为${DETAIL_DISCLOSURE_SIZE}` });
    }
  })
  .transform((q) => ({ ...q, per_page: q.per_page ?? (q.m_com_id !== undefined ? DETAIL_DISCLOSURE_SIZE : DISCLOSURE_PAGE_SIZE) }));

/** One company's own filings (the disclosure section of /kcb/{id}). */
export const comDisclosureQuery = z.object({
  m_com_id: reqId('科创板公司 m_com_id'),
  page: pageParam,
  per_page: perPageParam(DETAIL_DISCLOSURE_SIZE, DETAIL_DISCLOSURE_SIZE),
});

export const detailQuery = z.object({ id: reqId('科创板公司 id') });

// --- responses ---

const id = z.number().int();
const date = z.string().describe('YYYY-MM-DD；未知为空串');

/** A STAR-market company as every list of the area shows it (spec §3). */
export const starRow = z.object({
  m_com_id: id,
  com_id: id.describe('公司库 id（/company/{id}）'),
  com_logo: z.string(),
  com_name: z.string(),
  com_slogan: z.string(),
  com_prov: z.string(),
  com_city: z.string(),
  cat_name: z.string(),
  se_cat_name: z.string(),
  state_id: id,
  state_sub_name: z.string().describe('审核状态'),
  acceptance_time: date,
  acceptance_update_time: date,
  count_money: z.number().describe('开盘市值（万元）'),
  money: z.number().describe('募集资金（万元）'),
  total_money: z.number().describe('融资总额（万元）'),
  invse_round_id: id.describe('最近一次融资轮次 id；0 为未知'),
  invse_round_name: z.string(),
  invse_year: id,
  invse_month: id,
  invse_day: id,
});
export type StarRow = z.infer<typeof starRow>;

export const rankedRow = starRow.extend({ rank: id });

export const firmRow = z.object({
  rank: id,
  invst_id: id,
  invst_logo: z.string(),
  invst_name: z.string(),
  count: id.describe('投资科创板公司的融资事件数'),
  com: z.array(z.object({ com_id: id, com_name: z.string() })).describe('科创板案例公司（按融资总额）'),
});

export const stateCount = z.object({ id, name: z.string(), num: id });
export const named = z.object({ id, name: z.string() });

export const timingRow = z.object({
  id,
  name: z.string(),
  num: id.describe('处于该状态的公司数'),
  median_days: z.number().int().describe('进入该状态至今天数的中位数（按当前审核状态所在阶段的日期；偶数家时取中间两个的平均，四舍五入到整天，半天向上取）'),
});

export const disclosureRow = z.object({
  id,
  m_com_id: id,
  com_name: z.string(),
  type_id: id,
  type_name: z.string(),
  file_name: z.string(),
  url: z.string(),
  disclosure_time: date,
});

export const rule = z.object({ id, title: z.string(), reference_number: z.string(), put_time: date });

export const home = z.object({
  com: z.array(starRow).describe('最新受理的申报企业'),
  listed: z.array(starRow).describe('最新上市的企业'),
  rule: z.array(rule).describe('科创板业务规则（/policy/{id}）'),
});

export const filterOptions = z.object({ provinces: z.array(z.string()), sectors: z.array(named) });

export const stage = z.object({ id: id.describe('阶段序号'), state_sub_name: z.string(), time: date, state: id });

export const investor = z.object({ id: id.nullable().describe('机构 id；不在机构库中为 null（不加链接）'), name: z.string() });

export const invse = z.object({
  date,
  round: z.string(),
  money: z.number().describe('金额（万元）；0 为未透露'),
  money_text: z.string().describe('估算金额文字（未透露时）'),
  investors: z.array(investor),
  investevents_id: id,
});

export const newsItem = z.object({ url: z.string(), title: z.string(), time: date });

export const comInfo = z.object({
  m_com_id: id,
  com_id: id,
  com_registered_name: z.string(),
  com_name: z.string(),
  planIssueCapital: z.number().describe('拟募资金额（亿元）'),
  state_id: id,
  state_sub_name: z.string(),
  organization_name: z.string(),
  representative: z.string(),
  accounting_firm: z.string(),
  accountant: z.string(),
  law_firm: z.string(),
  lawyer: z.string(),
  evaluator_firm: z.string(),
  evaluator: z.string(),
  acceptance_time: date,
  acceptance_update_time: date,
  com_logo: z.string(),
  com_url: z.string(),
  com_slogan: z.string(),
  com_born_year: id,
  com_born_month: id,
  com_prov: z.string(),
  com_city: z.string(),
  cat_name: z.string(),
  se_cat_name: z.string(),
  com_des: z.string(),
});

export const detail = z.object({
  com_info: comInfo,
  com_invse: z.array(invse).describe('融资记录，新的在前；非VIP最多1条'),
  count_invse_num: id.describe('融资记录的真实总数'),
  com_news: z.array(newsItem).describe('新闻，新的在前'),
  star_market_state: z.array(stage).describe('上市阶段，按阶段顺序'),
});
