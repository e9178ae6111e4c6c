/**
 * The cryptography both real providers use, on WebCrypto (workerd has no node:crypto signing):
 * SHA256withRSA (RSASSA-PKCS1-v1_5) over UTF-8 text with PEM keys, and AES-256-GCM decryption.
 * Alipay calls the first RSA2; WeChat Pay API v3 names it WECHATPAY2-SHA256-RSA2048.
 */

const encoder = new TextEncoder();
const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

export function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: ArrayBuffer | Uint8Array): string {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let bin = '';
  for (let i = 0; i < u8.length; i += 0x8000) bin += String.fromCharCode(...u8.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * The DER bytes of a PEM key. Alipay's console hands out keys as bare base64 without the
 * BEGIN/END lines; both forms are accepted (whitespace and line breaks ignored).
 */
function pemBody(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END)[^-]*-----/g, '').replace(/\\n/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) throw new Error('key is not PEM or base64');
  return base64ToBytes(body);
}

const keyCache = new Map<string, Promise<CryptoKey>>();

function cached(kind: string, pem: string, make: () => Promise<CryptoKey>): Promise<CryptoKey> {
  const id = `${kind}:${pem}`;
  let key = keyCache.get(id);
  if (!key) {
    key = make();
    // A key that failed to import is not kept: the next request reports it again.
    key.catch(() => keyCache.delete(id));
    keyCache.set(id, key);
  }
  return key;
}

/** A PKCS#8 private key ("BEGIN PRIVATE KEY", what both providers' key tools write). */
export const privateKey = (pem: string) => cached('pkcs8', pem, () => crypto.subtle.importKey('pkcs8', pemBody(pem), RSA, false, ['sign']));

/** An SPKI public key ("BEGIN PUBLIC KEY"): Alipay's public key, WeChat Pay's platform public key. */
export const publicKey = (pem: string) => cached('spki', pem, () => crypto.subtle.importKey('spki', pemBody(pem), RSA, false, ['verify']));

/** Base64 SHA256withRSA signature of `text` (UTF-8). */
export async function rsaSign(pem: string, text: string): Promise<string> {
  return bytesToBase64(await crypto.subtle.sign(RSA, await privateKey(pem), encoder.encode(text)));
}

/** Whether `signature` (base64) is a SHA256withRSA signature of `text` by the key; false for any malformed input. */
export async function rsaVerify(pem: string, text: string, signature: string): Promise<boolean> {
  if (!/^[A-Za-z0-9+/]+=*$/.test(signature)) return false;
  try {
    return await crypto.subtle.verify(RSA, await publicKey(pem), base64ToBytes(signature), encoder.encode(text));
  } catch {
    return false;
  }
}

/**
 * AEAD_AES_256_GCM decryption as WeChat Pay API v3 uses it: a 32-byte key (the APIv3 key as
 * text), the nonce and associated data as text, the ciphertext base64 with the 16-byte tag at its end.
 * Throws when the tag does not match (a tampered or foreign resource).
 */
export async function aesGcmDecrypt(key: string, nonce: string, associatedData: string, ciphertextB64: string): Promise<string> {
  const raw = encoder.encode(key);
  if (raw.length !== 32) throw new Error('APIv3 key must be 32 bytes');
  const k = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: encoder.encode(nonce), additionalData: encoder.encode(associatedData), tagLength: 128 },
    k,
    base64ToBytes(ciphertextB64),
  );
  return new TextDecoder().decode(plain);
}

/** A random alphanumeric string (nonces of request signatures). */
export function randomToken(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/** Constant-time comparison of two texts (operator keys and the like). */
export function sameText(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
