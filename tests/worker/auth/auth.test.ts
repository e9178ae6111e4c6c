import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../../worker/src/auth/ratelimit';
import { call, makeUser } from '../helpers';

const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('register, login, info, logout', () => {
  it('registers by e-mail, logs in, sees who they are, logs out and the token stops working', async () => {
    const account = `new-${uniq()}@example.com`;
    const reg = await call('/api/auth/register', { json: { account, password: 'secret-pass-1' } });
    expect(reg.status).toBe(200);
    expect(reg.body.status).toBe('success');

    const login = await call('/api/auth/login', { json: { account: account.toUpperCase(), password: 'secret-pass-1' } });
    expect(login.status).toBe(200);
    const token: string = login.body.data.token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    const info = await call('/api/user/info', { token });
    expect(info.body.data).toMatchObject({ username: account.split('@')[0], isVip: false, svip: false, juzibtc: 0 });

    // Only the hash of the token is stored.
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?').bind(token).first<{ n: number }>();
    expect(stored!.n).toBe(0);

    const out = await call('/api/auth/logout', { method: 'POST', token });
    expect(out.status).toBe(200);
    const after = await call('/api/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('LOGIN_REQUIRED');
  });

  it('registers by phone with a default nickname, and refuses the same account twice', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const first = await call('/api/auth/register', { json: { account: phone, password: 'secret-pass-1' } });
    expect(first.status).toBe(200);
    const info = await call('/api/user/info', { token: first.body.data.token });
    expect(info.body.data.username).toBe(`用户${phone.slice(-4)}`);
    const again = await call('/api/auth/register', { json: { account: phone, password: 'other-pass-2' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 'error', code: 'CONFLICT', msg: '该账号已注册，请直接登录' });
  });

  it('refuses a malformed account and a short password, naming the field', async () => {
    const bad = await call('/api/auth/register', { json: { account: '12345', password: 'secret-pass-1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('account');
    expect(bad.body.msg).toContain('请输入正确的手机号或邮箱');
    const short = await call('/api/auth/register', { json: { account: `s-${uniq()}@x.com`, password: 'short' } });
    expect(short.body.msg).toContain('密码至少8位');
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const u = await makeUser({ password: 'right-pass-1' });
    const wrong = await call('/api/auth/login', { json: { account: u.account, password: 'wrong-pass-1' } });
    const unknown = await call('/api/auth/login', { json: { account: `nobody-${uniq()}@x.com`, password: 'wrong-pass-1' } });
    expect(wrong.status).toBe(unknown.status);
    expect({ code: wrong.body.code, msg: wrong.body.msg }).toEqual({ code: unknown.body.code, msg: unknown.body.msg });
    expect(wrong.body.msg).toBe('账号或密码错误');
  });

  it('locks an account after repeated failures, even for the right password, then the window resets', async () => {
    const u = await makeUser({ password: 'right-pass-1' });
    for (let i = 0; i < LOGIN_LIMITS.account; i++) {
      const r = await call('/api/auth/login', { json: { account: u.account, password: 'nope-nope' }, headers: { 'cf-connecting-ip': `10.9.${i}.1` } });
      expect(r.status).toBe(400);
    }
    const locked = await call('/api/auth/login', { json: { account: u.account, password: 'right-pass-1' } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    // Move the window into the past: the next login works again.
    await env.DB.prepare('UPDATE login_attempts SET window_start = window_start - ? WHERE key = ?').bind(LOGIN_LIMITS.windowMs + 1, `acct:${u.account}`).run();
    const okAgain = await call('/api/auth/login', { json: { account: u.account, password: 'right-pass-1' } });
    expect(okAgain.status).toBe(200);
  });

  it('limits failures per client IP across accounts', async () => {
    const ip = `10.1.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < LOGIN_LIMITS.ip; i++) {
      await call('/api/auth/login', { json: { account: `ip-${i}-${uniq()}@x.com`, password: 'whatever1' }, headers: { 'cf-connecting-ip': ip } });
    }
    const u = await makeUser({ password: 'right-pass-1' });
    const blocked = await call('/api/auth/login', { json: { account: u.account, password: 'right-pass-1' }, headers: { 'cf-connecting-ip': ip } });
    expect(blocked.status).toBe(429);
    const elsewhere = await call('/api/auth/login', { json: { account: u.account, password: 'right-pass-1' }, headers: { 'cf-connecting-ip': '10.2.2.2' } });
    expect(elsewhere.status).toBe(200);
  });

  it('an expired session is not accepted', async () => {
    const u = await makeUser();
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?').bind(Date.now() - 1, u.id).run();
    const r = await call('/api/user/info', { token: u.token });
    expect(r.status).toBe(401);
  });

  it('membership flags follow the memberships table', async () => {
    const vip = await makeUser({ role: 'vip', coins: 7 });
    const svip = await makeUser({ role: 'svip' });
    expect((await call('/api/user/info', { token: vip.token })).body.data).toMatchObject({ isVip: true, svip: false, juzibtc: 7 });
    expect((await call('/api/user/info', { token: svip.token })).body.data).toMatchObject({ isVip: true, svip: true });
    await env.DB.prepare('UPDATE memberships SET ends_at = ? WHERE user_id = ?').bind(Date.now() - 1, vip.id).run();
    expect((await call('/api/user/info', { token: vip.token })).body.data.isVip).toBe(false);
  });
});
