import { hc } from 'hono/client';
import type { AppType } from '../../../worker/src/index';
import { dropStaleToken, getToken } from './token';

/**
 * The one typed API client. Every call of the SPA goes through `api`, e.g.
 *   const info = await unwrap(api.user.info.$get());
 *   await unwrap(api.closure.add_incense.$post({ json }, idempotent(key)));
 * Failures never come back as a response: `apiFetch` throws an `ApiError`, which React Query
 * hands to the gate (lib/gate.ts) so codes turn into dialogs and toasts in one place.
 */

/** Codes of the worker's error envelope, plus NETWORK for a request that never got an answer. */
export type ApiErrorCode =
  | 'LOGIN_REQUIRED'
  | 'VIP_REQUIRED'
  | 'SVIP_REQUIRED'
  | 'INSUFFICIENT_COINS'
  | 'BAD_REQUEST'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'NETWORK';

/** The error envelope `{status:'error', code, msg, requestId, ...extra}` on the client side. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly requestId: string;
  /** Any further fields of the envelope (e.g. `field` of a validation error). */
  readonly extra: Record<string, unknown>;
  constructor(code: ApiErrorCode, msg: string, status = 0, requestId = '', extra: Record<string, unknown> = {}) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.requestId = requestId;
    this.extra = extra;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

const FALLBACK_MSG = '服务器开小差了，请稍后重试';

function isErrorEnvelope(body: unknown): body is { status: 'error'; code: ApiErrorCode; msg: string; requestId?: string } {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'error' && typeof (body as { code?: unknown }).code === 'string';
}

async function toApiError(res: Response): Promise<ApiError> {
  const body: unknown = await res.json().catch(() => null);
  if (isErrorEnvelope(body)) {
    const { status: _s, code, msg, requestId, ...extra } = body;
    return new ApiError(code, msg || FALLBACK_MSG, res.status, requestId ?? '', extra);
  }
  // Not our envelope (a proxy's HTML page, a crashed dev server): still a Chinese message for the user.
  return new ApiError(res.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST', FALLBACK_MSG, res.status);
}

/**
 * fetch with the session token, turning every failure into an `ApiError`.
 * `globalThis.fetch` is looked up per call so tests can stub the HTTP boundary.
 */
export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  const token = getToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await globalThis.fetch(input, { ...init, headers });
  } catch {
    throw new ApiError('NETWORK', '网络连接失败，请检查网络后重试');
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // A token the worker does not know (expired, revoked, logged out elsewhere) is dropped here, for
    // every call, whatever the caller does with the error: the next calls go out as a visitor's.
    if (error.code === 'LOGIN_REQUIRED' && token && headers.get('Authorization') === `Bearer ${token}`) dropStaleToken(token);
    throw error;
  }
  return res;
}

/** The typed client, rooted at `/api` (paths follow worker/src/index.ts). */
export const api = hc<AppType>('/', { fetch: apiFetch }).api;

type JsonOf<R> = R extends { json(): Promise<infer J> } ? J : never;
/** The `data` of a success envelope of a typed response. */
export type DataOf<R> = Extract<JsonOf<R>, { status: 'success' }> extends { data: infer D } ? D : never;

/** Awaits a typed call and returns the envelope's `data`. */
export async function unwrap<R extends { json(): Promise<unknown> }>(call: Promise<R>): Promise<DataOf<R>> {
  const res = await call;
  const body = (await res.json()) as { status?: string; data?: unknown };
  // A 2xx that still carries the error envelope would be a worker bug; surface it the same way.
  if (isErrorEnvelope(body)) throw new ApiError(body.code, body.msg || FALLBACK_MSG, 200, body.requestId ?? '');
  return body.data as DataOf<R>;
}

/**
 * Request options for a paid action (incense, export, order): the worker charges once per key.
 * Make the key once per user intent (see `useIntentKey`) and reuse it on retries.
 */
export const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const newIntentKey = () => crypto.randomUUID();
