/**
 * The API's own routes: health, the OpenAPI document and its reference page.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ok } from './envelope';
import { buildOpenApi, docsPage } from './openapi';
import { createArea, defineRawRoute, defineRoute } from './route';

const health = defineRoute({ method: 'get', path: '/health', access: 'public', summary: '服务健康检查', data: z.object({ ok: z.boolean() }) });

const openapiJson = defineRawRoute({
  method: 'get',
  path: '/openapi.json',
  access: 'public',
  cache: { maxAge: 3600, shared: 'everyone' },
  summary: 'OpenAPI 3.1 文档',
  mediaType: 'application/json',
  schema: z.record(z.string(), z.unknown()),
});

const docs = defineRawRoute({ method: 'get', path: '/docs', access: 'public', summary: 'API 参考页面（Scalar）', mediaType: 'text/html' });

/** `areas`: every other area of the API, as mounted under /api; the document describes them and these routes. */
export function docsRoutes(areas: OpenAPIHono<AppEnv, any, any>) { // eslint-disable-line @typescript-eslint/no-explicit-any -- any areas' schema
  // Built on the first request (the routes never change while an isolate lives), not per request or at start-up.
  let doc: Record<string, unknown> | undefined;
  const whole = (): OpenAPIHono<AppEnv, any, any> => createArea().route('/api', routes).route('/api', areas); // eslint-disable-line @typescript-eslint/no-explicit-any -- the whole API's schema
  const routes = createArea()
    .openapi(health, (c) => ok(c, { ok: true }))
    .openapi(openapiJson, (c) => c.json((doc ??= buildOpenApi(whole()) as unknown as Record<string, unknown>), 200))
    .openapi(docs, (c) => c.html(docsPage()));
  return routes;
}
