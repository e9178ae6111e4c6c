/**
 * Alipay (支付宝开放平台, OpenAPI v1 gateway, RSA2): 电脑网站支付 alipay.trade.page.pay on desktops,
 * 手机网站支付 alipay.trade.wap.pay on phones, the asynchronous notify at /api/pay/notify/alipay,
 * alipay.trade.query / close / refund.
 *
 * Request signature: every request parameter except `sign` whose value is not empty, sorted by
 * name (ASCII), as `name=value` joined by '&' (raw values, no URL encoding), signed with
 * SHA256withRSA by the app private key, base64 (sign_type RSA2, charset utf-8).
 * Notify signature: every parameter except `sign` and `sign_type`, URL-decoded, sorted, joined the
 * same way, verified with Alipay's public key. Response signature: the JSON text of the
 * `<method>_response` member exactly as sent, verified with Alipay's public key.
 */
import { BJ_OFFSET_MS } from '#shared/dates';
import type { Env } from '../env';
import { yuan } from './plans';
import {
  fenOf,
  orderIdOf,
  outTradeNo,
  ProviderError,
  type PaymentNotice,
  type PaymentProvider,
} from './provider';
import { rsaSign, rsaVerify } from './signing';

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipayConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  sellerId: string;
  gateway: string;
}

export function alipayConfig(env: Env): AlipayConfig | null {
  const { ALIPAY_APP_ID: appId, ALIPAY_PRIVATE_KEY: privateKey, ALIPAY_PUBLIC_KEY: alipayPublicKey, ALIPAY_SELLER_ID: sellerId } = env;
  if (!appId || !privateKey || !alipayPublicKey || !sellerId) return null;
  return { appId, privateKey, alipayPublicKey, sellerId, gateway: env.ALIPAY_GATEWAY || ALIPAY_GATEWAY };
}

function requireConfig(env: Env): AlipayConfig {
  const cfg = alipayConfig(env);
  if (!cfg) throw new ProviderError('支付宝支付未配置');
  return cfg;
}

