/**
 * The export price rule, the one place it is written down. The check response's msg and
 * price_rule repeat it to the user before they confirm.
 *
 * - logged-in user (no membership): 1 桔子币 per 10 rows;
 * - VIP: 1 桔子币 per 100 rows;
 * - super-VIP: free (0 桔子币), so never refused for coins.
 * Each file (batch of up to 2000 rows) is priced on its own, rounded up, at least 1 coin;
 * a file that finally fails gives back exactly its own price. As 2000 is a multiple of both
 * units, the sum over the files equals the price of the whole export rounded up once.
 */
import type { SessionUser } from '../env';

export type PriceTier = 'user' | 'vip' | 'svip';

export const ROWS_PER_COIN: Record<Exclude<PriceTier, 'svip'>, number> = { user: 10, vip: 100 };

export function priceTier(user: Pick<SessionUser, 'isVip' | 'svip'>): PriceTier {
  if (user.svip) return 'svip';
  return user.isVip ? 'vip' : 'user';
}

/** Coins for one file of `rows` rows. */
export function filePrice(tier: PriceTier, rows: number): number {
  if (tier === 'svip' || rows <= 0) return 0;
  return Math.max(1, Math.ceil(rows / ROWS_PER_COIN[tier]));
}

/** The rule in the user's words, shown in the export dialog. */
export function priceRuleText(tier: PriceTier): string {
  if (tier === 'svip') return '超级VIP导出免费，不扣桔子币';
  const label = tier === 'vip' ? 'VIP会员' : '普通用户';
  const unit = ROWS_PER_COIN[tier];
  return `${label}导出每 ${unit} 条数据扣 1 桔子币（每个文件单独计价，不足 ${unit} 条按 ${unit} 条计）`;
}
