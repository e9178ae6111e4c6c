/**
 * The watchlist matching bench (not part of `npm test`):
 *   npx vitest run --config tests/bench/watch.vitest.config.ts      (npm run bench -- watch)
 * BENCH_SCALE (default 10) sets the seed volume, BENCH_SEARCHES (default 10000) the saved searches.
 */
import { workerdBench } from './workerd-bench';

export default workerdBench({
  name: 'bench-watch',
  include: ['tests/bench/watch.bench.test.ts'],
  bindings: {
    DIGEST_SECRET: 'bench-digest-secret-0123456789abcdef',
    BENCH_SCALE: process.env.BENCH_SCALE ?? '10',
    BENCH_SEARCHES: process.env.BENCH_SEARCHES ?? '10000',
  },
});
