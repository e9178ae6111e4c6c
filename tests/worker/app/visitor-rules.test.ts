/**
 * The SPA's copy of the visitor rules (web/src/generated/visitor-rules.ts) is what the routes
 * declare (`visitor` in worker/src/lib/route.ts), and the worker enforces each rule: a visitor
 * setting a field the rule fixes is asked to log in, a member is not.
 * `node scripts/visitor-rules.mjs` rewrites the module from this test's output.
 */
import { describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { VISITOR_RULES } from '../../../web/src/generated/visitor-rules';
import { call, makeUser } from '../helpers';

/** The line scripts/visitor-rules.mjs reads the declared rules from. */
const MARK = 'VISITOR_RULES_DECLARED ';

const declared = Object.fromEntries(
  Object.entries(policy())
    .filter(([, e]) => e.visitor)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, e]) => [route, { may: e.visitor!.may, fixed: e.visitor!.fixed }]),
);

/** A valid value other than the default, per field a rule fixes. */
const OTHER: Record<string, string | number> = { page: 2, sort: 2, com_prov: '北京', cat_id: 1, fund_status: 1, type: 2, per_page: 3 };
/** The fields a route requires (a visitor sets them too). */
const REQUIRED: Record<string, Record<string, number>> = { 'GET /api/closure/com_comment': { com_id: 1 } };

describe('visitor rules', () => {
  it('the generated module holds the declared rules', () => {
    const same = JSON.stringify(VISITOR_RULES) === JSON.stringify(declared);
    if (!same) console.log(MARK + JSON.stringify(declared));
    expect(VISITOR_RULES, 'run node scripts/visitor-rules.mjs').toEqual(declared);
  });

  it('a visitor who sets a fixed field is asked to log in; a field the rule allows passes; a member passes', async () => {
    const member = await makeUser();
    for (const [route, rule] of Object.entries(declared)) {
      const [method, path] = route.split(' ');
      expect(method, route).toBe('GET');
      const base = REQUIRED[route] ?? {};
      expect((await call(path, { query: base })).status, `${route} with its defaults as visitor`).toBe(200);
      for (const field of Object.keys(rule.fixed)) {
        const query = { ...base, [field]: OTHER[field] };
        expect(OTHER[field], `${route}: a sample value for ${field}`).toBeDefined();
        const visitor = await call(path, { query });
        expect([visitor.status, visitor.body.code], `${route} ${field} as visitor`).toEqual([401, 'LOGIN_REQUIRED']);
        expect((await call(path, { query, token: member.token })).status, `${route} ${field} as member`).toBe(200);
      }
      for (const field of rule.may) expect((await call(path, { query: { ...base, [field]: '测试' } })).status, `${route} ${field} as visitor`).toBe(200);
    }
  });
});
