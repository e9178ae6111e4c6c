/**
 * The trial-application rules (spec §5), defined once: the worker validates POST
 * /api/saas_app_examination with `trialInput`, and the SPA's form runs the same schema for its
 * messages before sending. It imports only zod and lib/text.ts (no imports), so it bundles on both sides.
 */
import { z } from 'zod';
import { textRule } from '../lib/text';

/** Longest accepted value of each field (characters, after trimming). */
export const TRIAL_MAX = { name: 30, email: 100, company_name: 100, position: 50, phone: 24, weixin: 50, need: 500 } as const;

export type TrialField = keyof typeof TRIAL_MAX;

/** The fields in the order the form shows them (and the order the first problem is reported in). */
export const TRIAL_FIELDS = ['name', 'email', 'company_name', 'position', 'phone', 'weixin', 'need'] as const satisfies readonly TrialField[];

export const TRIAL_LABEL: Record<TrialField, string> = {
  name: '姓名',
  email: '邮箱',
  company_name: '公司名称',
  position: '职位',
  phone: '联系电话',
  weixin: '微信号',
  need: '需求',
};

/** A mailbox with a dot in its domain; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/**
 * A phone as normalizePhone leaves it: a mainland mobile (11 digits starting 1), a mainland landline
 * with its area code (010-12345678, 0755-1234567, an extension after a dash), a 400 number, or a
 * number outside the mainland in E.164 form (+, a country code other than 86, at most 15 digits in
 * all: +85291234567). A +86 number must be a mainland mobile.
 */
export const PHONE_PATTERN = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(?:-\d{1,6})?|400-?\d{3}-?\d{4}|\+(?!86)[1-9]\d{6,14})$/;

/**
 * One phone stored (and matched) one way: spaces dropped; a mainland mobile without its country code
 * or dashes; an international number (+ or 00 in front) as + and digits, its spaces and dashes dropped.
 */
export function normalizePhone(v: string): string {
  const compact = v.replace(/\s+/g, '');
  const digits = compact.replace(/-/g, '').replace(/^00/, '+');
  const mobile = /^(?:\+?86)?(1[3-9]\d{9})$/.exec(digits);
  if (mobile) return mobile[1];
  return digits.startsWith('+') ? digits : compact;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : v);

/** Required text: trimmed, its own message when empty, at most `max` characters. */
const required = (field: TrialField, empty: string) =>
  z.preprocess(
    text,
    z
      .string({ message: empty })
      .trim()
      .min(1, empty)
      .max(TRIAL_MAX[field], `${TRIAL_LABEL[field]}不能超过${TRIAL_MAX[field]}个字`)
      .refine(...textRule(TRIAL_LABEL[field], { multiline: field === 'need' })),
  );

const optional = (field: TrialField) =>
  z.preprocess(
    text,
    z
      .string({ message: `${TRIAL_LABEL[field]}必须是文字` })
      .trim()
      .max(TRIAL_MAX[field], `${TRIAL_LABEL[field]}不能超过${TRIAL_MAX[field]}个字`)
      .refine(...textRule(TRIAL_LABEL[field], { multiline: field === 'need' })),
  );

/** The trial form (spec §3): name, email, company_name, position, phone required; weixin and need optional. */
export const trialInput = z
  .object({
    name: required('name', '请输入姓名'),
    email: required('email', '请输入邮箱地址')
      .pipe(z.string().regex(EMAIL_PATTERN, '请输入正确的邮箱地址'))
      .transform((v) => v.toLowerCase())
      .meta({ format: 'email', example: 'wang@example.com' }),
    company_name: required('company_name', '请输入公司名称'),
    position: required('position', '请输入您的职位'),
    phone: required('phone', '请输入联系电话')
      .pipe(z.string().transform(normalizePhone).pipe(z.string().regex(PHONE_PATTERN, '请输入正确的联系电话')))
      .meta({ format: 'tel', example: '13800138000' }),
    weixin: optional('weixin'),
    need: optional('need'),
  })
  .meta({ id: 'TrialApplicationInput', description: '试用申请表单' });

export type TrialInput = z.input<typeof trialInput>;
export type TrialApplication = z.output<typeof trialInput>;

/** The first message of each field that breaks a rule (fields in form order); empty when the form is valid. */
export function trialFieldErrors(form: Partial<Record<TrialField, string>>): Partial<Record<TrialField, string>> {
  const r = trialInput.safeParse(form);
  if (r.success) return {};
  const out: Partial<Record<TrialField, string>> = {};
  for (const issue of r.error.issues) {
    const f = issue.path[0] as TrialField;
    if (TRIAL_FIELDS.includes(f) && !out[f]) out[f] = issue.message;
  }
  return out;
}
