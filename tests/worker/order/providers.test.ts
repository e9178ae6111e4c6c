import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifySignContent, requestSignContent } from '../../../worker/src/order/alipay';
import { outTradeNo } from '../../../worker/src/order/provider';
import { requestMessage } from '../../../worker/src/order/wechat';
import { ledgerSum, makeUser, type TestUser } from '../helpers';
import { newKey, holdings } from './fixtures';
import {
  ALIPAY,
  alipayAnswer,
  alipayApp,
  alipayNotify,
  bareEnv,
  checkWechatAuthorization,
  keyPair,
  postAlipay,
  postWechat,
  providerEnv,
  rsaSign,
  rsaVerify,
  send,
  WECHAT,
  wechatAnswer,
  wechatCallbackBody,
  wechatEncrypt,
  wechatHeaders,
  wechatTransaction,
} from './keys';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

interface GatewayCall {
  url: string;
  method: string;
  body: string;
  headers: Headers;
}

/** The providers' gateways, stood in for by a fetch stub: records each call and answers with `reply`. */
function gateway(reply: (call: GatewayCall) => Response | Promise<Response>) {
  const calls: GatewayCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const call = { url: req.url, method: req.method, body: await req.text(), headers: req.headers };
    calls.push(call);
    return reply(call);
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

async function createOrder(u: TestUser, plan: string, provider: string, ua = DESKTOP, extra: Record<string, string> = {}) {
  const r = await send('/api/orders', {
    method: 'POST',
    token: u.token,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), 'User-Agent': ua },
    body: JSON.stringify({ plan_id: plan, provider, ...extra }),
  });
  expect(r.status, r.text).toBe(200);
  return r.json.data as { order_id: number; pay_url: string; qr_code: string | null; provider: string; amount_fen: number; status: string };
}

