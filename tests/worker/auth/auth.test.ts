import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../../worker/src/auth/ratelimit';
import { api, dataOf, errorOf } from '../client';
import { db, makeUser } from '../helpers';
import { forgetSessions, KEPT_SESSION_MS, userForToken } from '../../../worker/src/auth/session';

const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

describe('register, login, info, logout', () => {
  it('registers by e-mail, logs in, sees who they are, logs out and the token stops working', async () => {
    const account = `new-${uniq()}@example.com`;
    await dataOf(api().auth.register.$post({ json: { account, password: 'secret-pass-1' } }));

    const login = await dataOf(api().auth.login.$post({ json: { account: account.toUpperCase(), password: 'secret-pass-1' } }));
    const token = login.token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    const info = await dataOf(api(token).user.info.$get());
    expect(info).toMatchObject({ isVip: false, svip: false, juzibtc: 0 });
    // The public name never shows the e-mail: a neutral 用户 + code.
    expect(info.username).toMatch(/^用户[2-9A-HJKMNP-Z]{6}$/);
    expect(info.username).not.toContain(account.split('@')[0]);

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
    expect(info.username).toMatch(/^用户[2-9A-HJKMNP-Z]{6}$/);
    expect(info.username).not.toContain(phone.slice(-4));
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

  it('slows the guessing address down, never locking the right password out from elsewhere', async () => {
    const u = await makeUser({ password: 'right-pass-1' });
    const attacker = api(undefined, { 'cf-connecting-ip': '10.9.9.9' });
    for (let i = 0; i < LOGIN_LIMITS.backoffFree; i++) {
      const r = await errorOf(attacker.auth.login.$post({ json: { account: u.account, password: 'nope-nope' } }));
      expect(r.status).toBe(400);
    }
    // The attacker's address now waits, with Retry-After, even with the right password.
    const res = await attacker.auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBe(LOGIN_LIMITS.backoffBaseMs / 1000);
    const body = (await res.json()) as unknown as { code: string; msg: string; retry_after: number };
    expect(body).toMatchObject({ code: 'RATE_LIMITED', retry_after: 15 });
    expect(body.msg).toContain('15秒后再试');
    // The owner, from their own address, logs in at once.
    await dataOf(api(undefined, { 'cf-connecting-ip': '10.8.8.8' }).auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } }));
  });

  it('doubles the wait with each further failure, capped at 15 minutes', async () => {
    const { backoffMs } = await import('../../../worker/src/auth/ratelimit');
    expect([4, 5, 6, 7, 8, 20].map(backoffMs)).toEqual([0, 15_000, 30_000, 60_000, 120_000, 15 * 60_000]);
    const u = await makeUser({ password: 'right-pass-1' });
    const ip = '10.7.7.7';
    const from = api(undefined, { 'cf-connecting-ip': ip });
    for (let i = 0; i < LOGIN_LIMITS.backoffFree; i++) await (await from.auth.login.$post({ json: { account: u.account, password: 'nope-nope' } })).text();
    // The wait passes (moved into the past): one more wrong guess, and the next wait is twice as long.
    const key = `login:pair:${u.account}|${ip}`;
    await env.DB.prepare('UPDATE action_hits SET window_start = window_start - ? WHERE key = ?').bind(LOGIN_LIMITS.backoffBaseMs + 1, key).run();
    expect((await errorOf(from.auth.login.$post({ json: { account: u.account, password: 'nope-nope' } }))).status).toBe(400);
    const res = await from.auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBe((2 * LOGIN_LIMITS.backoffBaseMs) / 1000);
    await res.text();
    // After the wait the right password works and clears the streak.
    await env.DB.prepare('UPDATE action_hits SET window_start = window_start - ? WHERE key = ?').bind(2 * LOGIN_LIMITS.backoffBaseMs + 1, key).run();
    await dataOf(from.auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } }));
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM action_hits WHERE key = ?').bind(key).first('n')).toBe(0);
  });

  it('many addresses guessing one account only space attempts a few seconds apart', async () => {
    const u = await makeUser({ password: 'right-pass-1' });
    for (let i = 0; i < LOGIN_LIMITS.accountSoft; i++) {
      await (await api(undefined, { 'cf-connecting-ip': `10.6.${i}.1` }).auth.login.$post({ json: { account: u.account, password: 'nope-nope' } })).text();
    }
    const res = await api(undefined, { 'cf-connecting-ip': '10.5.5.5' }).auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeLessThanOrEqual(LOGIN_LIMITS.accountSpacingMs / 1000);
    await res.text();
    await env.DB.prepare('UPDATE action_hits SET window_start = window_start - ? WHERE key = ?').bind(LOGIN_LIMITS.accountSpacingMs + 1, `login:acct:${u.account}`).run();
    await dataOf(api(undefined, { 'cf-connecting-ip': '10.5.5.5' }).auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } }));
  });

  it('limits failures per client IP across accounts', async () => {
    const ip = `10.1.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < LOGIN_LIMITS.ip; i++) {
      const res = await api(undefined, { 'cf-connecting-ip': ip }).auth.login.$post({ json: { account: `ip-${i}-${uniq()}@x.com`, password: 'whatever1' } });
      await res.text();
    }
    const u = await makeUser({ password: 'right-pass-1' });
    const blocked = await api(undefined, { 'cf-connecting-ip': ip }).auth.login.$post({ json: { account: u.account, password: 'right-pass-1' } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    await blocked.text();
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
    // Written behind the worker's back: the user's own status reads the session again, at once.
    expect((await dataOf(api(vip.token).user.info.$get())).isVip).toBe(false);
  });

  it('a membership paid through another isolate shows at once: in the user’s status and on a members-only route', async () => {
    const u = await makeUser();
    const vipOnly = () => api(u.token).starmarket.info_disclosure.$post({ json: {} });
    // This isolate keeps the session of a non-member.
    expect((await dataOf(api(u.token).user.vip_check.$get())).isVip).toBe(false);
    expect((await errorOf(vipOnly())).code).toBe('VIP_REQUIRED');
    // Another isolate applies the payment: the period is in D1, nothing is forgotten here.
    const now = Date.now();
    await env.DB.prepare("INSERT INTO memberships (user_id, level, starts_at, ends_at) VALUES (?, 'vip', ?, ?)").bind(u.id, now - 1_000, now + 30 * 86_400_000).run();
    expect((await vipOnly()).status).toBe(200);
    const other = await makeUser();
    expect((await dataOf(api(other.token).user.info.$get())).isVip).toBe(false);
    await env.DB.prepare("INSERT INTO memberships (user_id, level, starts_at, ends_at) VALUES (?, 'svip', ?, ?)").bind(other.id, now - 1_000, now + 30 * 86_400_000).run();
    expect(await dataOf(api(other.token).user.info.$get())).toMatchObject({ isVip: true, svip: true });
    expect((await dataOf(api(other.token).user.vip_check.$get())).isVip).toBe(true);
  });

  it('a signed-in request reads its session once per KEPT_SESSION_MS; expiry, membership ends and logout count at once', async () => {
    const vip = await makeUser({ role: 'vip' });
    const t0 = Date.now();
    const first = await userForToken(db(), vip.token, t0);
    expect(first).toMatchObject({ id: vip.id, isVip: true });
    // Behind the worker's back: the membership ends in 1 s, and the session in 8 s.
    await env.DB.prepare('UPDATE memberships SET ends_at = ? WHERE user_id = ?').bind(t0 + 1_000, vip.id).run();
    await env.DB.prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?').bind(t0 + 8_000, vip.id).run();
    // Kept: the end date read first (a year away) still answers 2 s later, without a D1 read.
    expect((await userForToken(db(), vip.token, t0 + 2_000))?.isVip).toBe(true);
    // After KEPT_SESSION_MS the session is read again: expired by then.
    expect(await userForToken(db(), vip.token, t0 + KEPT_SESSION_MS)).toBeNull();
    // A kept end date counts the moment it passes, and the next queued period is read when one ends.
    const other = await makeUser({ role: 'vip' });
    const t1 = Date.now();
    await env.DB.prepare('UPDATE memberships SET ends_at = ? WHERE user_id = ?').bind(t1 + 3_000, other.id).run();
    forgetSessions(other.id);
    expect((await userForToken(db(), other.token, t1))?.isVip).toBe(true);
    expect((await userForToken(db(), other.token, t1 + 3_000))?.isVip).toBe(false);
    await env.DB.prepare("INSERT INTO memberships (user_id, level, starts_at, ends_at) VALUES (?, 'vip', ?, ?)").bind(other.id, t1 + 3_000, t1 + 90_000).run();
    forgetSessions(other.id);
    await userForToken(db(), other.token, t1 + 2_000);
    expect((await userForToken(db(), other.token, t1 + 4_000))?.isVip).toBe(true);
    // Logging out in this isolate forgets the kept session at once.
    expect((await dataOf(api(other.token).user.info.$get())).isVip).toBe(true);
    await dataOf(api(other.token).auth.logout.$post());
    expect((await errorOf(api(other.token).user.info.$get())).status).toBe(401);
  });
});
