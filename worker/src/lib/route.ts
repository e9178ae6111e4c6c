/**
 * How every API route is declared: method, path, request schemas, the `data` schema of its
 * success envelope and all of its policy (access level, edge caching, rate limit, what a visitor
 * may ask for), in one `defineRoute` call. From these declarations come request validation
 * (@hono/zod-openapi), the typed client's response types, the OpenAPI document, and the policy
 * the middlewares apply (`routePolicy`): nothing is kept beside the routes.
 *
 *   const list = defineRoute({ method: 'get', path: '/', access: 'public', cache: { maxAge: 60, shared: 'visitors' },
 *     visitor: ['keyword'], summary: '…', request: { query }, data: listOf(row) });
 *   export const closureRoutes = createArea().openapi(list, async (c) => ok(c, …));
 */
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { isJsonMediaType } from './body';
import { ERROR_STATUS, ApiError, type ErrorCode } from './errors';
import type { RateLimit } from './rate-limit';

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

/**
 * A route's edge caching (lib/cache.ts). Its 200 answers are `public, s-maxage=<maxAge>` and kept in
 * the worker's cache, keyed on the query parameters the route declares (a POST: only an empty body).
 */
export interface CacheRule {
  /** Seconds the edge keeps an answer. */
  maxAge: number;
  /**
   * Who shares a stored answer. 'visitors': anonymous requests only (a signed-in reader may see
   * more, or expects their own writes at once), a signed-in answer is `private, no-store`.
   * 'everyone': no caller's identity or writes change the answer (imported data, the API's own
   * description), so a signed-in request reads and fills the cache too.
   */
  shared: 'visitors' | 'everyone';
  /**
   * 'second': a key is stored from its second request in this isolate on (its first neither reads
   * nor writes the cache), for keys most of which are asked once (the search box's prefixes).
   */
  stored?: 'first' | 'second';
}

/** What the OpenAPI document says of a route's caching: `no-store` for a route without a cache rule. */
export type CacheNote = 'no-store' | { 's-maxage': number; shared: CacheRule['shared']; stored: NonNullable<CacheRule['stored']> };

/** What the OpenAPI document says of a route's rate limit. */
export interface LimitNote {
  name: string;
  per_ip: number;
  per_user?: number;
  window_seconds: number;
}

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
  /** Edge caching; a route without it is never cached (`private, no-store`). */
  cache?: CacheRule;
  /** The rate limit every request to the route counts against (lib/rate-limit.ts LIMITS), per IP and per user. */
  limit?: RateLimit;
  /**
   * What a visitor may ask for, of the query (or JSON body): the fields they may set freely (the
   * list form, or `may`), and fields whose value (each item, for a list) must be one of a set
   * (`oneOf`: the tabs a page shows first); every other field must keep its default (page 1, the
   * default sort, no filter), or the visitor is asked to log in (LOGIN_REQUIRED).
   * A route without it lets a visitor ask anything its level allows.
   */
  visitor?: VisitorDeclaration;
  request?: Req;
}

/** A required JSON request body: `request: { body: jsonBody(schema) }`. */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({ required: true, content: { 'application/json': { schema } } });

const cacheNote = (rule: CacheRule | undefined): CacheNote =>
  rule ? { 's-maxage': rule.maxAge, shared: rule.shared, stored: rule.stored ?? 'first' } : 'no-store';

const limitNote = (l: RateLimit): LimitNote => ({
  name: l.name,
  per_ip: l.perIp,
  ...(l.perUser !== undefined ? { per_user: l.perUser } : {}),
  window_seconds: l.windowMs / 1000,
});

