/**
 * Request and response schemas of the order area (plans, orders, payments): they validate
 * requests, type the typed client's responses and make the OpenAPI document.
 */
import { z } from 'zod';
import { pageParam, perPageParam } from '../lib/pagination';
import { reqId } from '../lib/params';
import { FROM_PATTERN, PLANS } from './plans';
import { sandboxCallback } from './sandbox';

const PLAN_IDS = PLANS.map((p) => p.id) as [string, ...string[]];

export const plan = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['vip', 'svip', 'coins']),
  price_fen: z.number().int().describe('价格（分）'),
  price_yuan: z.string().describe('价格（元，两位小数）'),
  days: z.number().int().describe('会员天数（会员套餐）'),
  coins: z.number().int().describe('到账桔子币（桔子币套餐）'),
  grants: z.string().describe('购买后获得什么'),
  benefits: z.array(z.string()),
  tag: z.string(),
});

export const plans = z.object({ plans: z.array(plan), order_ttl_minutes: z.number().int() });

/** An area path segment of this site (deathCompany, health, kcb, health-subscription…), never a URL. */
const fromParam = z
  .string({ message: 'from 必须是文字' })
  .regex(FROM_PATTERN, 'from 只能是本站页面，如 deathCompany、health')
  .optional();

export const createOrderBody = z.object({
  plan_id: z.enum(PLAN_IDS, { message: `套餐 plan_id 不存在，可选：${PLAN_IDS.join('、')}` }),
  from: fromParam,
});

export const order = z.object({
  order_id: z.number().int(),
  plan_id: z.string(),
  name: z.string(),
  kind: z.enum(['vip', 'svip', 'coins']),
  days: z.number().int(),
  coins: z.number().int(),
  grants: z.string(),
  amount_fen: z.number().int().describe('金额（分）'),
  amount_yuan: z.string().describe('金额（元）'),
  status: z.enum(['pending', 'paid', 'failed', 'expired']),
  status_text: z.string(),
  created_at: z.number().int(),
  expires_at: z.number().int().describe('未支付订单的过期时间（毫秒）'),
  paid_at: z.number().int().nullable(),
  pay_url: z.string().nullable().describe('去支付的地址（待支付时）'),
  return_url: z.string().describe('支付后返回的页面'),
});

export const orderIdParam = z.object({ id: reqId('订单 id') });

export const listQuery = z.object({ page: pageParam, per_page: perPageParam(10, 50) });

export const membership = z.object({
  isVip: z.boolean(),
  svip: z.boolean(),
  vip_until: z.number().int().nullable().describe('VIP 权益到期时间（毫秒；超级VIP 含 VIP）'),
  svip_until: z.number().int().nullable(),
  juzibtc: z.number().int(),
});

export const notifyParam = z.object({ provider: z.enum(['sandbox'], { message: '未知的支付渠道' }) });

/** The documented callback body; the provider itself validates it (its own shape and signature), so a malformed one gets the provider's Chinese message. */
export const notifyBody = sandboxCallback;

export const notifyResult = z.object({ order_id: z.number().int(), status: order.shape.status });

export const sandboxDecision = z.object({
  action: z.enum(['approve', 'decline'], { message: 'action 只能是 approve（确认支付）或 decline（拒绝）' }),
});

export const sandboxResult = z.object({ order: order, callback: z.object({ delivered: z.boolean(), code: z.string(), msg: z.string() }) });
