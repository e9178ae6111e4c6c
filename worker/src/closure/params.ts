/**
 * Request schemas of the closed-company calls. Query strings send '' for an unset select,
 * so blank values mean "absent" everywhere. Field names are the spec's (commont_detail and
 * replay_user_id included); messages are what the user reads.
 */
import { z } from 'zod';
import { pageParam, perPageParam } from '../lib/pagination';
import { blankToUndefined, MAX_ID, optInt, optText, reqId } from '../lib/params';

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** One of a few small integers; blank or absent gives the default. */
const choice = <const T extends readonly [number, ...number[]]>(label: string, values: T, def: T[number]) =>
  z.preprocess((v) => toNumber(blankToUndefined(v) ?? def), z.literal(values, { message: `${label}只能是 ${values.join('、')}` }));

/** One of a few small integers, or absent (blank too). */
const optChoice = <const T extends readonly [number, ...number[]]>(label: string, values: T, meaning: string) =>
  z.preprocess((v) => toNumber(blankToUndefined(v)), z.literal(values, { message: `${label}只能是 ${meaning}` }).optional());

/** One of a few small integers, required. */
const reqChoice = <const T extends readonly [number, ...number[]]>(label: string, values: T, meaning: string) =>
  z.preprocess((v) => toNumber(blankToUndefined(v)), z.literal(values, { message: `${label}只能是 ${meaning}` }));

/** Comment text: trimmed, not empty, at most COMMENT_MAX characters. */
export const COMMENT_MAX = 500;
const commentText = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string({ message: '评论内容必须是文字' }).trim().min(1, '评论内容不能为空').max(COMMENT_MAX, `评论内容不能超过${COMMENT_MAX}字`),
);

/** Sorts of the closed-company list: 1 closing date, 2 founding date, 3 survival time (newest / longest first). */
export const SORTS = [
  { id: 1, name: '按关闭时间' },
  { id: 2, name: '按成立时间' },
  { id: 3, name: '按存活时间' },
] as const;

export const listQuery = z.object({
  com_prov: optText('省份', 20),
  fund_status: optInt('融资轮次', 1, MAX_ID),
  cat_id: optInt('行业', 1, MAX_ID),
  keyword: optText('关键词', 50),
  sort: choice('排序方式', [1, 2, 3], 1),
  page: pageParam,
});
export type ListQuery = z.infer<typeof listQuery>;

export const comCommentQuery = z.object({
  com_id: reqId('公司 com_id'),
  page: pageParam,
  per_page: perPageParam(5, 50),
  type: choice('排序 type', [1, 2], 1),
});

export const reasonCommentQuery = z.object({
  type_id: reqId('关闭原因 type_id'),
  page: pageParam,
  per_page: perPageParam(5, 50),
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

export const reasonListQuery = z.object({ type_id: reqId('关闭原因 type_id'), page: pageParam, per_page: perPageParam(10, 100) });

export const itemListQuery = z.object({ item_id: reqId('item_id'), page: pageParam, per_page: perPageParam(10, 100) });

/** Statistics of a track (type 1, default) or an album (type 2). */
export const statisticsQuery = z.object({ item_id: reqId('item_id'), type: choice('type', [1, 2], 1) });

export const RANKING_SIZE = 100;

export const rankingQuery = z.object({
  cat_id: optInt('行业', 1, MAX_ID),
  com_prov: optText('省份', 20),
  // Orders the top 100 (chosen by the measure either way); absent keeps the measure's order.
  sort: optChoice('排序方式', [1, 2, 3], '1（关闭时间）、2（成立时间）或 3（存活时间）'),
  page: pageParam,
  per_page: perPageParam(10, RANKING_SIZE),
});

export const valuationQuery = rankingQuery.extend({
  horse_unicorn: optInt('horse_unicorn', 1, 2),
});

export const invstTopQuery = z.object({ page: pageParam, per_page: perPageParam(10, RANKING_SIZE) });

export const incenseTopQuery = z.object({
  type: choice('type', [1, 2], 1),
  per_page: perPageParam(10, RANKING_SIZE),
});

export const INCENSE_MAX = 9999;

export const addIncense = z.object({
  item_id: reqId('item_id'),
  type: reqChoice('上香对象 type', [1, 2], '1（公司）或 2（关闭原因）'),
  juzi_btc: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: '请选择上香数量' })
      .int('上香数量必须是整数')
      .min(1, '请选择上香数量（至少1炷）')
      .max(INCENSE_MAX, `单次上香最多${INCENSE_MAX}炷`),
  ),
});

export const incenseListQuery = z.object({
  type: reqChoice('type', [1, 2], '1（公司）或 2（关闭原因）'),
  item_id: reqId('item_id'),
  page: pageParam,
  per_page: perPageParam(10, 50),
});

/** Years of the news filter: the current year down to 2012, then '2012以前'. */
export const NEWS_BEFORE_2012 = '2012以前';

export const newsQuery = z.object({
  com_prov: optText('地区', 20),
  cat_id: optText('行业', 30),
  year: optText('年份', 10),
  keyword: optText('公司名称', 50),
  page: pageParam,
  per_page: perPageParam(20, 50),
});