/** The fields of a declared object schema, from a query or a JSON body. */
function fieldsOf(req: Request | undefined): { target: 'query' | 'json'; shape: Record<string, z.ZodType> } | undefined {
  const query = req?.query;
  if (query instanceof z.ZodObject) return { target: 'query', shape: query.shape as Record<string, z.ZodType> };
  const body = (req?.body as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
  if (body instanceof z.ZodObject) return { target: 'json', shape: body.shape as Record<string, z.ZodType> };
  return undefined;
}

/** A route's visitor declaration: `['keyword']`, or `{ may: ['tag_id'], oneOf: { type: ['basic', 'event'] } }`. */
export type VisitorDeclaration = readonly string[] | { may?: readonly string[]; oneOf?: Readonly<Record<string, readonly (string | number)[]>> };

type Scalar = string | number | boolean | null;

/**
 * A visitor rule as data: the fields a visitor may set, the values a field may take (`oneOf`, only
 * when declared) and the value each other field must keep (its schema's default; null where it has
 * none, i.e. absent). A required field is the visitor's to set.
 */
export interface VisitorRule {
  target: 'query' | 'json';
  may: string[];
  oneOf?: Record<string, (string | number)[]>;
  fixed: Record<string, Scalar>;
}

/**
 * The last target @hono/zod-openapi validates for a request (it runs query, param, header, cookie,
 * then the body): the visitor rule is checked once all input is valid, so a bad id stays BAD_REQUEST.
 */
function lastValidated(req: Request | undefined): string {
  const order: [string, unknown][] = [['query', req?.query], ['param', req?.params], ['header', req?.headers], ['cookie', req?.cookies], ['json', req?.body]];
  return order.filter(([, part]) => part !== undefined).at(-1)?.[0] ?? 'query';
}

function visitorRule(declared: VisitorDeclaration, req: Request | undefined): VisitorRule {
  const { may = [], oneOf = {} } = Array.isArray(declared) ? { may: declared as readonly string[] } : (declared as Exclude<VisitorDeclaration, readonly string[]>);
  const found = fieldsOf(req);
  if (!found) throw new Error('a visitor rule needs an object query or JSON body schema');
  const named = [...may, ...Object.keys(oneOf)];
  const unknown = named.filter((f) => !(f in found.shape));
  if (unknown.length) throw new Error(`visitor rule names fields the schema lacks: ${unknown.join(', ')}`);
  const fixed: VisitorRule['fixed'] = {};
  for (const [name, schema] of Object.entries(found.shape)) {
    if (named.includes(name)) continue;
    const absent = schema.safeParse(undefined);
    if (!absent.success) continue;
    const value = absent.data ?? null;
    if (typeof value === 'object' && value !== null) throw new Error(`visitor rule: ${name} has a list or object default; name it in may or oneOf`);
    fixed[name] = value as Scalar;
  }
  const sets = Object.entries(oneOf);
  return { target: found.target, may: [...may], ...(sets.length ? { oneOf: Object.fromEntries(sets.map(([f, vs]) => [f, [...vs]])) } : {}), fixed };
}

/** Set by a route's own middleware, read by the validation hook once the route's last target has been validated. */
const visitorRuleOf = new WeakMap<Context, { rule: VisitorRule; at: string }>();

/**
 * Whether validated input stays within what a visitor may ask: every fixed field at its default,
 * every `oneOf` field (each item of a list) one of its values or absent.
 */
export const withinVisitorRule = (rule: Pick<VisitorRule, 'fixed' | 'oneOf'>, input: Record<string, unknown>) =>
  Object.entries(rule.fixed).every(([name, value]) => (input[name] ?? null) === value) &&
  Object.entries(rule.oneOf ?? {}).every(([name, values]) => {
    const given = input[name];
    return given === undefined || (Array.isArray(given) ? given : [given]).every((v) => values.includes(v as string | number));
  });

/** The declaration's cache and limit objects as declared, beside the document's notes of them. */
const POLICY = Symbol('policy');

const operation = (d: Declaration<'get' | 'post' | 'delete', string, Request>) => {
  const visitor = d.visitor ? visitorRule(d.visitor, d.request) : undefined;
  const checkAt = lastValidated(d.request);
  return {
    summary: d.summary,
    description: [`访问级别：${LEVEL_TEXT[d.access]}`, d.note].filter(Boolean).join('。'),
    security: d.access === 'public' ? [] : [{ bearer: [] }],
    'x-access': d.access,
    ...(d.writes ? { 'x-writes': true } : {}),
    'x-cache': cacheNote(d.cache),
    ...(d.limit ? { 'x-rate-limit': limitNote(d.limit) } : {}),
    ...(visitor ? { 'x-visitor': visitor } : {}),
    ...(visitor
      ? {
          middleware: (async (c, next) => {
            visitorRuleOf.set(c, { rule: visitor, at: checkAt });
            await next();
          }) as MiddlewareHandler,
        }
      : {}),
    // Kept on the declaration (not in the document) for the middlewares.
    ...(d.cache || d.limit ? { [POLICY]: { cache: d.cache, limit: d.limit } } : {}),
  };
};

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

export function validationHook(result: { success: boolean; target: string; error?: z.ZodError; data?: unknown }, c?: Context<AppEnv>): void {
  if (!result.success && result.error) throw issueError(result.error, TARGET_LABEL[result.target] || result.target);
  // A visitor's input, once all of it is valid: anything beyond the route's visitor rule needs login.
  const visitor = c && visitorRuleOf.get(c);
  if (!visitor || visitor.at !== result.target || c.get('user')) return;
  const input = (visitor.rule.target === result.target ? result.data : c.req.valid(visitor.rule.target as never)) as Record<string, unknown>;
  if (!withinVisitorRule(visitor.rule, input)) throw new ApiError('LOGIN_REQUIRED', VISITOR_MESSAGE);
}

export const VISITOR_MESSAGE = '登录后才能翻页、筛选、排序或切换标签';

/** An area's sub-app: validation through the API's error envelope. */
export const createArea = () => new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

// --- the policy, derived from the declarations ---

export interface PolicyEntry {
  level: AccessLevel;
  summary: string;
  note?: string;
  /** A GET that changes data: HEAD is refused (auth/access.ts). */
  writes?: boolean;
  /** Edge caching (lib/cache.ts); absent: never cached. */
  cache?: CacheRule;
  /** The rate limit each request counts against (lib/rate-limit.ts). */
  limit?: RateLimit;
  /** What a visitor may set (checked by the validation hook; the SPA reads it from web/src/generated/visitor-rules.ts). */
  visitor?: VisitorRule;
  /**
   * The names of the query parameters the route declares (an object schema; none without a query).
   * The handlers read only these (zod drops the rest), so the edge cache keys on these alone.
   */
  query?: ReadonlySet<string>;
  /** The route takes a JSON body (lib/body.ts). */
  json?: boolean;
}

interface Declared {
  type: string;
  route?: {
    method: string;
    path: string;
    summary?: string;
    description?: string;
    'x-access'?: AccessLevel;
    'x-writes'?: boolean;
    'x-visitor'?: VisitorRule;
    [POLICY]?: { cache?: CacheRule; limit?: RateLimit };
    request?: { query?: unknown; body?: { content?: Record<string, unknown> } };
  };
}

const toHonoPath = (p: string) => p.replace(/\{(\w+)\}/g, ':$1');

/** `METHOD <prefix>/path` (Hono pattern) -> the route's whole policy, for every declared route of `app`. */
export function derivePolicy(app: OpenAPIHono<AppEnv, any, any>, prefix = ''): Record<string, PolicyEntry> { // eslint-disable-line @typescript-eslint/no-explicit-any -- any area's schema
  const out: Record<string, PolicyEntry> = {};
  for (const def of app.openAPIRegistry.definitions as Declared[]) {
    const r = def.route;
    if (def.type !== 'route' || !r?.['x-access']) continue;
    const declared = r[POLICY];
    const query = r.request?.query;
    out[`${r.method.toUpperCase()} ${prefix}${toHonoPath(r.path)}`] = {
      level: r['x-access'],
      summary: r.summary ?? '',
      note: r.description,
      ...(r['x-writes'] ? { writes: true } : {}),
      ...(declared?.cache ? { cache: declared.cache } : {}),
      ...(declared?.limit ? { limit: declared.limit } : {}),
      ...(r['x-visitor'] ? { visitor: r['x-visitor'] } : {}),
      ...(query === undefined ? { query: new Set<string>() } : query instanceof z.ZodObject ? { query: new Set(Object.keys(query.shape)) } : {}),
      ...(Object.keys(r.request?.body?.content ?? {}).some((t) => isJsonMediaType(t)) ? { json: true } : {}),
    };
  }
  return out;
}

/** The policy of a request's route, for the middlewares. */
export interface RoutePolicy {
  /** `METHOD /api/path` (Hono pattern) -> policy, for every declared route. */
  readonly routes: Record<string, PolicyEntry>;
  /** The matched route of a request and its policy (none when no declared route matched). */
  of(c: Context): { route: string; entry?: PolicyEntry } | undefined;
  /** Whether `path` has a route for a method other than `method` (METHOD_NOT_ALLOWED rather than NOT_FOUND). */
  otherMethods(method: string, path: string): boolean;
}

/**
 * The policy of the API mounted at `prefix`, a value the middlewares are given when they are
 * created: derived from `api`'s declarations on first use (the routes never change while an isolate lives).
 */
export function routePolicy(api: OpenAPIHono<AppEnv, any, any>, prefix: string): RoutePolicy { // eslint-disable-line @typescript-eslint/no-explicit-any -- any area's schema
  let routes: Record<string, PolicyEntry> | undefined;
  const all = () => (routes ??= derivePolicy(api, prefix));
  return {
    get routes() {
      return all();
    },
    of(c) {
      const endpoint = [...matchedRoutes(c)].reverse().find((r) => r.method !== 'ALL');
      if (!endpoint) return undefined;
      const route = `${endpoint.method} ${endpoint.path}`;
      return { route, entry: all()[route] };
    },
    otherMethods(method, path) {
      if (!path.startsWith(prefix)) return false;
      const inner = path.slice(prefix.length) || '/';
      return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((m) => m !== method && api.router.match(m, inner)[0].some(([[, route]]) => route.method !== 'ALL'));
    },
  };
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
