/**
 * How export work survives a crash. No step trusts a queue message to arrive exactly
 * once: a queued or generating download record holds a lease (`touched_at`, renewed by every step
 * of an attempt), the reconciler (reconcile.ts, on RECONCILE_CRON) sends records whose lease ran
 * out to the queue again, and a record past its bounds ends failed and refunded once.
 * docs/architecture.md ("导出与崩溃恢复") describes the same in Chinese.
 */

/**
 * A record untouched this long is stranded. A healthy attempt touches it at the claim, after every
 * page of rows (READ_PAGE = 500, i.e. at most four times a file) and right before the R2 put, so
 * the longest quiet stretch is one R2 put (R2_TIMEOUT_MS) or one D1 call plus the xlsx compression:
 * well under half a minute. Two minutes leave a wide margin, and a queued file waiting behind a
 * long local backlog (files are made one batch at a time in `npm start`) is rarely taken for lost;
 * if it is, the re-send is harmless (the claim is a compare-and-set).
 */
export const LEASE_MS = 2 * 60_000;

/**
 * Build attempts a record may start (claims by a delivery). The queue retries a failed attempt with
 * backoff; the attempt that fails as the 4th, or a lease that runs out after the 4th claim, fails
 * the record and refunds it.
 */
export const MAX_ATTEMPTS = 4;

/**
 * Times the reconciler sends one record again. Bounds the records whose messages keep getting lost
 * without any delivery ever claiming them (attempts would not grow): after the 5th re-send runs
 * out too (each round is a lease plus up to one reconciler period: 10 to 20 minutes in all with no
 * delivery claiming it), it fails and refunds.
 */
export const MAX_REQUEUES = 5;

/** Backoff of the queue's own retry after a failed attempt: 10 s, 20 s, 40 s before attempts 2, 3, 4. */
export const backoffSeconds = (attempt: number) => 2 ** Math.max(1, attempt) * 5;

/**
 * Every D1 call of the export worker is cut after this long (a page of 500 rows reads in
 * milliseconds; ten seconds means D1 is not answering), and so is every R2 write after
 * R2_TIMEOUT_MS (a 2000-row file is about a megabyte). A cut call fails the attempt, which is
 * retried like any failure, so one stuck call cannot hold a batch (and, locally, the queue) for long.
 */
export const D1_TIMEOUT_MS = 10_000;
export const R2_TIMEOUT_MS = 20_000;

/** The reconciler's cron (wrangler.toml [triggers]); every two minutes: a stranded file waits at most lease + period. */
export const RECONCILE_CRON = '*/2 * * * *';
/** The daily clean-up's cron: 02:00 UTC = 10:00 Beijing. */
export const DAILY_CRON = '0 2 * * *';
/**
 * Fired once by `npm start` right after the local stack answers (crontab's "@reboot"; Cloudflare
 * never sends it). A fresh local stack has no attempt running and an empty in-memory queue, so
 * every lease taken before the boot is void: the reconciler re-sends those records at once
 * instead of waiting LEASE_MS.
 */
export const BOOT_CRON = '@reboot';
