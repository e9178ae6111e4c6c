/**
 * Request bodies before any route sees them: the Content-Type a JSON route takes, the size and the
 * nesting depth of a body. Never a 500; the raw body of a route without a JSON body stays readable.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../worker/src/app';
import { BODY_MESSAGES, MAX_JSON_DEPTH } from '../../../worker/src/lib/body';
import { call, makeUser } from '../helpers';

let ipSeq = 0;
const ip = () => `10.91.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const registerWith = (contentType: string | undefined, body: string) =>
  call('/api/auth/register', { method: 'POST', body, headers: { 'CF-Connecting-IP': ip(), ...(contentType === undefined ? {} : { 'Content-Type': contentType }) } });

const accounts = async (account: string) => env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE account = ?').bind(account).first<number>('n');

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);

describe('Content-Type of a JSON route', () => {
  it.each([
    'application/json',
    'application/json;',
    'application/json ; charset=utf-8',
    'Application/JSON; Charset="UTF-8"',
    'application/json;charset=utf-8; foo=bar',
    'application/vnd.api+json',
  ])('%j is JSON: the account is created', async (type) => {
    const account = `ct-${uniq()}@example.com`;
    const res = await registerWith(type, JSON.stringify({ account, password: 'Tq8#vN3m-Lp' }));
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(await accounts(account)).toBe(1);
  });

  it.each([undefined, 'text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'application/json-seq', 'json'])(
    'a body sent as %j answers 415 in the envelope and changes nothing',
    async (type) => {
      const account = `ct-${uniq()}@example.com`;
      const res = await registerWith(type, JSON.stringify({ account, password: 'Tq8#vN3m-Lp' }));
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ status: 'error', code: 'UNSUPPORTED_MEDIA_TYPE', msg: BODY_MESSAGES.mediaType });
      expect(await accounts(account)).toBe(0);
    },
  );

  it('login with text/plain (the tester’s curl) is a 415, not a 500', async () => {
    const res = await call('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'CF-Connecting-IP': ip() },
      body: JSON.stringify({ account: 'user@demo.local', password: 'x' }),
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a signed-in write (comment twin POST) with a form type is 415, with JSON it is validated as usual', async () => {
    const u = await makeUser();
    const form = await call('/api/add_comment', { method: 'POST', token: u.token, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'com_id=1&commont_detail=x' });
    expect(form.status).toBe(415);
    const json = await call('/api/add_comment', { method: 'POST', token: u.token, headers: { 'Content-Type': 'application/json ; charset=utf-8' }, body: '{"commont_detail":"x"}' });
    expect(json.status).toBe(400);
    expect(json.body.field).toBe('com_id');
  });

  it('an empty body with no Content-Type on a JSON route is a 400 about the body, not a 415 or 500', async () => {
    const res = await call('/api/auth/register', { method: 'POST', headers: { 'CF-Connecting-IP': ip() } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('malformed JSON is a 400 whatever spelling of the JSON type', async () => {
    for (const type of ['application/json', 'application/json ; charset=utf-8']) {
      const res = await registerWith(type, '{"account":');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: BODY_MESSAGES.malformed });
    }
  });
});

describe('size and depth of a body', () => {
  it.each([2_500, 1_500, 2_000, MAX_JSON_DEPTH + 1])('%i levels of arrays answer 400 on a JSON route and on the payment callback', async (depth) => {
    const reg = await registerWith('application/json', `{"account":${nested(depth)},"password":"x"}`);
    expect(reg.status).toBe(400);
    expect(reg.body).toMatchObject({ code: 'BAD_REQUEST', msg: BODY_MESSAGES.tooDeep });
    const notify = await call('/api/pay/notify/sandbox', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: `{"order_id":${nested(depth)}}` });
    expect(notify.status).toBe(400);
    expect(notify.body).toMatchObject({ code: 'BAD_REQUEST', msg: BODY_MESSAGES.tooDeep });
  });

  it('objects count too, and brackets inside strings do not', async () => {
    const deepObjects = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
    expect((await registerWith('application/json', deepObjects)).body.msg).toBe(BODY_MESSAGES.tooDeep);
    // Brackets and an escaped quote inside a string are text, not nesting (an unknown field: zod drops it).
    const account = `br-${uniq()}@example.com`;
    const text = `${'['.repeat(MAX_JSON_DEPTH + 8)}\\"${'{'.repeat(MAX_JSON_DEPTH + 8)}`;
    const res = await registerWith('application/json', `{"account":"${account}","password":"Tq8#vN3m-Lp","note":"${text}"}`);
    expect(res.status).toBe(200);
    expect(await accounts(account)).toBe(1);
  });

  it('nesting within the bound reaches the route’s own validation (400 naming the field)', async () => {
    const res = await registerWith('application/json', `{"account":${nested(MAX_JSON_DEPTH - 1)},"password":"x"}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('account');
  });

  it('a body over the size limit is 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ account: 'x@example.com', password: 'y'.repeat(MAX_BODY_BYTES) });
    const withLength = await registerWith('application/json', big);
    expect(withLength.status).toBe(413);
    expect(withLength.body.code).toBe('PAYLOAD_TOO_LARGE');
    const stream = new ReadableStream({
      start(ctl) {
        ctl.enqueue(new TextEncoder().encode(big));
        ctl.close();
      },
    });
    const chunked = await call('/api/auth/register', { method: 'POST', body: stream, headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip() } });
    expect(chunked.status).toBe(413);
    expect(chunked.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('routes that read their own body', () => {
  it('a form body to the payment callback is never refused by the middleware as not JSON', async () => {
    const res = await call('/api/pay/notify/sandbox', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=%5B%5B%5B&b=1' });
    expect(res.body.code).not.toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(res.body.msg).not.toBe(BODY_MESSAGES.tooDeep);
  });
});
