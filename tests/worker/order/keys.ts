/**
 * The providers' side of the tests, with node:crypto (independent of the worker's WebCrypto code):
 * key pairs generated per run, notifications signed and encrypted as Alipay and WeChat Pay document
 * them, and a stand-in gateway (a fetch stub) that checks the worker's request signatures and
 * answers with signed responses.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { app } from '../../../worker/src/app';
import type { Env } from '../../../worker/src/env';

export function keyPair() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export const rsaSign = (privatePem: string, text: string) => createSign('RSA-SHA256').update(Buffer.from(text, 'utf8')).sign(privatePem, 'base64');
export const rsaVerify = (publicPem: string, text: string, sig: string) => createVerify('RSA-SHA256').update(Buffer.from(text, 'utf8')).verify(publicPem, sig, 'base64');

/** The merchant's keys (what the worker holds) and the providers' keys (what the tests sign with). */
export const alipayApp = keyPair();
export const alipayPlatform = keyPair();
export const wechatMerchant = keyPair();
export const wechatPlatform = keyPair();
export const API_V3_KEY = randomBytes(16).toString('hex');

export const ALIPAY = { appId: '2021000123456789', sellerId: '2088102123456789', gateway: 'https://alipay.gateway.test/gateway.do' };
export const WECHAT = { mchId: '1900009191', appId: 'wxd678efh567hg6787', serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1', keyId: 'PUB_KEY_ID_0114232134912410000000000000', base: 'https://wechat.api.test' };

export const providerEnv: Env = {
  ...env,
  PAY_SANDBOX: undefined,
  ALIPAY_APP_ID: ALIPAY.appId,
  ALIPAY_PRIVATE_KEY: alipayApp.privateKey,
  ALIPAY_PUBLIC_KEY: alipayPlatform.publicKey,
  ALIPAY_SELLER_ID: ALIPAY.sellerId,
  ALIPAY_GATEWAY: ALIPAY.gateway,
  WECHAT_MCH_ID: WECHAT.mchId,
  WECHAT_APP_ID: WECHAT.appId,
  WECHAT_MCH_SERIAL: WECHAT.serial,
  WECHAT_PRIVATE_KEY: wechatMerchant.privateKey,
  WECHAT_API_V3_KEY: API_V3_KEY,
  WECHAT_PLATFORM_PUBLIC_KEY: wechatPlatform.publicKey,
  WECHAT_PLATFORM_KEY_ID: WECHAT.keyId,
  WECHAT_API_BASE: WECHAT.base,
};

/** No provider at all (the sandbox off too). */
export const bareEnv: Env = { ...env, PAY_SANDBOX: undefined, PAY_SANDBOX_SECRET: undefined };

/** A request through the app with the given bindings. */
export async function send(path: string, init: RequestInit & { token?: string } = {}, bindings: Env = providerEnv) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (!headers.has('CF-Connecting-IP')) headers.set('CF-Connecting-IP', '203.0.113.9');
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, 'http://localhost'), { ...init, headers }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  const text = await res.text();
  // Answers of several shapes.
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, text, json, headers: res.headers };
}

// --- Alipay ---

/** The text Alipay signs a notify over: every field but sign and sign_type, sorted, name=value joined by '&'. */
export const alipayNotifyContent = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');

/** A notify as Alipay posts it (form-encoded), signed with Alipay's key unless told otherwise. */
export function alipayNotify(over: Record<string, string>, signWith = alipayPlatform.privateKey, after: Record<string, string> = {}) {
  const fields: Record<string, string> = {
    gmt_create: '2026-11-28 10:00:00',
    charset: 'utf-8',
    seller_id: ALIPAY.sellerId,
    subject: '100桔子币',
    buyer_id: '2088102177846880',
    invoice_amount: '10.00',
    notify_id: randomBytes(12).toString('hex'),
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: '10.00',
    app_id: ALIPAY.appId,
    buyer_pay_amount: '10.00',
    notify_time: '2026-11-28 10:00:05',
    total_amount: '10.00',
    trade_no: '2026112822001446881000000001',
    auth_app_id: ALIPAY.appId,
    version: '1.0',
    gmt_payment: '2026-11-28 10:00:04',
    ...over,
  };
  const signed = { ...fields, sign_type: 'RSA2', sign: rsaSign(signWith, alipayNotifyContent(fields)) };
  return new URLSearchParams({ ...signed, ...after }).toString();
}