const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe('Alipay', () => {
  it('the desktop cashier is alipay.trade.page.pay signed RSA2 over the sorted non-empty parameters', async () => {
    const u = await makeUser();
    const o = await createOrder(u, 'coins_100', 'alipay');
    expect(o.pay_url.startsWith(`${ALIPAY.gateway}?`)).toBe(true);
    const params = Object.fromEntries(new URL(o.pay_url).searchParams);
    expect(params).toMatchObject({ app_id: ALIPAY.appId, method: 'alipay.trade.page.pay', format: 'JSON', charset: 'utf-8', sign_type: 'RSA2', version: '1.0' });
    expect(params.timestamp).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(params.notify_url).toMatch(/\/api\/pay\/notify\/alipay$/);
    expect(JSON.parse(params.biz_content)).toMatchObject({ out_trade_no: outTradeNo(o.order_id), total_amount: '10.00', subject: '100桔子币', product_code: 'FAST_INSTANT_TRADE_PAY' });
    // The canonical string written out by hand, verified with node:crypto and the app's public key.
    const { sign, ...rest } = params;
    const content = Object.keys(rest).sort().map((k) => `${k}=${rest[k]}`).join('&');
    expect(content.startsWith(`app_id=${ALIPAY.appId}&biz_content={"out_trade_no":"${outTradeNo(o.order_id)}"`)).toBe(true);
    expect(rsaVerify(alipayApp.publicKey, content, sign)).toBe(true);
    // PKCS#1 v1.5 is deterministic: node:crypto signs the same string to the same signature.
    expect(rsaSign(alipayApp.privateKey, content)).toBe(sign);
  });

  it('a phone gets alipay.trade.wap.pay (QUICK_WAP_WAY)', async () => {
    const u = await makeUser();
    const o = await createOrder(u, 'vip_month', 'alipay', PHONE);
    const params = Object.fromEntries(new URL(o.pay_url).searchParams);
    expect(params.method).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(params.biz_content)).toMatchObject({ product_code: 'QUICK_WAP_WAY', total_amount: '30.00' });
  });

  it('a signed TRADE_SUCCESS pays once, however often it is sent; the answer is plain-text success', async () => {
    const u = await makeUser();
    const o = await createOrder(u, 'coins_100', 'alipay');
    const body = alipayNotify({ out_trade_no: outTradeNo(o.order_id) });
    for (let i = 0; i < 3; i++) {
      const r = await postAlipay(body);
      expect(r.status).toBe(200);
      expect(r.text).toBe('success');
      expect(r.headers.get('Content-Type')).toMatch(/^text\/plain/);
    }
    const replays = await Promise.all(Array.from({ length: 5 }, () => postAlipay(body)));
    expect(replays.map((r) => r.text)).toEqual(Array(5).fill('success'));
    const h = await holdings(u.id);
    expect(h.balance).toBe(100);
    expect(h.ledger).toHaveLength(1);
    expect(h.orders[0]).toMatchObject({ status: 'paid' });
    expect(await ledgerSum(u.id)).toBe(h.balance);
    const row = await env.DB.prepare('SELECT provider, provider_ref FROM orders WHERE id = ?').bind(o.order_id).first();
    expect(row).toEqual({ provider: 'alipay', provider_ref: '2026112822001446881000000001' });
  });

  it('forged, tampered, wrong app_id / seller_id, wrong amount and unknown orders get fail and change nothing', async () => {
    const u = await makeUser();
    const o = await createOrder(u, 'coins_100', 'alipay');
    const no = outTradeNo(o.order_id);
    const stranger = keyPair();
    const cases = {
      forged: alipayNotify({ out_trade_no: no }, stranger.privateKey),
      'amount changed after signing': alipayNotify({ out_trade_no: no }, undefined, { total_amount: '0.01' }),
      'signed wrong amount': alipayNotify({ out_trade_no: no, total_amount: '0.01' }),
      'other app': alipayNotify({ out_trade_no: no, app_id: '2021000000000000' }),
      'other seller': alipayNotify({ out_trade_no: no, seller_id: '2088000000000000' }),
      'unknown order': alipayNotify({ out_trade_no: outTradeNo(o.order_id + 1000) }),
      'not our order number': alipayNotify({ out_trade_no: `X${o.order_id}` }),
      'sign_type RSA': alipayNotify({ out_trade_no: no }, undefined, { sign_type: 'RSA' }),
      'no sign': new URLSearchParams(formOf(alipayNotify({ out_trade_no: no })) as Record<string, string>).toString().replace(/&sign=[^&]*/, ''),
      empty: '',
      'not a form': '{"out_trade_no":1}',
    };
    for (const [name, body] of Object.entries(cases)) {
      const r = await postAlipay(body);
      expect(r.status, name).toBe(200);
      expect(r.text, name).toBe('fail');
    }
    const h = await holdings(u.id);
    expect(h.balance).toBe(0);
    expect(h.orders[0].status).toBe('pending');
  });

  it('TRADE_CLOSED closes a pending order; WAIT_BUYER_PAY is acknowledged and changes nothing', async () => {
    const u = await makeUser();
    const a = await createOrder(u, 'coins_100', 'alipay');
    expect((await postAlipay(alipayNotify({ out_trade_no: outTradeNo(a.order_id), trade_status: 'WAIT_BUYER_PAY' }))).text).toBe('success');
    expect((await holdings(u.id)).orders[0].status).toBe('pending');
    expect((await postAlipay(alipayNotify({ out_trade_no: outTradeNo(a.order_id), trade_status: 'TRADE_CLOSED' }))).text).toBe('success');
    expect((await holdings(u.id)).orders[0]).toMatchObject({ status: 'cancelled', close_reason: 'failed' });
  });

  it('the order detail asks alipay.trade.query for a lost notify and settles the order, once', async () => {
    const u = await makeUser();
    const o = await createOrder(u, 'coins_500', 'alipay');
    const calls = gateway(() =>
      new Response(
        alipayAnswer('alipay.trade.query', { code: '10000', msg: 'Success', trade_no: '2026112822001400000000000002', out_trade_no: outTradeNo(o.order_id), trade_status: 'TRADE_SUCCESS', total_amount: '45.00' }),
      ),
    );
    const first = await send(`/api/orders/${o.order_id}`, { token: u.token });
    expect(first.json.data.status).toBe('paid');
    await send(`/api/orders/${o.order_id}`, { token: u.token });
    expect(calls).toHaveLength(1);
    const form = formOf(calls[0].body);
    expect(form.method).toBe('alipay.trade.query');
    expect(JSON.parse(form.biz_content)).toEqual({ out_trade_no: outTradeNo(o.order_id) });
    const { sign, ...rest } = form;
    expect(rsaVerify(alipayApp.publicKey, Object.keys(rest).sort().map((k) => `${k}=${rest[k]}`).join('&'), sign)).toBe(true);
    expect((await holdings(u.id)).balance).toBe(500);
  });

  it('a query answer with a forged signature is not believed', async () => {
    const u = await makeUser();
    const o = await createOrder(u, 'coins_100', 'alipay');
    const stranger = keyPair();
    gateway(() => new Response(alipayAnswer('alipay.trade.query', { code: '10000', trade_no: 'T1', out_trade_no: outTradeNo(o.order_id), trade_status: 'TRADE_SUCCESS', total_amount: '10.00' }, stranger.privateKey)));
    const r = await send(`/api/orders/${o.order_id}`, { token: u.token });
    expect(r.json.data.status).toBe('pending');
    expect((await holdings(u.id)).balance).toBe(0);
  });

  it('an expired order is closed at Alipay; a payment that still arrives is refunded and recorded, nothing granted', async () => {
    const u = await makeUser();
    const o = await createOrder(u, 'coins_100', 'alipay');
    await env.DB.prepare('UPDATE orders SET expires_at = ? WHERE id = ?').bind(Date.now() - 1000, o.order_id).run();
    const calls = gateway(({ body }) => {
      const method = formOf(body).method;
      if (method === 'alipay.trade.query') return new Response(alipayAnswer(method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }));
      if (method === 'alipay.trade.close') return new Response(alipayAnswer(method, { code: '10000', msg: 'Success', out_trade_no: outTradeNo(o.order_id) }));
      return new Response(alipayAnswer(method, { code: '10000', msg: 'Success', fund_change: 'Y', refund_fee: '10.00' }));
    });
    const viewed = await send(`/api/orders/${o.order_id}`, { token: u.token });
    expect(viewed.json.data.status).toBe('expired');
    expect(calls.map((c) => formOf(c.body).method)).toEqual(['alipay.trade.query', 'alipay.trade.close']);

    const late = await postAlipay(alipayNotify({ out_trade_no: outTradeNo(o.order_id) }));
    expect(late.text).toBe('success');
    const refund = calls.at(-1)!;
    expect(formOf(refund.body).method).toBe('alipay.trade.refund');
    expect(JSON.parse(formOf(refund.body).biz_content)).toMatchObject({ out_trade_no: outTradeNo(o.order_id), refund_amount: '10.00', out_request_no: `RF${String(o.order_id).padStart(12, '0')}` });
    const rec = await env.DB.prepare('SELECT provider, reason, status, amount_fen, trade_no FROM order_refunds WHERE order_id = ?').bind(o.order_id).first();
    expect(rec).toEqual({ provider: 'alipay', reason: 'late_payment', status: 'done', amount_fen: 1000, trade_no: '2026112822001446881000000001' });
    // Sent again: refunded once, still nothing granted.
    expect((await postAlipay(alipayNotify({ out_trade_no: outTradeNo(o.order_id) }))).text).toBe('success');
    expect(calls.filter((c) => formOf(c.body).method === 'alipay.trade.refund')).toHaveLength(1);
    const h = await holdings(u.id);
    expect(h.balance).toBe(0);
    expect(h.ledger).toHaveLength(0);
  });

  it('answers plain-text fail where Alipay is not configured, and for a body over the size limit', async () => {
    const r = await postAlipay(alipayNotify({ out_trade_no: outTradeNo(1) }), bareEnv);
    expect(r.status).toBe(200);
    expect(r.text).toBe('fail');
    const big = await postAlipay(`a=${'x'.repeat(70 * 1024)}`);
    expect(big.status).toBe(200);
    expect(big.text).toBe('fail');
  });
});

