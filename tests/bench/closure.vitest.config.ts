/**
 * Runs the rows-read benchmark of every area in tests/bench/areas (not part of `npm test`):
 *   npx vitest run --config tests/bench/closure.vitest.config.ts
 * BENCH_SCALE (default 10) sets the seed volume, BENCH_RUNS (default 40) the timed runs per call,
 * BENCH_AREA (names from tests/bench/areas, separated by commas) limits it to those areas, on one seed.
 */
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, 'migrations'));
  return {
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, 'wrangler.toml') },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            BENCH_SCALE: process.env.BENCH_SCALE ?? '10',
            BENCH_RUNS: process.env.BENCH_RUNS ?? '40',
            BENCH_AREA: process.env.BENCH_AREA ?? '',
          },
        },
      }),
    ],
    resolve: { alias: { 'readable-stream': 'node:stream' } },
    test: {
      name: 'bench-rows',
      include: ['tests/bench/rows.bench.test.ts'],
      setupFiles: ['tests/worker/setup.ts'],
      testTimeout: 1_800_000,
      hookTimeout: 1_800_000,
    },
  };
});
