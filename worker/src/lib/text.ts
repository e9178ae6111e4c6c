/**
 * The character rules for text, in one place. It imports nothing, so schemas the SPA runs too
 * (the trial form) can use it.
 *
 *  - FORBIDDEN_CHARS: refused in every string of every request (lib/input.ts): C0 / DEL / C1
 *    controls except tab, line feed and carriage return, and the bidirectional embeddings,
 *    overrides and isolates.
 *  - textRule: what a user writes for other people to read (nicknames, comments, the trial form,
 *    a subscription address) holds no Unicode control (Cc) or format (Cf) character: no line
 *    breaks in a one-line field, no zero-width spaces or joiners, no bidi marks, no BOM, no soft
 *    hyphen. Such characters make two names look alike, reorder or hide what others read, or
 *    break a header or a line. Kept: the zero-width joiner inside an emoji sequence (👨‍👩‍👧), the
 *    tag characters of a flag sequence (🏴 + tags), and line feeds in a multi-line field.
 */

// eslint-disable-next-line no-control-regex -- the point is to find them
export const FORBIDDEN_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export const FORBIDDEN_MSG = '不能包含控制字符或文字方向控制符';

/** A joiner between two pictographs (the first may carry VS16 or a skin tone): part of one emoji. */
const EMOJI_ZWJ = /(?<=\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;
/** The tag characters of an emoji tag sequence (🏴 then tags, ending with CANCEL TAG). */
const EMOJI_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
const LINE_BREAK = /\r\n|\r|\n/g;
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;

export const TEXT_RULE_MSG = {
  oneLine: '不能包含换行、控制字符或零宽、文字方向等不可见字符',
  multiLine: '不能包含控制字符或零宽、文字方向等不可见字符',
} as const;

/** Whether `text` holds a control or format character that the rule refuses. */
export function hasHiddenChars(text: string, multiline = false): boolean {
  let t = text.replace(EMOJI_ZWJ, '').replace(EMOJI_TAGS, '');
  if (multiline) t = t.replace(LINE_BREAK, '');
  return CONTROL_OR_FORMAT.test(t);
}

/**
 * The rule as the arguments of a zod refinement, with the field's label in the message:
 * `z.string().trim().max(30, …).refine(...textRule('昵称'))`.
 */
export const textRule = (label: string, opts: { multiline?: boolean } = {}) =>
  [(v: string) => !hasHiddenChars(v, opts.multiline), `${label}${opts.multiline ? TEXT_RULE_MSG.multiLine : TEXT_RULE_MSG.oneLine}`] as const;