describe('WeChat Pay', () => {
  it('desktop: Native prepay with a WECHATPAY2-SHA256-RSA2048 Authorization; the code to scan comes back with the order', async () => {
    const u = await makeUser();
    const calls = gateway(() => wechatAnswer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=abc123' }));
    const o = await createOrder(u, 'vip_month', 'wechat');
    expect(o).toMatchObject({ provider: 'wechat', qr_code: 'weixin://wxpay/bizpayurl?pr=abc123', pay_url: `/pay/result/${o.order_id}` });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe(`${WECHAT.base}/v3/pay/transactions/native`);
    const auth = checkWechatAuthorization('POST', calls[0].url, calls[0].body, calls[0].headers.get('Authorization'));
    expect(auth).toMatchObject({ mchid: WECHAT.mchId, serial_no: WECHAT.serial });
    expect(Math.abs(Number(auth.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(JSON.parse(calls[0].body)).toMatchObject({
      appid: WECHAT.appId,
      mchid: WECHAT.mchId,
      description: 'VIP会员·月卡',
      out_trade_no: outTradeNo(o.order_id),
      amount: { total: 3000, currency: 'CNY' },
    });
    expect(JSON.parse(calls[0].body).time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    const again = await send(`/api/orders/${o.order_id}`, { token: u.token });
    expect(again.json.data.qr_code).toBe('weixin://wxpay/bizpayurl?pr=abc123');
  });

  it('phone: H5 prepay with the buyer address; the buyer goes to h5_url and comes back to the result page', async () => {
    const u = await makeUser();
    const calls = gateway(() => wechatAnswer(200, { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1&package=1' }));
    const o = await createOrder(u, 'coins_100', 'wechat', PHONE);
    expect(calls[0].url).toBe(`${WECHAT.base}/v3/pay/transactions/h5`);
    expect(JSON.parse(calls[0].body).scene_info).toEqual({ payer_client_ip: '203.0.113.9', h5_info: { type: 'Wap' } });
    expect(o.pay_url).toMatch(/^https:\/\/wx\.tenpay\.com\/.+&redirect_url=http[^&]+%2Fpay%2Fresult%2F\d+$/);
  });

  it('a prepay answer without a valid platform signature is refused', async () => {
    const u = await makeUser();
    const stranger = keyPair();
    gateway(() => {
      const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=evil' });
      return new Response(body, { status: 200, headers: wechatHeaders(body, { signWith: stranger.privateKey }) });
    });
    const r = await send('/api/orders', {
      method: 'POST',
      token: u.token,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), 'User-Agent': DESKTOP },
      body: JSON.stringify({ plan_id: 'coins_100', provider: 'wechat' }),
    });
    expect(r.json.status).toBe('error');
    expect(r.json.msg).toMatch(/微信支付/);
  });

  async function pendingWechatOrder(plan = 'coins_100') {
    const u = await makeUser();
    gateway(() => wechatAnswer(200, { code_url: 'weixin://wxpay/bizpayurl?pr=x' }));
    const o = await createOrder(u, plan, 'wechat');
    vi.restoreAllMocks();
    return { u, o };
  }

  it('a verified TRANSACTION.SUCCESS callback pays once (204, no body), replays included', async () => {
    const { u, o } = await pendingWechatOrder();
    const body = wechatCallbackBody(wechatTransaction(outTradeNo(o.order_id), 1000));
    const headers = wechatHeaders(body);
    const answers = await Promise.all(Array.from({ length: 6 }, () => postWechat(body, headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(204));
    expect(answers[0].text).toBe('');
    const h = await holdings(u.id);
    expect(h.balance).toBe(100);
    expect(h.ledger).toHaveLength(1);
    expect(await ledgerSum(u.id)).toBe(100);
  });

  it('forged, stale, foreign, tampered and unknown callbacks get 4xx {"code":"FAIL"} and change nothing', async () => {
    const { u, o } = await pendingWechatOrder();
    const no = outTradeNo(o.order_id);
    const good = wechatCallbackBody(wechatTransaction(no, 1000));
    const stranger = keyPair();
    const tampered = JSON.parse(good);
    tampered.resource.ciphertext = Buffer.from(Buffer.from(tampered.resource.ciphertext, 'base64').map((b: number, i: number) => (i === 3 ? b ^ 1 : b))).toString('base64');
    const tamperedBody = JSON.stringify(tampered);
    const otherKeyBody = wechatCallbackBody({}, wechatEncrypt(JSON.stringify(wechatTransaction(no, 1000)), 'k'.repeat(32)));
    const cases: [string, string, Record<string, string>][] = [
      ['forged signature', good, wechatHeaders(good, { signWith: stranger.privateKey })],
      ['stale timestamp (301 s)', good, wechatHeaders(good, { timestamp: Math.floor(Date.now() / 1000) - 301 })],
      ['future timestamp (301 s)', good, wechatHeaders(good, { timestamp: Math.floor(Date.now() / 1000) + 301 })],
      ['other serial', good, wechatHeaders(good, { serial: 'PUB_KEY_ID_OTHER' })],
      ['body changed after signing', good.replace('"summary":"支付成功"', '"summary":"x"'), wechatHeaders(good)],
      ['ciphertext tampered', tamperedBody, wechatHeaders(tamperedBody)],
      ['other APIv3 key', otherKeyBody, wechatHeaders(otherKeyBody)],
      ['no headers', good, {}],
    ];
    const signed = (t: object) => {
      const b = wechatCallbackBody(t);
      return [b, wechatHeaders(b)] as const;
    };
    for (const [name, t] of [
      ['wrong amount', wechatTransaction(no, 1)],
      ['other mchid', wechatTransaction(no, 1000, { mchid: '1900000000' })],
      ['other appid', wechatTransaction(no, 1000, { appid: 'wx0000000000000000' })],
      ['unknown order', wechatTransaction(outTradeNo(o.order_id + 1000), 1000)],
    ] as const) cases.push([name, ...signed(t)]);
    for (const [name, body, headers] of cases) {
      const r = await postWechat(body, headers);
      expect(r.status, name).toBeGreaterThanOrEqual(400);
      expect(r.status, name).toBeLessThan(500);
      expect(r.json, name).toMatchObject({ code: 'FAIL' });
      expect(typeof r.json.message, name).toBe('string');
    }
    const h = await holdings(u.id);
    expect(h.balance).toBe(0);
    expect(h.orders[0].status).toBe('pending');
  });

  it('answers 4xx FAIL where WeChat Pay is not configured, and for a body that is not JSON', async () => {
    const body = wechatCallbackBody(wechatTransaction(outTradeNo(1), 1000));
    const r = await postWechat(body, wechatHeaders(body), bareEnv);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ code: 'FAIL' });
    const broken = await postWechat('{not json', wechatHeaders('{not json'));
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ code: 'FAIL' });
  });

  it('the order query settles a lost callback; an expired order is closed at WeChat Pay and a late payment refunded', async () => {
    const { u, o } = await pendingWechatOrder('coins_500');
    let calls = gateway(() => wechatAnswer(200, wechatTransaction(outTradeNo(o.order_id), 4500)));
    expect((await send(`/api/orders/${o.order_id}`, { token: u.token })).json.data.status).toBe('paid');
    expect(calls[0].url).toBe(`${WECHAT.base}/v3/pay/transactions/out-trade-no/${outTradeNo(o.order_id)}?mchid=${WECHAT.mchId}`);
    checkWechatAuthorization('GET', calls[0].url, '', calls[0].headers.get('Authorization'));
    expect((await holdings(u.id)).balance).toBe(500);
    vi.restoreAllMocks();

    const late = await pendingWechatOrder('coins_100');
    await env.DB.prepare('UPDATE orders SET expires_at = ? WHERE id = ?').bind(Date.now() - 1000, late.o.order_id).run();
    calls = gateway(({ url }) => {
      if (url.includes('/close')) return wechatAnswer(204, null);
      if (url.includes('/refunds')) return wechatAnswer(200, { refund_id: '50000000382019052709732678859', out_refund_no: 'x', status: 'PROCESSING' });
      return wechatAnswer(200, wechatTransaction(outTradeNo(late.o.order_id), 1000, { trade_state: 'NOTPAY', transaction_id: undefined }));
    });
    expect((await send(`/api/orders/${late.o.order_id}`, { token: late.u.token })).json.data.status).toBe('expired');
    const close = calls.find((c) => c.url.endsWith('/close'))!;
    expect(close.url).toBe(`${WECHAT.base}/v3/pay/transactions/out-trade-no/${outTradeNo(late.o.order_id)}/close`);
    expect(JSON.parse(close.body)).toEqual({ mchid: WECHAT.mchId });
    checkWechatAuthorization('POST', close.url, close.body, close.headers.get('Authorization'));

    const body = wechatCallbackBody(wechatTransaction(outTradeNo(late.o.order_id), 1000));
    expect((await postWechat(body, wechatHeaders(body))).status).toBe(204);
    const refund = calls.find((c) => c.url.endsWith('/v3/refund/domestic/refunds'))!;
    expect(JSON.parse(refund.body)).toMatchObject({ out_trade_no: outTradeNo(late.o.order_id), amount: { refund: 1000, total: 1000, currency: 'CNY' } });
    const rec = await env.DB.prepare('SELECT reason, status FROM order_refunds WHERE order_id = ?').bind(late.o.order_id).first();
    expect(rec).toEqual({ reason: 'late_payment', status: 'pending' });
    expect((await holdings(late.u.id)).balance).toBe(0);
  });
});

describe('which providers a deployment offers', () => {
  it('with no provider the plans list none and ordering answers 暂未开通在线支付; an unconfigured one is refused naming the others', async () => {
    // The plans answer is edge-cached per deployment: this file asks it of the bare deployment only.
    const bare = await send('/api/order/plans', {}, bareEnv);
    expect(bare.json.data.providers).toEqual([]);
    expect(bare.json.data.plans.length).toBeGreaterThan(0);
    const u = await makeUser();
    const r = await send(
      '/api/orders',
      { method: 'POST', token: u.token, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey() }, body: JSON.stringify({ plan_id: 'coins_100' }) },
      bareEnv,
    );
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ status: 'error', code: 'BAD_REQUEST', msg: '暂未开通在线支付' });
    const sandboxOnly = await send(
      '/api/orders',
      { method: 'POST', token: u.token, headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey() }, body: JSON.stringify({ plan_id: 'coins_100', provider: 'sandbox' }) },
      providerEnv,
    );
    expect(sandboxOnly.status).toBe(400);
    expect(sandboxOnly.json.msg).toBe('支付方式 sandbox 暂未开通，可选：支付宝、微信支付');
    expect((await holdings(u.id)).orders).toHaveLength(0);
  });
});

