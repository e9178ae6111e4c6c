/**
 * Time limits on the export worker's calls to D1 and R2. A call that never returns (an R2 put that
 * hangs, a D1 that does not answer) would otherwise hold its attempt, its batch and, in the local
 * queue that hands out one batch at a time, every other user's files behind it.
 */
import { D1_TIMEOUT_MS, R2_TIMEOUT_MS } from '../../worker/src/exports/lease';

export class CallTimeout extends Error {
  override name = 'CallTimeout';
}

/** A running clock for one call: `expired` settles when the time is up; `cancel` stops it. */
export interface Deadline {
  expired: Promise<void>;
  cancel(): void;
}

/** Starts the clock of a call; tests pass their own to decide when a hung call is cut. */
export type StartDeadline = (ms: number, what: 'd1' | 'r2') => Deadline;

export const realDeadline: StartDeadline = (ms) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { expired, cancel: () => clearTimeout(timer) };
};

export interface Limits {
  d1Ms: number;
  r2Ms: number;
  deadline: StartDeadline;
}

export const LIMITS: Limits = { d1Ms: D1_TIMEOUT_MS, r2Ms: R2_TIMEOUT_MS, deadline: realDeadline };

/**
 * The call's result, or a CallTimeout once its time is up. The call itself cannot be cancelled:
 * it is left behind (a late D1 write is harmless as every state change is a compare-and-set on the
 * attempt; a late R2 put rewrites the record's own key), and its late rejection is swallowed.
 */
export function within<T>(limits: Limits, what: 'd1' | 'r2', label: string, call: Promise<T> | T): Promise<T> {
  const p = Promise.resolve(call);
  p.catch(() => undefined);
  const ms = what === 'd1' ? limits.d1Ms : limits.r2Ms;
  const clock = limits.deadline(ms, what);
  const cut = clock.expired.then(() => {
    throw new CallTimeout(`${label}: no answer from ${what.toUpperCase()} within ${ms} ms`);
  });
  cut.catch(() => undefined);
  return Promise.race([p, cut]).finally(() => clock.cancel());
}
