/**
 * Request and response schemas of the order area (plans, orders, payments): they validate
 * requests, type the typed client's responses and make the OpenAPI document.
 */
import { z } from 'zod';
import { pageParam, perPageParam } from '../lib/pagination';
import { reqId } from '../lib/params';
import { FROM_PATTERN, PLANS } from './plans';
import { PROVIDER_NAMES } from './provider';
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

export const providerView = z.object({ name: z.enum(PROVIDER_NAMES), label: z.string() });

export const plans = z.object({
  plans: z.array(plan),
  order_ttl_minutes: z.number().int(),
  providers: z.array(providerView).describe('本站已开通的支付方式；为空时不能在线支付（页面显示“暂未开通在线支付”）'),
});

/** An area path segment of this site (deathCompany, health, kcb, health-subscription…), never a URL. */
const fromParam = z
  .string({ message: 'from 必须是文字' })
  .regex(FROM_PATTERN, 'from 只能是本站页面，如 deathCompany、health')
  .optional();

export const createOrderBody = z.object({
  plan_id: z.enum(PLAN_IDS, { message: `套餐 plan_id 不存在，可选：${PLAN_IDS.join('、')}` }),
  from: fromParam,
  return: z
    .string({ message: 'return 必须是文字' })
    .max(1024, 'return 过长')
    .optional()
    .describe('支付后返回的页面（本站页面的路径和查询，如 /company/9741）；不是本站页面时返回 from 所在区域的首页'),
  provider: z.enum(PROVIDER_NAMES, { message: `支付方式 provider 只能是 ${PROVIDER_NAMES.join('、')}` }).optional().describe('支付方式；不填为第一个已开通的'),
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
  status: z.enum(['pending', 'paid', 'failed', 'expired', 'refunded']),
  status_text: z.string(),
  created_at: z.number().int(),
  expires_at: z.number().int().describe('未支付订单的过期时间（毫秒）'),
  paid_at: z.number().int().nullable(),
  pay_url: z.string().nullable().describe('去支付的地址（待支付时）'),
  qr_code: z.string().nullable().describe('待支付时用手机扫码支付的内容（微信支付 Native 的 code_url）'),
  provider: z.string().describe('支付方式：alipay、wechat、sandbox'),
  provider_label: z.string(),
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
  after: z
    .record(z.string(), z.object({ vip_until: z.number().int().nullable(), svip_until: z.number().int().nullable() }))
    .describe('每个会员套餐：现在支付后 vip_until 与 svip_until 将是多少（超级VIP期间剩余的VIP天数顺延到超级VIP之后）'),
});

/** The documented callback body; the provider itself validates it (its own shape and signature), so a malformed one gets the provider's Chinese message. */
export const notifyBody = sandboxCallback;

export const notifyResult = z.object({ order_id: z.number().int(), status: order.shape.status });

export const sandboxDecision = z.object({
  action: z.enum(['approve', 'decline'], { message: 'action 只能是 approve（确认支付）或 decline（拒绝）' }),
});

export const sandboxResult = z.object({ order: order, callback: z.object({ delivered: z.boolean(), code: z.string(), msg: z.string() }) });

export const refundResult = z.object({
  order: order,
  refund: z.object({
    order_id: z.number().int(),
    provider: z.string(),
    trade_no: z.string(),
    refund_no: z.string(),
    amount_fen: z.number().int(),
    reason: z.enum(['late_payment', 'operator']),
    status: z.enum(['requested', 'done', 'pending', 'failed']),
    error: z.string().nullable(),
  }),
});
