/**
 * What a key may call and what it costs, counted in the isolate, not in D1 per call:
 *
 * - Rate limit: a fixed one-minute window per key in this isolate's memory (limits are per
 *   isolate; see docs/decisions.md).
 * - Monthly quota: an isolate takes calls from the key's month row a block at a time — free calls
 *   while the owner's quota lasts (one conditional UPDATE per block), then paid blocks, each one
 *   coin debit through the coins module with its own idempotency key (one ledger row per block).
 *   A call is served only from a block this isolate holds, so none is served unpaid; a block's key
 *   is its number in the month, so two isolates racing for the same block charge once.
 * - Usage: calls per key, day and endpoint add up in memory and are written in one batch at most
 *   every FLUSH_MS (or FLUSH_CALLS calls), and before usage is read in this isolate.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { debit } from '../coins';
import { apiKeyMonths, apiKeys, apiUsageDays } from '../db';
import type { ApiKeyUse, Db } from '../env';
import { ApiError } from '../lib/errors';
import { ymd } from '#shared/dates';
import { BLOCK_CALLS, BLOCK_COINS, FREE_PER_MONTH, RATE_PER_MINUTE } from './constants';

const MINUTE = 60_000;

// --- rate limit ---

interface Window {
  start: number;
  n: number;
}

const windows = new Map<number, Window>();

export interface RateState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
  reset: number;
  over: boolean;
}

/** Counts one request of the key in the current minute. */
export function hitRate(key: ApiKeyUse, now = Date.now()): RateState {
  const limit = RATE_PER_MINUTE[key.tier];
  const start = Math.floor(now / MINUTE) * MINUTE;
  let w = windows.get(key.id);
  if (!w || w.start !== start) {
    w = { start, n: 0 };
    windows.set(key.id, w);
    // Keys idle since an earlier minute hold nothing worth keeping.
    if (windows.size > 10_000) for (const [id, o] of windows) if (o.start < start) windows.delete(id);
  }
  w.n++;
  const reset = Math.max(1, Math.ceil((start + MINUTE - now) / 1000));
  return { limit, remaining: Math.max(0, limit - w.n), reset, over: w.n > limit };
}

/** The IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers): the policy and where the key stands in it. */
export const rateHeaders = (s: RateState): [string, string][] => [
  ['RateLimit-Policy', `"minute";q=${s.limit};w=60`],
  ['RateLimit', `"minute";r=${s.remaining};t=${s.reset}`],
];

// --- monthly quota ---

/** yyyymm in Asia/Shanghai. */
export const monthOf = (now = Date.now()) => Math.floor(ymd(now) / 100);

export interface Allowance {
  month: number;
  /** Calls this isolate holds for the key (free or paid), not yet served. */
  left: number;
  pending?: Promise<void>;
  /** Until when a call is refused without asking D1 again: the owner could not pay for the last block. */
  shortUntil?: number;
  short?: ApiError;
  /** The month's free calls are all handed out: no more taking free blocks ahead. */
  freeGone?: boolean;
}

/**
 * Below this many held calls, the next free block is taken in the background, so concurrent calls
 * do not all wait for it when the held ones run out. Only free blocks: coins are spent only when a
 * call needs them.
 */
export const TAKE_AHEAD_BELOW = BLOCK_CALLS / 4;

/**
 * After a block could not be paid, calls are refused from memory for this long: a script that keeps
 * calling past its quota with no coins costs no D1 work per call, and a recharge counts within it.
 */
export const SHORT_RETRY_MS = 5_000;

const allowances = new Map<number, Allowance>();

/**
 * Admits one call of the key: takes it from the calls this isolate holds, reserving the next block
 * when none are left (one reservation in flight per key; concurrent calls wait for it). Throws
 * INSUFFICIENT_COINS when the free quota is used up and the owner cannot pay for a block.
 */
export async function admit(db: Db, key: ApiKeyUse, userId: number, now = Date.now()): Promise<void> {
  const month = monthOf(now);
  let a = allowances.get(key.id);
  if (!a || a.month !== month) {
    a = { month, left: 0 };
    allowances.set(key.id, a);
  }
  const held = a;
  while (held.left <= 0) {
    if (held.short && (held.shortUntil ?? 0) > now) throw held.short;
    held.pending ??= reserve(db, key, userId, held)
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'INSUFFICIENT_COINS') {
          held.short = err;
          held.shortUntil = Date.now() + SHORT_RETRY_MS;
        }
        throw err;
      })
      .finally(() => {
        held.pending = undefined;
      });
    await held.pending;
  }
  held.left--;
  if (held.left < TAKE_AHEAD_BELOW && !held.pending && !held.freeGone) {
    // A failure here is only a missed head start: the call that needs the block reserves it.
    held.pending = reserve(db, key, userId, held, true)
      .catch(() => undefined)
      .finally(() => {
        held.pending = undefined;
      });
  }
}

/**
 * Takes the next block of calls for `a`: free while the quota lasts, then paid (with `freeOnly`,
 * nothing when the free calls are gone). Exported so tests can race isolates.
 */
export async function reserve(db: Db, key: ApiKeyUse, userId: number, a: Allowance, freeOnly = false): Promise<void> {
  const quota = FREE_PER_MONTH[key.tier];
  const row = and(eq(apiKeyMonths.keyId, key.id), eq(apiKeyMonths.month, a.month));
  const read = db.select({ free: apiKeyMonths.freeUsed, paid: apiKeyMonths.paidBlocks }).from(apiKeyMonths).where(row);
  // One transaction: the row's state before and after taking up to a block of free calls.
  const [, before, , after] = await db.batch([
    db.insert(apiKeyMonths).values({ keyId: key.id, month: a.month }).onConflictDoNothing(),
    read,
    db
      .update(apiKeyMonths)
      .set({ freeUsed: sql`min(${quota}, ${apiKeyMonths.freeUsed} + ${BLOCK_CALLS})` })
      .where(and(row, lt(apiKeyMonths.freeUsed, quota))),
    read,
  ]);
  const granted = (after[0]?.free ?? 0) - (before[0]?.free ?? 0);
  if (granted > 0) {
    a.left += granted;
    return;
  }
  a.freeGone = true;
  if (freeOnly) return;
  await payBlock(db, key.id, userId, a.month, after[0]?.paid ?? 0);
  a.left += BLOCK_CALLS;
}