describe('the operator refund', () => {
  it('refunds a paid coin order through its provider and takes the coins back; refused without the operator key', async () => {
    const u = await makeUser();
    const o = await createOrder(u, 'coins_100', 'alipay');
    expect((await postAlipay(alipayNotify({ out_trade_no: outTradeNo(o.order_id) }))).text).toBe('success');
    const bindings = { ...providerEnv, PAY_OPERATOR_KEY: 'operator-key-for-tests-0123456789' };
    const refused = await send(`/api/pay/refund/${o.order_id}`, { method: 'POST', headers: { 'X-Operator-Key': 'wrong' } }, bindings);
    expect(refused.status).toBe(404);
    const calls = gateway(({ body }) => new Response(alipayAnswer(formOf(body).method, { code: '10000', msg: 'Success', fund_change: 'Y' })));
    const r = await send(`/api/pay/refund/${o.order_id}`, { method: 'POST', headers: { 'X-Operator-Key': bindings.PAY_OPERATOR_KEY } }, bindings);
    expect(r.status, r.text).toBe(200);
    expect(r.json.data.order.status).toBe('refunded');
    expect(r.json.data.refund).toMatchObject({ reason: 'operator', status: 'done', amount_fen: 1000 });
    expect(calls).toHaveLength(1);
    const h = await holdings(u.id);
    expect(h.balance).toBe(0);
    expect(h.ledger.map((l) => l.delta)).toEqual([100, -100]);
    expect(await ledgerSum(u.id)).toBe(0);
    // Again: nothing more is taken, the provider is not asked again.
    await send(`/api/pay/refund/${o.order_id}`, { method: 'POST', headers: { 'X-Operator-Key': bindings.PAY_OPERATOR_KEY } }, bindings);
    expect((await holdings(u.id)).ledger).toHaveLength(2);
    expect(calls).toHaveLength(1);
  });
});

