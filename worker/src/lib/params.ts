/**
 * Field schemas shared by every area's requests. Query strings send '' for an unset select,
 * so blank values mean "absent" everywhere; messages name the field in Chinese.
 */
import { z } from 'zod';

export const MAX_ID = 2_147_483_647;

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional integer filter; '' and absent mean "no filter". */
export const optInt = (label: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `${label}必须是数字` })
      .int(`${label}必须是整数`)
      .min(min, `${label}最小为${min}`)
      .max(max, `${label}最大为${max}`)
      .optional(),
  );

/** A required positive integer id. */
export const reqId = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ message: `缺少${label}` }).int(`${label}必须是整数`).min(1, `${label}必须是正整数`).max(MAX_ID, `${label}过大`),
  );

/** Optional trimmed text of at most `max` characters; blank becomes absent. */
export const optText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ message: `${label}必须是文字` })
      .trim()
      .max(max, `${label}最多${max}个字`)
      .optional()
      .transform((v) => v || undefined),
  );

/** LIKE pattern matching the keyword anywhere, with LIKE's own wildcards escaped (use with ESCAPE '\'). */
export const likeAnywhere = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The caller's address for per-IP limits: Cloudflare's header, a proxy's, or 'local' in dev. */
export const clientIp = (header: (name: string) => string | undefined) => header('cf-connecting-ip') ?? header('x-real-ip') ?? 'local';
