import { z } from 'zod';
import * as Closure from '../closure/schemas';
import { subscribeInput } from '../digest/schemas';
import * as Entity from '../entity/schemas';
import { pageParam } from '../lib/pagination';
import { decimalOnly, reqId } from '../lib/params';
import { textRule } from '../lib/text';
import * as Star from '../starmarket/schemas';
import { WATCH_AREAS, WATCH_MESSAGES, WATCH_NAME_MAX } from './constants';

const name = z
  .string({ error: WATCH_MESSAGES.nameEmpty })
  .trim()
  .min(1, WATCH_MESSAGES.nameEmpty)
  .max(WATCH_NAME_MAX, WATCH_MESSAGES.nameLong)
  .refine(...textRule('订阅名称'));

export const createInput = z.object({
  name,
  area: z.enum(WATCH_AREAS, { error: WATCH_MESSAGES.area }).describe('列表接口在 /api 下的路径'),
  query: z.record(z.string(), z.unknown(), { error: WATCH_MESSAGES.query }).default({}).describe('该列表接口自己的参数（page、per_page 不保存）'),
});

export const updateInput = z
  .object({
    name: name.optional(),
    paused: z.boolean({ error: 'paused 必须是 true 或 false' }).optional(),
    mail: z.boolean({ error: 'mail 必须是 true 或 false' }).optional(),
    seen: z.literal(true, { error: 'seen 只能是 true' }).optional(),
    revoke_feed: z.literal(true, { error: 'revoke_feed 只能是 true' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: '没有要修改的内容' });

export const idParam = z.object({ id: reqId('订阅 id') });

export const listQuery = z.object({ page: pageParam });

export const matchesQuery = z.object({
  since: z
    .preprocess(decimalOnly, z.number({ message: 'since 必须是毫秒时间戳' }).int('since 必须是毫秒时间戳').min(0, 'since 不能为负').max(8_640_000_000_000_000, 'since 过大'))
    .default(0),
});

export const savedSearch = z.object({
  id: z.number().int(),
  name: z.string(),
  area: z.enum(WATCH_AREAS),
  area_name: z.string(),
  query: z.record(z.string(), z.unknown()),
  paused: z.boolean(),
  mail: z.boolean().describe('是否在每日订阅邮件中'),
  feed_url: z.string().nullable().describe('Atom 订阅源（不可猜测的地址；撤销后旧地址失效）'),
  list_url: z.string().describe('产品中带这些筛选条件的列表页'),
  new_count: z.number().int().describe('上次查看以来的新匹配数'),
  seen_at: z.number().int(),
  created_at: z.number().int(),
});

export const matchRow = z.union([Closure.rankedClosure, Closure.closureRow, Star.starRow, Entity.eventRow, Entity.newsRow]);

export const matches = z.object({
  area: z.enum(WATCH_AREAS),
  since: z.number().int(),
  info: z.array(matchRow).describe('该列表自己的行格式'),
});

/** The digest's address: the same rule as the healthcare e-mail's address. */
export const mailboxInput = subscribeInput;

export const mailbox = z.object({
  email: z.string().nullable().describe('订阅邮件的收件地址；邮箱注册的账号默认用注册邮箱'),
  follows_mail: z.boolean().describe('关注的公司有新融资事件或新闻时是否写进邮件'),
});

export const followsMailInput = z.object({ on: z.boolean({ error: 'on 必须是 true 或 false' }) });

export const unsubscribeQuery = z.object({
  s: z.string().optional().describe('订阅 id（只退订这个订阅的邮件）'),
  f: z.string().optional().describe('用户 id（只退订邮件中“关注的公司”部分）'),
  u: z.string().optional().describe('用户 id（退订该用户全部订阅与关注公司的邮件，邮件头 List-Unsubscribe 用）'),
  t: z.string().optional().describe('签名（HMAC-SHA256，十六进制）'),
});

export const webhookInput = z.object({ url: z.string({ error: '请输入 Webhook 地址' }).trim().min(1, '请输入 Webhook 地址').max(500, 'Webhook 地址不能超过500个字符') });

export const hookParams = z.object({ id: reqId('订阅 id'), hook: reqId('Webhook id') });

export const webhookDelivery = z.object({
  id: z.number().int(),
  msg_id: z.string().describe('webhook-id 请求头，同一次变化重试时不变'),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().describe('最后一次尝试的 HTTP 状态码'),
  last_error: z.string(),
  title: z.string(),
  created_at: z.number().int(),
  delivered_at: z.number().int().nullable(),
});

export const webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  status: z.enum(['active', 'disabled']),
  failures: z.number().int().describe('连续失败次数'),
  created_at: z.number().int(),
  disabled_at: z.number().int().nullable(),
  deliveries: z.array(webhookDelivery).describe('最近的推送记录'),
});

export const createdWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  status: z.literal('active'),
  secret: z.string().describe('签名密钥（whsec_…），只显示这一次'),
});

export const followedCompany = z.object({
  com_id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  new_count: z.number().int().describe('上次从订阅页打开以来的新融资事件与新闻数（从未打开过则自关注起）'),
  followed_at: z.number().int(),
  seen_at: z.number().int().describe('计数的起点：关注时间与上次打开时间中较晚的一个'),
});

export const comParam = z.object({ com: reqId('公司 id') });

export const followSeen = z.object({ com_id: z.number().int(), seen_at: z.number().int() });

export const webhookChange = z.object({ active: z.literal(true, { error: 'active 只能是 true（重新启用）' }) });
