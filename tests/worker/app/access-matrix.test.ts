import { describe, expect, it } from 'vitest';
import { app, policy } from '../../../worker/src/app';
import { LEVEL_RANK, type AccessLevel } from '../../../worker/src/lib/route';
// call(): this test walks every route of the policy generically (method and path as strings),
// which the typed client, one property per route, cannot do.
import { call, roleTokens, type Role } from '../helpers';

const ROLE_RANK: Record<Role, number> = { visitor: 0, user: 1, vip: 2, svip: 3 };
const DENIED: Record<Exclude<AccessLevel, 'public'>, { status: number; code: string }> = {
  login: { status: 401, code: 'LOGIN_REQUIRED' },
  vip: { status: 403, code: 'VIP_REQUIRED' },
  svip: { status: 403, code: 'SVIP_REQUIRED' },
};

/** The code a role gets from the access layer for a route of `level`, or null if it passes. */
function expectedDenial(role: Role, level: AccessLevel) {
  if (ROLE_RANK[role] >= LEVEL_RANK[level]) return null;
  if (role === 'visitor') return DENIED.login;
  return DENIED[level as Exclude<AccessLevel, 'public'>];
}

const endpoints = () => [...new Set(app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`))];

const POLICY = policy();

describe('access matrix', () => {
  it('every route of the app declares its access level, and every declaration is a mounted route', () => {
    const routes = endpoints();
    const missing = routes.filter((k) => !POLICY[k]);
    expect(missing, 'routes mounted without defineRoute (no access level)').toEqual([]);
    const stale = Object.keys(POLICY).filter((k) => !routes.includes(k));
    expect(stale, 'policy entries without a route').toEqual([]);
  });

  it('each role gets exactly what the table says, for every route', async () => {
    const tokens = await roleTokens(0);
    // Logout revokes the caller's token, so it goes last.
    const keys = Object.keys(POLICY).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    const failures: string[] = [];
    for (const key of keys) {
      const [method, pattern] = key.split(' ');
      const path = pattern.replace(/:(\w+)(\{[^}]*\})?/g, '1');
      for (const role of Object.keys(tokens) as Role[]) {
        const res = await call(path, { method, token: tokens[role], json: method === 'GET' ? undefined : {} });
        const denial = expectedDenial(role, POLICY[key].level);
        if (denial) {
          if (res.status !== denial.status || res.body?.code !== denial.code) failures.push(`${key} as ${role}: expected ${denial.code}, got ${res.status} ${res.body?.code}`);
        } else if (res.status >= 500 || ['LOGIN_REQUIRED', 'VIP_REQUIRED', 'SVIP_REQUIRED'].includes(res.body?.code)) {
          // Finer in-handler rules (e.g. page limits) need parameters; with none, an allowed role passes the gate.
          failures.push(`${key} as ${role}: expected to pass the access layer, got ${res.status} ${res.body?.code} ${res.body?.msg ?? ''}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
