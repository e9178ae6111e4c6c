/**
 * The developer API's numbers and words, defined once: the worker enforces them, the SPA
 * (/user-center/api, /info_api) and the OpenAPI document show them. No imports, so the SPA can
 * import this file as it is.
 */

/** Every key starts with this; what follows is 40 random base62 characters. */
export const KEY_PREFIX = 'juzi_live_';
/** Characters of a key shown in lists (the prefix plus the first characters of the secret). */
export const KEY_SHOWN_CHARS = KEY_PREFIX.length + 8;
/** Keys a user may hold at once (revoked keys do not count). */
export const MAX_KEYS = 10;
export const KEY_NAME_MAX = 40;

/** 'spend': the key may also call what spends coins (incense, exports). */
export const KEY_SCOPES = ['', 'spend'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export type KeyTier = 'user' | 'vip' | 'svip';
export const TIER_TEXT: Record<KeyTier, string> = { user: '普通用户', vip: 'VIP 会员', svip: '超级 VIP 会员' };

/** Requests per key per minute, by the owner's membership. */
export const RATE_PER_MINUTE: Record<KeyTier, number> = { user: 60, vip: 300, svip: 600 };
/** Free calls per key per calendar month (Asia/Shanghai), by the owner's membership. */
export const FREE_PER_MONTH: Record<KeyTier, number> = { user: 1_000, vip: 10_000, svip: 100_000 };
/** Calls past the free quota are paid in blocks: BLOCK_CALLS calls for BLOCK_COINS coins, reserved a block at a time. */
export const BLOCK_CALLS = 100;
export const BLOCK_COINS = 1;

/** Days the usage chart covers (and the usage export, unless asked for more). */
export const USAGE_DAYS = 30;

/** The export kind of a user's own keys' usage (POST /api/exports { kind, params: { key_id?, days? } }). */
export const USAGE_EXPORT_KIND = 'api_usage';

/** 100000 → '100,000' without Intl, whose first use at the worker's start costs milliseconds of CPU. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The price line of /info_api and the reference page. */
export const PRICE_TEXT = `每个 API 密钥每月免费调用：普通用户 ${grouped(FREE_PER_MONTH.user)} 次、VIP ${grouped(FREE_PER_MONTH.vip)} 次、超级 VIP ${grouped(FREE_PER_MONTH.svip)} 次；超出后每 ${BLOCK_CALLS} 次 ${BLOCK_COINS} 个桔子币，从密钥所有者的余额中按 ${BLOCK_CALLS} 次一块预扣。速率上限每分钟 ${RATE_PER_MINUTE.user} / ${RATE_PER_MINUTE.vip} / ${RATE_PER_MINUTE.svip} 次。`;