/** 'yyyy-MM-dd HH:mm:ss' in Beijing time, the gateway's timestamp and time_expire format. */
export function beijingTime(ms: number): string {
  return new Date(ms + BJ_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The text a request signature covers. */
export function requestSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The text a notify signature covers. */
export function notifySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The signed parameters of one gateway call (common parameters, biz_content and sign). */
export async function signedParams(
  cfg: AlipayConfig,
  method: string,
  biz: Record<string, unknown>,
  extra: Record<string, string> = {},
  now = Date.now(),
): Promise<Record<string, string>> {
  const params: Record<string, string> = {
    app_id: cfg.appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: beijingTime(now),
    version: '1.0',
    ...extra,
    biz_content: JSON.stringify(biz),
  };
  return { ...params, sign: await rsaSign(cfg.privateKey, requestSignContent(params)) };
}

const encodeParams = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');

/**
 * The JSON text of `<key>` in a gateway answer, exactly as sent (what its `sign` covers): from
 * after `"<key>":` to before the trailing `,"sign":`.
 */
export function responseSignedText(body: string, key: string): string | null {
  const start = body.indexOf(`"${key}"`);
  if (start < 0) return null;
  const colon = body.indexOf(':', start + key.length + 2);
  const end = body.lastIndexOf(',"sign"');
  if (colon < 0 || end <= colon) return null;
  return body.slice(colon + 1, end).trim();
}

interface GatewayAnswer {
  code: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

/** One server-to-server gateway call: form POST, answer signature verified. */
async function call(cfg: AlipayConfig, method: string, biz: Record<string, unknown>): Promise<GatewayAnswer> {
  const params = await signedParams(cfg, method, biz);
  const res = await fetch(cfg.gateway, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body: encodeParams(params),
  });
  const text = await res.text();
  if (!res.ok) throw new ProviderError(`支付宝网关 HTTP ${res.status}`);
  const key = `${method.replace(/\./g, '_')}_response`;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ProviderError('支付宝网关应答不是 JSON');
  }
  const node = (parsed[key] ?? parsed.error_response) as GatewayAnswer | undefined;
  const signed = responseSignedText(text, parsed[key] ? key : 'error_response');
  if (!node || typeof parsed.sign !== 'string' || !signed || !(await rsaVerify(cfg.alipayPublicKey, signed, parsed.sign))) {
    throw new ProviderError('支付宝网关应答验签失败');
  }
  return node;
}

const notExist = (a: GatewayAnswer) => a.sub_code === 'ACQ.TRADE_NOT_EXIST';

function failure(what: string, a: GatewayAnswer): ProviderError {
  return new ProviderError(`${what}失败：${a.sub_msg ?? a.msg ?? a.code}（${a.sub_code ?? a.code}）`);
}

/** Reads a form-encoded notify body (UTF-8: requests say charset=utf-8, so notifies use it too). */
export function parseForm(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

export const alipayProvider: PaymentProvider = {
  name: 'alipay',
  label: '支付宝',

  configured: (env) => alipayConfig(env) !== null,

  async createPayment(env, req, ctx) {
    const cfg = requireConfig(env);
    const phone = ctx.device === 'phone';
    const biz: Record<string, unknown> = {
      out_trade_no: outTradeNo(req.orderId),
      total_amount: yuan(req.amountFen),
      subject: req.subject,
      product_code: phone ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
      time_expire: beijingTime(req.expiresAt),
    };
    if (phone) biz.quit_url = `${ctx.origin}/order`;
    const params = await signedParams(cfg, phone ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', biz, {
      notify_url: `${ctx.origin}/api/pay/notify/alipay`,
      return_url: `${ctx.origin}/pay/result/${req.orderId}`,
    });
    // The GET form of the page request: the browser opens the cashier at this address.
    return { payUrl: `${cfg.gateway}?${encodeParams(params)}`, qrCode: null };
  },

  async verifyCallback(env, req) {
    const cfg = requireConfig(env);
    const fields = parseForm(await req.text());
    if (!fields.sign) throw new ProviderError('通知缺少签名 sign');
    if (fields.sign_type !== 'RSA2') throw new ProviderError('通知的 sign_type 不是 RSA2');
    if (!(await rsaVerify(cfg.alipayPublicKey, notifySignContent(fields), fields.sign))) throw new ProviderError('通知验签失败');
    if (fields.app_id !== cfg.appId) throw new ProviderError('通知的 app_id 不是本应用');
    if (fields.seller_id !== cfg.sellerId) throw new ProviderError('通知的 seller_id 不是本商户');
    const orderId = orderIdOf(fields.out_trade_no);
    if (!orderId) throw new ProviderError('通知的 out_trade_no 不是本站订单');
    const amountFen = fenOf(fields.total_amount);
    if (amountFen === null) throw new ProviderError('通知的 total_amount 格式不正确');
    if (!fields.trade_no) throw new ProviderError('通知缺少 trade_no');
    if (PAID.has(fields.trade_status)) return { orderId, tradeNo: fields.trade_no, amountFen, status: 'paid' };
    if (fields.trade_status === 'TRADE_CLOSED') return { orderId, tradeNo: fields.trade_no, amountFen, status: 'failed' };
    return null; // WAIT_BUYER_PAY: nothing to settle yet
  },

  async queryStatus(env, orderId): Promise<PaymentNotice | null> {
    const cfg = requireConfig(env);
    const a = await call(cfg, 'alipay.trade.query', { out_trade_no: outTradeNo(orderId) });
    if (notExist(a)) return null;
    if (a.code !== '10000') throw failure('支付宝查询订单', a);
    const amountFen = fenOf(a.total_amount);
    if (orderIdOf(a.out_trade_no) !== orderId || amountFen === null || typeof a.trade_no !== 'string') throw new ProviderError('支付宝查询应答与订单不符');
    const status = String(a.trade_status);
    if (PAID.has(status)) return { orderId, tradeNo: a.trade_no, amountFen, status: 'paid' };
    if (status === 'TRADE_CLOSED') return { orderId, tradeNo: a.trade_no, amountFen, status: 'failed' };
    return null;
  },

  async closePayment(env, orderId) {
    const cfg = requireConfig(env);
    const a = await call(cfg, 'alipay.trade.close', { out_trade_no: outTradeNo(orderId) });
    // No trade at Alipay: the buyer never opened the cashier, nothing can be paid.
    if (a.code !== '10000' && !notExist(a)) throw failure('支付宝关闭订单', a);
  },

  async refund(env, r) {
    const cfg = requireConfig(env);
    const a = await call(cfg, 'alipay.trade.refund', {
      out_trade_no: outTradeNo(r.orderId),
      refund_amount: yuan(r.amountFen),
      out_request_no: r.refundNo,
      refund_reason: r.reason,
    });
    if (a.code !== '10000') throw failure('支付宝退款', a);
    // 10000 is a refund made, by this call (fund_change Y) or by an earlier one with the same out_request_no.
    return { status: 'done' };
  },
};
