/**
 * Search-param pieces for routes' `validateSearch`: a bad value in a hand-edited URL falls back
 * to the default (undefined) instead of breaking the page.
 *
 * Plain functions rather than zod: every route's validateSearch sits in the entry chunk (the router
 * needs it before any route code loads), so a schema library there is paid by every first load (classic
 * zod ~25 KB gzip, zod/mini ~14 KB); these few rules need none.
 */

import { redirect, type ParsedLocation } from '@tanstack/react-router';

/** One search param: `parse` turns whatever the URL holds into the value, or undefined. */
export interface SearchField<In, Out> {
  parse(value: unknown): Out | undefined;
  /** Type only: what a link may pass for this param. */
  readonly _input?: In;
}

type FieldIn<F> = F extends SearchField<infer In, unknown> ? In : never;
type FieldOut<F> = F extends SearchField<unknown, infer Out> ? Out : never;
type Shape = Record<string, SearchField<any, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any field's types

/** The values a route's search holds (all optional), like zod's `z.infer` of an object of optional fields. */
export type SearchOf<V> = V extends { parse(input: never): infer Out } ? Out : never;

/**
 * A route's validator: each field parsed on its own; an absent or invalid param is undefined. Every
 * field's key is in the result, undefined included: the router lays a route's result over the raw
 * search, so a key left out would hand the page the raw value. A Standard Schema (as zod's are), so
 * the router types links by the fields' input and the page by their output.
 */
export function searchValidator<S extends Shape>(shape: S) {
  type Input = { [K in keyof S]?: FieldIn<S[K]> };
  type Output = { [K in keyof S]?: FieldOut<S[K]> };
  const parse = (input: Input): Output => {
    const search = (input ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) out[key] = shape[key].parse(search[key]);
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

/** The router reads `?keyword=360` as the number 360: text params take it as the text it was typed as. */
const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);

/** Trimmed text of at most `max` characters; blank means absent. */
export const optTextParam = (max: number) =>
  field<string, string>((v) => {
    const t = asText(v)?.trim();
    return t && t.length <= max ? t : undefined;
  });

/** Text of at most `max` characters as given (not trimmed). */
export const optStringParam = (max: number) =>
  field<string, string>((v) => {
    const t = asText(v);
    return t !== undefined && t.length <= max ? t : undefined;
  });

/** Text matching `pattern`. */
export const optPatternParam = (pattern: RegExp) => field<string, string>((v) => (typeof v === 'string' && new RegExp(pattern.source, pattern.flags.replace('g', '')).test(v) ? v : undefined));

/** One of a route's fixed values (a tab, an edition, a sort id…); anything else means none. */
export const optEnumParam = <const T extends readonly (string | number)[]>(values: T) =>
  field<T[number], T[number]>((v) => (values.includes(v as T[number]) ? (v as T[number]) : undefined));

/** Either of two fields (the first that accepts the value). */
export const eitherParam = <A, B, C, D>(a: SearchField<A, B>, b: SearchField<C, D>) => field<A | C, B | D>((v) => a.parse(v) ?? b.parse(v));

/**
 * The search a page shows when it differs from the one in the address bar, else null: `raw` is the
 * parsed query, `shown` the deepest match's validated search (a bad value there is undefined, a
 * trimmed or coerced one its clean form). Params no route declares are kept as they are.
 */
export function correctedSearch(raw: Record<string, unknown>, shown: Record<string, unknown>): Record<string, unknown> | null {
  let differs = false;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(raw), ...Object.keys(shown)])) {
    const value = key in shown ? shown[key] : raw[key];
    if (!Object.is(value, raw[key])) differs = true;
    if (value !== undefined) out[key] = value;
  }
  return differs ? out : null;
}

/** The address a page shows, with its query replaced; the entry is replaced, so Back skips the bad link. */
const redirectTo = (location: ParsedLocation, search: Record<string, unknown>) =>
  redirect({ to: location.pathname, search, hash: location.hash, replace: true } as never);

/**
 * The root route's beforeLoad part for hand-edited or stale links: when a param's value is bad (the
 * page shows its default) or not in its clean form, the address is rewritten to what is shown.
 */
export function rewriteToShownSearch({ location, matches, preload }: { location: ParsedLocation; matches: readonly { search: unknown }[]; preload: boolean }): void {
  if (preload) return;
  const search = correctedSearch(location.search as Record<string, unknown>, (matches.at(-1)?.search ?? {}) as Record<string, unknown>);
  if (search) throw redirectTo(location, search);
}

/** The values a filter offers, as the API lists them (ids, names, years), by search param. */
export type KnownOptions = Record<string, readonly (string | number)[]>;

/**
 * For params whose options only the API knows (a sector id, a track, a year range): a value the
 * API's list does not hold falls back to the default, and the address is rewritten (replaced) to
 * what is shown. Throws the router's redirect; call it in a loader once the option lists are in.
 */
export function fallBackToKnownOptions(location: ParsedLocation, known: KnownOptions): void {
  const search = location.search as Record<string, unknown>;
  const unknown = Object.keys(known).filter((key) => search[key] !== undefined && !known[key].some((o) => String(o) === String(search[key])));
  if (unknown.length === 0) return;
  const next = { ...search };
  for (const key of unknown) next[key] = undefined;
  throw redirectTo(location, next);
}
