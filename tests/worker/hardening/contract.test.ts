/**
 * The OpenAPI document against the handlers, generated from /api/openapi.json: for every
 * operation's path, query and JSON-body fields, each documented enum value and each boundary of a
 * documented range, length or pattern is accepted (the answer is not a 400 naming that field), and
 * the value just outside is refused with a 400 naming that field. A super-VIP calls, so access
 * levels never hide a validation answer.
 */
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../helpers';

interface Schema {
  type?: string | string[];
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  example?: unknown;
  default?: unknown;
  items?: Schema;
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Field {
  name: string;
  in: 'path' | 'query' | 'body';
  required: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  fields: Field[];
}

interface Probe {
  op: Operation;
  field: Field;
  value: string | number;
  expect: 'accepted' | 'refused';
  why: string;
}

// --- values from a schema ---

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** Text of exactly `n` characters that meets the usual content rules (not one repeated character, no account in it). */
const textOf = (n: number) => 'Tq8#vN3m-Lp7Rx2Kw'.repeat(Math.ceil(n / 17) + 1).slice(0, n);

/** A simple pattern as atoms (character class or literal, with a count): ^[1-9]\d{0,9}$ and the like; null when it is not that simple. */
function atomsOf(pattern: string): { char: string; min: number; max: number }[] | null {
  const body = /^\^(.*)\$$/.exec(pattern)?.[1];
  if (body === undefined) return null;
  const atom = /(\[(?:\\.|[^\]])+\]|\\d|[A-Za-z0-9@._-])(\{(\d+)(?:,(\d+))?\}|[+*?])?/y;
  const out: { char: string; min: number; max: number }[] = [];
  let at = 0;
  while (at < body.length) {
    atom.lastIndex = at;
    const m = atom.exec(body);
    if (!m) return null;
    at = atom.lastIndex;
    const cls = m[1]!;
    const char = cls === '\\d' ? '7' : cls.startsWith('[') ? cls[1]! : cls;
    const q = m[2];
    const [min, max] = !q ? [1, 1] : q === '+' ? [1, 8] : q === '*' ? [0, 8] : q === '?' ? [0, 1] : [Number(m[3]), m[4] === undefined ? Number(m[3]) : Number(m[4])];
    out.push({ char, min, max });
  }
  return out;
}

/** Values a field's schema documents as accepted, and the values just outside, each with a reason. */
function probesOf(s: Schema): { accepted: [string | number, string][]; refused: [string | number, string][] } {
  const accepted: [string | number, string][] = [];
  const refused: [string | number, string][] = [];
  const type = typeOf(s);
  if (type === 'array') {
    for (const v of s.items?.enum ?? []) accepted.push([v, `item ${JSON.stringify(v)}`]);
    if (s.items?.enum) refused.push([`${s.items.enum[0]}_x`, 'an item not in the enum']);
    return { accepted, refused };
  }
  if (s.enum) {
    for (const v of s.enum) accepted.push([v, `enum value ${JSON.stringify(v)}`]);
    if (type === 'string') refused.push([`${s.enum[0]}_x`, 'not in the enum']);
    else {
      const nums = s.enum.map(Number);
      for (const v of [Math.min(...nums) - 1, Math.max(...nums) + 1]) if (!nums.includes(v)) refused.push([v, 'next to the enum']);
    }
    return { accepted, refused };
  }
  if (type === 'integer' || type === 'number') {
    if (s.minimum !== undefined) {
      accepted.push([s.minimum, 'minimum']);
      refused.push([s.minimum - 1, 'minimum - 1']);
    }
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) {
      accepted.push([s.maximum, 'maximum']);
      refused.push([s.maximum + 1, 'maximum + 1']);
    }
    return { accepted, refused };
  }
  if (type === 'string') {
    if (s.pattern) {
      const re = new RegExp(s.pattern);
      const atoms = atomsOf(s.pattern);
      const candidates: [string, string][] = atoms
        ? [
            [atoms.map((a) => a.char.repeat(a.min)).join(''), 'shortest match of the pattern'],
            [atoms.map((a) => a.char.repeat(a.max)).join(''), 'longest match of the pattern'],
          ]
        : typeof s.example === 'string'
          ? [[s.example, 'the documented example']]
          : [];
      for (const [v, why] of candidates) if (v.length >= (s.minLength ?? 0) && re.test(v)) accepted.push([v, why]);
      const longest = candidates.at(-1)?.[0];
      if (longest !== undefined) {
        for (const [v, why] of [
          [`${longest}${longest.at(-1) ?? 'x'}`, 'one character past the pattern'],
          [`!${longest}`, 'a character outside the pattern'],
        ] as [string, string][])
          if (!re.test(v)) refused.push([v, why]);
      }
      return { accepted, refused };
    }
    if (s.format) return { accepted, refused };
    const min = s.minLength ?? 0;
    if (min > 0) {
      accepted.push([textOf(min), `minLength ${min}`]);
      refused.push([min === 1 ? '' : textOf(min - 1), `minLength - 1`]);
    }
    if (s.maxLength !== undefined) {
      accepted.push([textOf(s.maxLength), `maxLength ${s.maxLength}`]);
      refused.push([textOf(s.maxLength + 1), 'maxLength + 1']);
    }
  }
  return { accepted, refused };
}

/** A value the field accepts, for the fields of a request that are not under test. */
function baseline(s: Schema): string | number | undefined {
  if (s.example !== undefined && (typeof s.example === 'string' || typeof s.example === 'number')) return s.example;
  if (typeof s.default === 'string' || typeof s.default === 'number') return s.default;
  return probesOf(s).accepted[0]?.[0];
}

