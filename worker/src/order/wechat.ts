/**
 * WeChat Pay API v3 (直连商户): Native (a code the buyer scans, shown by the SPA's cashier) on
 * desktops, H5 on phones, the callback at /api/pay/notify/wechat, order query, close and refund.
 *
 * Request signature (Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",
 * signature="…",timestamp="…",serial_no="…"): SHA256withRSA by the merchant API private key over
 *   HTTP method \n URL path with query \n timestamp (s) \n nonce \n body \n
 * Callback and answer signature: Wechatpay-Signature over
 *   Wechatpay-Timestamp \n Wechatpay-Nonce \n body \n
 * verified with the platform public key named by Wechatpay-Serial; a timestamp more than five
 * minutes away from now is refused (a replay). The callback's `resource` is AEAD_AES_256_GCM
 * encrypted with the APIv3 key. Success is answered 204 without a body; failure 4xx with
 * {"code":"FAIL","message":…}.
 */
import { BJ_OFFSET_MS } from '#shared/dates';
import type { Env } from '../env';
import { outTradeNo, orderIdOf, ProviderError, type PaymentNotice, type PaymentProvider } from './provider';
import { aesGcmDecrypt, randomToken, rsaSign, rsaVerify } from './signing';

export const WECHAT_API_BASE = 'https://api.mch.weixin.qq.com';

/** How far a callback's or answer's Wechatpay-Timestamp may be from now. */
export const WECHAT_MAX_SKEW_S = 300;

export interface WechatConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs requests. */
  mchSerial: string;
  privateKey: string;
  apiV3Key: string;
  platformPublicKey: string;
  /** The platform public key's ID (PUB_KEY_ID_…) or platform certificate serial, as Wechatpay-Serial names it. */
  platformKeyId: string;
  base: string;
}

export function wechatConfig(env: Env): WechatConfig | null {
  const c = {
    mchId: env.WECHAT_MCH_ID,
    appId: env.WECHAT_APP_ID,
    mchSerial: env.WECHAT_MCH_SERIAL,
    privateKey: env.WECHAT_PRIVATE_KEY,
    apiV3Key: env.WECHAT_API_V3_KEY,
    platformPublicKey: env.WECHAT_PLATFORM_PUBLIC_KEY,
    platformKeyId: env.WECHAT_PLATFORM_KEY_ID,
  };
  if (Object.values(c).some((v) => !v)) return null;
  return { ...(c as Omit<WechatConfig, 'base'>), base: env.WECHAT_API_BASE || WECHAT_API_BASE };
}

function requireConfig(env: Env): WechatConfig {
  const cfg = wechatConfig(env);
  if (!cfg) throw new ProviderError('微信支付未配置');
  return cfg;
}

/** The text a request's Authorization signature covers. */
export const requestMessage = (method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string) =>
  `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;

/** The text a callback's or answer's Wechatpay-Signature covers. */
export const responseMessage = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

export async function authorization(cfg: WechatConfig, method: string, pathWithQuery: string, body: string, now = Date.now(), nonce = randomToken()): Promise<string> {
  const timestamp = String(Math.floor(now / 1000));
  const signature = await rsaSign(cfg.privateKey, requestMessage(method, pathWithQuery, timestamp, nonce, body));
  return `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${cfg.mchSerial}"`;
}

/** Checks Wechatpay-* headers against a body; returns what is wrong, or null when they hold. */
export async function signedByPlatform(cfg: WechatConfig, headers: Headers, body: string, now = Date.now()): Promise<string | null> {
  const timestamp = headers.get('Wechatpay-Timestamp') ?? '';
  const nonce = headers.get('Wechatpay-Nonce') ?? '';
  const signature = headers.get('Wechatpay-Signature') ?? '';
  const serial = headers.get('Wechatpay-Serial') ?? '';
  if (!timestamp || !nonce || !signature || !serial) return '缺少 Wechatpay-Timestamp / Nonce / Signature / Serial 头';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > WECHAT_MAX_SKEW_S) return '通知时间戳已过期';
  if (serial !== cfg.platformKeyId) return '通知的 Wechatpay-Serial 不是已配置的平台公钥';
  if (!(await rsaVerify(cfg.platformPublicKey, responseMessage(timestamp, nonce, body), signature))) return '通知验签失败';
  return null;
}

interface Answer {
  status: number;
  json: Record<string, unknown> | null;
}

/** One API call: signed request; a 2xx answer's signature is verified before it is believed. */
async function call(cfg: WechatConfig, method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<Answer> {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const res = await fetch(`${cfg.base}${pathWithQuery}`, {
    method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'User-Agent': 'juzi-api (WeChatPay APIv3)',
      'Wechatpay-Serial': cfg.platformKeyId,
      Authorization: await authorization(cfg, method, pathWithQuery, body),
    },
    body: method === 'GET' ? undefined : body,
  });
  const text = await res.text();
  let json: Record<string, unknown> | null;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    json = null;
  }
  if (res.ok) {
    const wrong = await signedByPlatform(cfg, res.headers, text);
    if (wrong) throw new ProviderError(`微信支付应答验签失败：${wrong}`);
  }
  return { status: res.status, json };
}

function failure(what: string, a: Answer): ProviderError {
  return new ProviderError(`${what}失败：HTTP ${a.status} ${String(a.json?.code ?? '')} ${String(a.json?.message ?? '')}`.trim());
}

