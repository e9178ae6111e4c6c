/**
 * The sandbox payment provider, shaped like a real one: a cashier page (/pay/sandbox/{order_id} in
 * the SPA) where the buyer approves or declines; the provider records the trade in its own book
 * (sandbox_trades) and sends an asynchronous callback to /api/pay/notify/sandbox, signed with
 * HMAC-SHA256 over the canonical fields.
 *
 * Canonical form: every field of the callback except `sign`, sorted by name, as `name=value`
 * joined by '&' (values as JSON would print them, no escaping), e.g.
 *   amount_fen=3000&notify_id=…&notify_time=1763900000000&order_id=12&sign_type=HMAC-SHA256&status=SUCCESS&trade_no=sbx_…
 * `sign` is the lowercase hex HMAC-SHA256 of that string with PAY_SANDBOX_SECRET.
 *
 * Local use only: the sandbox exists where PAY_SANDBOX is 'on' and PAY_SANDBOX_SECRET holds at
 * least SANDBOX_SECRET_MIN_LENGTH characters (`npm start` generates one per local state). There is
 * no default secret: anywhere else the cashier and the callback are refused.
 */
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { drizzleDb, orders, sandboxTrades as t } from '../db';
import type { Db, Env } from '../env';
import { ApiError } from '../lib/errors';
import type { PaymentNotice, PaymentProvider } from './provider';

/** A shorter secret is refused: it could be guessed (the generated one is 64 hex digits). */
export const SANDBOX_SECRET_MIN_LENGTH = 32;

/** The secret, or null where the sandbox is not switched on with a usable one. */
export function sandboxSecret(env: Env): string | null {
  const secret = env.PAY_SANDBOX_SECRET ?? '';
  return env.PAY_SANDBOX === 'on' && secret.length >= SANDBOX_SECRET_MIN_LENGTH ? secret : null;
}

function requireSecret(env: Env): string {
  const secret = sandboxSecret(env);
  if (!secret) throw new ApiError('NOT_FOUND', '沙箱支付未开启（仅用于本地开发）');
  return secret;
}

/** The callback body the sandbox provider POSTs. */
export const sandboxCallback = z.object(
  {
    order_id: z.number({ message: 'order_id 必须是数字' }).int('order_id 必须是整数').positive('order_id 必须是正整数'),
    trade_no: z.string({ message: '缺少 trade_no' }).regex(/^sbx_[0-9a-f]{32}$/, 'trade_no 格式不正确'),
    amount_fen: z.number({ message: 'amount_fen 必须是数字' }).int('amount_fen 必须是整数（分）').nonnegative('amount_fen 不能为负'),
    status: z.enum(['SUCCESS', 'CLOSED'], { message: 'status 只能是 SUCCESS 或 CLOSED' }),
    notify_id: z.string({ message: '缺少 notify_id' }).min(8, 'notify_id 格式不正确').max(64, 'notify_id 格式不正确'),
    notify_time: z.number({ message: 'notify_time 必须是数字' }).int('notify_time 必须是毫秒时间戳'),
    sign_type: z.literal('HMAC-SHA256', { message: 'sign_type 只能是 HMAC-SHA256' }),
    sign: z.string({ message: '缺少签名 sign' }).regex(/^[0-9a-f]{64}$/, '签名 sign 格式不正确'),
  },
  { message: '回调内容必须是 JSON 对象' },
);

export type SandboxCallback = z.infer<typeof sandboxCallback>;

