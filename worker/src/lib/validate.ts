import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { ApiError } from './errors';

const TARGET_LABEL: Partial<Record<keyof ValidationTargets, string>> = {
  json: '请求体',
  query: '查询参数',
  param: '路径参数',
  form: '表单',
};

/** Metadata the OpenAPI generator reads off the middleware (same schema that validates). */
export interface ValidationMeta {
  target: keyof ValidationTargets;
  schema: z.ZodType;
}

/**
 * zod validation with the API's error envelope: the first issue names the field, in Chinese.
 * Schemas put Chinese text in their own messages; the fallback says which field is wrong.
 */
export function zv<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const mw = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') || TARGET_LABEL[target] || target;
      const custom = issue?.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : undefined;
      throw new ApiError('BAD_REQUEST', custom ? `${field}：${custom}` : `参数 ${field} 不合法`, { field });
    }
  });
  (mw as unknown as { validation: ValidationMeta }).validation = { target, schema };
  return mw;
}
