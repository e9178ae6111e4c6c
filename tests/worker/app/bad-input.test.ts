import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, errorOf } from '../client';
import { call } from '../helpers';

// call() (and SELF.fetch) where a test sends what the typed client cannot: malformed JSON, fields
// of the wrong type or missing, unknown routes and wrong methods.

describe('bad input gets the envelope, never a 500, and changes nothing', () => {
  it('malformed JSON', async () => {
    const res = await SELF.fetch('http://localhost/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"account": "a@b.com", "password": ',
    });
    expect(res.status).toBe(400);
    const body = await res.json<Record<string, string>>();
    expect(body).toMatchObject({ status: 'error', code: 'BAD_REQUEST' });
    expect(body.msg).toMatch(/JSON/);
    expect(body.requestId).toBeTruthy();
  });

  it('wrong types and missing fields name the field', async () => {
    const wrongType = await call('/api/auth/login', { json: { account: 12345, password: true } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.field).toBe('account');
    const missing = await call('/api/auth/login', { json: { account: 'a@b.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('password');
    expect(missing.body.msg).toContain('请输入密码');
  });

  it('an oversized body is refused before parsing', async () => {
    const res = await errorOf(api().auth.register.$post({ json: { account: 'big@b.com', password: 'x'.repeat(70 * 1024) } }));
    expect(res.status).toBe(413);
    expect(res.code).toBe('PAYLOAD_TOO_LARGE');
    const again = await errorOf(api().auth.login.$post({ json: { account: 'big@b.com', password: 'whatever1' } }));
    expect(again.msg).toBe('账号或密码错误');
  });

  it('unknown routes and methods', async () => {
    const unknown = await call('/api/no/such/route');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'error', code: 'NOT_FOUND', msg: '接口不存在' });
    const wrongMethod = await call('/api/auth/login', { method: 'GET' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.code).toBe('METHOD_NOT_ALLOWED');
    expect(wrongMethod.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('a garbage token is treated as a visitor, not an error', async () => {
    const res = await api('not-a-token').user.info.$get();
    const r = await errorOf(res);
    expect(r.status).toBe(401);
    expect(r).toMatchObject({ code: 'LOGIN_REQUIRED', msg: '请先登录' });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});
