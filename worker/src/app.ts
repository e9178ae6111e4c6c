import { drizzle } from 'drizzle-orm/d1';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { access, session } from './auth/access';
import * as schema from './db';
import type { AppEnv } from './env';
import { errorResponse } from './lib/envelope';
import { ApiError } from './lib/errors';
import { buildOpenApi, docsPage } from './lib/openapi';
import { authRoutes } from './routes/auth';
import { closureCommentRoutes, closureRoutes } from './routes/closure';
import { exportRoutes } from './routes/exports';
import { followRoutes } from './routes/follow';
import { userRoutes } from './routes/user';

/** Request bodies above this are refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Built on the first request (the routes never change while an isolate lives), not per request or at start-up. */
let openApi: ReturnType<typeof buildOpenApi> | undefined;

const api = new Hono<AppEnv>()
  .get('/health', (c) => c.json({ status: 'success' as const, data: { ok: true } }))
  .get('/openapi.json', (c) => c.json((openApi ??= buildOpenApi(app))))
  .get('/docs', (c) => c.html(docsPage()))
  .route('/auth', authRoutes)
  .route('/user', userRoutes)
  .route('/closure', closureRoutes)
  .route('/', closureCommentRoutes)
  .route('/', exportRoutes)
  .route('/follow', followRoutes);

const app = new Hono<AppEnv>();

app.use('/api/*', async (c, next) => {
  c.set('requestId', c.req.header('cf-ray') ?? crypto.randomUUID());
  c.set('db', drizzle(c.env.DB, { schema }));
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store');
});
app.use(
  '/api/*',
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new ApiError('PAYLOAD_TOO_LARGE', '请求内容过大（上限 64KB）'); } }),
);
app.use('/api/*', session);
app.use('/api/*', access(() => app));

const routes = app.route('/api', api);

/** Phones, Android and the product's app opening /health get the mobile page. */
const MOBILE_UA = /Android|iPhone|iPod|Mobile|JuziApp|juzi/i;
app.get('/health', (c) => {
  if (MOBILE_UA.test(c.req.header('User-Agent') ?? '')) return c.redirect('/healthMobile', 302);
  return c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.notFound();
});

app.notFound((c) => {
  if (c.req.path.startsWith('/api/')) return errorResponse(c, new ApiError('NOT_FOUND', '接口不存在'));
  return c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text('Not Found', 404);
});

app.onError((err, c) => {
  c.set('requestId', c.get('requestId') ?? crypto.randomUUID());
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    // Hono's own 400s: malformed JSON and the like.
    if (err.status === 400) return errorResponse(c, new ApiError('BAD_REQUEST', '请求体不是合法的 JSON'));
    if (err.status === 413) return errorResponse(c, new ApiError('PAYLOAD_TOO_LARGE'));
  }
  console.error('unhandled', c.get('requestId'), err);
  return errorResponse(c, new ApiError('INTERNAL'));
});

export type AppType = typeof routes;
export { app };
