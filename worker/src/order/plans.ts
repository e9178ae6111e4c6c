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

/**
 * The SPA's pages a purchase can return to (the router's paths; `$x` is any one segment): every
 * page of the SPA except the order and payment pages themselves. A test holds this list to the
 * SPA's route tree.
 */
export const RETURN_ROUTES: readonly string[] = [
  '/', '/health', '/health/$tagId', '/healthMobile', '/health-subscription', '/kcb', '/kcb/$id', '/kcb/disclosure', '/kcb/project', '/kcb/rank',
  '/saas', '/saas/try', '/share', '/share/dynamic/$id', '/share/user/$id', '/user-center', '/user-center/download', '/user-center/follows',
  '/user-center/orders', '/user-center/api', '/user-center/watchlists', '/info_api', '/mall', '/deathCompany', '/deathRank', '/deathReason', '/deathReport', '/deathTrack', '/atlas/$tagId',
  '/company/$id', '/investevent', '/investevent/$id', '/investfirm/$id', '/news', '/person/$id', '/policy', '/policy/$id', '/user/$id',
];

const MAX_RETURN_LENGTH = 1024;

/**
 * `return` of /order as a path and query of this site's SPA, or null: one leading '/', no scheme,
 * host, '//' or backslash, no control characters, and a path one of RETURN_ROUTES matches.
 */
export function safeReturnPath(value: string | undefined | null): string | null {
  if (!value || value.length > MAX_RETURN_LENGTH) return null;
  // eslint-disable-next-line no-control-regex -- refusing them is the point
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://return.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://return.invalid' || url.username || url.password) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  if (url.pathname.includes('//') || segments.some((s) => s === '.' || s === '..' || /%(2f|5c)/i.test(s))) return null;
  const known = RETURN_ROUTES.some((route) => {
    const pattern = route.split('/').filter(Boolean);
    return pattern.length === segments.length && pattern.every((p, i) => p.startsWith('$') || p === segments[i]);
  });
  return known ? `${url.pathname}${url.search}` : null;
}

/** Where a paid order goes back to: its validated `return`, else the home of its area `from`, else the user centre. */
export function returnUrl(from: string, ret: string): string {
  return safeReturnPath(ret) ?? (from ? (safeReturnPath(`/${from}`) ?? '/') : '/user-center');
}

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
  if (p.kind === 'svip') return `超级VIP会员${p.days}天，已是超级VIP则从到期日顺延；剩余的VIP天数在超级VIP到期后继续`;
  return `VIP会员${p.days}天，已是会员则从到期日顺延`;
}

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded';

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = { pending: '待支付', paid: '已支付', failed: '支付失败', expired: '已过期', refunded: '已退款' };
