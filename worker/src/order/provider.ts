/**
 * The payment-provider interface. An order is paid through exactly one provider; the worker
 * trusts a payment only from a verified callback (or the provider's own status query), never from
 * the browser. A real Alipay or WeChat Pay provider is one more implementation of this interface
 * registered in PROVIDERS (README "订单与支付" lists what it needs).
 */
import type { Env } from '../env';
import { sandboxProvider } from './sandbox';

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
}

export interface PaymentProvider {
  readonly name: string;
  /** Starts a payment; `payUrl` is where the buyer's browser goes to pay (the cashier). */
  createPayment(env: Env, req: PaymentRequest): Promise<{ payUrl: string }>;
  /**
   * Checks an asynchronous callback's signature and shape; throws ApiError BAD_REQUEST (a Chinese
   * message) for anything malformed or forged. Amount and order state are checked by the caller.
   */
  verifyCallback(env: Env, req: Request): Promise<PaymentNotice>;
  /** Asks the provider for the payment state of an order (for a callback that never came). */
  queryStatus(env: Env, orderId: number): Promise<PaymentNotice | null>;
}

/** Providers by name; `orders.provider` names one. The sandbox is the only one so far. */
export const PROVIDERS: Record<string, PaymentProvider> = { sandbox: sandboxProvider };

/** The provider new orders use. */
export const DEFAULT_PROVIDER = sandboxProvider;
