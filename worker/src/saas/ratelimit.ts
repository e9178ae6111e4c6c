/**
 * The limit on trial applications: the shared per-user / per-IP limiter (lib/ratelimit.ts,
 * LIMITS.trial), counted before validation so that invalid floods count too.
 */
import { hitLimit, LIMITS } from '../lib/ratelimit';

/** Requests to POST /api/saas_app_examination allowed per client IP (and per signed-in user) per window, valid or not. */
export const TRIAL_RATE_LIMIT = { perIp: LIMITS.trial.perIp, perUser: LIMITS.trial.perUser, windowMs: LIMITS.trial.windowMs } as const;

/** Counts this request and throws RATE_LIMITED (with retry_after seconds) once the caller passes the limit. */
export async function hitTrialLimit(d1: D1Database, ip: string, now = Date.now(), userId?: number | null): Promise<void> {
  await hitLimit(d1, LIMITS.trial, { ip, userId }, now);
}
