/**
 * One of a few literal values (`z.literal([1, 2, 3])`), documented with every value: the OpenAPI
 * generator (@asteasolutions/zod-to-openapi) writes only a multi-value literal's first value into
 * the document's enum, so the document said `enum: [1]` where the handler takes 1, 2 and 3.
 */
import { z } from 'zod';

export const literalOf = <const T extends readonly [string | number, ...(string | number)[]]>(values: T, params?: string | { message?: string }) =>
  z.literal(values, params).meta({ enum: [...values] });
