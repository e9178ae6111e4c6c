import { env, SELF } from 'cloudflare:test';
import { hashPassword } from '../../worker/src/auth/password';
import { createSession } from '../../worker/src/auth/session';
import { credit, openWallet } from '../../worker/src/coins';
import { drizzleDb } from '../../worker/src/db';

export const db = () => drizzleDb(env.DB);

export type Role = 'visitor' | 'user' | 'vip' | 'svip';

export interface TestUser {
  id: number;
  account: string;
  token: string;
}

let seq = 0;

/**
 * A user with a wallet, a session and optionally membership, written straight to D1
 * (a low PBKDF2 count keeps the suite fast; the login tests use the real count).
 */
export async function makeUser(opts: { coins?: number; role?: Exclude<Role, 'visitor'>; password?: string } = {}): Promise<TestUser> {
  const account = `t${Date.now().toString(36)}${++seq}@test.local`;
  const pw = await hashPassword(opts.password ?? 'test-pass-123', 1000);
  const now = Date.now();
  const row = await env.DB.prepare(
    'INSERT INTO users (account, username, password_hash, password_salt, password_iterations, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(account, `测试用户${seq}`, pw.hash, pw.salt, pw.iterations, now)
    .first<{ id: number }>();
  const id = row!.id;
  await openWallet(db(), id).run();
  if (opts.coins) await credit(db(), { userId: id, amount: opts.coins, reason: 'grant', idempotencyKey: `grant:${id}` });
  const role = opts.role ?? 'user';
  if (role !== 'user') {
    await env.DB.prepare('INSERT INTO memberships (user_id, level, starts_at, ends_at) VALUES (?, ?, ?, ?)')
      .bind(id, role, now - 1000, now + 365 * 86400_000)
      .run();
  }
  const { token } = await createSession(db(), id);
  return { id, account, token };
}

/** Users for every role; the visitor has no token. */
export async function roleTokens(coins = 0): Promise<Record<Role, string | undefined>> {
  const [user, vip, svip] = await Promise.all([
    makeUser({ coins, role: 'user' }),
    makeUser({ coins, role: 'vip' }),
    makeUser({ coins, role: 'svip' }),
  ]);
  return { visitor: undefined, user: user.token, vip: vip.token, svip: svip.token };
}

export interface CallOptions {
  method?: string;
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
}

/**
 * Calls the worker through its own fetch, as a browser would, untyped. Tests use the typed client
 * (client.ts); this is for what it cannot send: malformed or mistyped bodies, unknown routes,
 * wrong methods, and the access matrix's generic walk over every route.
 */
export async function call(path: string, opts: CallOptions = {}) {
  const url = new URL(path, 'http://localhost');
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await SELF.fetch(url, { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body });
  const text = await res.text();
  // The envelope's shape varies per call.
  let data: any;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  return { status: res.status, body: data, headers: res.headers };
}

export async function ledgerSum(userId: number) {
  const r = await env.DB.prepare('SELECT COALESCE(SUM(delta),0) AS s FROM coin_ledger WHERE user_id = ?').bind(userId).first<{ s: number }>();
  return r!.s;
}

export async function balance(userId: number) {
  const r = await env.DB.prepare('SELECT balance FROM coin_wallets WHERE user_id = ?').bind(userId).first<{ balance: number }>();
  return r!.balance;
}
