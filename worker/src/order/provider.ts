/**
 * The payment-provider interface. An order is paid through exactly one provider; the worker
 * trusts a payment only from a verified callback (or the provider's own status query), never from
 * the browser. Providers: Alipay (alipay.ts), WeChat Pay API v3 (wechat.ts) and the local sandbox
 * (sandbox.ts); each is offered only where it is configured (docs/payments.md).
 */
import type { Env } from '../env';

/** What a verified callback or status query says about one order's payment. */
export interface PaymentNotice {
  orderId: number;
  /** The provider's own trade number. */
  tradeNo: string;
  amountFen: number;
  status: 'paid' | 'failed';
}

export interface PaymentRequest {
  orderId: number;
  amountFen: number;
  subject: string;
  expiresAt: number;
}

/** Where the buyer is: which product of the provider fits and where the browser comes back to. */
export interface PayContext {
  /** This deployment's origin (notify and return addresses are built on it). */
  origin: string;
  device: 'desktop' | 'phone';
  /** The buyer's address (WeChat H5 requires it). */
  clientIp: string;
}

export interface CreatedPayment {
  /** Where the buyer's browser goes to pay (the provider's page, or the SPA's cashier). */
  payUrl: string;
  /** A code for the buyer to scan (WeChat Native's code_url), shown by the SPA's cashier. */
  qrCode: string | null;
}

export interface RefundRequest {
  orderId: number;
  tradeNo: string;
  amountFen: number;
  /** Our refund number: one per order, so a retried refund is the same refund at the provider. */
  refundNo: string;
  reason: string;
}

export interface RefundResult {
  /** The provider has paid the money back ('done') or accepted the refund and pays later ('pending'). */
  status: 'done' | 'pending';
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The provider's name as buyers know it. */
  readonly label: string;
  /** Whether this deployment has what the provider needs (keys, ids; the sandbox its switch). */
  configured(env: Env): boolean;
  /** Starts a payment at the provider. */
  createPayment(env: Env, req: PaymentRequest, ctx: PayContext): Promise<CreatedPayment>;
  /**
   * Checks an asynchronous callback's signature and shape; throws (a Chinese message) for anything
   * malformed, forged, stale or meant for another merchant. null: a genuine callback with nothing
   * to settle (a trade still waiting, a refund notice). Amount and order state are checked by the caller.
   */
  verifyCallback(env: Env, req: Request): Promise<PaymentNotice | null>;
  /** Asks the provider for the payment state of an order (for a callback that never came). */
  queryStatus(env: Env, orderId: number): Promise<PaymentNotice | null>;
  /** Closes an unpaid order at the provider, so it can no longer be paid there. */
  closePayment(env: Env, orderId: number): Promise<void>;
  /** Pays the whole amount of a trade back to the buyer. */
  refund(env: Env, req: RefundRequest): Promise<RefundResult>;
}

export const PROVIDER_NAMES = ['alipay', 'wechat', 'sandbox'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The order number a provider knows an order by (WeChat wants 6–32 characters). */
export const outTradeNo = (orderId: number) => `JZ${String(orderId).padStart(12, '0')}`;

/** The order id of an out_trade_no of ours; null for anything else. */
export function orderIdOf(outTradeNo: unknown): number | null {
  const m = typeof outTradeNo === 'string' ? /^JZ(\d{12})$/.exec(outTradeNo) : null;
  const id = m ? Number(m[1]) : 0;
  return id > 0 ? id : null;
}

/** The refund number of an order (Alipay's out_request_no, WeChat's out_refund_no). */
export const refundNo = (orderId: number) => `RF${String(orderId).padStart(12, '0')}`;

/** Fen from a yuan amount with at most two decimals ('30.00' -> 3000); null when it is not one. */
export function fenOf(yuanText: unknown): number | null {
  const m = typeof yuanText === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuanText) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** A provider's answer that could not be used: the caller logs it and tells the buyer or operator. */
export class ProviderError extends Error {}
