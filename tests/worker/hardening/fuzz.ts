/**
 * A request fuzzer driven by the API's own OpenAPI document: for every operation and every role
 * (visitor, user, VIP, super-VIP, a forged token) it sends requests whose path, query, body and
 * headers are valid, at the edges, of the wrong type, hostile text, or missing, and checks each
 * answer: never a 5xx, and every error in the envelope with the HTTP status of its code.
 * Deterministic for a seed. Used by tests/worker/hardening/fuzz.test.ts (a smaller count in the
 * test run) and tests/bench/fuzz.bench.test.ts (the full count, printing figures).
 */
import { SELF } from 'cloudflare:test';
import { createSession } from '../../../worker/src/auth/session';
import { ERROR_STATUS } from '../../../worker/src/lib/errors';
import { db, makeUser } from '../helpers';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  default?: unknown;
};

interface Param {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: 'get' | 'post';
  path: string;
  params: Param[];
  body?: Schema;
  raw: boolean;
  /** A page for people (the e-mail's unsubscribe link): its errors are pages too, not the JSON envelope. */
  html: boolean;
}

export type FuzzRole = 'visitor' | 'user' | 'vip' | 'svip' | 'forged';
export const FUZZ_ROLES: FuzzRole[] = ['visitor', 'user', 'vip', 'svip', 'forged'];

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with its seed. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof rng>;

const HOSTILE_TEXT = [
  '\u0000测试',
  '好评\u202Egnp.exe',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'Cafe\u0301',
  '😀'.repeat(40),
  'x'.repeat(5000),
  ' ',
  '',
  '\u2066隔离\u2069',
  '\r\n',
];
const HOSTILE_NUMBERS: unknown[] = ['1e3', '0x1', '1.5', '-1', '0', '2147483648', '99999999999999999999', 'NaN', 'Infinity', ' 1', [1], true, null, {}, -1, 0, 1.5, 1e20];

function resolve(doc: Record<string, any>, s: Schema | undefined): Schema {
  if (!s) return {};
  if (s.$ref) {
    const name = s.$ref.split('/').pop()!;
    return resolve(doc, doc.components?.schemas?.[name]);
  }
  return s;
}

/** Every operation of the document. */
export function operationsOf(doc: Record<string, any>): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const method of ['get', 'post'] as const) {
      const op = item[method];
      if (!op) continue;
      const ok = op.responses?.['200']?.content ?? {};
      out.push({
        method,
        path,
        params: (op.parameters ?? []) as Param[],
        body: op.requestBody?.content?.['application/json']?.schema,
        raw: !('application/json' in ok) || path === '/api/openapi.json',
        html: 'text/html' in ok,
      });
    }
  }
  return out;
}

/** A value for a schema: mostly plausible, sometimes at or past an edge, of another type, or hostile. */
function valueFor(doc: Record<string, any>, schema: Schema | undefined, r: Rng, depth = 0): unknown {
  const s = resolve(doc, schema);
  const roll = r.next();
  if (roll < 0.12) return r.pick(HOSTILE_NUMBERS);
  if (roll < 0.22) return r.pick(HOSTILE_TEXT);
  if (s.anyOf || s.oneOf) return valueFor(doc, r.pick((s.anyOf ?? s.oneOf)!), r, depth);
  if (s.enum) return r.pick(s.enum);
  if (s.const !== undefined) return s.const;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? 0;
      const hi = s.maximum !== undefined ? Math.min(s.maximum, lo + 50) : lo + 50;
      return r.pick([lo, hi, r.int(lo, hi), lo - 1, (s.maximum ?? hi) + 1, 1, 2, 3]);
    }
    case 'boolean':
      return r.chance(0.5);
    case 'array':
      return depth > 2 ? [] : Array.from({ length: r.int(0, 3) }, () => valueFor(doc, s.items, r, depth + 1));
    case 'object': {
      if (depth > 2) return {};
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(k) ? r.chance(0.92) : r.chance(0.5)) o[k] = valueFor(doc, v, r, depth + 1);
      }
      if (r.chance(0.05)) o.__proto__extra = 'x';
      return o;
    }
    default:
      return r.pick(['测试', '北京', 'a', '科技', 'closure_list', 'vip_month', 'coins_100', 'approve', 'decline', String(r.int(1, 50)), r.pick(HOSTILE_TEXT)]);
  }
}

const asQuery = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

export interface FuzzRequest {
  op: Operation;
  role: FuzzRole;
  url: string;
  init: RequestInit;
}

