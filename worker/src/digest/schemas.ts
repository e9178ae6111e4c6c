import { z } from 'zod';
import { textRule } from '../lib/text';
import { EMAIL_PATTERN, SUBSCRIBE_EMAIL_MAX, SUBSCRIBE_MESSAGES } from './constants';

/** POST medical/subscribe: the address, trimmed and lower-cased; the worker checks what the page does not. */
export const subscribeInput = z.object({
  email: z
    .string({ error: SUBSCRIBE_MESSAGES.empty })
    .trim()
    .min(1, SUBSCRIBE_MESSAGES.empty)
    .max(SUBSCRIBE_EMAIL_MAX, SUBSCRIBE_MESSAGES.tooLong)
    .regex(EMAIL_PATTERN, SUBSCRIBE_MESSAGES.invalid)
    .refine(...textRule('邮箱'))
    .transform((s) => s.toLowerCase())
    .meta({ example: 'name@example.com' }),
});

export const subscriptionState = z.object({
  status: z.union([z.literal(1), z.literal(0)]).describe('1 已订阅，0 未订阅'),
  email: z.string().nullable().describe('订阅（或上次订阅）的邮箱'),
  is_vip: z.boolean().describe('当前是否为会员；已订阅但会员到期时不发送，续费后恢复'),
});

/** The signed link's query (the page answers a malformed link itself, in HTML). */
export const unsubscribeQuery = z.object({
  s: z.string().optional().describe('订阅 id'),
  e: z.string().optional().describe('链接到期时间（Unix 秒）'),
  a: z.string().optional().describe('收件邮箱指纹（16 位十六进制）'),
  t: z.string().optional().describe('签名（HMAC-SHA256，十六进制）'),
});
