/**
 * One rule for what users write for others to read (lib/text.ts): no control (Cc) or format (Cf)
 * characters in nicknames, comments, the trial form or a subscription address; the zero-width
 * joiner inside an emoji and line feeds in multi-line fields are kept.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_MSG, hasHiddenChars, TEXT_RULE_MSG } from '../../../worker/src/lib/text';
import { baseTaxonomy, makeClosure } from '../closure/fixtures';
import { call, makeUser } from '../helpers';

let ipSeq = 0;
const ip = () => ({ 'CF-Connecting-IP': `10.92.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
const uniq = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  await baseTaxonomy();
});

/** Hidden characters a nickname could carry, each refused. */
const HIDDEN: [string, string][] = [
  ['CR LF (a header injection)', 'n\r\nX-Inj: 1'],
  ['a line feed', '张\n三'],
  ['a tab', '张\t三'],
  ['NUL', '张\u0000三'],
  ['a zero-width space', '张\u200B三'],
  ['a zero-width non-joiner', '张\u200C三'],
  ['a joiner between letters', '张\u200D三'],
  ['a left-to-right mark', '\u200E张三'],
  ['a right-to-left override', '张三\u202Egnp'],
  ['an isolate', '\u2067张三\u2069'],
  ['a byte-order mark inside', '张\uFEFF三'],
  ['a soft hyphen', '张\u00AD三'],
  ['a word joiner', '张\u2060三'],
  ['an invisible separator', '张\u2063三'],
  ['a C1 control', '张\u0085三'],
];

const register = (username: string, account = `tr-${uniq()}@example.com`) =>
  call('/api/auth/register', { json: { account, password: 'Tq8#vN3m-Lp', username }, headers: ip() });

const userCount = (account: string) => env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE account = ?').bind(account).first<number>('n');

describe('nicknames', () => {
  it.each(HIDDEN)('a nickname with %s is refused, naming the field, and no account is made', async (_what, username) => {
    const account = `tr-${uniq()}@example.com`;
    const res = await register(username, account);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'error', code: 'BAD_REQUEST', field: 'username' });
    // The characters every request refuses (lib/input.ts) are named by that check, the rest by the nickname's rule.
    expect([`username：昵称${TEXT_RULE_MSG.oneLine}`, `username：${FORBIDDEN_MSG}`]).toContain(res.body.msg);
    expect(await userCount(account)).toBe(0);
  });

  it.each([
    ['a family emoji (joiners inside one emoji)', '老王👨‍👩‍👧'],
    ['a profession emoji with a skin tone', '医生👩🏽‍⚕️'],
    ['a rainbow flag', '🏳️‍🌈小李'],
    ['a subdivision flag (tag characters)', '🏴󠁧󠁢󠁳󠁣󠁴󠁿投资人'],
    ['plain Chinese with a space', '投资人 老李'],
  ])('a nickname with %s is kept as written', async (_what, username) => {
    const res = await register(username);
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe(username);
  });

  it('an account with a zero-width space is refused', async () => {
    const res = await call('/api/auth/register', { json: { account: `a\u200Bb-${uniq()}@example.com`, password: 'Tq8#vN3m-Lp' }, headers: ip() });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('account');
  });
});

describe('comments', () => {
  it('keep their line breaks but refuse zero-width and bidi characters', async () => {
    const u = await makeUser();
    const com = await makeClosure();
    const ok = await call('/api/add_comment', { token: u.token, json: { com_id: com, commont_detail: '第一行\n第二行\r\n第三行 👨‍👩‍👧' }, headers: ip() });
    expect(ok.status).toBe(200);
    for (const text of ['好\u200B评', '好评\u200F', '好\uFEFF评', '好\u00AD评']) {
      const r = await call('/api/add_comment', { token: u.token, json: { com_id: com, commont_detail: text }, headers: ip() });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'BAD_REQUEST', field: 'commont_detail', msg: `commont_detail：评论内容${TEXT_RULE_MSG.multiLine}` });
    }
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM comments WHERE user_id = ?').bind(u.id).first<number>('n');
    expect(n).toBe(1);
  });
});

describe('the trial form', () => {
  const form = (over: Record<string, string>) => ({
    name: '王小明',
    email: `apply-${uniq()}@example.com`,
    company_name: '杭州远景资本管理有限公司',
    position: '投资总监',
    phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    weixin: '',
    need: '第一行\n第二行',
    ...over,
  });

  it.each([
    ['name', { name: '王\u200B小明' }],
    ['company_name', { company_name: '远景\r\n资本' }],
    ['position', { position: '总监\u202E' }],
    ['weixin', { weixin: 'wx\u2060wang' }],
    ['need', { need: '试用\u200B一下' }],
    ['email', { email: `a\u200Bb-${uniq()}@example.com` }],
  ])('%s with a hidden character is refused and nothing is stored', async (field, over) => {
    const f = form(over);
    const res = await call('/api/saas_app_examination', { json: f, headers: ip() });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM trial_applications WHERE phone = ?').bind(f.phone).first<number>('n');
    expect(rows).toBe(0);
  });

  it('a multi-line need is stored with its line break', async () => {
    const f = form({});
    const res = await call('/api/saas_app_examination', { json: f, headers: ip() });
    expect(res.status).toBe(200);
    const need = await env.DB.prepare('SELECT need FROM trial_applications WHERE phone = ?').bind(f.phone).first<string>('need');
    expect(need).toBe('第一行\n第二行');
  });
});

describe('the subscription address', () => {
  it('an address with a zero-width space is refused and nothing is stored', async () => {
    const u = await makeUser({ role: 'vip' });
    const res = await call('/api/medical/subscribe', { token: u.token, json: { email: `a\u200Bb@example.com` } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('email');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM subscriptions WHERE user_id = ?').bind(u.id).first<number>('n')).toBe(0);
  });
});

describe('the rule itself', () => {
  it('finds every Cc and Cf character outside emoji sequences', () => {
    for (const [, text] of HIDDEN) expect(hasHiddenChars(text)).toBe(true);
    expect(hasHiddenChars('第一行\n第二行', true)).toBe(false);
    expect(hasHiddenChars('\u200D👨')).toBe(true);
    expect(hasHiddenChars('👨\u200D')).toBe(true);
    expect(hasHiddenChars('👨‍👩‍👧')).toBe(false);
  });
});
