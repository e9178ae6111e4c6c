/**
 * Request and response schemas of the closed-company calls: they validate requests, type the
 * client's responses and make the OpenAPI document. Query strings send '' for an unset select,
 * so blank values mean "absent" everywhere. Field names are the spec's (commont_detail and
 * replay_user_id included); messages are what the user reads.
 */
import { z } from 'zod';
import { pageParam, perPageParam } from '../lib/pagination';
import { blankToUndefined, decimalOnly, MAX_ID, optInt, optText, reqId } from '../lib/params';
import { literalOf } from '../lib/literal';
import { textRule } from '../lib/text';
import {
  CLOSURE_PAGE_SIZE,
  CLOSURE_SORTS,
  COMMENT_MAX,
  COMMENT_PAGE_MAX,
  COMMENT_PAGE_SIZE,
  HORSE_UNICORN,
  INCENSE_MAX,
  INCENSE_PAGE_SIZE,
  NEWS_PAGE_SIZE,
  RANKING_SIZE,
} from './constants';

const toNumber = decimalOnly;

/** One of a few small integers; blank or absent gives the default. */
const choice = <const T extends readonly [number, ...number[]]>(label: string, values: T, def: T[number]) =>
  z
    .preprocess((v) => toNumber(blankToUndefined(v) ?? def), literalOf(values, { message: `${label}只能是 ${values.join('、')}` }))
    // Absent is the default too; .default() also marks the field optional in the typed client's input.
    .default(def);

/** One of a few small integers, or absent (blank too). */
const optChoice = <const T extends readonly [number, ...number[]]>(label: string, values: T, meaning: string) =>
  z.preprocess((v) => toNumber(blankToUndefined(v)), literalOf(values, { message: `${label}只能是 ${meaning}` }).optional());

/** One of a few small integers, required. */
const reqChoice = <const T extends readonly [number, ...number[]]>(label: string, values: T, meaning: string) =>
  z.preprocess((v) => toNumber(blankToUndefined(v)), literalOf(values, { message: `${label}只能是 ${meaning}` }));

/** Comment text: trimmed, not empty, at most COMMENT_MAX characters. */
const commentText = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ message: '评论内容必须是文字' })
    .trim()
    .min(1, '评论内容不能为空')
    .max(COMMENT_MAX, `评论内容不能超过${COMMENT_MAX}字`)
    .refine(...textRule('评论内容', { multiline: true })),
);

const SORT_IDS = CLOSURE_SORTS.map((s) => s.id) as [1, 2, 3];

export const listQuery = z.object({
  com_prov: optText('省份', 20),
  fund_status: optInt('融资轮次', 1, MAX_ID),
  cat_id: optInt('行业', 1, MAX_ID),
  keyword: optText('关键词', 50),
  sort: choice('排序方式', SORT_IDS, 1),
  page: pageParam,
});
export type ListQuery = z.infer<typeof listQuery>;

export const comCommentQuery = z.object({
  com_id: reqId('公司 com_id'),
  page: pageParam,
  per_page: perPageParam(COMMENT_PAGE_SIZE, COMMENT_PAGE_MAX),
  type: choice('排序 type', [1, 2], 1),
});

export const reasonCommentQuery = z.object({
  type_id: reqId('关闭原因 type_id'),
  page: pageParam,
  per_page: perPageParam(COMMENT_PAGE_SIZE, COMMENT_PAGE_MAX),
  type: choice('排序 type', [1, 2], 1),
});

export const addComComment = z.object({
  com_id: reqId('公司 com_id'),
  commont_detail: commentText,
  is_closure: choice('is_closure', [1], 1),
});

export const addComReply = z.object({
  com_id: reqId('公司 com_id'),
  commont_id: reqId('评论 commont_id'),
  replay_user_id: reqId('被回复用户 replay_user_id'),
  commont_replay_info: commentText,
});

