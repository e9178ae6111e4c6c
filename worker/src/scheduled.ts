import type { Env } from './env';
import { BOOT_CRON, DAILY_CRON, RECONCILE_CRON } from './exports/lease';
import { reconcileExports } from './exports/reconcile';
import { sweepExports } from './exports/sweep';
import { reconcileDigest, runDailyDigest } from './digest/fanout';
import { sweepAttempts } from './lib/rate-limit';
import { closeExpiredOrders } from './order/expiry';

/**
 * Cron entry. Each trigger of wrangler.toml [triggers] runs its own jobs; every job must be safe to
 * rerun (they record what they did in D1, and their changes are conditional).
 */
export type ScheduledJob = (env: Env, controller: ScheduledController) => Promise<unknown>;

export const scheduledJobs: Record<string, ScheduledJob[]> = {
  // 10:00 Beijing: export files older than 7 days are deleted from R2 and marked expired; records
  // pending for a day (which the reconciler should long have settled) are failed and refunded.
  [DAILY_CRON]: [
    (env) => sweepExports(env),
    // The healthcare daily e-mail, on Chinese working days (worker/src/digest/fanout.ts).
    (env, controller) => runDailyDigest(env, controller.scheduledTime),
    // The watchlist digest: saved searches' new matches, one e-mail per user (worker/src/watch/digest.ts).
    (env, controller) => import('./watch/digest').then(({ runWatchDigest }) => runWatchDigest(env, controller.scheduledTime)),
    // Change-log rows older than any run's starting point (worker/src/watch/sweep.ts).
    (env) => import('./watch/sweep').then(({ sweepChanges }) => sweepChanges(env)),
  ],
  // Every two minutes: export records whose lease ran out are sent to the queue again, or failed
  // and refunded past their attempts.
  [RECONCILE_CRON]: [
    (env) => reconcileExports(env),
    // Today's e-mails that failed or waited too long go back to the digest queue.
    (env) => reconcileDigest(env),
    (env) => import('./watch/digest').then(({ reconcileWatchDigest }) => reconcileWatchDigest(env)),
    // Saved searches' new matches to their webhooks, and deliveries due for another attempt.
    (env) => import('./watch/webhooks').then(({ runWebhooks }) => runWebhooks(env)),
    // Expired rate-limit and login-backoff rows, at most 10,000 a run (lib/rate-limit.ts sweepAttempts).
    (env) => sweepAttempts(env.DB),
    // Unpaid orders past their expiry are closed here and at their payment provider.
    (env) => closeExpiredOrders(env),
  ],
  // `npm start` just booted the local stack: no attempt from before it is alive and its in-memory
  // queue is empty, so every pending record is re-sent now (lease.ts BOOT_CRON).
  [BOOT_CRON]: [(env) => reconcileExports(env, { cutoff: Date.now() })],
};

export async function runScheduled(controller: ScheduledController, env: Env) {
  // A cron nobody registered (a hand-fired handler without ?cron=) runs the regular jobs: all are safe to rerun.
  const jobs = scheduledJobs[controller.cron] ?? [...scheduledJobs[DAILY_CRON], ...scheduledJobs[RECONCILE_CRON]];
  const results = await Promise.allSettled(jobs.map((job) => job(env, controller)));
  for (const r of results) if (r.status === 'rejected') console.error('scheduled job failed', controller.cron, r.reason);
}
