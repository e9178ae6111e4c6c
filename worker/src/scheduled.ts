import type { Env } from './env';
import { sweepExports } from './exports/sweep';

/**
 * Cron entry (02:00 UTC = 10:00 Beijing). Jobs register here; each must be safe to rerun
 * the same day (they record what they did in D1).
 */
export type ScheduledJob = (env: Env, controller: ScheduledController) => Promise<unknown>;

export const scheduledJobs: ScheduledJob[] = [
  // Export files older than 7 days: delete from R2, mark expired; never-finished records: fail and refund.
  (env) => sweepExports(env),
];

export async function runScheduled(controller: ScheduledController, env: Env) {
  const results = await Promise.allSettled(scheduledJobs.map((job) => job(env, controller)));
  for (const r of results) if (r.status === 'rejected') console.error('scheduled job failed', r.reason);
}
