import { env } from 'cloudflare:test';
import { signFields, type SandboxCallback } from '../../../worker/src/order/sandbox';
import { call, type TestUser } from '../helpers';

let seq = 0;
export const newKey = () => `order-test-${Date.now().toString(36)}-${++seq}`;

/** POST /api/orders for a plan with a fresh (or given) Idempotency-Key. */
export async function order(user: TestUser, planId: string, key = newKey(), from?: string) {
  return call('/api/orders', { token: user.token, json: { plan_id: planId, from }, headers: { 'Idempotency-Key': key } });
}

/** A callback body as the sandbox provider would sign it (fields overridable before signing). */
export async function callback(orderId: number, amountFen: number, over: Partial<SandboxCallback> = {}, secret = env.PAY_SANDBOX_SECRET!) {
  const fields = {
    order_id: orderId,
    trade_no: `sbx_${crypto.randomUUID().replace(/-/g, '')}`,
    amount_fen: amountFen,
    status: 'SUCCESS' as 'SUCCESS' | 'CLOSED',
    notify_id: crypto.randomUUID().replace(/-/g, ''),
    notify_time: Date.now(),
    sign_type: 'HMAC-SHA256' as const,
    ...over,
  };
  const { sign: _ignored, ...unsigned } = fields as typeof fields & { sign?: string };
  return { ...unsigned, sign: over.sign ?? (await signFields(unsigned, secret)) };
}

export const notify = (body: unknown) => call('/api/pay/notify/sandbox', { json: body });

/** What a user has: balance, ledger rows, membership rows, orders. */
export async function holdings(userId: number) {
  const [wallet, ledger, members, orders] = await env.DB.batch([
    env.DB.prepare('SELECT balance FROM coin_wallets WHERE user_id = ?').bind(userId),
    env.DB.prepare('SELECT delta, reason, ref_type, ref_id, idempotency_key FROM coin_ledger WHERE user_id = ? ORDER BY id').bind(userId),
    env.DB.prepare('SELECT level, starts_at, ends_at, order_id FROM memberships WHERE user_id = ? ORDER BY id').bind(userId),
    env.DB.prepare('SELECT id, status, close_reason, paid_at FROM orders WHERE user_id = ? ORDER BY id').bind(userId),
  ]);
  return {
    balance: (wallet.results[0] as { balance: number } | undefined)?.balance ?? 0,
    ledger: ledger.results as { delta: number; reason: string; ref_type: string; ref_id: string; idempotency_key: string }[],
    memberships: members.results as { level: string; starts_at: number; ends_at: number; order_id: number }[],
    orders: orders.results as { id: number; status: string; close_reason: string | null; paid_at: number | null }[],
  };
}
