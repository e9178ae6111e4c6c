import { drizzle } from 'drizzle-orm/d1';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { access, session } from './auth/access';
import { authRoutes } from './auth/routes';
import { closureCommentRoutes, closureRoutes } from './closure/routes';
import * as schema from './db';
import { exportRoutes } from './exports/routes';
import { followRoutes } from './follow/routes';
import { starmarketRoutes } from './starmarket/routes';
import { docsRoutes } from './lib/docs';
import { entityRoutes } from './entity/routes';
import { searchRoutes } from './search/routes';
import { errorResponse } from './lib/envelope';
import { ApiError } from './lib/errors';
import { createArea, declared, derivePolicy } from './lib/route';
import { orderRoutes } from './order/routes';
import { saasRoutes } from './saas/routes';
import { sharePage } from './share/page';
import { shareRoutes } from './share/routes';
import { userRoutes } from './user/routes';

/** Request bodies above this are refused before parsing. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The areas, one line each: `.route(<prefix>, declared(<area>Routes))`. */
const api = createArea()
  .route('/', declared(docsRoutes(() => app)))
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
  .route('/', declared(entityRoutes))
  .route('/search', declared(searchRoutes));

const app = createArea();

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

/** The share pages' HTML carries the shared item's Open Graph / WeChat meta. */
app.get('/share/*', sharePage);

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

/** Every route's access level and summary, from the routes' declarations (the access-matrix test walks it). */
export const policy = () => derivePolicy(app);
