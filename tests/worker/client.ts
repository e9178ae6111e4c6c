/**
 * The typed client of the worker tests: requests go through the app's own fetch (SELF, as a
 * browser would) with paths, inputs and response shapes typed from the routes' declarations
 * (AppType), so a changed response shape fails to compile.
 *
 *   const list = await dataOf(api(token).closure.$get({ query: { page: '2' } }));
 *   const err = await errorOf(api().closure.amount_top.$get({ query: {} }));  // { status: 401, code: 'LOGIN_REQUIRED', ... }
 */
import { SELF } from 'cloudflare:test';
import { hc, type ClientResponse } from 'hono/client';
import type { AppType } from '../../worker/src/app';
import type { ErrorCode } from '../../worker/src/lib/errors';

/** The client's `api` root; `token` signs the requests in, `headers` adds more (e.g. Idempotency-Key). */
export function api(token?: string, headers: Record<string, string> = {}): Loose<Api> {
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const client = hc<AppType>('http://localhost', { fetch: (input: RequestInfo | URL, init?: RequestInit) => SELF.fetch(input, init), headers: { ...auth, ...headers } });
  // The same object: only the request side of its type is loosened (see Loose below).
  return client.api as unknown as Loose<Api>;
}

type Api = ReturnType<typeof hc<AppType>>['api'];

/*
 * The request side, loosened where zod's input types say nothing: the worker's query and body
 * fields are z.coerce / z.preprocess schemas, which zod types `unknown` and required unless they
 * have a default, though a blank or absent value means "absent" or the default to the worker.
 * Such keys become optional; in a query they take what a query string carries (hc writes them
 * with URLSearchParams, which turns a number into its decimal text); in a JSON body they stay
 * `unknown` (tests send wrong types on purpose). Typed keys (path params, text) keep their types,
 * and the response types are hc's own.
 */
type UnknownKeys<T> = { [K in keyof T]-?: unknown extends T[K] ? K : never }[keyof T];
type LooseFields<T, V> = Pick<T, Exclude<keyof T, UnknownKeys<T>>> & { [K in UnknownKeys<T>]?: V };
type LooseArg<P, V> = P extends 'query' ? LooseFields<V, string | number> : P extends 'json' ? LooseFields<V, unknown> : V;
/** A query or body whose keys are all optional may be left out: `closure.$get()`. */
type OptionalParts<A> = { [P in keyof A as {} extends LooseArg<P, A[P]> ? never : P]: LooseArg<P, A[P]> } & {
  [P in keyof A as {} extends LooseArg<P, A[P]> ? P : never]?: LooseArg<P, A[P]>;
};
type LooseArgs<A> = OptionalParts<A>;
type Call<A, O, R> = {} extends LooseArgs<A> ? (args?: LooseArgs<A>, options?: O) => R : (args: LooseArgs<A>, options?: O) => R;
type Loose<C> = {
  [K in keyof C]: K extends '$get' | '$post'
    ? C[K] extends (args: infer A, options?: infer O) => infer R
      ? Call<NonNullable<A>, O, R>
      : C[K]
    : K extends `$${string}`
      ? C[K]
      : Loose<C[K]>;
};

// Any response of the client.
type AnyResponse = ClientResponse<any, any, any>;
type BodyOf<R> = R extends ClientResponse<infer B, number, string> ? B : never;
/** The `data` of the success envelope a call answers with. */
export type DataOf<R> = Extract<BodyOf<R>, { status: 'success' }> extends { data: infer D } ? D : never;

/** Awaits a call that must succeed (200) and returns its typed `data`; otherwise fails with the envelope. */
export async function dataOf<R extends AnyResponse>(call: Promise<R> | R): Promise<DataOf<R>> {
  const res = await call;
  const body = (await res.json()) as { status?: string; data?: unknown };
  if (res.status !== 200 || body.status !== 'success') throw new Error(`expected success, got ${res.status} ${JSON.stringify(body)}`);
  return body.data as DataOf<R>;
}

export interface ErrorReply {
  status: number;
  code: ErrorCode;
  msg: string;
  requestId: string;
  [extra: string]: unknown;
}

/** Awaits a call that must fail and returns the HTTP status with the error envelope. */
export async function errorOf<R extends AnyResponse>(call: Promise<R> | R): Promise<ErrorReply> {
  const res = await call;
  const body = (await res.json()) as Record<string, unknown>;
  if (body.status !== 'error') throw new Error(`expected an error, got ${res.status} ${JSON.stringify(body)}`);
  return { ...body, status: res.status } as ErrorReply;
}
