/**
 * Request and response schemas of the healthcare calls (spec §7 "Healthcare calls"): they validate
 * requests, type the client's responses and make the OpenAPI document. Query strings send '' for an
 * unset select, so blank values (and the chart's placeholders) mean "absent"; messages name the field.
 */
import { z } from 'zod';
import { literalOf } from '../lib/literal';
import { pageParam } from '../lib/pagination';
import { blankToUndefined, decimalOnly, MAX_ID, reqId } from '../lib/params';
import { beijingDate } from '#shared/dates';
import { BLOCK_TYPES, CHART_FIRST_YEAR, CHART_PLACEHOLDERS, DATA_TYPES, INFO_TYPES, MEDICAL_ORDERS } from './constants';

/** Decimal integers only ('1e3', '0x1' and arrays stay as they are and fail the number check). */
const toNumber = decimalOnly;

/**
 * A list of words from a fixed set: `type=company,invst`, `type=company&type=invst` or `type[]=…`;
 * duplicates collapse, blank or absent gives `def`.
 */
const wordList = <const T extends readonly [string, ...string[]]>(label: string, values: T, def?: T[number][]) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return def;
      const parts = (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean);
      return parts.length ? [...new Set(parts)] : def;
    },
    // Checked as a whole, so the message names the field (type), not an element of it (type.1).
    z
      .array(z.string(), { message: `缺少${label}` })
      .min(1, `缺少${label}`)
      .refine((a) => a.every((v) => (values as readonly string[]).includes(v)), { message: `${label}只能是 ${values.join('、')}` })
      .transform((a) => a as T[number][])
      .meta({ items: { type: 'string', enum: [...values] } }),
  );

/** An optional tag id (产业图谱标签). */
const optTagId = z.preprocess(
  (v) => decimalOnly(blankToUndefined(v)),
  z.number({ message: '标签 tag_id 必须是数字' }).int('标签 tag_id 必须是整数').min(1, '标签 tag_id 必须是正整数').max(MAX_ID, '标签 tag_id 过大').optional(),
);

/** A chart selector: blank or its placeholder text means "not chosen". */
const chartChoice = (label: string, placeholder: string, min: number, max: () => number) =>
  z.preprocess(
    (v) => (v === placeholder ? undefined : toNumber(blankToUndefined(v))),
    z
      .number({ message: `${label}必须是数字` })
      .int(`${label}必须是整数`)
      .min(min, `${label}最小为${min}`)
      .refine((n) => n <= max(), { message: `${label}超出范围` })
      .optional(),
  );

const currentYear = () => beijingDate().y;

// --- requests ---

export const infoQuery = z.object({
  type: wordList('类型 type', INFO_TYPES, ['basic', 'event']),
  page: pageParam,
  tag_id: optTagId,
});
export type InfoQuery = z.output<typeof infoQuery>;

export const detailQuery = z.object({
  type: wordList('类型 type', INFO_TYPES, ['basic', 'event']),
  page: pageParam,
  tag_id: reqId('标签 tag_id'),
});

export const dataQuery = z.object({
  type: z.preprocess(blankToUndefined, z.enum(DATA_TYPES, { message: `类型 type只能是 ${DATA_TYPES.join('、')}` })),
  page: pageParam,
});
export type DataQuery = z.output<typeof dataQuery>;

const ORDER_IDS = MEDICAL_ORDERS.map((o) => o.id) as [1, 2, 3];

export const blockQuery = z.object({
  type: wordList('列表类型 type', BLOCK_TYPES),
  page: pageParam,
  order: z.preprocess(
    (v) => toNumber(blankToUndefined(v)),
    literalOf(ORDER_IDS, { message: '排序方式 order 只能是 1 融资总额、2 成立时间、3 最近融资时间' }).optional(),
  ),
  tag_id: optTagId,
});
export type BlockQuery = z.output<typeof blockQuery>;

export const chartQuery = z.object({
  year: chartChoice('时间 year', CHART_PLACEHOLDERS.year, CHART_FIRST_YEAR, currentYear),
  round: chartChoice('轮次 round', CHART_PLACEHOLDERS.round, 1, () => MAX_ID),
  /** The sub-field (子领域) chosen in the chart's third selector: an atlas tag. */
  field: chartChoice('子领域 field', CHART_PLACEHOLDERS.field, 1, () => MAX_ID),
  /** The tag page's tag: narrows the events and the sub-field choices. */
  tag_id: optTagId,
});
export type ChartQuery = z.output<typeof chartQuery>;

export const scopeQuery = z.object({ tag_id: optTagId });

// --- responses ---

export const pageInfo = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
/** The spec's list shape of this area: `{ data: [...], page: { total, page, per_page } }`. */
export const dataList = <R extends z.ZodType>(row: R) => z.object({ data: z.array(row), page: pageInfo });

