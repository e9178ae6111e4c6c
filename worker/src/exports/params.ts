import { z } from 'zod';

/** Query strings send '' for an unset select; treat it like a missing value. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

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

/** A required integer id. */
export const reqId = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number({ message: `缺少${label}` }).int(`${label}必须是整数`).min(1, `${label}必须是正整数`).max(2_147_483_647, `${label}过大`),
  );

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

/** Which slice of the result to export; without page the whole result is exported in 2000-row files. */
export const slice = {
  page: optInt('页码', 1, 100_000),
  per_page: optInt('每页条数', 1, 2000),
};

/** `LIKE` pattern matching the keyword anywhere, with LIKE's own wildcards escaped. */
export const likeAnywhere = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
