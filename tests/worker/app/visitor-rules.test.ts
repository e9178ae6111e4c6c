/**
 * The visitor rules the routes declare (`visitor` in worker/src/lib/route.ts), route by route: the
 * SPA's copy (web/src/generated/visitor-rules.ts) is what they declare, and the worker enforces
 * each one. A visitor changing one field the rule fixes, or asking a field for a value outside its
 * set, is asked to log in; a visitor keeping to the rule is not; a member is never refused by it.
 * `node scripts/visitor-rules.mjs` rewrites the module from this test's output.
 */
import { describe, expect, it } from 'vitest';
import { policy } from '../../../worker/src/app';
import { VISITOR_MESSAGE } from '../../../worker/src/lib/route';
import { VISITOR_RULES, visitorMayAsk, type VisitorRoute } from '../../../web/src/generated/visitor-rules';
import { call, makeUser } from '../helpers';

/** The line scripts/visitor-rules.mjs reads the declared rules from. */
const MARK = 'VISITOR_RULES_DECLARED ';

const declared = Object.fromEntries(
  Object.entries(policy())
    .filter(([, e]) => e.visitor)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, e]) => {
      const { may, oneOf, fixed } = e.visitor!;
      return [route, { may, ...(oneOf ? { oneOf } : {}), fixed }];
    }),
);

const TARGET = Object.fromEntries(Object.entries(policy()).flatMap(([route, e]) => (e.visitor ? [[route, e.visitor.target]] : [])));

/** A valid value other than the default, per field a rule fixes. */
const OTHER: Record<string, string | number> = {
  page: 2,
  per_page: 3,
  sort: 2,
  order: 2,
  type: 2,
  keyword: '测试',
  com_prov: '北京',
  cat_id: 1,
  fund_status: 1,
  state: 1,
  year: 2020,
  round: 1,
  field: 1,
};
/** A valid value outside a field's visitor set, per `oneOf` field. */
const OUTSIDE: Record<string, string> = { type: 'policy' };
/** A value a visitor may set, per field a rule leaves to them. */
const FREE: Record<string, string | number> = { keyword: '测试', scope: '医疗健康', tag: '测试', region: '科创板', tag_id: 1, type: 'company' };
/** Required fields outside a rule's sets (a visitor sets them too). */
const REQUIRED: Record<string, Record<string, string | number>> = {
  'GET /api/closure/com_comment': { com_id: 1 },
  'GET /api/medical/block': { type: 'company' },
};

type Input = Record<string, string | number>;

function send(route: string, input: Input, token?: string) {
  const [method, pattern] = route.split(' ');
  const path = pattern.replace(/:(\w+)(\{[^}]*\})?/g, '1');
  return TARGET[route] === 'json' ? call(path, { method, json: input, token }) : call(path, { method, query: input, token });
}

/** Refused by the visitor rule (a handler's own rule, such as a members-only tag, words its refusal itself). */
const refusedAsVisitor = (r: Awaited<ReturnType<typeof call>>) => r.status === 401 && r.body?.code === 'LOGIN_REQUIRED' && r.body?.msg === VISITOR_MESSAGE;
/** Answered: a page of data, or NOT_FOUND for a path id with no row behind it. */
const answered = (r: Awaited<ReturnType<typeof call>>) => r.status === 200 || r.body?.code === 'NOT_FOUND';

describe('visitor rules', () => {
  it('the generated module holds the declared rules', () => {
    const same = JSON.stringify(VISITOR_RULES) === JSON.stringify(declared);
    if (!same) console.log(MARK + JSON.stringify(declared));
    expect(VISITOR_RULES, 'run node scripts/visitor-rules.mjs').toEqual(declared);
  });

  it('the entity, healthcare and STAR-market lists and the closed-company list declare theirs', () => {
    for (const route of ['GET /api/investevent', 'GET /api/users/:id/comments', 'GET /api/medical', 'GET /api/medical/data', 'GET /api/medical/chart', 'POST /api/starmarket', 'POST /api/starmarket/state_list', 'GET /api/closure']) {
      expect(declared[route], route).toBeDefined();
    }
  });

  it('for every route with a rule: one changed fixed field or a value outside a set needs login; the allowed values do not; a member passes', async () => {
    const member = await makeUser();
    const failures: string[] = [];
    for (const [route, rule] of Object.entries(declared)) {
      const sets = Object.entries(rule.oneOf ?? {});
      const base: Input = { ...REQUIRED[route], ...Object.fromEntries(sets.map(([f, vs]) => [f, vs[0]])) };
      const asVisitor = await send(route, base);
      if (!answered(asVisitor)) failures.push(`${route} with its defaults as visitor: ${asVisitor.status} ${asVisitor.body?.code}`);
      if (!visitorMayAsk(route as VisitorRoute, base)) failures.push(`${route}: the SPA's check refuses the defaults`);

      const changes: [string, Input][] = [
        ...Object.keys(rule.fixed).map((f): [string, Input] => [f, { [f]: OTHER[f] }]),
        ...sets.map(([f]): [string, Input] => [`${f}=${OUTSIDE[f]}`, { [f]: OUTSIDE[f] }]),
      ];
      for (const [what, change] of changes) {
        if (Object.values(change).some((v) => v === undefined)) {
          failures.push(`${route}: no sample value for ${what}`);
          continue;
        }
        const input = { ...base, ...change };
        const visitor = await send(route, input);
        if (!refusedAsVisitor(visitor)) failures.push(`${route} ${what} as visitor: expected LOGIN_REQUIRED, got ${visitor.status} ${visitor.body?.code}`);
        if (visitorMayAsk(route as VisitorRoute, input)) failures.push(`${route} ${what}: the SPA's check lets a visitor ask`);
        const signedIn = await send(route, input, member.token);
        if (signedIn.body?.code === 'LOGIN_REQUIRED' || signedIn.status >= 500) failures.push(`${route} ${what} as member: ${signedIn.status} ${signedIn.body?.code}`);
      }

      const allowed: [string, Input][] = [
        ...rule.may.map((f): [string, Input] => [f, { [f]: FREE[f] }]),
        ...sets.flatMap(([f, vs]) => vs.map((v): [string, Input] => [`${f}=${v}`, { [f]: v }])),
      ];
      for (const [what, change] of allowed) {
        if (Object.values(change).some((v) => v === undefined)) {
          failures.push(`${route}: no sample value for ${what}`);
          continue;
        }
        const r = await send(route, { ...base, ...change });
        if (refusedAsVisitor(r) || r.status >= 500) failures.push(`${route} ${what} as visitor: ${r.status} ${r.body?.code} ${r.body?.msg ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a bad path id is BAD_REQUEST before the visitor rule is looked at', async () => {
    const withId = Object.entries(declared).filter(([route, rule]) => route.includes('/:') && 'page' in rule.fixed);
    expect(withId.length).toBeGreaterThan(3);
    for (const [route] of withId) {
      const r = await call(route.split(' ')[1].replace(/:(\w+)/g, 'abc'), { query: { page: 2 } });
      expect([r.status, r.body?.code], route).toEqual([400, 'BAD_REQUEST']);
    }
  });
});
