/**
 * A MIME message (RFC 5322 / 2045-2047) for the send_email binding: multipart/alternative with a
 * text/plain and a text/html part, both UTF-8 in base64; non-ASCII header text as RFC 2047
 * encoded-words; CRLF line ends; lines under 78 characters.
 */

export interface MimeInput {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, ASCII values (List-Unsubscribe...). */
  headers?: Record<string, string>;
  date?: Date;
  messageId?: string;
}

const CRLF = '\r\n';
const encoder = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Base64 body in 76-character lines (RFC 2045 §6.8). */
export function base64Body(s: string): string {
  const b = base64(encoder.encode(s));
  const lines: string[] = [];
  for (let i = 0; i < b.length; i += 76) lines.push(b.slice(i, i + 76));
  return lines.join(CRLF);
}

const isPrintableAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/**
 * Header text as encoded-words (=?UTF-8?B?...?=), each at most 75 characters, split between
 * characters (never inside one), folded onto continuation lines.
 */
export function encodeWords(s: string): string {
  if (isPrintableAscii(s)) return s;
  const words: string[] = [];
  let chunk = '';
  // 39 bytes of UTF-8 make 52 base64 characters, + 12 for =?UTF-8?B??= = 64: "Subject: " + 64 < 78.
  for (const ch of s) {
    if (encoder.encode(chunk + ch).length > 39) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${base64(encoder.encode(w))}?=`).join(`${CRLF} `);
}

/** RFC 5322 date, e.g. 'Mon, 23 Nov 2026 02:00:00 +0000'. */
export function rfc5322Date(d: Date): string {
  return d.toUTCString().replace('GMT', '+0000');
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);

const randomToken = () => {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
};

export function buildMime(m: MimeInput): { raw: string; messageId: string } {
  for (const v of [m.to, m.from.address, ...Object.values(m.headers ?? {})]) {
    if (/[\r\n]/.test(v) || !isPrintableAscii(v)) throw new Error('header values must be one line of printable ASCII');
  }
  const messageId = m.messageId ?? `<${randomToken()}@${domainOf(m.from.address)}>`;
  const boundary = `=_juzi_${randomToken()}`;
  const headers: [string, string][] = [
    ['From', `${encodeWords(m.from.name)} <${m.from.address}>`],
    ['To', `<${m.to}>`],
    ['Subject', encodeWords(m.subject)],
    ['Date', rfc5322Date(m.date ?? new Date())],
    ['Message-ID', messageId],
    ['MIME-Version', '1.0'],
    ...Object.entries(m.headers ?? {}),
    ['Content-Type', `multipart/alternative; boundary="${boundary}"`],
  ];
  const part = (type: string, body: string) =>
    [`--${boundary}`, `Content-Type: ${type}; charset=UTF-8`, 'Content-Transfer-Encoding: base64', '', base64Body(body)].join(CRLF);
  const raw = [
    ...headers.map(([k, v]) => `${k}: ${v}`),
    '',
    'This is a multipart message in MIME format.',
    '',
    // Plain text first, HTML last: clients show the last part they can render.
    part('text/plain', m.text),
    part('text/html', m.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
  return { raw, messageId };
}
