import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { ApiError, type ErrorCode } from './errors';

export interface Page {
  total: number;
  page: number;
  per_page: number;
}

export const ok = <T>(c: Context<AppEnv>, data: T) => c.json({ status: 'success' as const, data }, 200);

export const list = <T>(c: Context<AppEnv>, info: T[], page: Page) =>
  c.json({ status: 'success' as const, data: { info, page } }, 200);

/** A page of a list query (`{ info, total }`) answered with the request's own page and per_page. */
export const paged = <T>(c: Context<AppEnv>, q: { page: number; per_page: number }, r: { info: T[]; total: number }) =>
  list(c, r.info, { total: r.total, page: q.page, per_page: q.per_page });

export interface ErrorBody {
  status: 'error';
  code: ErrorCode;
  msg: string;
  requestId: string;
  [extra: string]: unknown;
}

/** Retry-After of a 429 whose limiter did not say (seconds). */
export const DEFAULT_RETRY_AFTER_S = 60;

export function errorResponse(c: Context<AppEnv>, err: ApiError) {
  const body: ErrorBody = {
    ...(err.extra ?? {}),
    status: 'error',
    code: err.code,
    msg: err.message,
    requestId: c.get('requestId') ?? '',
  };
  c.header('Cache-Control', 'private, no-store');
  if (err.code === 'RATE_LIMITED') {
    // Every 429 says when to come back (seconds); limiters put it in extra.retry_after.
    const retry = Math.max(1, Math.ceil(Number(err.extra?.retry_after) || DEFAULT_RETRY_AFTER_S));
    body.retry_after = retry;
    c.header('Retry-After', String(retry));
  }
  return c.json(body, err.status);
}
