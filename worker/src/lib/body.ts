/**
 * Request bodies, before any route's validation (after the size limit in app.ts):
 *  - a route whose declaration takes a JSON body gets JSON: any spelling of a JSON media type that
 *    RFC 9110 allows (`application/json;`, `application/json ; charset=utf-8`, `+json` types) is
 *    read as JSON; a body sent as anything else (no type, text/plain, a form) is refused with 415.
 *    The safelisted types (text/plain, forms, none) are what a page on another site can send
 *    without a CORS preflight, so requiring a JSON type keeps other sites from making visitors'
 *    browsers sign up, log in or apply on this API;
 *  - every body that is not a form is scanned for its nesting depth before anything parses it, so
 *    a deeply nested body is a 400 instead of exhausting a recursive parser or validator;
 *  - a route that reads its own body (the payment callbacks, the one-click unsubscribe) gets it
 *    unread: only a clone is scanned.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from './errors';
import { cleanJson } from './input';
import type { RoutePolicy } from './route';

/** Arrays and objects inside each other, at most; the API's own bodies use three or four. */
export const MAX_JSON_DEPTH = 32;

export const BODY_MESSAGES = {
  mediaType: '请求体须为 JSON，请设置 Content-Type: application/json',
  malformed: '请求体不是合法的 JSON',
  tooDeep: `请求体嵌套层数过多（最多 ${MAX_JSON_DEPTH} 层）`,
  unreadable: '请求体无法读取',
} as const;

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
/** RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS [ parameter ] ), parameter values a token or a quoted string. */
const MEDIA_TYPE = new RegExp(`^[ \\t]*(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|"(?:[^"\\\\]|\\\\.)*"))?)*)[ \\t]*$`);

/** Whether a Content-Type names JSON: application/json or application/<anything>+json, any parameters. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const m = contentType ? MEDIA_TYPE.exec(contentType) : null;
  if (!m) return false;
  const type = m[1].toLowerCase();
  const subtype = m[2].toLowerCase();
  return type === 'application' && (subtype === 'json' || subtype.endsWith('+json'));
}

const isFormMediaType = (contentType: string | undefined) => /^[ \t]*(?:application\/x-www-form-urlencoded|multipart\/form-data)[ \t]*(?:;|$)/i.test(contentType ?? '');

/**
 * The deepest nesting of arrays and objects in a JSON text, counting brackets outside strings;
 * stops counting once past `limit`. Text that is not JSON gets a number too; the parser judges it.
 */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

/** The body's text from a clone (the request's own body stays unread); a read that fails past the size limit is 413. */
async function peekText(req: Request): Promise<string> {
  try {
    return await req.clone().text();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError('BAD_REQUEST', BODY_MESSAGES.unreadable);
  }
}

export function requestBodies(policy: RoutePolicy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || !c.req.raw.body) return next();
    const contentType = c.req.header('Content-Type');
    const takesJson = !!policy.of(c)?.entry?.json;
    if (!takesJson && isFormMediaType(contentType)) return next();

    const text = await peekText(c.req.raw);
    if (text.trim() === '') return next();
    if (jsonDepth(text) > MAX_JSON_DEPTH) throw new ApiError('BAD_REQUEST', BODY_MESSAGES.tooDeep, { field: 'body' });
    if (!takesJson) return next();

    if (!isJsonMediaType(contentType)) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', BODY_MESSAGES.mediaType, { field: 'Content-Type' });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError('BAD_REQUEST', BODY_MESSAGES.malformed, { field: 'body' });
    }
    // The route's validators accept one spelling of the type; they read the body from the cache.
    if (contentType !== 'application/json') {
      const headers = new Headers(c.req.raw.headers);
      headers.set('Content-Type', 'application/json');
      c.req.raw = new Request(c.req.raw, { headers });
    }
    c.req.bodyCache.json = Promise.resolve(cleanJson(body, ''));
    return next();
  };
}
