/**
 * Text input, for every route at once (before any area's validation): every string value of the
 * query and of a JSON body is
 *  - refused when it holds a control character (C0 / DEL / C1 except tab, line feed and carriage
 *    return) or a bidirectional embedding / override / isolate (U+202A–U+202E, U+2066–U+2069),
 *    which can hide or reorder what other users read (a NUL-prefixed keyword, a U+202E comment);
 *  - normalised to Unicode NFC, so the same text typed two ways is stored and searched as one.
 * A refusal is BAD_REQUEST naming the field. What a user writes for others to read has a stricter
 * rule on its own schema (lib/text.ts textRule). A JSON body is cleaned where it is parsed (lib/body.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from './errors';
import { FORBIDDEN_CHARS, FORBIDDEN_MSG } from './text';

export { FORBIDDEN_CHARS, FORBIDDEN_MSG };

/** The cleaned text, or throws BAD_REQUEST naming `field`. */
export function cleanText(value: string, field: string): string {
  if (FORBIDDEN_CHARS.test(value)) throw new ApiError('BAD_REQUEST', `${field}：${FORBIDDEN_MSG}`, { field });
  return value.normalize('NFC');
}

/** Every string inside a parsed JSON value, cleaned; keys name the field (`params.keyword`). */
export function cleanJson(value: unknown, path: string): unknown {
  if (typeof value === 'string') return cleanText(value, path || '请求体');
  if (Array.isArray(value)) return value.map((v, i) => cleanJson(v, `${path}.${i}`));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (FORBIDDEN_CHARS.test(k)) throw new ApiError('BAD_REQUEST', `${path || '请求体'}：字段名${FORBIDDEN_MSG}`, { field: path || 'body' });
      out[k] = cleanJson(v, path ? `${path}.${k}` : k);
    }
    return out;
  }
  return value;
}

export const cleanInput: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = new URL(c.req.url);
  let changed = false;
  for (const [k, v] of url.searchParams) {
    if (cleanText(k, k) !== k) changed = true;
    if (cleanText(v, k) !== v) changed = true;
  }
  if (changed && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
    const normalised = new URLSearchParams();
    for (const [k, v] of url.searchParams) normalised.append(k.normalize('NFC'), v.normalize('NFC'));
    url.search = normalised.toString();
    c.req.raw = new Request(url, c.req.raw);
  }
  await next();
};