/** RFC 3339 in Beijing time, the time_expire format ('2026-11-28T10:34:56+08:00'). */
export const rfc3339Beijing = (ms: number) => `${new Date(ms + BJ_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

/** A transaction (decrypted callback resource or query answer) as a notice for our order. */
function noticeOf(cfg: WechatConfig, t: Transaction, expectOrder?: number): PaymentNotice | null {
  if (t.mchid !== cfg.mchId) throw new ProviderError('交易的 mchid 不是本商户');
  if (t.appid !== cfg.appId) throw new ProviderError('交易的 appid 不是本应用');
  const orderId = orderIdOf(t.out_trade_no);
  if (!orderId || (expectOrder !== undefined && orderId !== expectOrder)) throw new ProviderError('交易的 out_trade_no 不是本站订单');
  const total = t.amount?.total;
  if (!Number.isInteger(total) || (total as number) < 0) throw new ProviderError('交易金额格式不正确');
  const amountFen = total as number;
  const tradeNo = t.transaction_id ?? '';
  // REFUND: paid, then (partly) refunded; the payment itself happened.
  if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') {
    if (!tradeNo) throw new ProviderError('交易缺少 transaction_id');
    return { orderId, tradeNo, amountFen, status: 'paid' };
  }
  if (t.trade_state === 'CLOSED' || t.trade_state === 'REVOKED' || t.trade_state === 'PAYERROR') return { orderId, tradeNo, amountFen, status: 'failed' };
  return null; // NOTPAY, USERPAYING
}

interface CallbackBody {
  event_type?: string;
  resource_type?: string;
  resource?: { algorithm?: string; ciphertext?: string; associated_data?: string; nonce?: string; original_type?: string };
}

export const wechatProvider: PaymentProvider = {
  name: 'wechat',
  label: '微信支付',

  configured: (env) => wechatConfig(env) !== null,

  async createPayment(env, req, ctx) {
    const cfg = requireConfig(env);
    const phone = ctx.device === 'phone';
    const payload: Record<string, unknown> = {
      appid: cfg.appId,
      mchid: cfg.mchId,
      description: req.subject,
      out_trade_no: outTradeNo(req.orderId),
      time_expire: rfc3339Beijing(req.expiresAt),
      notify_url: `${ctx.origin}/api/pay/notify/wechat`,
      amount: { total: req.amountFen, currency: 'CNY' },
    };
    if (phone) payload.scene_info = { payer_client_ip: ctx.clientIp, h5_info: { type: 'Wap' } };
    const a = await call(cfg, 'POST', phone ? '/v3/pay/transactions/h5' : '/v3/pay/transactions/native', payload);
    if (a.status !== 200) throw failure('微信支付下单', a);
    if (phone) {
      const h5 = a.json?.h5_url;
      if (typeof h5 !== 'string') throw new ProviderError('微信支付下单应答缺少 h5_url');
      // After paying, WeChat sends the browser back to this page, which asks the worker for the result.
      return { payUrl: `${h5}&redirect_url=${encodeURIComponent(`${ctx.origin}/pay/result/${req.orderId}`)}`, qrCode: null };
    }
    const code = a.json?.code_url;
    if (typeof code !== 'string') throw new ProviderError('微信支付下单应答缺少 code_url');
    return { payUrl: `/pay/result/${req.orderId}`, qrCode: code };
  },

  async verifyCallback(env, req) {
    const cfg = requireConfig(env);
    const body = await req.text();
    const wrong = await signedByPlatform(cfg, req.headers, body);
    if (wrong) throw new ProviderError(wrong);
    let parsed: CallbackBody;
    try {
      parsed = JSON.parse(body) as CallbackBody;
    } catch {
      throw new ProviderError('通知内容不是 JSON');
    }
    const r = parsed.resource;
    if (parsed.resource_type !== 'encrypt-resource' || !r || r.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce) {
      throw new ProviderError('通知的 resource 格式不正确');
    }
    let plain: string;
    try {
      plain = await aesGcmDecrypt(cfg.apiV3Key, r.nonce, r.associated_data ?? '', r.ciphertext);
    } catch {
      throw new ProviderError('通知的 resource 解密失败');
    }
    // Refund results and other events need no settling here.
    if (parsed.event_type !== 'TRANSACTION.SUCCESS' || r.original_type !== 'transaction') return null;
    return noticeOf(cfg, JSON.parse(plain) as Transaction);
  },

  async queryStatus(env, orderId) {
    const cfg = requireConfig(env);
    const a = await call(cfg, 'GET', `/v3/pay/transactions/out-trade-no/${outTradeNo(orderId)}?mchid=${encodeURIComponent(cfg.mchId)}`);
    if (a.status === 404) return null;
    if (a.status !== 200 || !a.json) throw failure('微信支付查询订单', a);
    return noticeOf(cfg, a.json as Transaction, orderId);
  },

  async closePayment(env, orderId) {
    const cfg = requireConfig(env);
    const a = await call(cfg, 'POST', `/v3/pay/transactions/out-trade-no/${outTradeNo(orderId)}/close`, { mchid: cfg.mchId });
    if (a.status !== 204 && a.status !== 200) throw failure('微信支付关闭订单', a);
  },

  async refund(env, r) {
    const cfg = requireConfig(env);
    const a = await call(cfg, 'POST', '/v3/refund/domestic/refunds', {
      out_trade_no: outTradeNo(r.orderId),
      out_refund_no: r.refundNo,
      reason: r.reason,
      amount: { refund: r.amountFen, total: r.amountFen, currency: 'CNY' },
    });
    if (a.status !== 200 || !a.json) throw failure('微信支付退款', a);
    const status = String(a.json.status ?? '');
    if (status === 'SUCCESS') return { status: 'done' };
    if (status === 'PROCESSING') return { status: 'pending' };
    throw new ProviderError(`微信支付退款失败：${status || '未知状态'}`);
  },
};
