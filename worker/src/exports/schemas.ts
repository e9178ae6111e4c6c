/**
 * Request and response schemas of the export calls and the download centre.
 */
import { z } from 'zod';
import { literalOf } from '../lib/literal';
import { decimal, decimalOnly, optInt, optText, MAX_ID } from '../lib/params';
import { pageParam, perPageParam } from '../lib/pagination';
import { BATCH_SIZE, DOWNLOAD_STATUS, type DownloadStatus } from './constants';
import { HORSE_UNICORN } from '../closure/constants';

const anyId = (label: string) => optInt(label, 0, MAX_ID);

/** The slice of a result a request asks for: the dialog's batch buttons send page + per_page. */
export const slice = {
  page: optInt('页码', 1, 100_000),
  per_page: optInt('每页条数', 1, BATCH_SIZE),
  limit: optInt('导出条数', 1, MAX_ID),
};

/**
 * closure_down / closure_down_check: down_type picks the export (cardinal_type is the spec's other
 * name for it); the rest are that export's params, validated again by the kind. `number` is how
 * many rows the user will download (spec §7): the export holds the first `number` matching rows,
 * never more than match; absent, zero or negative means all of them.
 */
export const closureDownInput = z.object({
  down_type: optInt('down_type', 0, 6),
  cardinal_type: optInt('cardinal_type', 0, 6),
  number: optInt('number', -MAX_ID, MAX_ID),
  com_prov: optText('省份', 20),
  // 1 and up, as the export kinds and the lists' own filters take them.
  cat_id: optInt('行业', 1, MAX_ID),
  fund_status: optInt('融资轮次', 1, MAX_ID),
  keyword: optText('关键词', 50),
  sort: optInt('排序方式', 1, 3),
  type_id: anyId('type_id'),
  item_id: anyId('item_id'),
  horse_unicorn: optInt('horse_unicorn', HORSE_UNICORN.horse, HORSE_UNICORN.unicorn),
  ...slice,
});

/** type 1 applicants, 2 financing ranking, 3 opening market-value ranking, 4 listed companies. */
export const starmarketDownInput = z.object({
  type: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 1 : decimalOnly(v)),
    literalOf([1, 2, 3, 4], { message: 'type 只能是 1（申报企业）、2（融资榜）、3（开盘市值榜）、4（上市企业）' }),
  ),
  state: optInt('审核状态', 1, MAX_ID),
  keyword: optText('关键词', 50),
  cat_id: optInt('行业', 1, MAX_ID),
  com_prov: optText('省份', 20),
  number: optInt('导出条数', 1, 100),
  ...slice,
});

export const genericInput = z.object({
  kind: z.string({ message: '缺少导出类型 kind' }).max(50, '导出类型 kind 过长'),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const recordParam = z.object({ record_id: decimal(z.number({ message: '下载记录编号必须是整数' }).int('下载记录编号必须是整数').min(1, '下载记录编号必须是正整数').max(MAX_ID, '下载记录编号过大')) });

export const downloadsQuery = z.object({ page: pageParam, per_page: perPageParam(20, 50), job_id: optInt('job_id', 1, MAX_ID) });

/** A signed link's parameters (exports/links.ts); absent when the Authorization header is sent. */
export const fileQuery = z.object({
  sid: optInt('sid', 1, MAX_ID),
  exp: optInt('exp', 1, Number.MAX_SAFE_INTEGER),
  sig: z.string().regex(/^[0-9a-fA-F]{64}$/, 'sig 不正确').optional(),
});

export const signedLink = z.object({
  url: z.string().describe('签名下载链接（约5分钟内有效，仅限这一条记录）'),
  expires_at: z.number().int().describe('链接过期时间（毫秒）'),
});

// --- responses ---

const int = z.number().int();
const tier = z.enum(['user', 'vip', 'svip']);
const status = z.enum(Object.keys(DOWNLOAD_STATUS) as [DownloadStatus, ...DownloadStatus[]]);

export const quote = z.object({
  kind: z.string(),
  title: z.string(),
  rows: int,
  batches: int,
  batch_size: int,
  files: z.array(z.object({ page: int, per_page: int, from: int, to: int, rows: int, coins: int })),
  jzb_down: int.describe('需扣桔子币'),
  jzb_num: int.describe('当前余额'),
  downloadable: z.boolean(),
  tier,
  price_rule: z.string(),
  /** Nothing to pay at the user's tier for this kind (a super-VIP, or the user's own data). */
  free: z.boolean(),
  /** What a row is, e.g. 家公司. */
  unit: z.string(),
  msg: z.string(),
});

export const downloadRecord = z.object({
  record_id: int,
  job_id: int,
  kind: z.string(),
  title: z.string(),
  filename: z.string(),
  rows: int,
  from: int,
  to: int,
  batch_no: int,
  batches: int,
  status,
  status_text: z.string(),
  progress: z.object({ percent: z.number(), rows_done: int, job_done: int, job_failed: int, job_batches: int, job_percent: z.number() }),
  coins: int,
  refunded: z.boolean(),
  attempts: int,
  requeues: int.describe('租约过期后被重新放回队列的次数'),
  size: int,
  created_at: int,
  done_at: int.nullable(),
  expires_at: int.nullable(),
  download_url: z.string().nullable(),
});

export const created = z.object({
  job_id: int,
  record_id: int,
  filename: z.string(),
  title: z.string(),
  rows: int,
  batches: int,
  jzb_down: int.describe('本次扣除的桔子币'),
  unit: z.string(),
  records: z.array(downloadRecord),
});

export const kindsInfo = z.object({
  batch_size: int,
  price: z.object({
    user: z.object({ rows_per_coin: int, rule: z.string() }),
    vip: z.object({ rows_per_coin: int, rule: z.string() }),
    svip: z.object({ rows_per_coin: z.null(), rule: z.string() }),
  }),
  closure_down_types: z.record(z.string(), z.string()),
  starmarket_down_types: z.record(z.string(), z.string()),
  kinds: z.array(z.object({ kind: z.string(), level: z.enum(['login', 'vip', 'svip']), columns: z.array(z.object({ header: z.string(), type: z.enum(['number', 'date', 'text']) })) })),
});
