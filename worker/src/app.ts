import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { apiKeyRoutes } from './apikeys/routes';
import { keyGate } from './apikeys/gate';
import { access, session } from './auth/access';
import { authRoutes } from './auth/routes';
import { closureCommentRoutes, closureRoutes } from './closure/routes';
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, sessionDb } from './db';
import { digestRoutes } from './digest/routes';
import { exportRoutes } from './exports/routes';
import { followRoutes } from './follow/routes';
import { importRoutes } from './import/routes';
import { starmarketRoutes } from './starmarket/routes';
import { medicalRoutes } from './medical/routes';
import { edgeCache } from './lib/cache';
import { docsRoutes } from './lib/docs';
import { robotsTxt, sitemapXml } from './lib/delivery';
import { apiCors, securityHeaders } from './lib/headers';
import { routePreloads } from './lib/preloads';
import { actionLimits } from './lib/rate-limit';
import { requestBodies } from './lib/body';
import { cleanInput } from './lib/input';
import { entityRoutes } from './entity/routes';
import { searchRoutes } from './search/routes';
import { errorResponse } from './lib/envelope';
import { ApiError } from './lib/errors';
import { createArea, declared, routePolicy } from './lib/route';
import { notifyRefusal } from './order/notify';
import { orderRoutes } from './order/routes';
import { saasRoutes } from './saas/routes';
import { sharePage } from './share/page';
import { shareRoutes } from './share/routes';
import { userRoutes } from './user/routes';
import { feedResponse } from './watch/feed';
import { watchRoutes } from './watch/routes';

/** Request bodies above this are refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The areas, one line each: `.route(<prefix>, declared(<area>Routes))`. */
const areas = createArea()
  .route('/auth', declared(authRoutes))
  .route('/user', declared(userRoutes))
  .route('/closure', declared(closureRoutes))
  .route('/', declared(closureCommentRoutes))
  .route('/', declared(exportRoutes))
  .route('/follow', declared(followRoutes))
  .route('/', declared(orderRoutes))
  .route('/', declared(saasRoutes))
  .route('/group', declared(shareRoutes))
  .route('/starmarket', declared(starmarketRoutes))
  .route('/medical', declared(medicalRoutes))
  .route('/', declared(digestRoutes))
  .route('/', declared(entityRoutes))
  .route('/search', declared(searchRoutes))
  .route('/', declared(watchRoutes))
  .route('/keys', declared(apiKeyRoutes))
  .route('/', declared(importRoutes));

/** The API: the areas and its own description of them (the OpenAPI document, health). */
const api = createArea().route('/', declared(docsRoutes(areas))).route('/', areas);

/** Every route's policy (access, caching, limit, visitor rule), from the declarations; the middlewares read it. */
const apiPolicy = routePolicy(api, '/api');

const app = createArea();

app.use('*', securityHeaders);
app.use('*', routePreloads);
app.use('/api/*', apiCors);

app.use('/api/*', async (c, next) => {
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  // Reads through the D1 Sessions API; the user's bookmark comes back on signed-in and write requests.
  const { db, bookmark } = sessionDb(c.env.DB, c.req.header(BOOKMARK_HEADER) ?? getCookie(c, BOOKMARK_COOKIE));
  c.set('db', db);
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store');
  const mark = bookmark();
  if (mark && (c.req.header('Authorization') || !['GET', 'HEAD'].includes(c.req.method)) && !/\bpublic\b/.test(c.res.headers.get('Cache-Control') ?? '')) {
    c.header(BOOKMARK_HEADER, mark);
    setCookie(c, BOOKMARK_COOKIE, mark, { path: '/api', httpOnly: true, sameSite: 'Lax', maxAge: 3600 });
  }
});
app.use('/api/*', edgeCache(apiPolicy));
app.use(
  '/api/*',
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new ApiError('PAYLOAD_TOO_LARGE', '请求内容过大（上限 64KB）'); } }),
);
app.use('/api/*', requestBodies(apiPolicy));
app.use('/api/*', cleanInput);
app.use('/api/*', session);
app.use('/api/*', access(apiPolicy));
// A call made with an API key: what a key may call, its monthly quota and usage (apikeys/gate.ts).
app.use('/api/*', keyGate(apiPolicy));
app.use('/api/*', actionLimits(apiPolicy));

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the typed client's type (AppType) is read off it
const routes = app.route('/api', api);

/**
 * Phones, Android and the product's app opening /health get the mobile page: its HTML and its
 * route's files at once, without a redirect round trip; the SPA then shows /healthMobile in the
 * address bar (web/src/lib/mobile.ts) before it renders.
 */
const MOBILE_UA = /Android|iPhone|iPod|Mobile|JuziApp|juzi/i;
app.get('/health', async (c) => {
  if (!c.env.ASSETS) return c.notFound();
  const phone = MOBILE_UA.test(c.req.header('User-Agent') ?? '');
  if (phone) c.set('pagePath', '/healthMobile');
  const page = await c.env.ASSETS.fetch(phone ? new Request(new URL('/healthMobile', c.req.url), c.req.raw) : c.req.raw);
  const res = new Response(page.body, page);
  res.headers.append('Vary', 'User-Agent');
  return res;
});

app.get('/robots.txt', robotsTxt);
app.get('/feeds/:file', feedResponse);
app.get('/sitemap.xml', sitemapXml);

/** The share pages' HTML carries the shared item's Open Graph / WeChat meta. */
app.get('/share/*', sharePage);

app.notFound((c) => {
  if (c.req.path.startsWith('/api/')) return errorResponse(c, new ApiError('NOT_FOUND', '接口不存在'));
  return c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text('Not Found', 404);
});

app.onError((err, c) => {
  c.set('requestId', c.get('requestId') ?? crypto.randomUUID());
  // A payment provider's notify gets its protocol's refusal, even from a middleware (body limit, input checks).
  const refusal = notifyRefusal(c.req.path, err instanceof ApiError ? err.message : '处理失败');
  if (refusal) return refusal;
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    // Hono's own 400s: malformed JSON and the like.
    if (err.status === 400) return errorResponse(c, new ApiError('BAD_REQUEST', '请求体不是合法的 JSON'));
    if (err.status === 413) return errorResponse(c, new ApiError('PAYLOAD_TOO_LARGE'));
    if (err.status === 415) return errorResponse(c, new ApiError('UNSUPPORTED_MEDIA_TYPE'));
  }
  console.error('unhandled', c.get('requestId'), err);
  return errorResponse(c, new ApiError('INTERNAL'));
});

export type AppType = typeof routes;
export { app };

/** Every route's policy, from the routes' declarations (the access-matrix, cache and limit tests walk it). */
export const policy = () => apiPolicy.routes;
