/**
 * One area of the rows-read bench (tests/bench/rows.bench.test.ts). To add an area, write a
 * module like closure.ts next to this one (its picks from the seeded data and its calls) and
 * add it to AREAS in areas/index.ts.
 */
export type Picks = Record<string, number | string>;

export interface BenchCall {
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  /** JSON body of a POST call. */
  body?: unknown;
  /** A paged call (list or search): held to rows read ≤ 3 × rows returned + 100. */
  paged?: boolean;
  /** Signed in as this seeded user (their own lists); otherwise as the bench's VIP. */
  user?: number;
}

export interface BenchArea {
  name: string;
  /** Values the calls need from the seeded data: the biggest and deepest cases. */
  pick: (one: <T>(sql: string) => Promise<T>) => Promise<Picks>;
  calls: (p: Picks) => BenchCall[];
  /** Items in an answer, when the area's answers are not a plain list (default: rows.bench.test.ts items()). */
  items?: (body: unknown) => number;
}
