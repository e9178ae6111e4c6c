/**
 * What the worker accepts: passwords, public names, numbers and text.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MSG } from '../../../worker/src/auth/password';
import { FORBIDDEN_MSG } from '../../../worker/src/lib/input';
import { baseTaxonomy, makeClosure } from '../closure/fixtures';
import { seedClosures } from '../exports/fixtures';
import { api, dataOf, errorOf } from '../client';
import { balance, call, makeUser } from '../helpers';

let ipSeq = 0;
const ip = () => ({ 'CF-Connecting-IP': `10.88.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  await baseTaxonomy();
});

const register = (json: Record<string, unknown>) => call('/api/auth/register', { json, headers: ip() });

describe('passwords', () => {
  it.each([
    ['12345678', PASSWORD_MSG.common],
    ['password', PASSWORD_MSG.common],
    ['PassWord', PASSWORD_MSG.common],
    ['        ', PASSWORD_MSG.simple],
    ['qwer1234', PASSWORD_MSG.common],
    ['1qaz2wsx', PASSWORD_MSG.common],
    ['iloveyou', PASSWORD_MSG.common],
    ['aaaaaaaaaa', PASSWORD_MSG.simple],
  ])('refuses %j and creates no account', async (password, msg) => {
    const account = `pw-${uniq()}@example.com`;
    const res = await register({ account, password });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', field: 'password', msg: `password：${msg}` });
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE account = ?').bind(account).first('n')).toBe(0);
  });

  it('refuses the account itself, its e-mail name, the phone number and the nickname as the password', async () => {
    const name = `zhang${uniq()}`;
    const email = `${name}@example.com`;
    for (const password of [email, name, name.toUpperCase()]) {
      const res = await register({ account: email, password });
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: `password：${PASSWORD_MSG.account}` });
    }
    const phone = `137${String(Date.now()).slice(-8)}`;
    expect((await register({ account: phone, password: phone })).body.msg).toBe(`password：${PASSWORD_MSG.account}`);
    expect((await register({ account: `n-${uniq()}@example.com`, password: 'Xiaoming-2024', username: 'xiaoming-2024' })).body.msg).toBe(`password：${PASSWORD_MSG.account}`);
    // A strong password goes through.
    expect((await register({ account: email, password: 'Tq8#vN3m-Lp' })).status).toBe(200);
  });
});

describe('public names', () => {
  it('a nickname that shows the e-mail or the phone is refused', async () => {
    const email = `li${uniq()}@example.com`;
    for (const username of [email, email.split('@')[0]]) {
      const r = await register({ account: email, password: 'Tq8#vN3m-Lp', username });
      expect(r.body).toMatchObject({ code: 'BAD_REQUEST', field: 'username' });
    }
    const phone = `136${String(Date.now()).slice(-8)}`;
    expect((await register({ account: phone, password: 'Tq8#vN3m-Lp', username: `老王${phone}` })).body.field).toBe('username');
  });

  it('the migration renames existing accounts whose name is the e-mail name or the phone tail', async () => {
    const rows = [
      { account: `wang.${uniq()}@corp.cn`, username: '' },
      { account: `138${String(Date.now()).slice(-8)}`, username: '' },
      { account: `keep-${uniq()}@corp.cn`, username: '投资人老李' },
    ];
    rows[0].username = rows[0].account.split('@')[0];
    rows[1].username = `用户${rows[1].account.slice(-4)}`;
    for (const r of rows) {
      await env.DB.prepare("INSERT INTO users (account, username, password_hash, password_salt, password_iterations, created_at) VALUES (?, ?, 'x', 'y', 1, 0)").bind(r.account, r.username).run();
    }
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.endsWith('_neutral_usernames.sql'));
    expect(migration).toBeTruthy();
    for (const q of migration!.queries) await env.DB.prepare(q).run();
    const names = await Promise.all(rows.map((r) => env.DB.prepare('SELECT username FROM users WHERE account = ?').bind(r.account).first<string>('username')));
    expect(names[0]).toMatch(/^用户[0-9A-F]{6}$/);
    expect(names[1]).toMatch(/^用户[0-9A-F]{6}$/);
    expect(names[2]).toBe('投资人老李');
  });
});

describe('numbers are decimal integers only', () => {
  it.each([['1e3'], ['0x1'], ['1.0'], [' 2'], ['Infinity']])('query page=%j is BAD_REQUEST naming page', async (page) => {
    const u = await makeUser();
    const r = await call('/api/closure', { token: u.token, query: { page } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 'error', code: 'BAD_REQUEST', field: 'page' });
    expect(r.body.msg).toMatch(/^page：/);
  });

  it('JSON fields refuse "1e3", "0x1", [1] and true, naming the field, and charge nothing', async () => {
    const u = await makeUser({ coins: 2000 });
    const com = await makeClosure();
    for (const juzi_btc of ['1e3', '0x1', [1], true, 1.5]) {
      const r = await call('/api/closure/add_incense', { token: u.token, json: { item_id: com, type: 1, juzi_btc }, headers: ip() });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'BAD_REQUEST', field: 'juzi_btc' });
    }
    for (const item_id of ['1e3', '0x1', [com]]) {
      const r = await call('/api/closure/add_incense', { token: u.token, json: { item_id, type: 1, juzi_btc: 1 }, headers: ip() });
      expect(r.body).toMatchObject({ code: 'BAD_REQUEST', field: 'item_id' });
    }
    for (const type of ['1e0', '0x1']) {
      const r = await call('/api/closure/add_incense', { token: u.token, json: { item_id: com, type, juzi_btc: 1 }, headers: ip() });
      expect(r.body).toMatchObject({ code: 'BAD_REQUEST', field: 'type' });
    }
    expect(await balance(u.id)).toBe(2000);
    // Digits as text are still numbers (query strings and older clients send them).
    expect((await call('/api/closure/add_incense', { token: u.token, json: { item_id: String(com), type: '1', juzi_btc: '2' }, headers: ip() })).status).toBe(200);
    expect(await balance(u.id)).toBe(1998);
  });
});

describe('text', () => {
  it.each([
    ['NUL', '好\u0000评'],
    ['a control character', '好\u0007评'],
    ['a right-to-left override', '好评\u202Egnp.exe'],
    ['an isolate', '\u2066好评\u2069'],
  ])('a comment with %s is refused naming the field, and nothing is stored', async (_what, text) => {
    const u = await makeUser();
    const com = await makeClosure();
    const r = await call('/api/add_comment', { token: u.token, json: { com_id: com, commont_detail: text }, headers: ip() });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', field: 'commont_detail', msg: `commont_detail：${FORBIDDEN_MSG}` });
    expect((await dataOf(api(u.token).closure.com_comment.$get({ query: { com_id: com } }))).page.total).toBe(0);
  });

  it('text is stored in Unicode NFC: the same word typed two ways is one', async () => {
    const u = await makeUser();
    const com = await makeClosure();
    const decomposed = 'Cafe\u0301 好评';
    await dataOf(api(u.token, ip()).add_comment.$post({ json: { com_id: com, commont_detail: decomposed } }));
    const list = await dataOf(api(u.token).closure.com_comment.$get({ query: { com_id: com } }));
    expect(list.info[0].des).toBe('Caf\u00e9 好评');
    // Query strings too.
    const q = await call('/api/closure', { token: u.token, query: { keyword: 'Cafe\u0301' } });
    expect(q.status).toBe(200);
  });

  it('the export check refuses a NUL-prefixed keyword instead of quoting every row', async () => {
    const u = await makeUser({ coins: 100, role: 'vip' });
    const { prov } = await seedClosures(12);
    const r = await errorOf(api(u.token).closure.closure_down_check.$get({ query: { down_type: 0, com_prov: prov, keyword: '\u0000测试' } }));
    expect(r.status).toBe(400);
    expect(r.field).toBe('keyword');
    const body = await errorOf(api(u.token).exports.check.$post({ json: { kind: 'closure_list', params: { keyword: '\u0000x' } } }));
    expect(body.status).toBe(400);
    expect(body.field).toBe('params.keyword');
  });
});
