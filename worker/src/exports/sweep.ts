/** Daily clean-up (registered in scheduled.ts): expire old files, and fail + refund records that never finished. */
import type { Env } from '../env';
import { failRecord } from './records';

/**
 * A record still queued or generating after a day: the reconciler (reconcile.ts) settles stranded
 * records within minutes, so this is only the last backstop (e.g. its cron was not running).
 */
export const STUCK_AFTER_MS = 24 * 3600 * 1000;
const CHUNK = 500;

export async function sweepExports(env: Env, now = Date.now()): Promise<{ expired: number; failed: number }> {
  let expired = 0;
  for (;;) {
    const { results } = await env.DB.prepare("SELECT id, r2_key FROM download_records WHERE status = 'done' AND expires_at <= ? LIMIT ?")
      .bind(now, CHUNK)
      .all<{ id: number; r2_key: string }>();
    if (results.length === 0) break;
    const keys = results.map((r) => r.r2_key).filter(Boolean);
    if (keys.length) await env.FILES.delete(keys);
    const ids = results.map((r) => r.id);
    await env.DB.prepare(`UPDATE download_records SET status = 'expired' WHERE status = 'done' AND id IN (${ids.map(() => '?').join(', ')})`)
      .bind(...ids)
      .run();
    expired += results.length;
    if (results.length < CHUNK) break;
  }
  const { results: stuck } = await env.DB.prepare(
    "SELECT id FROM download_records WHERE status IN ('queued', 'generating') AND created_at <= ? LIMIT ?",
  )
    .bind(now - STUCK_AFTER_MS, CHUNK)
    .all<{ id: number }>();
  for (const r of stuck) await failRecord(env.DB, r.id, '生成超时');
  return { expired, failed: stuck.length };
}
