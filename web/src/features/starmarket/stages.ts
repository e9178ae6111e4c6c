import { dayNumberOfText } from '#shared/dates';
import { STOPPED_STATES } from '../../../../worker/src/starmarket/constants';

/** The tracker's reading of the listing stages (spec §4 "STAR listing stages"). */
export interface StageLike {
  time: string;
  state: number;
}

/** The current step: the one before the first stage with an empty time, or the last when all have times. */
export function currentStep(stages: readonly StageLike[]): number {
  const firstEmpty = stages.findIndex((s) => !s.time);
  if (firstEmpty === -1) return stages.length - 1;
  return Math.max(0, firstEmpty - 1);
}

/** Stopped when any stage has state 7 (中止) or 8 (终止). */
export const isStopped = (stages: readonly StageLike[]) => stages.some((s) => (STOPPED_STATES as readonly number[]).includes(s.state));

/** Whole days from one 'YYYY-MM-DD' to another; null when either is empty. */
export function daysBetween(from: string, to: string): number | null {
  if (!from || !to) return null;
  return Math.round(dayNumberOfText(to) - dayNumberOfText(from));
}

export type StepStatus = 'finished' | 'current' | 'waiting';

export function stepStatus(index: number, current: number): StepStatus {
  if (index < current) return 'finished';
  return index === current ? 'current' : 'waiting';
}
