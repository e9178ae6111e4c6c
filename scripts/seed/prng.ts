/**
 * Seeded randomness for the seed generator. Every stream is derived from (seed, label),
 * so adding rows to one domain never shifts the data of another.
 */

/** mulberry32: small, fast, good enough for test data; never use Math.random in the seed. */
function mulberry32(a: number): () => number {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the label, mixed with the seed. */
function hashLabel(seed: number, label: string): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Rng {
  /** [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** picks by weight; weights need not sum to 1 */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** k distinct items (k is capped at items.length) */
  sample<T>(items: readonly T[], k: number): T[];
  /** log-normal with the given median and spread (sigma of the underlying normal) */
  logNormal(median: number, sigma: number): number;
  /** n random hex digits */
  hex(n: number): string;
}

export function makeRng(seed: number, label: string): Rng {
  const next = mulberry32(hashLabel(seed, label));
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const normal = () => {
    // Box-Muller; 1 - next() keeps log() away from 0.
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(items, weights) {
      let total = 0;
      for (const w of weights) total += w;
      let r = next() * total;
      for (let i = 0; i < items.length; i++) {
        r -= weights[i];
        if (r < 0) return items[i];
      }
      return items[items.length - 1];
    },
    sample(items, k) {
      const copy = items.slice();
      const n = Math.min(k, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
    logNormal: (median, sigma) => median * Math.exp(sigma * normal()),
    hex(n) {
      let s = '';
      for (let i = 0; i < n; i++) s += Math.floor(next() * 16).toString(16);
      return s;
    },
  };
}

/**
 * A sampler for heavy-tailed popularity (a few firms join many deals, a few companies
 * draw most incense): item i has weight 1 / (i + 1)^s.
 */
export function zipf<T>(items: readonly T[], s = 1): (rng: Rng) => T {
  const cum: number[] = [];
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    total += 1 / Math.pow(i + 1, s);
    cum.push(total);
  }
  return (rng) => {
    const r = rng.next() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  };
}
