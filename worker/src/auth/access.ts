import type { Context, Hono, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv, SessionUser } from '../env';
import { ApiError } from '../lib/errors';
import { POLICY, type AccessLevel } from './policy';
import { userForToken } from './session';

/** Reads the bearer token and sets `user` (or null). Never rejects by itself. */
export const session: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header('Authorization') ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  c.set('user', m ? await userForToken(c.get('db'), m[1]) : null);
  await next();
};

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
 * Enforces the policy table. The endpoint is the last matched route with a concrete
 * method; with none, the path is unknown (NOT_FOUND) or known for other methods (METHOD_NOT_ALLOWED).
 */
export function access(app: () => Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const endpoint = [...matchedRoutes(c)].reverse().find((r) => r.method !== 'ALL');
    if (!endpoint) {
      const other = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some(
        (m) => m !== c.req.method && app().router.match(m, c.req.path)[0].some(([[, route]]) => route.method !== 'ALL'),
      );
      throw other ? new ApiError('METHOD_NOT_ALLOWED') : new ApiError('NOT_FOUND', '接口不存在');
    }
    const entry = POLICY[`${endpoint.method} ${endpoint.path}`];
    if (!entry) throw new ApiError('INTERNAL', '接口未配置访问权限');
    requireLevel(c.get('user'), entry.level);
    await next();
  };
}
