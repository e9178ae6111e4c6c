/**
 * How every API route is declared: method, path, access level, request schemas and the `data`
 * schema of its success envelope, in one `defineRoute` call. From these declarations come
 * request validation (@hono/zod-openapi), the typed client's response types, the OpenAPI
 * document, and the access policy (`derivePolicy`): nothing is kept beside the routes.
 *
 *   const list = defineRoute({ method: 'get', path: '/', access: 'public', summary: '…', request: { query }, data: listOf(row) });
 *   export const closureRoutes = createArea().openapi(list, async (c) => ok(c, …));
 */
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { ERROR_STATUS, ApiError, type ErrorCode } from './errors';

// zod's own Chinese messages for every rule a schema does not word itself.
z.config(z.locales.zhCN());

export type AccessLevel = 'public' | 'login' | 'vip' | 'svip';

export const LEVEL_RANK: Record<AccessLevel, number> = { public: 0, login: 1, vip: 2, svip: 3 };

const LEVEL_TEXT: Record<AccessLevel, string> = { public: '公开', login: '需登录', vip: '需VIP会员', svip: '需超级VIP会员' };

// --- envelopes ---

export const errorSchema = z
  .object({
    status: z.literal('error'),
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    msg: z.string().describe('给用户看的中文提示'),
    requestId: z.string(),
  })
  .meta({ id: 'Error', description: '错误信封；部分错误带补充字段（field、balance、max_page…）' });

export const pageSchema = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int() });

/** `{ status: 'success', data }` around a data schema. */
export const envelopeOf = <D extends z.ZodType>(data: D) => z.object({ status: z.literal('success'), data });

/** The `data` of a paged list: `{ info: [...], page: { total, page, per_page } }`. */
export const listOf = <R extends z.ZodType>(row: R) => z.object({ info: z.array(row), page: pageSchema });

const errorContent = { 'application/json': { schema: errorSchema } };

/** Every operation documents the envelope for the errors the request path can give. */
const ERROR_RESPONSES = {
  400: { description: 'BAD_REQUEST：参数不合法（msg 指明字段）', content: errorContent },
  401: { description: 'LOGIN_REQUIRED：需要登录', content: errorContent },
  402: { description: 'INSUFFICIENT_COINS：桔子币不足', content: errorContent },
  403: { description: 'VIP_REQUIRED / SVIP_REQUIRED：需要会员；SCOPE_REQUIRED：API 密钥缺少 spend 权限', content: errorContent },
  404: { description: 'NOT_FOUND', content: errorContent },
  409: { description: 'CONFLICT', content: errorContent },
  429: { description: 'RATE_LIMITED', content: errorContent },
  500: { description: 'INTERNAL', content: errorContent },
} as const;

// --- declaring a route ---

type Request = NonNullable<RouteConfig['request']>;

interface Declaration<M extends 'get' | 'post' | 'delete', P extends string, Req extends Request> {
  method: M;
  path: P;
  access: AccessLevel;
  summary: string;
  /** Finer rules beyond the level (visitor defaults, page limits, idempotency…), shown in the document. */
  note?: string;
  /**
   * A GET that changes data (a twin's GET): HEAD on it is METHOD_NOT_ALLOWED instead of running the
   * handler (Hono routes HEAD to GET handlers). defineTwin sets it; set it on any other writing GET.
   */
  writes?: boolean;
  request?: Req;
}

/** A required JSON request body: `request: { body: jsonBody(schema) }`. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({ required: true, content: { 'application/json': { schema } } });

const operation = (d: Declaration<'get' | 'post' | 'delete', string, Request>) => ({
  summary: d.summary,
  description: [`访问级别：${LEVEL_TEXT[d.access]}`, d.note].filter(Boolean).join('。'),
  security: d.access === 'public' ? [] : [{ bearer: [] }],
  'x-access': d.access,
  ...(d.writes ? { 'x-writes': true } : {}),
});

/** A JSON route: its success answer is `{ status: 'success', data }` with `data` as declared. */
export function defineRoute<M extends 'get' | 'post' | 'delete', P extends string, D extends z.ZodType, Req extends Request = {}>(
  d: Declaration<M, P, Req> & { data: D },
) {
  return createRoute({
    ...operation(d),
    method: d.method,
    path: d.path,
    request: (d.request ?? {}) as Req,
    responses: {
      200: { description: '成功', content: { 'application/json': { schema: envelopeOf(d.data) } } },
      ...ERROR_RESPONSES,
    },
  });
}

