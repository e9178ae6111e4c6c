/**
 * A key's usage as its owner sees it: calls per day for USAGE_DAYS days with the coins its paid
 * blocks cost, calls per endpoint over the same days, and the current month's quota. The isolate
 * serving the read writes its own counted calls first, so a developer sees the calls just made.
 */
import { and, desc, eq, gte, sql, sum } from 'drizzle-orm';
import { apiKeyMonths, apiUsageDays, coinLedger } from '../db';
import type { Db } from '../env';
import { BJ_OFFSET_MS, DAY_MS, ymd } from '#shared/dates';
import { BLOCK_COINS, FREE_PER_MONTH, RATE_PER_MINUTE, USAGE_DAYS, type KeyTier } from './constants';
import { monthOf } from './meter';

export interface KeyUsage {
  days: { day: number; calls: number; coins: number }[];
  endpoints: { endpoint: string; calls: number }[];
  month: { month: number; free_used: number; free_quota: number; paid_blocks: number; coins: number; rate_per_minute: number };
}

/** The USAGE_DAYS days ending today (Asia/Shanghai), oldest first, as yyyymmdd. */
export function usageDays(now = Date.now()): number[] {
  return Array.from({ length: USAGE_DAYS }, (_, i) => ymd(now - (USAGE_DAYS - 1 - i) * DAY_MS));
}

export async function keyUsage(db: Db, userId: number, keyId: number, tier: KeyTier, now = Date.now()): Promise<KeyUsage> {
  const days = usageDays(now);
  const from = days[0];
  // Midnight of the first day in Asia/Shanghai, as epoch ms.
  const fromMs = Math.floor((now + BJ_OFFSET_MS) / DAY_MS) * DAY_MS - BJ_OFFSET_MS - (USAGE_DAYS - 1) * DAY_MS;
  const calls = sql<number>`${sum(apiUsageDays.calls)}`.mapWith(Number);
  // The ledger row's day in Asia/Shanghai (integer division: the constants are written into the
  // statement, as bound numbers would divide as reals); drizzle has no date arithmetic.
  const ledgerDay = sql<number>`(${coinLedger.createdAt} + ${sql.raw(String(BJ_OFFSET_MS))}) / ${sql.raw(String(DAY_MS))}`;
  const [perDay, perEndpoint, paid, month] = await db.batch([
    db
      .select({ day: apiUsageDays.day, calls })
      .from(apiUsageDays)
      .where(and(eq(apiUsageDays.keyId, keyId), gte(apiUsageDays.day, from)))
      .groupBy(apiUsageDays.day),
    db
      .select({ endpoint: apiUsageDays.endpoint, calls })
      .from(apiUsageDays)
      .where(and(eq(apiUsageDays.keyId, keyId), gte(apiUsageDays.day, from)))
      .groupBy(apiUsageDays.endpoint)
      .orderBy(desc(calls), apiUsageDays.endpoint)
      .limit(200),
    db
      .select({ d: ledgerDay, coins: sql<number>`-sum(${coinLedger.delta})`.mapWith(Number) })
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, userId), gte(coinLedger.createdAt, fromMs), eq(coinLedger.refType, 'api_key'), eq(coinLedger.refId, String(keyId))))
      .groupBy(ledgerDay),
    db
      .select({ free: apiKeyMonths.freeUsed, paid: apiKeyMonths.paidBlocks })
      .from(apiKeyMonths)
      .where(and(eq(apiKeyMonths.keyId, keyId), eq(apiKeyMonths.month, monthOf(now)))),
  ]);
  const callsOf = new Map(perDay.map((r) => [r.day, r.calls]));
  const coinsOf = new Map(paid.map((r) => [ymd(r.d * DAY_MS - BJ_OFFSET_MS), r.coins]));
  const m = month[0];
  return {
    days: days.map((day) => ({ day, calls: callsOf.get(day) ?? 0, coins: coinsOf.get(day) ?? 0 })),
    endpoints: perEndpoint,
    month: {
      month: monthOf(now),
      free_used: m?.free ?? 0,
      free_quota: FREE_PER_MONTH[tier],
      paid_blocks: m?.paid ?? 0,
      coins: (m?.paid ?? 0) * BLOCK_COINS,
      rate_per_minute: RATE_PER_MINUTE[tier],
    },
  };
}
