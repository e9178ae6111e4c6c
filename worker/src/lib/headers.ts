/**
 * Security and delivery headers of every response the worker sends (the API, the SPA's HTML,
 * the share pages, the docs page, and the static files it passes through from ASSETS).
 * web/public/_headers says the same for the files the assets server answers without the worker
 * (hashed /assets/* and /vendor/*, see wrangler.toml run_worker_first).
 *
 * - Content-Security-Policy: scripts only from this origin (no inline script, no eval); the SPA
 *   and the API reference (Scalar) load theirs from files. Inline style attributes stay allowed: React, Radix and
 *   Recharts position popovers and charts with them. frame-ancestors 'none' (and X-Frame-Options
 *   DENY for old browsers) so no page, in particular a paid confirm dialog, can be framed.
 * - Non-HTML answers (JSON, files) get `default-src 'none'; frame-ancestors 'none'`.
 * - X-Content-Type-Options nosniff, Referrer-Policy and Permissions-Policy on everything;
 *   HSTS only when the request came over HTTPS (a plain-HTTP dev server must not pin itself).
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../env';

export const HTML_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Hashed build output (/assets/name-<hash>.js): its name changes with its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML and other unhashed files: always revalidated, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

export const isHashedAsset = (path: string) => path.startsWith('/assets/');

/** Sets the security headers on a response (its headers must be mutable). */
export function applySecurityHeaders(headers: Headers, https: boolean): void {
  const html = (headers.get('Content-Type') ?? '').includes('text/html');
  headers.set('Content-Security-Policy', html ? HTML_CSP : NON_HTML_CSP);
  headers.set('X-Frame-Options', 'DENY');
  headers.set('X-Content-Type-Options', 'nosniff');
  // A route may be stricter (a file download: no-referrer).
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Permissions-Policy', PERMISSIONS_POLICY);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (https) headers.set('Strict-Transport-Security', HSTS);
}

/**
 * The outermost middleware: every answer, including errors and the assets the worker passes
 * through, leaves with the headers. Static files get their cache policy here too: hashed ones a
 * year and immutable, everything else (HTML first of all) revalidated.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // Responses from ASSETS.fetch / fetch() have immutable headers: copy once.
  let res = c.res;
  try {
    res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    res = new Response(res.body, res);
  }
  const url = new URL(c.req.url);
  applySecurityHeaders(res.headers, url.protocol === 'https:');
  if (!url.pathname.startsWith('/api/')) {
    if (isHashedAsset(url.pathname) && res.status === 200) res.headers.set('Cache-Control', IMMUTABLE);
    else if (!res.headers.has('Cache-Control') || (res.headers.get('Content-Type') ?? '').includes('text/html')) res.headers.set('Cache-Control', REVALIDATE);
  }
  // Hono's setter copies the previous response's headers over the new one: clear it first.
  c.res = undefined;
  c.res = res;
};

/**
 * CORS for the API: only the product's own origin (APP_ORIGIN) may read answers from a browser
 * on another origin (a separate SPA host in development); any other Origin gets no
 * Access-Control-Allow-Origin, so the browser withholds the answer.
 */
export const apiCors: MiddlewareHandler<AppEnv> = cors({
  origin: (origin, c) => (origin && origin === (c.env as AppEnv['Bindings']).APP_ORIGIN?.replace(/\/+$/, '') ? origin : null),
  allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-API-Key'],
  exposeHeaders: ['Retry-After', 'Idempotent-Replayed', 'RateLimit', 'RateLimit-Policy'],
  maxAge: 600,
});