/** A route whose success answer is not JSON (a file, an HTML page): the handler returns a Response. */
export function defineRawRoute<M extends 'get' | 'post', P extends string, T extends string, S extends z.ZodType = z.ZodString, Req extends Request = {}>(
  d: Declaration<M, P, Req> & { mediaType: T; schema?: S },
) {
  return createRoute({
    ...operation(d),
    method: d.method,
    path: d.path,
    request: (d.request ?? {}) as Req,
    responses: { 200: { description: '成功', content: { [d.mediaType]: { schema: (d.schema ?? z.string()) as S } } as Record<T, { schema: S }> }, ...ERROR_RESPONSES },
  });
}

/**
 * An action the spec documents as GET that changes data (add_comment, add_incense…): declared once,
 * mounted as GET with the fields in the query string and as POST with a JSON body (the SPA's way).
 */
export function defineTwin<P extends string, I extends z.ZodObject, D extends z.ZodType>(
  d: Omit<Declaration<'get', P, Request>, 'method' | 'request'> & { input: I; data: D },
) {
  const { input, ...rest } = d;
  return {
    get: defineRoute({ ...rest, method: 'get', writes: true, note: [d.note, '同 POST（JSON）；SPA 使用 POST'].filter(Boolean).join('；'), request: { query: input } }),
    post: defineRoute({
      ...rest,
      method: 'post',
      request: { body: jsonBody(input) },
    }),
  };
}

// --- validation errors ---

const TARGET_LABEL: Record<string, string> = { json: '请求体', query: '查询参数', param: '路径参数', form: '表单', header: '请求头' };

/** The first issue as BAD_REQUEST naming the field; zod's Chinese locale words what the schema does not. */
export function issueError(error: z.ZodError, fallbackField: string): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || fallbackField;
  return new ApiError('BAD_REQUEST', `${field}：${issue?.message ?? '不合法'}`, { field });
}

export function validationHook(result: { success: boolean; target: string; error?: z.ZodError }): void {
  if (!result.success && result.error) throw issueError(result.error, TARGET_LABEL[result.target] || result.target);
}

/** An area's sub-app: validation through the API's error envelope. */
export const createArea = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

// --- the policy, derived from the declarations ---

export interface PolicyEntry {
  level: AccessLevel;
  summary: string;
  note?: string;
  /** A GET that changes data: HEAD is refused (auth/access.ts). */
  writes?: boolean;
}

interface Declared {
  type: string;
  route?: { method: string; path: string; summary?: string; description?: string; 'x-access'?: AccessLevel; 'x-writes'?: boolean };
}

const toHonoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/** `METHOD /api/path` (Hono pattern) -> level and summary, for every declared route of the app. */
export function derivePolicy(app: OpenAPIHono<AppEnv, any, any>): Record<string, PolicyEntry> { // eslint-disable-line @typescript-eslint/no-explicit-any -- any area's schema
  const out: Record<string, PolicyEntry> = {};
  for (const def of app.openAPIRegistry.definitions as Declared[]) {
    const r = def.route;
    if (def.type !== 'route' || !r?.['x-access']) continue;
    out[`${r.method.toUpperCase()} ${toHonoPath(r.path)}`] = {
      level: r['x-access'],
      summary: r.summary ?? '',
      note: r.description,
      ...(r['x-writes'] ? { writes: true } : {}),
    };
  }
  return out;
}

/**
 * `METHOD /api/path` (Hono pattern) -> the names of the query parameters its schema declares, for
 * every declared route whose query is an object schema (a route without a query declares none). The
 * handlers read only these (zod drops the rest), so the edge cache keys on these alone (lib/cache.ts).
 */
export function declaredQueries(app: OpenAPIHono<AppEnv, any, any>): Map<string, Set<string>> { // eslint-disable-line @typescript-eslint/no-explicit-any -- any area's schema
  const out = new Map<string, Set<string>>();
  for (const def of app.openAPIRegistry.definitions as (Declared & { route?: { request?: { query?: unknown } } })[]) {
    const r = def.route;
    if (def.type !== 'route' || !r) continue;
    const query = r.request?.query;
    if (query !== undefined && !(query instanceof z.ZodObject)) continue;
    out.set(`${r.method.toUpperCase()} ${toHonoPath(r.path)}`, new Set(query ? Object.keys(query.shape) : []));
  }
  return out;
}

/**
 * Mounting guard: `app.route('/closure', declared(closureRoutes))`. Every route of an area must be
 * declared with `defineRoute` (so it has a level); a plain `.get()` in an area throws here, at
 * start-up, so such a route can never serve a request.
 */
export function declared<A extends OpenAPIHono<AppEnv, any, any>>(area: A): A { // eslint-disable-line @typescript-eslint/no-explicit-any -- any area's schema
  const levels = new Set(Object.keys(derivePolicy(area)));
  const bare = area.routes
    .filter((r) => r.method !== 'ALL')
    .map((r) => `${r.method} ${r.path}`)
    .filter((k) => !levels.has(k));
  if (bare.length) throw new Error(`routes without an access level (declare them with defineRoute): ${bare.join(', ')}`);
  return area;
}
