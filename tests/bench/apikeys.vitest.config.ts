/**
 * Runs the API-key throughput bench (not part of `npm test`) with the rows bench's workerd setup:
 *   npx vitest run --config tests/bench/apikeys.vitest.config.ts      (npm run bench -- apikeys)
 */
import { defineConfig } from 'vitest/config';
import rows from './closure.vitest.config.ts';

export default defineConfig(async (env) => {
  const base = await (rows as unknown as (e: typeof env) => Promise<Record<string, any>>)(env);
  return { ...base, test: { ...base.test, name: 'bench-apikeys', include: ['tests/bench/apikeys.bench.test.ts'] } };
});
