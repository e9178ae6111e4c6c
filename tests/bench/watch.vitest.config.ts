/**
 * The watchlist matching bench (not part of `npm test`):
 *   npx vitest run --config tests/bench/watch.vitest.config.ts      (npm run bench -- watch)
 * BENCH_SCALE (default 10) sets the seed volume, BENCH_SEARCHES (default 10000) the saved searches.
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
            DIGEST_SECRET: 'bench-digest-secret-0123456789abcdef',
            BENCH_SCALE: process.env.BENCH_SCALE ?? '10',
            BENCH_SEARCHES: process.env.BENCH_SEARCHES ?? '10000',
          },
        },
      }),
    ],
    resolve: { alias: { 'readable-stream': 'node:stream' } },
    test: {
      name: 'bench-watch',
      include: ['tests/bench/watch.bench.test.ts'],
      setupFiles: ['tests/worker/setup.ts'],
      testTimeout: 1_800_000,
      hookTimeout: 1_800_000,
    },
  };
});