/** One request for an operation and a role. */
export function buildRequest(doc: Record<string, any>, op: Operation, role: FuzzRole, tokens: Record<FuzzRole, string | undefined>, r: Rng): FuzzRequest {
  let path = op.path;
  const url = new URL('http://localhost');
  for (const p of op.params) {
    const v = valueFor(doc, p.schema, r);
    if (p.in === 'path') {
      const text = r.chance(0.85) ? asQuery(typeof v === 'number' ? v : r.int(1, 40)) : r.pick(['0', '-1', 'abc', '%00', '..', '9999999999', '1e3', '0x1', '']);
      path = path.replace(`{${p.name}}`, encodeURIComponent(text) || '0');
    } else if (p.in === 'query' && (p.required || r.chance(0.6)) && v !== undefined) {
      url.searchParams.set(p.name, asQuery(v));
    }
  }
  url.pathname = path;
  const headers: Record<string, string> = { 'CF-Connecting-IP': `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}` };
  const token = tokens[role];
  if (token) headers.Authorization = `Bearer ${token}`;
  if (r.chance(0.7)) headers['Idempotency-Key'] = r.chance(0.9) ? `fuzz-${r.int(1, 40)}-key` : r.pick(['short', 'bad key!', 'x'.repeat(120)]);
  let method = op.method.toUpperCase();
  if (r.chance(0.04)) method = r.pick(['PUT', 'DELETE', 'PATCH', 'HEAD']);
  const init: RequestInit = { method, headers, redirect: 'manual' };
  if (op.body && method === 'POST') {
    headers['Content-Type'] = 'application/json';
    const roll = r.next();
    init.body = roll < 0.05 ? '{"broken": ' : roll < 0.08 ? JSON.stringify(r.pick(HOSTILE_NUMBERS)) : JSON.stringify(valueFor(doc, op.body, r));
  }
  return { op, role, url: url.toString(), init };
}

export interface FuzzReport {
  requests: number;
  operations: number;
  byStatus: Record<number, number>;
  serverErrors: string[];
  badEnvelopes: string[];
  perRole: Record<FuzzRole, number>;
  ms: number;
}

async function tokensFor(): Promise<{ tokens: Record<FuzzRole, string | undefined>; ids: Record<string, number> }> {
  const [user, vip, svip] = await Promise.all([makeUser({ coins: 500 }), makeUser({ coins: 500, role: 'vip' }), makeUser({ coins: 500, role: 'svip' })]);
  return {
    tokens: { visitor: undefined, user: user.token, vip: vip.token, svip: svip.token, forged: 'f'.repeat(64) },
    ids: { user: user.id, vip: vip.id, svip: svip.id },
  };
}

/** Sends `count` requests spread evenly over every operation and role, `parallel` at a time. */
export async function runFuzz(count: number, seed: number, parallel = 8): Promise<FuzzReport> {
  const t0 = Date.now();
  const doc = (await (await SELF.fetch('http://localhost/api/openapi.json')).json()) as Record<string, any>;
  const ops = operationsOf(doc);
  const r = rng(seed);
  const { tokens, ids } = await tokensFor();
  const report: FuzzReport = { requests: 0, operations: ops.length, byStatus: {}, serverErrors: [], badEnvelopes: [], perRole: { visitor: 0, user: 0, vip: 0, svip: 0, forged: 0 }, ms: 0 };
  const plan: { op: Operation; role: FuzzRole }[] = [];
  for (let i = 0; i < count; i++) plan.push({ op: ops[i % ops.length], role: FUZZ_ROLES[Math.floor(i / ops.length) % FUZZ_ROLES.length] });

  const one = async ({ op, role }: { op: Operation; role: FuzzRole }) => {
    const callTokens = { ...tokens };
    // Logout revokes its token: it gets a session of its own.
    if (op.path.endsWith('/logout') && ids[role]) callTokens[role] = (await createSession(db(), ids[role])).token;
    const req = buildRequest(doc, op, role, callTokens, r);
    const res = await SELF.fetch(req.url, req.init);
    const text = await res.text();
    report.requests++;
    report.perRole[role]++;
    report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
    const label = `${req.init.method} ${req.url} [${role}] ${typeof req.init.body === 'string' ? req.init.body.slice(0, 200) : ''} -> ${res.status} ${text.slice(0, 200)}`;
    if (res.status >= 500) report.serverErrors.push(label);
    if (res.status >= 400 && req.init.method !== 'HEAD') {
      let body: Record<string, unknown> | undefined;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const code = body?.code as keyof typeof ERROR_STATUS | undefined;
      const envelope =
        body?.status === 'error' && code !== undefined && ERROR_STATUS[code] === res.status && typeof body.msg === 'string' && (body.msg as string).length > 0 && typeof body.requestId === 'string';
      // A page for people (the e-mail's unsubscribe link) answers a bad link with a page that says so
      // (4xx, HTML, a Chinese title); the layers before it (input, access) still answer in the envelope.
      const page = op.html && (res.headers.get('Content-Type') ?? '').startsWith('text/html') && /<title>[^<]*[\u4e00-\u9fff][^<]*<\/title>/.test(text);
      // WeChat Pay's callback refuses in its own protocol's shape ({"code":"FAIL","message":…}), as WeChat Pay requires.
      const wechatRefusal = op.path === '/api/pay/notify/wechat' && body?.code === 'FAIL' && typeof body.message === 'string';
      if (!envelope && !page && !wechatRefusal) report.badEnvelopes.push(label);
      if (res.status === 429 && !res.headers.get('Retry-After')) report.badEnvelopes.push(`${label} (429 without Retry-After)`);
    }
  };

  for (let i = 0; i < plan.length; i += parallel) await Promise.all(plan.slice(i, i + parallel).map(one));
  report.ms = Date.now() - t0;
  return report;
}