// Golden strings: the canonical forms as the providers' documentation writes them out.
describe('canonical strings', () => {
  it("Alipay's request sign content (开放平台 自行实现签名 example): sorted, sign left out, raw values", () => {
    const params = {
      method: 'alipay.mobile.public.menu.add',
      charset: 'GBK',
      sign_type: 'RSA2',
      timestamp: '2014-07-24 03:07:50',
      biz_content: '{"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}',
      sign: 'ignored',
      app_id: '2014072300007148',
      version: '1.0',
      empty: '',
    };
    expect(requestSignContent(params)).toBe(
      'app_id=2014072300007148&biz_content={"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}&charset=GBK&method=alipay.mobile.public.menu.add&sign_type=RSA2&timestamp=2014-07-24 03:07:50&version=1.0',
    );
    expect(notifySignContent(params)).toBe(
      'app_id=2014072300007148&biz_content={"button":[{"actionParam":"ZFB_HFCZ","actionType":"out","name":"话费充值"}]}&charset=GBK&empty=&method=alipay.mobile.public.menu.add&timestamp=2014-07-24 03:07:50&version=1.0',
    );
  });

  it("WeChat Pay's request message (签名生成 example: GET /v3/certificates)", () => {
    expect(requestMessage('GET', '/v3/certificates', '1554208460', '593BEC0C930BF1AFEB40B4A08C8FB242', '')).toBe(
      'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });
});
