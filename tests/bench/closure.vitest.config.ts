/**
 * Runs the rows-read benchmark of every area in tests/bench/areas (not part of `npm test`):
 *   npx vitest run --config tests/bench/closure.vitest.config.ts
 * BENCH_SCALE (default 10) sets the seed volume, BENCH_RUNS (default 40) the timed runs per call,
 * BENCH_AREA (names from tests/bench/areas, separated by commas) limits it to those areas, on one seed.
 */
import { workerdBench } from './workerd-bench';

export default workerdBench({
  name: 'bench-rows',
  include: ['tests/bench/rows.bench.test.ts'],
  bindings: {
    BENCH_SCALE: process.env.BENCH_SCALE ?? '10',
    BENCH_RUNS: process.env.BENCH_RUNS ?? '40',
    BENCH_AREA: process.env.BENCH_AREA ?? '',
  },
});
