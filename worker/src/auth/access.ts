import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from '../env';
import { ApiError } from '../lib/errors';
import type { AccessLevel, RoutePolicy } from '../lib/route';
import { servedKept, userForToken } from './session';
import { carriesKey } from '../apikeys/auth';
import { keySession } from '../apikeys/gate';

/**
 * Reads the session token and sets `user` (or null). Never rejects by itself.
 * `Bearer <token>` is the documented form; a bare token is accepted too, as scripts send it.
 */
export const session: MiddlewareHandler<AppEnv> = async (c, next) => {
  // A request made with an API key acts as the key's owner, metered per key (apikeys/gate.ts).
  if (carriesKey(c.req.raw.headers)) return keySession(c, next);
  const token = sessionToken(c);
  c.set('user', token ? await userForToken(c.get('db'), token) : null);
  await next();
};

function sessionToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('Authorization')?.trim() ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? (/^[A-Za-z0-9_-]{20,200}$/.test(header) ? header : undefined);
}

/**
 * The request's user as D1 has it now. A kept session (auth/session.ts) may lag a change another
 * isolate made: a membership just paid for there. Where a user reads their own status, and before
 * a member's route is refused, the session is read again (and kept anew), so a purchase shows at once.
 */
export async function freshUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const user = c.get('user');
  const token = user && servedKept(user) ? sessionToken(c) : undefined;
  if (!token) return user;
  const fresh = await userForToken(c.get('db'), token, Date.now(), true);
  c.set('user', fresh);
  return fresh;
}

/** Throws the code a user of this level would get; used by the access middleware and by handlers' finer rules. */
export function requireLevel(user: SessionUser | null, level: AccessLevel): void {
  if (level === 'public') return;
  if (!user) throw new ApiError('LOGIN_REQUIRED');
  if (level === 'vip' && !user.isVip) throw new ApiError('VIP_REQUIRED');
  if (level === 'svip' && !user.svip) throw new ApiError('SVIP_REQUIRED');
}

export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new ApiError('LOGIN_REQUIRED');
  return user;
}

/**
 * Enforces each route's declared level, before its validators run. The endpoint is the last
 * matched route with a concrete method; with none, the path is unknown (NOT_FOUND) or known for
 * other methods (METHOD_NOT_ALLOWED). The levels come from the routes' own declarations (`policy`,
 * derived from the mounted areas by app.ts).
 */
export function access(policy: RoutePolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const matched = policy.of(c);
    if (!matched) throw policy.otherMethods(c.req.method, c.req.path) ? new ApiError('METHOD_NOT_ALLOWED') : new ApiError('NOT_FOUND', '接口不存在');
    const entry = matched.entry;
    if (!entry) throw new ApiError('INTERNAL', '接口未声明访问级别');
    // Hono answers HEAD with the GET handler: on a GET that writes (comment, incense, export) that
    // would write and charge for a request whose answer nobody reads. Refused before anything runs.
    if (c.req.method === 'HEAD' && entry.writes) {
      c.header('Allow', 'GET, POST');
      throw new ApiError('METHOD_NOT_ALLOWED', 'HEAD 请求不能执行写操作，请使用 GET 或 POST');
    }
    const user = c.get('user');
    // A member's route refused on a kept session is checked on D1 first (freshUser).
    const short = user && ((entry.level === 'vip' && !user.isVip) || (entry.level === 'svip' && !user.svip));
    requireLevel(short ? await freshUser(c) : user, entry.level);
    await next();
  };
}