// --- the document ---

function operations(doc: { paths: Record<string, Record<string, { parameters?: Field[] & { schema: Schema }[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>>; components?: { schemas?: Record<string, Schema> } }): Operation[] {
  const deref = (s: Schema): Schema => (s.$ref ? deref(doc.components!.schemas![s.$ref.split('/').at(-1)!]!) : s);
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const fields: Field[] = (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({ name: p.name, in: p.in, required: !!p.required, schema: deref(p.schema) }));
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) {
        const b = deref(body);
        for (const [name, s] of Object.entries(b.properties ?? {})) fields.push({ name, in: 'body', required: (b.required ?? []).includes(name), schema: deref(s) });
      }
      if (fields.length) out.push({ method: method.toUpperCase(), path, fields });
    }
  }
  return out;
}

let seq = 0;

/** Calls the operation with `field` set to `value` and every other required field at its baseline. */
async function send(op: Operation, field: Field, value: string | number, token: string) {
  const values = new Map<Field, string | number>();
  for (const f of op.fields) {
    if (f === field) values.set(f, value);
    else if (f.required || f.in === 'path') {
      const v = baseline(f.schema);
      if (v !== undefined) values.set(f, v);
    }
  }
  let path = op.path;
  const url = new URL('http://localhost');
  const body: Record<string, unknown> = {};
  for (const [f, v] of values) {
    if (f.in === 'path') path = path.replace(`{${f.name}}`, encodeURIComponent(String(v)));
    else if (f.in === 'query') url.searchParams.set(f.name, String(v));
    else body[f.name] = typeOf(f.schema) === 'array' ? [v] : v;
  }
  url.pathname = path;
  seq++;
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'CF-Connecting-IP': `10.93.${Math.floor(seq / 250) % 250}.${seq % 250}`,
    'Idempotency-Key': `contract-${seq}-${Date.now()}`,
  };
  const hasBody = op.fields.some((f) => f.in === 'body');
  if (hasBody) headers['Content-Type'] = 'application/json';
  const fetchOnce = () => SELF.fetch(url, { method: op.method, headers, body: hasBody ? JSON.stringify(body) : undefined });
  let res = await fetchOnce();
  if (res.status === 429) {
    // The probes write as one user (comments, trial applications): the action limits are not what is tested.
    await env.DB.prepare('DELETE FROM action_hits').run();
    res = await fetchOnce();
  }
  const text = await res.text();
  let json: { field?: string; msg?: string; code?: string } = {};
  try {
    json = JSON.parse(text);
  } catch {
    // An HTML or file answer: not a validation error.
  }
  return { status: res.status, field: json.field, msg: json.msg ?? '', code: json.code };
}

/** The routes whose answers change the caller's session: calling them would end the run's login. */
const LEAVE_OUT = new Set(['POST /api/auth/logout']);
/**
 * Fields whose documented values depend on the deployment, not the schema: a payment provider is
 * refused until its keys are configured (the test worker has only the sandbox).
 */
const DEPLOYMENT_DEPENDENT = new Set(['POST /api/orders provider']);

describe('the OpenAPI contract', () => {
  let token = '';
  const probes: Probe[] = [];

  beforeAll(async () => {
    token = (await makeUser({ role: 'svip' })).token;
    const doc = await (await SELF.fetch('http://localhost/api/openapi.json')).json();
    for (const op of operations(doc as Parameters<typeof operations>[0])) {
      if (LEAVE_OUT.has(`${op.method} ${op.path}`)) continue;
      for (const field of op.fields) {
        if (DEPLOYMENT_DEPENDENT.has(`${op.method} ${op.path} ${field.name}`)) continue;
        const { accepted, refused } = probesOf(field.schema);
        for (const [value, why] of accepted) probes.push({ op, field, value, expect: 'accepted', why });
        for (const [value, why] of refused) probes.push({ op, field, value, expect: 'refused', why });
      }
    }
  });

  it('covers the operations: enums, ranges, lengths and patterns of the document are probed', () => {
    const ops = new Set(probes.map((p) => `${p.op.method} ${p.op.path}`));
    expect(ops.size).toBeGreaterThan(60);
    expect(probes.filter((p) => p.expect === 'refused').length).toBeGreaterThan(300);
    expect(probes.some((p) => p.op.path === '/api/medical/block' && p.field.name === 'order' && p.value === 3 && p.expect === 'accepted')).toBe(true);
  });

  it('every documented value is accepted and every value just outside is refused naming the field', async () => {
    const wrong: string[] = [];
    for (const p of probes) {
      const r = await send(p.op, p.field, p.value, token);
      const namesField = r.status === 400 && (r.field === p.field.name || r.msg.startsWith(`${p.field.name}：`));
      const label = `${p.op.method} ${p.op.path} ${p.field.in} ${p.field.name}=${JSON.stringify(p.value)} (${p.why})`;
      if (r.status >= 500) wrong.push(`${label} -> ${r.status} ${r.code}`);
      else if (p.expect === 'accepted' && namesField) wrong.push(`${label} refused: ${r.msg}`);
      else if (p.expect === 'refused' && !namesField) wrong.push(`${label} not refused: ${r.status} ${r.code ?? ''} ${r.field ?? ''} ${r.msg}`);
    }
    expect(wrong).toEqual([]);
  });
});
