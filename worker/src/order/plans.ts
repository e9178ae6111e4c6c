/**
 * The price list of the order area, defined once: the worker sells from it, the seed's orders use
 * it and the SPA shows it through GET /api/order/plans. It has no imports, so the seed (plain
 * Node) and the SPA (FROM_PATTERN) import it too. Prices are fen (integer cents); the API shows yuan as well.
 */

export type PlanKind = 'vip' | 'svip' | 'coins';

export interface Plan {
  id: string;
  name: string;
  kind: PlanKind;
  /** Price in fen (1 yuan = 100 fen). */
  priceFen: number;
  /** Membership days granted (vip / svip); a month is 30 days, a quarter 90, a year 365. */
  days: number;
  /** Coins credited (coin packs). */
  coins: number;
  /** A short tag shown on the card, e.g. '最受欢迎'. */
  tag: string;
}

export const PLANS: readonly Plan[] = [
  { id: 'vip_month', name: 'VIP会员·月卡', kind: 'vip', priceFen: 3_000, days: 30, coins: 0, tag: '' },
  { id: 'vip_quarter', name: 'VIP会员·季卡', kind: 'vip', priceFen: 8_000, days: 90, coins: 0, tag: '' },
  { id: 'vip_year', name: 'VIP会员·年卡', kind: 'vip', priceFen: 29_800, days: 365, coins: 0, tag: '最受欢迎' },
  { id: 'svip_year', name: '超级VIP·年卡', kind: 'svip', priceFen: 99_800, days: 365, coins: 0, tag: '含全部VIP权益' },
  { id: 'coins_100', name: '100桔子币', kind: 'coins', priceFen: 1_000, days: 0, coins: 100, tag: '' },
  { id: 'coins_500', name: '500桔子币', kind: 'coins', priceFen: 4_500, days: 0, coins: 500, tag: '九折' },
  { id: 'coins_2000', name: '2000桔子币', kind: 'coins', priceFen: 16_000, days: 0, coins: 2_000, tag: '八折' },
];

export const planById = (id: string): Plan | undefined => PLANS.find((p) => p.id === id);

/**
 * `from` of /order: the area path segment a purchase returns to (deathCompany, health, kcb,
 * health-subscription…). Only a path segment of this site, never a URL, so it cannot redirect away.
 */
export const FROM_PATTERN = /^[A-Za-z][A-Za-z0-9-]{0,39}$/;

/** An unpaid order expires this long after it was created; the sandbox cashier refuses it after that. */
export const ORDER_TTL_MS = 30 * 60 * 1000;

/** What each membership level grants, for the plan cards (the worker's rules are the authority). */
export const MEMBER_BENEFITS: Record<'vip' | 'svip', readonly string[]> = {
  vip: ['死亡公司列表不限页数浏览', '关闭原因“全部公司”标签', '科创板信息披露检索', '医疗健康标签页与每日动态订阅', '导出每100行仅需1桔子币'],
  svip: ['包含全部VIP会员权益', '导出数据免费，不限桔子币余额'],
};

/** '30.00' from 3000 fen. */
export const yuan = (fen: number) => (fen / 100).toFixed(2);

/** What a plan grants, in words. */
export function grantText(p: Pick<Plan, 'kind' | 'days' | 'coins'>): string {
  if (p.kind === 'coins') return `充值${p.coins}桔子币到账户余额`;
  const level = p.kind === 'svip' ? '超级VIP会员' : 'VIP会员';
  return `${level}${p.days}天，已是会员则从到期日顺延`;
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired';

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = { pending: '待支付', paid: '已支付', failed: '支付失败', expired: '已过期' };