export const postAlipay = (body: string, bindings: Env = providerEnv) =>
  send('/api/pay/notify/alipay', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' } }, bindings);

/** A gateway answer `{"<method>_response":{…},"sign":"…"}` signed over the member's text as sent. */
export function alipayAnswer(method: string, node: Record<string, unknown>, signWith = alipayPlatform.privateKey) {
  const text = JSON.stringify(node);
  return `{"${method.replace(/\./g, '_')}_response":${text},"sign":"${rsaSign(signWith, text)}"}`;
}

// --- WeChat Pay ---

/** AEAD_AES_256_GCM as WeChat Pay encrypts a callback resource (ciphertext base64 with the tag at its end). */
export function wechatEncrypt(plain: string, key = API_V3_KEY, nonce = randomBytes(6).toString('hex'), associatedData = 'transaction') {
  const c = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
  c.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([c.update(Buffer.from(plain, 'utf8')), c.final(), c.getAuthTag()]).toString('base64');
  return { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: associatedData, nonce, original_type: 'transaction' };
}

/** A transaction as the callback resource decrypts to. */
export const wechatTransaction = (outTradeNo: string, total: number, over: Record<string, unknown> = {}) => ({
  appid: WECHAT.appId,
  mchid: WECHAT.mchId,
  out_trade_no: outTradeNo,
  transaction_id: '4200001234202611281234567890',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  attach: '',
  success_time: '2026-11-28T10:00:04+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
  ...over,
});

/** Wechatpay-* headers signing `body` as the platform does. */
export function wechatHeaders(body: string, opts: { timestamp?: number; nonce?: string; serial?: string; signWith?: string } = {}) {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = opts.nonce ?? randomBytes(16).toString('hex');
  return {
    'Wechatpay-Timestamp': timestamp,
    'Wechatpay-Nonce': nonce,
    'Wechatpay-Serial': opts.serial ?? WECHAT.keyId,
    'Wechatpay-Signature': rsaSign(opts.signWith ?? wechatPlatform.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
    'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

export function wechatCallbackBody(transaction: object, resource = wechatEncrypt(JSON.stringify(transaction))) {
  return JSON.stringify({
    id: randomBytes(16).toString('hex'),
    create_time: '2026-11-28T10:00:05+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource,
  });
}

export const postWechat = (body: string, headers: Record<string, string>, bindings: Env = providerEnv) =>
  send('/api/pay/notify/wechat', { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } }, bindings);

/** Checks a request's Authorization as WeChat Pay would; returns its fields. */
export function checkWechatAuthorization(method: string, url: string, body: string, header: string | null) {
  const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header ?? '');
  if (!m) throw new Error(`no WECHATPAY2-SHA256-RSA2048 Authorization: ${header}`);
  const f = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
  const u = new URL(url);
  const message = `${method}\n${u.pathname}${u.search}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`;
  if (!rsaVerify(wechatMerchant.publicKey, message, f.signature)) throw new Error('Authorization signature does not verify');
  return f as { mchid: string; nonce_str: string; signature: string; timestamp: string; serial_no: string };
}

/** A signed API answer from the platform. */
export function wechatAnswer(status: number, payload: object | null) {
  const body = payload === null ? '' : JSON.stringify(payload);
  return new Response(status === 204 ? null : body, { status, headers: { 'Content-Type': 'application/json', ...wechatHeaders(body) } });
}
