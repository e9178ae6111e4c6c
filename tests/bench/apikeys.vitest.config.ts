/**
 * Runs the API-key throughput bench (not part of `npm test`):
 *   npx vitest run --config tests/bench/apikeys.vitest.config.ts      (npm run bench -- apikeys)
 */
import { workerdBench } from './workerd-bench';

export default workerdBench({
  name: 'bench-apikeys',
  include: ['tests/bench/apikeys.bench.test.ts'],
  bindings: { BENCH_SCALE: process.env.BENCH_SCALE ?? '1' },
});
