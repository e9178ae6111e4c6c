import { z } from 'zod';
import { KEY_NAME_MAX } from './constants';

export const keyId = z.object({ id: z.coerce.number().int().positive().describe('密钥 id') });

export const createInput = z.object({
  name: z.string().trim().min(1, '请填写密钥名称').max(KEY_NAME_MAX, `密钥名称最多 ${KEY_NAME_MAX} 个字`).describe('密钥名称，便于区分用途'),
  scope: z.enum(['', 'spend']).default('').describe("'spend'：也可调用会扣桔子币的接口（上香、导出）；默认只读"),
});

export const secret = z.object({
  id: z.number().int(),
  key: z.string().describe('完整密钥（juzi_live_…），只在此刻返回一次，请立即保存'),
  prefix: z.string().describe('密钥开头的字符，列表里用它辨认密钥'),
});

export const keyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(['', 'spend']),
  created_at: z.number().int(),
  rotated_at: z.number().int().nullable(),
  last_used_at: z.number().int().nullable().describe('最近使用时间（各节点的计数定期写入，可能晚几秒）'),
  revoked_at: z.number().int().nullable(),
});

export const limits = z.object({
  tier: z.enum(['user', 'vip', 'svip']),
  rate_per_minute: z.number().int(),
  free_per_month: z.number().int(),
  block_calls: z.number().int(),
  block_coins: z.number().int(),
  max_keys: z.number().int(),
  price: z.string(),
});

export const keyList = z.object({ info: z.array(keyRow), limits });

export const usage = z.object({
  days: z.array(z.object({ day: z.number().int().describe('yyyymmdd（北京时间）'), calls: z.number().int(), coins: z.number().int() })),
  endpoints: z.array(z.object({ endpoint: z.string().describe('如 GET /api/closure'), calls: z.number().int() })),
  month: z.object({
    month: z.number().int().describe('yyyymm'),
    free_used: z.number().int().describe('本月已发放的免费调用次数（按 100 次一块发放给各节点）'),
    free_quota: z.number().int(),
    paid_blocks: z.number().int(),
    coins: z.number().int(),
    rate_per_minute: z.number().int(),
  }),
});