/**
 * Pays the month's next block: a coin debit keyed by the block's number, with the month row's
 * count raised in the same transaction (guarded on the ledger row). When another isolate took that
 * number first, the debit is a replay that charges nothing, and the next number is tried.
 */
async function payBlock(db: Db, keyId: number, userId: number, month: number, paid: number): Promise<void> {
  for (let n = paid + 1; n <= paid + 50; n++) {
    try {
      const r = await debit(
        db,
        { userId, amount: BLOCK_COINS, reason: 'export', refType: 'api_key', refId: keyId, idempotencyKey: `api:${keyId}:${month}:${n}` },
        (g) => [
          db
            .update(apiKeyMonths)
            // `sql`: arithmetic on a column in SET has no builder form.
            .set({ paidBlocks: sql`${apiKeyMonths.paidBlocks} + 1` })
            .where(and(eq(apiKeyMonths.keyId, keyId), eq(apiKeyMonths.month, month), g)),
        ],
      );
      if (r.applied) return;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'INSUFFICIENT_COINS') {
        throw new ApiError(
          'INSUFFICIENT_COINS',
          `本月免费调用次数已用完，超出部分每 ${BLOCK_CALLS} 次 ${BLOCK_COINS} 个桔子币；当前余额 ${String(err.extra?.balance ?? 0)} 个，请充值后再调用`,
          { ...err.extra, block_calls: BLOCK_CALLS },
        );
      }
      throw err;
    }
  }
  throw new ApiError('CONFLICT', 'API 调用计费繁忙，请稍后重试');
}

// --- usage ---

export const FLUSH_MS = 10_000;
export const FLUSH_CALLS = 1_000;

const pending = new Map<string, { keyId: number; day: number; endpoint: string; n: number }>();
const lastUsed = new Map<number, number>();
let pendingCalls = 0;
let lastFlush = Date.now();
let flushing: Promise<void> | undefined;

/** Counts one served call of the key on `endpoint` (`GET /api/closure`). */
export function countCall(keyId: number, endpoint: string, now = Date.now()): void {
  const day = ymd(now);
  const id = `${keyId}|${day}|${endpoint}`;
  const p = pending.get(id);
  if (p) p.n++;
  else pending.set(id, { keyId, day, endpoint, n: 1 });
  lastUsed.set(keyId, now);
  pendingCalls++;
}

export const flushDue = (now = Date.now()) => pendingCalls > 0 && (now - lastFlush >= FLUSH_MS || pendingCalls >= FLUSH_CALLS);

/** Statements per D1 batch of a flush. */
const FLUSH_BATCH = 50;

/** Writes the counted calls (one upsert per key, day and endpoint) and keys' last use; what fails to write is counted again. */
export function flushUsage(db: Db, now = Date.now()): Promise<void> {
  flushing ??= writeUsage(db, now).finally(() => {
    flushing = undefined;
  });
  return flushing;
}

/** flushUsage for a caller that goes on either way: a failed write keeps its counts for the next flush. */
export const flushUsageLogged = (db: Db, now = Date.now()) => flushUsage(db, now).catch((err) => console.error('api usage flush', err));

async function writeUsage(db: Db, now: number): Promise<void> {
  lastFlush = now;
  const rows = [...pending.values()];
  const used = [...lastUsed];
  pending.clear();
  lastUsed.clear();
  pendingCalls = 0;
  const statements = [
    ...rows.map((r) =>
      db
        .insert(apiUsageDays)
        .values({ keyId: r.keyId, day: r.day, endpoint: r.endpoint, calls: r.n })
        .onConflictDoUpdate({ target: [apiUsageDays.keyId, apiUsageDays.day, apiUsageDays.endpoint], set: { calls: sql`${apiUsageDays.calls} + excluded.calls` } }),
    ),
    ...used.map(([id, at]) => db.update(apiKeys).set({ lastUsedAt: sql`max(coalesce(${apiKeys.lastUsedAt}, 0), ${at})` }).where(eq(apiKeys.id, id))),
  ];
  for (let i = 0; i < statements.length; i += FLUSH_BATCH) {
    const chunk = statements.slice(i, i + FLUSH_BATCH);
    try {
      await db.batch(chunk as [(typeof chunk)[number], ...(typeof chunk)[number][]]);
    } catch (err) {
      // Counted again, to be written by a later flush: a failed write loses no calls.
      const rowsLeft = rows.slice(Math.max(0, i), i + FLUSH_BATCH).concat(rows.slice(i + FLUSH_BATCH));
      for (const r of rowsLeft) {
        const id = `${r.keyId}|${r.day}|${r.endpoint}`;
        const p = pending.get(id);
        if (p) p.n += r.n;
        else pending.set(id, { ...r });
        pendingCalls += r.n;
      }
      for (const [id, at] of used) lastUsed.set(id, Math.max(lastUsed.get(id) ?? 0, at));
      throw err;
    }
  }
}

/** Forgets this isolate's counters and held calls (tests start each file from a fresh isolate's state). */
export function forgetMeters(): void {
  windows.clear();
  allowances.clear();
  pending.clear();
  lastUsed.clear();
  pendingCalls = 0;
}
