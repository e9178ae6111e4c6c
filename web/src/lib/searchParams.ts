import { z } from 'zod/mini';

/**
 * Search-param pieces for routes' `validateSearch`: a bad value in a hand-edited URL falls back
 * to the default (undefined) instead of breaking the page.
 *
 * Built with zod/mini, not classic zod: every route's validateSearch sits in the entry chunk (the
 * router needs it before any route code loads), and classic zod's chained methods pull its whole
 * library (~25 KB gzip) into every first load; mini's functions tree-shake to the few checks used.
 */

/** A positive id that fits the worker's integer columns. */
export const optIdParam = z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive(), z.maximum(2_147_483_647)))), undefined);

/** A 1-based page number. */
export const pageSearchParam = z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000)))), undefined);

/** Trimmed text of at most `max` characters; blank means absent. */
export const optTextParam = (max: number) =>
  z.pipe(
    z.catch(z.optional(z.string().check(z.trim(), z.maxLength(max))), undefined),
    z.transform((v) => v || undefined),
  );

/** One of a route's fixed values (a tab, an edition…); anything else means none. */
export const optEnumParam = <const T extends readonly [string, ...string[]]>(values: T) => z.catch(z.optional(z.enum(values)), undefined);
