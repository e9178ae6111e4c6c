/** POST medical/check_subscribe, medical/subscribe, medical/rm_subscribe for every role, and the worker's e-mail rule. */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dataOf, errorOf } from '../client';
import { call, makeUser, roleTokens, type Role } from '../helpers';
import { lapse } from './fixtures';

let tokens: Record<Role, string | undefined>;
beforeAll(async () => {
  tokens = await roleTokens();
});

const rowOf = async (token: string) => {
  const me = await dataOf(api(token).user.info.$get());
  return env.DB.prepare('SELECT s.* FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE u.username = ?').bind(me.username).first<{ email: string; active: number }>();
};

describe('check_subscribe', () => {
  it('a visitor is asked to log in', async () => {
    const e = await errorOf(api().medical.check_subscribe.$post());
    expect(e).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
  });

  it.each(['user', 'vip', 'svip'] as const)('%s without a subscription: status 0', async (role) => {
    const d = await dataOf(api(tokens[role]).medical.check_subscribe.$post());
    expect(d).toEqual({ status: 0, email: null, is_vip: role !== 'user' });
  });
});

describe('subscribe', () => {
  it('a visitor is asked to log in, a plain user to become a member; nothing is stored', async () => {
    expect(await errorOf(api().medical.subscribe.$post({ json: { email: 'a@example.com' } }))).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
    const e = await errorOf(api(tokens.user).medical.subscribe.$post({ json: { email: 'a@example.com' } }));
    expect(e).toMatchObject({ status: 403, code: 'VIP_REQUIRED' });
    expect(e.msg).toMatch(/VIP/);
    expect(await rowOf(tokens.user!)).toBeNull();
  });

  it.each(['vip', 'svip'] as const)('a %s subscribes, sees status 1, and the address is stored trimmed and lower-cased', async (role) => {
    const t = (await makeUser({ role })).token;
    const d = await dataOf(api(t).medical.subscribe.$post({ json: { email: '  Zhang.San@Example.COM ' } }));
    expect(d).toEqual({ status: 1, email: 'zhang.san@example.com', is_vip: true });
    expect(await dataOf(api(t).medical.check_subscribe.$post())).toMatchObject({ status: 1, email: 'zhang.san@example.com' });
  });

  it.each([
    ['', '请输入邮箱地址'],
    ['   ', '请输入邮箱地址'],
    ['not-an-address', '请输入正确的邮箱地址'],
    ['a@b', '请输入正确的邮箱地址'],
    ['张三@example.com', '请输入正确的邮箱地址'],
    ['a@example.com\r\nBcc: x@evil.com', '请输入正确的邮箱地址'],
    [`${'a'.repeat(95)}@example.com`, '邮箱地址不能超过100个字符'],
  ])('the worker refuses %j with “%s” and stores nothing', async (email, msg) => {
    const t = (await makeUser({ role: 'vip' })).token;
    const e = await errorOf(api(t).medical.subscribe.$post({ json: { email } }));
    expect(e).toMatchObject({ status: 400, code: 'BAD_REQUEST', msg, field: 'email' });
    expect(await rowOf(t)).toBeNull();
  });

  it('a missing or mistyped body is a BAD_REQUEST in Chinese', async () => {
    const t = (await makeUser({ role: 'vip' })).token;
    for (const json of [{}, { email: 12 }, []]) {
      const r = await call('/api/medical/subscribe', { token: t, json });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'BAD_REQUEST', msg: '请输入邮箱地址' });
    }
    const bad = await call('/api/medical/subscribe', { token: t, body: '{"email":', headers: { 'Content-Type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
  });

  it('subscribing again changes the address and keeps one row; concurrent clicks still leave one', async () => {
    const u = await makeUser({ role: 'vip' });
    await Promise.all([1, 2, 3].map((i) => dataOf(api(u.token).medical.subscribe.$post({ json: { email: `first${i}@example.com` } }))));
    const token = await env.DB.prepare('SELECT unsubscribe_token AS t FROM subscriptions WHERE user_id = ?').bind(u.id).first<{ t: string }>();
    await dataOf(api(u.token).medical.subscribe.$post({ json: { email: 'second@example.com' } }));
    const rows = await env.DB.prepare('SELECT email, active, unsubscribe_token AS t FROM subscriptions WHERE user_id = ?').bind(u.id).all();
    expect(rows.results).toEqual([{ email: 'second@example.com', active: 1, t: token!.t }]);
  });
});

describe('rm_subscribe', () => {
  it('a visitor is asked to log in', async () => {
    expect(await errorOf(api().medical.rm_subscribe.$post())).toMatchObject({ status: 401, code: 'LOGIN_REQUIRED' });
  });

  it('a member cancels: status 0, the row is kept inactive, subscribing again reactivates it', async () => {
    const u = await makeUser({ role: 'vip' });
    await dataOf(api(u.token).medical.subscribe.$post({ json: { email: 'cancel@example.com' } }));
    expect(await dataOf(api(u.token).medical.rm_subscribe.$post())).toEqual({ status: 0, email: 'cancel@example.com', is_vip: true });
    expect(await dataOf(api(u.token).medical.check_subscribe.$post())).toMatchObject({ status: 0 });
    const row = await env.DB.prepare('SELECT active, cancelled_at FROM subscriptions WHERE user_id = ?').bind(u.id).first<{ active: number; cancelled_at: number }>();
    expect(row!.active).toBe(0);
    expect(row!.cancelled_at).toBeGreaterThan(0);
    // Cancelling twice is the same as once.
    expect(await dataOf(api(u.token).medical.rm_subscribe.$post())).toMatchObject({ status: 0 });
    expect(await dataOf(api(u.token).medical.subscribe.$post({ json: { email: 'cancel@example.com' } }))).toMatchObject({ status: 1 });
  });

  it('a plain user without a subscription gets status 0; a member whose VIP lapsed can still cancel', async () => {
    expect(await dataOf(api(tokens.user).medical.rm_subscribe.$post())).toMatchObject({ status: 0 });
    const u = await makeUser({ role: 'vip' });
    await dataOf(api(u.token).medical.subscribe.$post({ json: { email: 'lapsed@example.com' } }));
    await lapse(u);
    expect(await dataOf(api(u.token).medical.check_subscribe.$post())).toEqual({ status: 1, email: 'lapsed@example.com', is_vip: false });
    expect(await dataOf(api(u.token).medical.rm_subscribe.$post())).toMatchObject({ status: 0, is_vip: false });
  });
});