export function canonical(fields: Record<string, string | number>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

const encoder = new TextEncoder();

async function hmacKey(secret: string) {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const toHex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function signFields(fields: Record<string, string | number>, secret: string): Promise<string> {
  return toHex(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(canonical(fields))));
}

/** Constant-time check through WebCrypto's own verify. */
async function signatureValid(body: SandboxCallback, secret: string): Promise<boolean> {
  const sig = new Uint8Array(body.sign.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', await hmacKey(secret), sig, encoder.encode(canonical(body)));
}

/** The signed callback body for one trade, as the sandbox sends it. */
export async function signedCallback(env: Env, trade: PaymentNotice, now = Date.now()): Promise<SandboxCallback> {
  const fields = {
    order_id: trade.orderId,
    trade_no: trade.tradeNo,
    amount_fen: trade.amountFen,
    status: trade.status === 'paid' ? ('SUCCESS' as const) : ('CLOSED' as const),
    notify_id: crypto.randomUUID().replace(/-/g, ''),
    notify_time: now,
    sign_type: 'HMAC-SHA256' as const,
  };
  return { ...fields, sign: await signFields(fields, requireSecret(env)) };
}

interface TradeRow {
  trade_no: string;
  order_id: number;
  amount_fen: number;
  status: 'paid' | 'failed' | 'refunded';
}

// A refunded trade was paid first: the payment itself happened.
const toNotice = (t: TradeRow): PaymentNotice => ({ orderId: t.order_id, tradeNo: t.trade_no, amountFen: t.amount_fen, status: t.status === 'failed' ? 'failed' : 'paid' });

/**
 * The cashier's decision, written to the provider's book once per order: a second click (or a
 * second tab) gets the first decision back.
 */
export async function recordSandboxTrade(db: Db, orderId: number, amountFen: number, approve: boolean, now = Date.now()): Promise<PaymentNotice> {
  const tradeNo = `sbx_${crypto.randomUUID().replace(/-/g, '')}`;
  await db
    .insert(t)
    .values({ tradeNo, orderId, amountFen, status: approve ? 'paid' : 'failed', createdAt: now })
    .onConflictDoNothing()
    .run();
  return toNotice((await tradeOf(db, orderId))!);
}

const tradeOf = (db: Db, orderId: number): Promise<TradeRow | undefined> =>
  db.select({ trade_no: t.tradeNo, order_id: t.orderId, amount_fen: t.amountFen, status: t.status }).from(t).where(eq(t.orderId, orderId)).get();

export const sandboxProvider: PaymentProvider = {
  name: 'sandbox',
  label: '沙箱支付（本地）',

  configured: (env) => sandboxSecret(env) !== null,

  async createPayment(env, req) {
    requireSecret(env);
    return { payUrl: `/pay/sandbox/${req.orderId}`, qrCode: null };
  },

  async verifyCallback(env, req) {
    const secret = requireSecret(env);
    const raw: unknown = await req.json().catch(() => {
      throw new ApiError('BAD_REQUEST', '回调内容不是合法的 JSON');
    });
    const parsed = sandboxCallback.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError('BAD_REQUEST', `支付回调格式不正确：${issue?.message ?? '字段缺失'}`, { field: issue?.path.join('.') || 'body' });
    }
    if (!(await signatureValid(parsed.data, secret))) throw new ApiError('BAD_REQUEST', '支付回调签名校验失败', { field: 'sign' });
    const b = parsed.data;
    return { orderId: b.order_id, tradeNo: b.trade_no, amountFen: b.amount_fen, status: b.status === 'SUCCESS' ? 'paid' : 'failed' };
  },

  async queryStatus(env, orderId) {
    requireSecret(env);
    const row = await tradeOf(drizzleDb(env.DB), orderId);
    return row ? toNotice(row) : null;
  },

  async closePayment(env, orderId) {
    requireSecret(env);
    // The provider's book keeps the order closed: a later approve gets the closed trade back.
    const db = drizzleDb(env.DB);
    await db
      .insert(t)
      .select(
        // `sql`: the row's constants, in an insert-select that names every column.
        db
          .select({
            tradeNo: sql<string>`${`sbx_${crypto.randomUUID().replace(/-/g, '')}`}`.as('trade_no'),
            orderId: orders.id,
            amountFen: orders.amountFen,
            status: sql<'failed'>`'failed'`.as('status'),
            createdAt: sql<number>`${Date.now()}`.as('created_at'),
          })
          .from(orders)
          .where(eq(orders.id, orderId)),
      )
      .onConflictDoNothing()
      .run();
  },

  async refund(env, r) {
    requireSecret(env);
    await drizzleDb(env.DB)
      .update(t)
      .set({ status: 'refunded' })
      .where(and(eq(t.orderId, r.orderId), eq(t.status, 'paid')))
      .run();
    return { status: 'done' };
  },
};
