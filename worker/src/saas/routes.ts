/**
 * The investment-management SaaS area (spec §7 "Other calls"): the trial application of /saas/try.
 * Mounted at /api, so the call keeps the spec's path POST /api/saas_app_examination.
 */
import type { ZodError } from 'zod';
import { ok } from '../lib/envelope';
import { ApiError } from '../lib/errors';
import { createArea, defineRoute, jsonBody } from '../lib/route';
import { LIMITS } from '../lib/rate-limit';
import { TRIAL_RATE_LIMIT } from './ratelimit';
import { TRIAL_FIELDS, type TrialField } from './rules';
import * as S from './schemas';
import { submitTrial } from './trials';

const trialPath = '/saas_app_examination';

const apply = defineRoute({
  method: 'post',
  path: trialPath,
  access: 'public',
  // Every request counts, valid or not: the limit is counted before validation.
  limit: LIMITS.trial,
  summary: '申请试用投资管理系统：name、email、company_name、position、phone 必填，weixin、need 选填',
  note: `msg 为该字段的提示（如“请输入姓名”），field 为字段名；24小时内同一邮箱或电话再次提交时返回第一次的申请（repeat=true），不新增记录；同一 IP 每小时最多 ${TRIAL_RATE_LIMIT.perIp} 次请求，超出返回 RATE_LIMITED 与 Retry-After`,
  request: { body: jsonBody(S.trialInput) },
  data: S.trialResult,
});

/** The form's own words: msg is the field's message as the form shows it ('请输入姓名'), field names it. */
function fieldMessageHook(result: { success: boolean; error?: ZodError }): undefined {
  if (result.success || !result.error) return undefined;
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  if (typeof field === 'string' && TRIAL_FIELDS.includes(field as TrialField)) throw new ApiError('BAD_REQUEST', issue!.message, { field });
  throw new ApiError('BAD_REQUEST', '请求体必须是试用申请表单');
}

export const saasRoutes = createArea().openapi(apply, async (c) => ok(c, await submitTrial(c.get('db'), c.req.valid('json'))), fieldMessageHook);