export const policyRow = z.object({ id: z.number().int(), title: z.string(), put_time: z.number().int().describe('yyyymmdd'), reference_number: z.string() });

export const newsRow = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  source: z.string(),
  com_id: z.number().int(),
  com_name: z.string(),
  scope: z.string(),
  prov: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  day: z.number().int(),
  logo: z.string(),
});

export const investor = z.object({ id: z.number().int().describe('0：不在机构库中'), name: z.string(), type: z.enum(['unstruct', 'com', 'invst', 'person']) });

export const eventRow = z.object({
  id: z.number().int(),
  time: z.number().int().describe('yyyymmdd'),
  com_id: z.number().int(),
  logo: z.string(),
  com_name: z.string(),
  round_id: z.number().int(),
  round: z.string(),
  money: z.number().int().describe('万元'),
  guess_money: z.string().describe('未披露具体金额时的描述，如“数千万人民币”'),
  invst: z.array(investor),
});

export const brokerRow = z.object({ id: z.number().int(), name: z.string().describe('券商'), title: z.string(), url: z.string(), time: z.number().int() });

export const faRow = z.object({
  id: z.number().int(),
  logo: z.string(),
  name: z.string(),
  fa_total: z.number().int().describe('参与的全部融资事件数'),
  medical_fa_total: z.number().int().describe('参与的医疗健康融资事件数'),
});

export const ipoRow = z.object({
  com_id: z.number().int(),
  logo: z.string(),
  name: z.string(),
  ipo_platform: z.number().int().describe('上市地点序号：0 无、1 上交所、2 深交所、3 港交所、4 纳斯达克、5 纽交所、6 伦交所、7 新三板、8 其他'),
  ipo_platform_name: z.string(),
  time: z.number().int(),
  money: z.number().int().describe('募资额（万元）'),
  valuation: z.string().describe("原值；'-' 为未透露"),
  valuation_text: z.string().describe("显示用；'-' 显示为“未透露”"),
});

export const latestEvent = z.object({ time: z.number().int(), round: z.string(), money: z.number().int(), guess_money: z.string() });

export const valuedRow = z.object({
  id: z.number().int(),
  logo: z.string(),
  name: z.string(),
  valuation: z.number().int().describe('万元'),
  event: latestEvent.nullable().describe('最近一次融资'),
});

export const basic = z.object({
  id: z.number().int().describe('标签 id；领域总览为 0'),
  p_id: z.number().int(),
  name: z.string(),
  desc: z.string(),
  com_num: z.number().int(),
  invse_num: z.number().int(),
  total_money: z.number().int().describe('万元'),
});

export const info = z.object({
  basic: basic.optional(),
  policy: dataList(policyRow).optional(),
  news: dataList(newsRow).optional(),
  event: dataList(eventRow).optional(),
});

export const healthData = z.discriminatedUnion('type', [
  z.object({ type: z.literal('policy'), ...dataList(policyRow).shape }),
  z.object({ type: z.literal('news'), ...dataList(newsRow).shape }),
  z.object({ type: z.literal('event'), ...dataList(eventRow).shape }),
  z.object({ type: z.literal('broker_report'), ...dataList(brokerRow).shape }),
  z.object({ type: z.literal('fa_rand'), ...dataList(faRow).shape }),
  z.object({ type: z.literal('ipo_rank'), ...dataList(ipoRow).shape }),
  z.object({ type: z.literal('horse'), ...dataList(valuedRow).shape }),
  z.object({ type: z.literal('unicorn'), ...dataList(valuedRow).shape }),
]);

export const medicalTag = z.object({ tag_id: z.number().int(), id: z.number().int().describe('同 tag_id'), name: z.string() });

export const companyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  des: z.string(),
  medical_tag: z.array(medicalTag),
  total_money: z.number().int().describe('万元'),
  born: z.string().describe('成立年月 yyyy-mm'),
  last_invse_date: z.number().int().describe('最近融资日期 yyyymmdd；0 为无'),
  rank: z.number().int().optional().describe('融资金额TOP100 的名次'),
});

export const firmRow = z.object({ id: z.number().int(), name: z.string(), logo: z.string(), des: z.string(), medical_invse_num: z.number().int() });

export const block = z.object({
  company: dataList(companyRow).optional(),
  invst: dataList(firmRow).optional(),
  invse_money_rank: dataList(companyRow).optional(),
});

export const chart = z.record(z.string(), z.object({ num: z.number().int(), money: z.number().int().describe('万元') }));

export const scopeNode = z.object({ id: z.number().int(), p_id: z.number().int(), name: z.string(), desc: z.string(), child: z.array(z.object({ id: z.number().int(), name: z.string() })) });

export const option = z.object({ id: z.number().int(), name: z.string() });
