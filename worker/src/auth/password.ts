/** PBKDF2-SHA256 through WebCrypto; workerd caps the iteration count at 100,000. */
export const PASSWORD_ITERATIONS = 100_000;

const enc = new TextEncoder();

export const toHex = (buf: ArrayBuffer | Uint8Array) =>
  [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

const fromHex = (hex: string): Uint8Array<ArrayBuffer> => new Uint8Array(hex.match(/../g)!.map((h) => parseInt(h, 16)));

export function randomHex(bytes: number): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', enc.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return toHex(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS) {
  const salt = randomHex(16);
  return { hash: await derive(password, fromHex(salt), iterations), salt, iterations };
}

export async function verifyPassword(password: string, stored: { hash: string; salt: string; iterations: number }) {
  const candidate = await derive(password, fromHex(stored.salt), stored.iterations);
  // Constant-time compare of equal-length hex strings.
  let diff = candidate.length ^ stored.hash.length;
  for (let i = 0; i < candidate.length; i++) diff |= candidate.charCodeAt(i) ^ stored.hash.charCodeAt(i);
  return diff === 0;
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', enc.encode(text)));
}

// --- the password rule (registration) ---

let common: Promise<Set<string>> | undefined;

/**
 * zxcvbn-ts's maintained list of common passwords (@zxcvbn-ts/language-common, ~49,000 entries,
 * lower case), read on first use: building the set at start-up would slow every isolate. The list
 * ships as a sorted text module (written from the package by `npm run common-passwords`, checked
 * against it in the tests): the same set, a third smaller in the upload than the package's JS array.
 */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import('./common-passwords.txt').then((m) => new Set(m.default.split('\n')));
  return common;
}

export const PASSWORD_MSG = {
  common: '该密码过于常见，容易被猜中，请换一个更复杂的密码',
  simple: '密码过于简单（至少包含4个不同字符），请换一个',
  account: '密码不能与账号（手机号、邮箱或昵称）相同',
} as const;

/**
 * Why a new password is refused, or null: fewer than 4 distinct characters ('        ', '11111111'),
 * on the common-password list (case-insensitive), or equal to the account, its e-mail name,
 * its phone number or the nickname.
 */
export async function passwordProblem(password: string, who: { account: string; username?: string }): Promise<string | null> {
  if (new Set(password).size < 4) return PASSWORD_MSG.simple;
  const lower = password.trim().toLowerCase();
  const account = who.account.trim().toLowerCase();
  const same = [account, account.split('@')[0], who.username?.trim().toLowerCase()].filter((v): v is string => !!v);
  if (same.includes(lower)) return PASSWORD_MSG.account;
  if ((await commonPasswords()).has(lower)) return PASSWORD_MSG.common;
  return null;
}

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** The default public name of a new account: '用户' and a random 6-character code, e.g. 用户7KQ2XD. */
export function defaultUsername(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `用户${[...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}
