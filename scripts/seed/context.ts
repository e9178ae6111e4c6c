/** What every part of the generator shares: the seed, the scale, "now" and id counters. */
import { dayOfMs } from './dates.ts';
import { makeRng, type Rng } from './prng.ts';

export interface SeedContext {
  seed: number;
  scale: number;
  nowMs: number;
  /** Beijing calendar day number of `nowMs`. */
  today: number;
  rng(label: string): Rng;
  /** A volume at this scale, never below `min`. */
  volume(base: number, min?: number): number;
  nextId(kind: string): number;
}

export function createContext(seed: number, scale: number, nowMs: number): SeedContext {
  const counters = new Map<string, number>();
  return {
    seed,
    scale,
    nowMs,
    today: dayOfMs(nowMs),
    rng: (label) => makeRng(seed, label),
    volume: (base, min = 1) => Math.max(min, Math.round(base * scale)),
    nextId(kind) {
      const id = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, id);
      return id;
    },
  };
}
