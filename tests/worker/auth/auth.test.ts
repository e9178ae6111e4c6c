import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../../worker/src/auth/ratelimit';
import { api, dataOf, errorOf } from '../client';
import { makeUser } from '../helpers';

const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('register, login, info, logout', () => {
  it('registers by e-mail, logs in, sees who they are, logs out and the token stops working', async () => {
    const account = `new-${uniq()}@example.com`;
    await dataOf(api().auth.register.$post({ json: { account, password: 'secret-pass-1' } }));

    const login = await dataOf(api().auth.login.$post({ json: { account: account.toUpperCase(), password: 'secret-pass-1' } }));
    const token = login.token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    const info = await dataOf(api(token).user.info.$get());
    expect(info).toMatchObject({ username: account.split('@')[0], isVip: false, svip: false, juzibtc: 0 });

    // Only the hash of the token is stored.
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE token_hash = ?').bind(token).first<{ n: number }>();
    expect(stored!.n).toBe(0);

    await dataOf(api(token).auth.logout.$post());
    const after = await errorOf(api(token).user.info.$get());
    expect(after.status).toBe(401);
    expect(after.code).toBe('LOGIN_REQUIRED');
  });

  it('registers by phone with a default nickname, and refuses the same account twice', async () => {
    const phone = `139${String(Date.now()).slice(-8)}`;
    const first = await dataOf(api().auth.register.$post({ json: { account: phone, password: 'secret-pass-1' } }));
    const info = await dataOf(api(first.token).user.info.$get());
    expect(info.username).toBe(`用户${phone.slice(-4)}`);
    const again = await errorOf(api().auth.register.$post({ json: { account: phone, password: 'other-pass-2' } }));
    expect(again.status).toBe(409);
    // errorOf has checked the envelope's status 'error'; its status is the HTTP one.
    expect(again).toMatchObject({ code: 'CONFLICT', msg: '该账号已注册，请直接登录' });
  });

  it('refuses a malformed account and a short password, naming the field', async () => {
    const bad = await errorOf(api().auth.register.$post({ json: { account: '12345', password: 'secret-pass-1' } }));
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('account');
    expect(bad.msg).toContain('请输入正确的手机号或邮箱');
    const short = await errorOf(api().auth.register.$post({ json: { account: `s-${uniq()}@x.com`, password: 'short' } }));
    expect(short.msg).toContain('密码至少8位');
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const u = await makeUser({ password: 'right-pass-1' });
    const wrong = await errorOf(api().auth.login.$post({ json: { account: u.account, password: 'wrong-pass-1' } }));
    const unknown = await errorOf(api().auth.login.$post({ json: { account: `nobody-${uniq()}@x.com`, password: 'wrong-pass-1' } }));
    expect(wrong.status).toBe(unknown.status);
    expect({ code: wrong.code, msg: wrong.msg }).toEqual({ code: unknown.code, msg: unknown.msg });
    expect(wrong.msg).toBe('账号或密码错误');
  });

  it('locks an account after repeated failures, even for the right password, then the window resets', async () => {
    const u = await makeUser({ password: 'right-pass-1' });
    for (let i = 0; i < LOGIN_LIMITS.account; i++) {
      const r = await errorOf(api(undefined, { 'cf-connecting-ip': `10.9.${i}.1` }).auth.login.$post({ json: { account: u.account, password: 'nope-nope' } }));
      expect(r.status).toBe(400);
    }
    const locked = await errorOf(api().auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } }));
    expect(locked.status).toBe(429);
    expect(locked.code).toBe('RATE_LIMITED');
    // Move the window into the past: the next login works again.
    await env.DB.prepare('UPDATE login_attempts SET window_start = window_start - ? WHERE key = ?').bind(LOGIN_LIMITS.windowMs + 1, `acct:${u.account}`).run();
    await dataOf(api().auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } }));
  });

  it('limits failures per client IP across accounts', async () => {
    const ip = `10.1.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < LOGIN_LIMITS.ip; i++) {
      const res = await api(undefined, { 'cf-connecting-ip': ip }).auth.login.$post({ json: { account: `ip-${i}-${uniq()}@x.com`, password: 'whatever1' } });
      await res.text();
    }
    const u = await makeUser({ password: 'right-pass-1' });
    const blocked = await errorOf(api(undefined, { 'cf-connecting-ip': ip }).auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } }));
    expect(blocked.status).toBe(429);
    await dataOf(api(undefined, { 'cf-connecting-ip': '10.2.2.2' }).auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } }));
  });

  it('an expired session is not accepted', async () => {
    const u = await makeUser();
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?').bind(Date.now() - 1, u.id).run();
    const r = await errorOf(api(u.token).user.info.$get());
    expect(r.status).toBe(401);
  });

  it('membership flags follow the memberships table', async () => {
    const vip = await makeUser({ role: 'vip', coins: 7 });
    const svip = await makeUser({ role: 'svip' });
    expect(await dataOf(api(vip.token).user.info.$get())).toMatchObject({ isVip: true, svip: false, juzibtc: 7 });
    expect(await dataOf(api(svip.token).user.info.$get())).toMatchObject({ isVip: true, svip: true });
    await env.DB.prepare('UPDATE memberships SET ends_at = ? WHERE user_id = ?').bind(Date.now() - 1, vip.id).run();
    expect((await dataOf(api(vip.token).user.info.$get())).isVip).toBe(false);
  });
});
