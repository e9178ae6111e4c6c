/** Registration, login and logout, mounted at /api/auth. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { openWallet } from '../coins';
import { users } from '../db';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { clientIp } from '../lib/params';
import { LIMITS } from '../lib/rate-limit';
import { createArea, defineRoute, jsonBody } from '../lib/route';
import { textRule } from '../lib/text';
import { currentUser } from './access';
import { defaultUsername, hashPassword, passwordProblem, verifyPassword } from './password';
import { assertLoginAllowed, clearAccountFailures, recordLoginFailure } from './ratelimit';
import { createSession, revokeSession } from './session';

const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const account = z
  .string({ message: '请输入手机号或邮箱' })
  .trim()
  .toLowerCase()
  .min(1, '请输入手机号或邮箱')
  .max(100, '账号过长');

export const registerBody = z.object({
  account: account
    .refine(...textRule('账号'))
    .refine((a) => PHONE.test(a) || EMAIL.test(a), '请输入正确的手机号或邮箱')
    .meta({ pattern: `^(?:${PHONE.source.slice(1, -1)}|${EMAIL.source.slice(1, -1)})$`, example: 'name@example.com' }),
  password: z.string({ message: '请输入密码' }).min(8, '密码至少8位').max(64, '密码最多64位'),
  username: z.string().trim().min(1, '昵称不能为空').max(30, '昵称最多30个字').refine(...textRule('昵称')).optional(),
});

export const loginBody = z.object({
  account,
  password: z.string({ message: '请输入密码' }).min(1, '请输入密码').max(64, '密码最多64位'),
});


/** A nickname that would show the account: the e-mail, its name part or the phone number (or a run of 7+ of its digits). */
function exposesAccount(username: string, acct: string): boolean {
  const name = username.trim().toLowerCase();
  if (name === acct || (acct.includes('@') && (name.includes(acct) || name === acct.split('@')[0]))) return true;
  return PHONE.test(acct) && name.replace(/\D/g, '').includes(acct.slice(-7));
}

/** The same answer for an unknown account and a wrong password. */
const BAD_CREDENTIALS = '账号或密码错误';


const sessionData = z.object({ token: z.string(), expires_at: z.number().int(), username: z.string() });

const register = defineRoute({
  method: 'post',
  path: '/register',
  access: 'public',
  limit: LIMITS.register,
  summary: '注册（手机号或邮箱 + 密码）',
  request: { body: jsonBody(registerBody) },
  data: sessionData,
});

const login = defineRoute({
  method: 'post',
  path: '/login',
  access: 'public',
  summary: '登录，返回 token',
  note: '账号或密码错误统一提示；同一账号或 IP 短时间内失败过多返回 RATE_LIMITED',
  request: { body: jsonBody(loginBody) },
  data: sessionData,
});

const logout = defineRoute({ method: 'post', path: '/logout', access: 'login', summary: '退出登录（吊销当前 token）', data: z.object({ loggedOut: z.boolean() }) });

export const authRoutes = createArea()
  .openapi(register, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const existing = await db.select({ id: users.id }).from(users).where(eq(users.account, body.account)).get();
    if (existing) throw new ApiError('CONFLICT', '该账号已注册，请直接登录', { field: 'account' });
    if (body.username && exposesAccount(body.username, body.account)) {
      throw new ApiError('BAD_REQUEST', 'username：昵称会公开显示，不能使用手机号或邮箱', { field: 'username' });
    }
    const problem = await passwordProblem(body.password, body);
    if (problem) throw new ApiError('BAD_REQUEST', `password：${problem}`, { field: 'password' });
    const pw = await hashPassword(body.password);
    // The public name never shows the e-mail or the phone: a neutral default unless one is chosen.
    const username = body.username ?? defaultUsername();
    const now = Date.now();
    const inserted = await db
      .insert(users)
      .values({ account: body.account, username, passwordHash: pw.hash, passwordSalt: pw.salt, passwordIterations: pw.iterations, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id })
      .get();
    if (!inserted) throw new ApiError('CONFLICT', '该账号已注册，请直接登录', { field: 'account' });
    await openWallet(c.get('db'), inserted.id).run();
    const session = await createSession(db, inserted.id, now);
    return ok(c, { token: session.token, expires_at: session.expiresAt, username });
  })
  .openapi(login, async (c) => {
    const { account: acct, password } = c.req.valid('json');
    const ip = clientIp((n) => c.req.header(n));
    await assertLoginAllowed(c.env.DB, acct, ip);
    const db = c.get('db');
    const user = await db
      .select({ id: users.id, username: users.username, hash: users.passwordHash, salt: users.passwordSalt, iterations: users.passwordIterations })
      .from(users)
      .where(eq(users.account, acct))
      .get();
    // Unknown accounts still pay for one derivation, so timing does not tell them apart.
    const valid = user
      ? await verifyPassword(password, user)
      : (await verifyPassword(password, { hash: '0'.repeat(64), salt: '0'.repeat(32), iterations: 100_000 }), false);
    if (!user || !valid) {
      await recordLoginFailure(c.env.DB, acct, ip);
      throw new ApiError('BAD_REQUEST', BAD_CREDENTIALS);
    }
    await clearAccountFailures(c.env.DB, acct, ip);
    const session = await createSession(db, user.id);
    return ok(c, { token: session.token, expires_at: session.expiresAt, username: user.username });
  })
  .openapi(logout, async (c) => {
    const user = currentUser(c);
    await revokeSession(c.get('db'), user.sessionId);
    return ok(c, { loggedOut: true });
  });
