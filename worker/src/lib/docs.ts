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
  summary: 'OpenAPI 3.1 文档',
  mediaType: 'application/json',
  schema: z.record(z.string(), z.unknown()),
});

const docs = defineRawRoute({ method: 'get', path: '/docs', access: 'public', summary: 'API 参考页面（Scalar）', mediaType: 'text/html' });

/** `app` is the whole app: the document describes every mounted route. */
export function docsRoutes(app: () => OpenAPIHono<AppEnv>) {
  // Built on the first request (the routes never change while an isolate lives), not per request or at start-up.
  let doc: Record<string, unknown> | undefined;
  return createArea()
    .openapi(health, (c) => ok(c, { ok: true }))
    .openapi(openapiJson, (c) => c.json((doc ??= buildOpenApi(app()) as unknown as Record<string, unknown>), 200))
    .openapi(docs, (c) => c.html(docsPage()));
}
