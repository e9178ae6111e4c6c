/**
 * Field schemas shared by every area's requests. Query strings send '' for an unset select,
 * so blank values mean "absent" everywhere; messages name the field in Chinese.
 */
import { z } from 'zod';
import { FORBIDDEN_CHARS, FORBIDDEN_MSG } from './input';

export const MAX_ID = 2_147_483_647;

export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * Numbers as decimal integers only: a JSON number stays as it is (zod checks it is an integer), a
 * string must be digits with an optional minus sign ('12', '-3'); '1e3', '0x1', '1.0', ' ', [1],
 * true… are left as they are, so z.number() refuses them with the field's own message.
 * (z.coerce.number would read '1e3' as 1000, '0x1' as 1 and [1] as 1.)
 */
export const decimalOnly = (v: unknown) => (typeof v === 'string' && /^-?\d{1,16}$/.test(v) ? Number(v) : v);

/** An integer field with the house messages: `intField('页码').min(1)…` (decimal digits only). */
export const intField = (label: string) => z.number({ message: `${label}必须是整数` }).int(`${label}必须是整数`);

/** `z.preprocess(decimalOnly, schema)`: a number schema that takes query-string digits but nothing else. */
export const decimal = <S extends z.ZodType>(schema: S) => z.preprocess(decimalOnly, schema);

/** An optional integer filter; '' and absent mean "no filter". */
export const optInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => decimalOnly(blankToUndefined(v)),
    z
      .number({ message: `${label}必须是整数` })
      .int(`${label}必须是整数`)
      .min(min, `${label}最小为${min}`)
      .max(max, `${label}最大为${max}`)
      .optional(),
  );

/** A required positive integer id. */
export const reqId = (label: string) =>
  z.preprocess(
    (v) => decimalOnly(blankToUndefined(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? `缺少${label}` : `${label}必须是正整数`) })
      .int(`${label}必须是整数`)
      .min(1, `${label}必须是正整数`)
      .max(MAX_ID, `${label}过大`),
  );

/** Optional trimmed text of at most `max` characters; blank becomes absent. */
export const optText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ message: `${label}必须是文字` })
      .trim()
      .max(max, `${label}最多${max}个字`)
      .refine((v) => !FORBIDDEN_CHARS.test(v), `${label}${FORBIDDEN_MSG}`)
      .optional()
      .transform((v) => v?.normalize('NFC') || undefined),
  );

/** LIKE pattern matching the keyword anywhere, with LIKE's own wildcards escaped (use with ESCAPE '\'). */
export const likeAnywhere = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The caller's address for per-IP limits: Cloudflare's header, a proxy's, or 'local' in dev. */
export const clientIp = (header: (name: string) => string | undefined) => header('cf-connecting-ip') ?? header('x-real-ip') ?? 'local';
