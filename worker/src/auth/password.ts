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