export const addReasonComment = z.object({
  type_id: reqId('关闭原因 type_id'),
  content: commentText,
});

export const addReasonReply = z.object({
  type_id: reqId('关闭原因 type_id'),
  comment_id: reqId('评论 comment_id'),
  replay_user_id: reqId('被回复用户 replay_user_id'),
  comment_replay_info: commentText,
});

export const typeIdQuery = z.object({ type_id: reqId('关闭原因 type_id') });

export const reasonListQuery = z.object({ type_id: reqId('关闭原因 type_id'), page: pageParam, per_page: perPageParam(CLOSURE_PAGE_SIZE, 100) });

export const itemListQuery = z.object({ item_id: reqId('item_id'), page: pageParam, per_page: perPageParam(CLOSURE_PAGE_SIZE, 100) });

/** Statistics of a track (type 1, default) or an album (type 2). */
export const statisticsQuery = z.object({ item_id: reqId('item_id'), type: choice('type', [1, 2], 1) });
/** The reason breakdown exists for tracks only (type 1). */
export const trackStatisticsQuery = z.object({ item_id: reqId('item_id'), type: choice('type', [1], 1) });

export const rankingQuery = z.object({
  cat_id: optInt('行业', 1, MAX_ID),
  com_prov: optText('省份', 20),
  // Orders the top 100 (chosen by the measure either way); absent keeps the measure's order.
  sort: optChoice('排序方式', SORT_IDS, '1（关闭时间）、2（成立时间）或 3（存活时间）'),
  page: pageParam,
  per_page: perPageParam(CLOSURE_PAGE_SIZE, RANKING_SIZE),
});

export const valuationQuery = rankingQuery.extend({
  horse_unicorn: optInt('horse_unicorn', HORSE_UNICORN.horse, HORSE_UNICORN.unicorn),
});

export const invstTopQuery = z.object({ page: pageParam, per_page: perPageParam(CLOSURE_PAGE_SIZE, RANKING_SIZE) });

export const incenseTopQuery = z.object({
  type: choice('type', [1, 2], 1),
  per_page: perPageParam(INCENSE_PAGE_SIZE, RANKING_SIZE),
});

export const addIncense = z.object({
  item_id: reqId('item_id'),
  type: reqChoice('上香对象 type', [1, 2], '1（公司）或 2（关闭原因）'),
  juzi_btc: z.preprocess(
    (v) => decimalOnly(blankToUndefined(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? '请选择上香数量' : '上香数量必须是整数') })
      .int('上香数量必须是整数')
      .min(1, '请选择上香数量（至少1炷）')
      .max(INCENSE_MAX, `单次上香最多${INCENSE_MAX}炷`),
  ),
});

export const incenseListQuery = z.object({
  type: reqChoice('type', [1, 2], '1（公司）或 2（关闭原因）'),
  item_id: reqId('item_id'),
  page: pageParam,
  per_page: perPageParam(INCENSE_PAGE_SIZE, 50),
});

/** Years of the news filter: the current year down to 2012, then '2012以前' (closure/news.ts checks the value). */
export const newsQuery = z.object({
  com_prov: optText('地区', 20),
  cat_id: optText('行业', 30),
  year: optText('年份', 10).meta({ pattern: '^(?:20\\d{2}|2012以前)$', example: '2020', description: '2012 至今的年份，或“2012以前”' }),
  keyword: optText('公司名称', 50),
  page: pageParam,
  per_page: perPageParam(NEWS_PAGE_SIZE, 50),
});

// --- responses ---

const id = z.number().int();

