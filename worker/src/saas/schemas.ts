/** Schemas of the SaaS calls; the form's rules live in rules.ts (shared with the SPA's form). */
import { z } from 'zod';

export { trialInput } from './rules';

export const trialResult = z
  .object({
    id: z.number().int().describe('申请编号'),
    created_at: z.number().int().describe('提交时间（毫秒）'),
    repeat: z.boolean().describe('24小时内同一邮箱或电话已申请过：返回的是第一次的申请，不新增记录'),
  })
  .meta({ id: 'TrialApplication' });
