import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TRIAL_RATE_LIMIT } from '../../../worker/src/saas/ratelimit';
import { TRIAL_MAX } from '../../../worker/src/saas/rules';
import { call } from '../helpers';

let seq = 0;
/** A fresh client address per call site, so the per-IP limit only bites in its own test. */
const newIp = () => `203.0.113.${++seq}`;
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const mobile = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

function form(over: Record<string, unknown> = {}) {
  return {
    name: '王小明',
    email: `apply-${uniq()}@example.com`,
    company_name: '杭州远景资本管理有限公司',
    position: '投资总监',
    phone: mobile(),
    weixin: '',
    need: '希望试用项目管理和投后管理模块',
    ...over,
  };
}

const apply = (json: unknown, ip = newIp()) => call('/api/saas_app_examination', { json, headers: { 'CF-Connecting-IP': ip } });

async function rowsFor(email: string) {
  const { results } = await env.DB.prepare('SELECT * FROM trial_applications WHERE email = ?').bind(email).all<Record<string, unknown>>();
  return results;
}

describe('POST /api/saas_app_examination', () => {
  it('stores a valid application and answers with its id', async () => {
    const f = form({ weixin: 'wx_wang', email: `  Apply-${uniq()}@Example.COM ` });
    const res = await apply(f);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.repeat).toBe(false);
    const email = (f.email as string).trim().toLowerCase();
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.body.data.id, name: '王小明', company_name: f.company_name, position: '投资总监', phone: f.phone, weixin: 'wx_wang', need: f.need });
  });

  it('keeps weixin and need optional', async () => {
    const f = form();
    delete (f as Partial<typeof f>).weixin;
    delete (f as Partial<typeof f>).need;
    const res = await apply(f);
    expect(res.status).toBe(200);
    expect(await rowsFor(f.email)).toMatchObject([{ weixin: '', need: '' }]);
  });

  it.each([
    ['name', { name: '' }, '请输入姓名'],
    ['name', { name: '   ' }, '请输入姓名'],
    ['email', { email: '' }, '请输入邮箱地址'],
    ['email', { email: 'wang.example.com' }, '请输入正确的邮箱地址'],
    ['email', { email: 'wang@example' }, '请输入正确的邮箱地址'],
    ['company_name', { company_name: '' }, '请输入公司名称'],
    ['position', { position: '' }, '请输入您的职位'],
    ['phone', { phone: '' }, '请输入联系电话'],
    ['phone', { phone: '12345' }, '请输入正确的联系电话'],
    ['phone', { phone: '139-abc-0000' }, '请输入正确的联系电话'],
  ])('refuses a bad %s with the field message %#', async (field, patch, msg) => {
    const f = form(patch);
    const res = await apply(f);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'BAD_REQUEST', msg, field });
    expect(await rowsFor(f.email)).toHaveLength(0);
  });

  it('names the first missing field when the body is empty', async () => {
    const res = await apply({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: '请输入姓名', field: 'name' });
  });

  it.each(Object.entries(TRIAL_MAX))('limits %s to %i characters', async (field, max) => {
    const long = field === 'email' ? `${'a'.repeat(max)}@example.com` : field === 'phone' ? '1'.repeat(max + 1) : '字'.repeat(max + 1);
    const res = await apply(form({ [field]: long }));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.msg).toMatch(/不能超过\d+个字|请输入正确的/);
  });

  it('accepts landlines and +86 mobiles, storing a mobile without the country code', async () => {
    const landline = form({ phone: '010-62345678' });
    expect((await apply(landline)).status).toBe(200);
    const n = mobile();
    const intl = form({ phone: `+86 ${n}` });
    expect((await apply(intl)).status).toBe(200);
    expect(await rowsFor(intl.email)).toMatchObject([{ phone: n }]);
  });

  it('accepts numbers outside the mainland in E.164 form (spaces and dashes allowed), stored as + and digits', async () => {
    const n = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
    for (const [typed, stored] of [
      [`+852 9${n}`, `+8529${n}`],
      [`+1 415-${n.slice(0, 3)}-${n.slice(3)}`, `+1415${n}`],
      [`00852 6${n}`, `+8526${n}`],
    ]) {
      const f = form({ phone: typed });
      const res = await apply(f);
      expect(res.status, typed).toBe(200);
      expect(await rowsFor(f.email)).toMatchObject([{ phone: stored }]);
    }
  });

  it.each(['+86 12345', '+86 010 62345678', '+852', '+0 123456789', '+1234567890123456'])('keeps the mainland checks and E.164 bounds: refuses %s', async (phone) => {
    const f = form({ phone });
    const res = await apply(f);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: '请输入正确的联系电话', field: 'phone' });
    expect(await rowsFor(f.email)).toHaveLength(0);
  });

  it('answers a repeat of the same e-mail or phone within 24 hours with the first application, without a second row', async () => {
    const first = form();
    const a = await apply(first);
    expect(a.body.data.repeat).toBe(false);

    const sameEmail = await apply(form({ email: first.email.toUpperCase(), name: '王小明二' }));
    expect(sameEmail.status).toBe(200);
    expect(sameEmail.body.data).toEqual({ id: a.body.data.id, created_at: a.body.data.created_at, repeat: true });

    const samePhone = await apply(form({ phone: first.phone }));
    expect(samePhone.body.data).toMatchObject({ id: a.body.data.id, repeat: true });
    const { results } = await env.DB.prepare('SELECT id FROM trial_applications WHERE email = ? OR phone = ?').bind(first.email, first.phone).all();
    expect(results).toHaveLength(1);
  });

  it('stores a new application when the earlier one is more than 24 hours old', async () => {
    const f = form();
    const a = await apply(f);
    await env.DB.prepare('UPDATE trial_applications SET created_at = created_at - ? WHERE id = ?').bind(24 * 3600_000 + 1000, a.body.data.id).run();
    const b = await apply(form({ email: f.email }));
    expect(b.body.data.repeat).toBe(false);
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(await rowsFor(f.email)).toHaveLength(2);
  });

  it('makes one row from two identical submissions sent at once', async () => {
    const f = form();
    const [a, b] = await Promise.all([apply(f), apply(f)]);
    expect(a.body.data.id).toBe(b.body.data.id);
    expect(await rowsFor(f.email)).toHaveLength(1);
  });

  it(`limits each IP to ${TRIAL_RATE_LIMIT.perIp} requests per window, with Retry-After, and leaves other IPs alone`, async () => {
    const ip = newIp();
    for (let i = 0; i < TRIAL_RATE_LIMIT.perIp; i++) {
      // Bad requests count too: probing the rules is not free.
      const res = await apply(i % 2 ? form() : {}, ip);
      expect(res.status).not.toBe(429);
    }
    const f = form();
    const limited = await apply(f, ip);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 'error', code: 'RATE_LIMITED' });
    expect(limited.body.msg).toMatch(/分钟后再试/);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(TRIAL_RATE_LIMIT.windowMs / 1000);
    expect(await rowsFor(f.email)).toHaveLength(0);

    expect((await apply(form())).status).toBe(200);

    // Once the window has passed, the IP may apply again.
    await env.DB.prepare('UPDATE action_hits SET window_start = window_start - ? WHERE key = ?').bind(TRIAL_RATE_LIMIT.windowMs, `saas_trial:ip:${ip}`).run();
    expect((await apply(form(), ip)).status).toBe(200);
  });

  it('does not touch the login limits of the same address', async () => {
    const ip = newIp();
    for (let i = 0; i <= TRIAL_RATE_LIMIT.perIp; i++) await apply({}, ip);
    const login = await call('/api/auth/login', { json: { account: `nobody-${uniq()}@x.com`, password: 'wrong-pass-1' }, headers: { 'CF-Connecting-IP': ip } });
    expect(login.body.code).toBe('BAD_REQUEST');
  });
});