/** A closed company as every company list of the area shows it (spec §3). */
export const closureRow = z.object({
  com_id: id,
  com_name: z.string(),
  logo: z.string(),
  com_des: z.string(),
  com_prov: z.string(),
  cat_id: id,
  cat_name: z.string(),
  se_cat_name: z.string(),
  born: z.string().describe('成立年月 YYYY-MM'),
  com_change_close_date: z.string().describe('关闭日期 YYYY-MM-DD'),
  com_fund_status_name: z.string(),
  survival: z.object({ years: z.number().int(), months: z.number().int() }),
  live_time: z.number().int().describe('存活天数（成立到关闭）'),
  operating_status: z.string(),
  total_money: z.number().describe('融资总额（万元）'),
  valuation: z.number().describe('估值（万元）'),
  incense_total: z.number().int(),
  closure_type: z.array(z.object({ id, p_id: id, name: z.string() })),
  com_team: z.array(z.object({ id, name: z.string(), position: z.string() })),
  com_tag: z.array(z.object({ tag_id: id, tag_name: z.string() })),
  com_invst: z.array(z.object({ invst_id: id, invst_name: z.string() })),
});

/** A company of a burn ranking: `rank` its place by the measure, `serial` its place in the returned order (序号). */
export const rankedClosure = closureRow.extend({ rank: z.number().int(), serial: z.number().int() });

export const firmRow = z.object({
  rank: z.number().int(),
  invst_id: id,
  invst_name: z.string(),
  invst_logo: z.string(),
  count: z.number().int().describe('机构参与的投资事件数'),
  closed_count: z.number().int().describe('投资过的关闭公司数（榜单依据）'),
  com: z.array(z.object({ com_id: id, com_name: z.string() })),
});

export const yearNumbers = z.record(z.string(), z.number().int()).describe('{ 年份: 关闭公司数 }');

const named = z.object({ id, name: z.string() });

export const filterOptions = z.object({
  provinces: z.array(z.string()),
  sectors: z.array(named.extend({ children: z.array(named) })),
  fund_statuses: z.array(named),
  sorts: z.array(named),
  news_regions: z.array(z.string()),
  news_years: z.array(z.string()),
});

export const reply = z.object({
  comment_id: id,
  id: id.describe('回复者用户 id'),
  name: z.string(),
  logo: z.string(),
  replay_user_id: id,
  replay_name: z.string(),
  info: z.string(),
  time: z.string(),
});

export const comment = z.object({
  comment_id: id,
  id: id.describe('评论者用户 id'),
  name: z.string(),
  logo: z.string(),
  des: z.string(),
  time: z.string(),
  comment_type: z.literal(1),
  comment_replay: z.array(reply),
  reply_total: z.number().int(),
});

export const reasonNode = z.object({ id, p_id: id, name: z.string(), child: z.array(z.object({ id, p_id: id, name: z.string() })) });

export const delegate = z.object({ com_id: id, com_name: z.string(), logo: z.string(), total_money: z.number() });

export const track = z.object({ tag_id: id, tag_name: z.string() });
export const album = z.object({ album_id: id, album_name: z.string(), des: z.string() });

export const slice = z.object({ name: z.string(), value: z.number(), percent: z.number().describe('百分比，两位小数') });
export const reasonSlice = slice.extend({ id, children: z.array(z.object({ id, name: z.string(), value: z.number() })) });

export const newsItem = z.object({
  id,
  title: z.string(),
  url: z.string(),
  main_url: z.string(),
  source: z.string(),
  logo: z.string(),
  com_id: id,
  com_name: z.string(),
  cat_name: z.string(),
  com_prov: z.string(),
  time: z.string(),
});

export const incenseRecord = z.object({
  comment_id: id,
  id: id.describe('上香用户 id'),
  name: z.string(),
  des: z.string(),
  amount: z.number().int(),
  time: z.string(),
});

export const offering = z.object({ balance: z.number().int().describe('扣费后的桔子币余额'), record: incenseRecord });

export const incenseTop = z.union([
  z.array(z.object({ com_id: id, com_name: z.string(), logo: z.string(), total: z.number().int() })),
  z.array(z.object({ id, p_id: id, name: z.string(), total: z.number().int() })),
]);
