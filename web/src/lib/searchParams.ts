/**
 * Search-param pieces for routes' `validateSearch`: a bad value in a hand-edited URL falls back
 * to the default (undefined) instead of breaking the page.
 *
 * Plain functions rather than zod: every route's validateSearch sits in the entry chunk (the router
 * needs it before any route code loads), so a schema library there is paid by every first load (classic
 * zod ~25 KB gzip, zod/mini ~14 KB); these few rules need none.
 */

/** One search param: `parse` turns whatever the URL holds into the value, or undefined. */
export interface SearchField<In, Out> {
  parse(value: unknown): Out | undefined;
  /** Type only: what a link may pass for this param. */
  readonly _input?: In;
}

type FieldIn<F> = F extends SearchField<infer In, unknown> ? In : never;
type FieldOut<F> = F extends SearchField<unknown, infer Out> ? Out : never;
type Shape = Record<string, SearchField<any, any>>;

/** The values a route's search holds (all optional), like zod's `z.infer` of an object of optional fields. */
export type SearchOf<V> = V extends { parse(input: never): infer Out } ? Out : never;

/**
 * A route's validator: each field parsed on its own; absent and invalid params are left out. A Standard
 * Schema (as zod's are), so the router types links by the fields' input and the page by their output.
 */
export function searchValidator<S extends Shape>(shape: S) {
  type Input = { [K in keyof S]?: FieldIn<S[K]> };
  type Output = { [K in keyof S]?: FieldOut<S[K]> };
  const parse = (input: Input): Output => {
    const search = (input ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const value = shape[key].parse(search[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as Output;
  };
  return {
    parse,
    '~standard': {
      version: 1 as const,
      vendor: 'juzi',
      validate: (input: unknown) => ({ value: parse(input as Input) }),
      types: undefined as { input: Input; output: Output } | undefined,
    },
  };
}

const field = <In, Out>(parse: (value: unknown) => Out | undefined): SearchField<In, Out> => ({ parse: (v) => (v === undefined ? undefined : parse(v)) });

/** An integer in [min, max]; with `coerce`, numeric strings too (Number(), as zod's z.coerce.number()). */
export const intParam = (min: number, max: number, coerce = true) =>
  field<unknown, number>((v) => {
    const n = coerce ? Number(v) : v;
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
  });

/** A positive id that fits the worker's integer columns. */
export const optIdParam = intParam(1, 2_147_483_647);

/** A 1-based page number. */
export const pageSearchParam = intParam(1, 100_000);

/** Trimmed text of at most `max` characters; blank means absent. */
export const optTextParam = (max: number) =>
  field<string, string>((v) => {
    if (typeof v !== 'string') return undefined;
    const t = v.trim();
    return t && t.length <= max ? t : undefined;
  });

/** Text of at most `max` characters as given (not trimmed). */
export const optStringParam = (max: number) => field<string, string>((v) => (typeof v === 'string' && v.length <= max ? v : undefined));

/** Text matching `pattern`. */
export const optPatternParam = (pattern: RegExp) => field<string, string>((v) => (typeof v === 'string' && new RegExp(pattern.source, pattern.flags.replace('g', '')).test(v) ? v : undefined));

/** One of a route's fixed values (a tab, an edition, a sort id…); anything else means none. */
export const optEnumParam = <const T extends readonly (string | number)[]>(values: T) =>
  field<T[number], T[number]>((v) => (values.includes(v as T[number]) ? (v as T[number]) : undefined));

/** Either of two fields (the first that accepts the value). */
export const eitherParam = <A, B, C, D>(a: SearchField<A, B>, b: SearchField<C, D>) => field<A | C, B | D>((v) => a.parse(v) ?? b.parse(v));
