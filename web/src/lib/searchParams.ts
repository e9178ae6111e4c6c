import { z } from 'zod';

/**
 * Search-param pieces for routes' `validateSearch`: a bad value in a hand-edited URL falls back
 * to the default (undefined) instead of breaking the page.
 */

/** A positive id that fits the worker's integer columns. */
export const optIdParam = z.coerce.number().int().positive().max(2_147_483_647).optional().catch(undefined);

/** A 1-based page number. */
export const pageSearchParam = z.coerce.number().int().min(1).max(100_000).optional().catch(undefined);

/** Trimmed text of at most `max` characters; blank means absent. */
export const optTextParam = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined);
