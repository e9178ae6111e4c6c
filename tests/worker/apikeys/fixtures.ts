import { env } from 'cloudflare:test';
import { forgetKey } from '../../../worker/src/apikeys/auth';
import { forgetMeters, monthOf } from '../../../worker/src/apikeys/meter';
import { api, dataOf } from '../client';
import { call, makeUser, type CallOptions } from '../helpers';

/** What a fresh isolate would hold: no kept keys, no counters. */
export function freshIsolate() {
  forgetKey();
  forgetMeters();
}

/** A signed-in user (session token) with one key (the key's secret). */
export async function userWithKey(opts: { coins?: number; role?: 'user' | 'vip' | 'svip'; scope?: '' | 'spend'; name?: string } = {}) {
  const u = await makeUser({ coins: opts.coins, role: opts.role });
  const made = await dataOf(api(u.token).keys.$post({ json: { name: opts.name ?? '测试脚本', scope: opts.scope ?? '' } }));
  return { ...u, keyId: made.id, key: made.key, prefix: made.prefix };
}

/** A call made with an API key (Authorization: Bearer, or X-API-Key). */
export const keyed = (path: string, key: string, opts: CallOptions & { header?: 'bearer' | 'x-api-key' } = {}) =>
  call(path, { ...opts, headers: { ...(opts.headers ?? {}), ...(opts.header === 'x-api-key' ? { 'X-API-Key': key } : { Authorization: `Bearer ${key}` }) } });

/** Marks the key's free calls of this month as used up to `used`. */
export async function setFreeUsed(keyId: number, used: number) {
  await env.DB.prepare('INSERT INTO api_key_months (key_id, month, free_used, paid_blocks) VALUES (?, ?, ?, 0) ON CONFLICT (key_id, month) DO UPDATE SET free_used = excluded.free_used')
    .bind(keyId, monthOf(), used)
    .run();
}

/** Waits until at least `ms` remain in the current clock minute, so a burst stays in one rate window. */
export async function roomInMinute(ms: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 50));
}
