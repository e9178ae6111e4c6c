/**
 * The limit on trial applications: the shared per-user / per-IP limiter (lib/rate-limit.ts,
 * LIMITS.trial), declared on the route and counted before validation so that invalid floods count too.
 */
import { LIMITS } from '../lib/rate-limit';

/** Requests to POST /api/saas_app_examination allowed per client IP (and per signed-in user) per window, valid or not. */
export const TRIAL_RATE_LIMIT = { perIp: LIMITS.trial.perIp, perUser: LIMITS.trial.perUser, windowMs: LIMITS.trial.windowMs } as const;

