/**
 * Runs the fuzz bench (not part of `npm test`):
 *   npx vitest run --config tests/bench/fuzz.vitest.config.ts
 * FUZZ_COUNT (default 10,200) sets the number of requests, FUZZ_SEED the PRNG seed.
 */
import { workerdBench } from './workerd-bench';

export default workerdBench({
  name: 'bench-fuzz',
  include: ['tests/bench/fuzz*.bench.test.ts'],
  bindings: { FUZZ_COUNT: process.env.FUZZ_COUNT ?? '10200', FUZZ_SEED: process.env.FUZZ_SEED ?? '20261123' },
});
