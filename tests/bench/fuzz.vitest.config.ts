/**
 * Runs the fuzz bench (not part of `npm test`):
 *   npx vitest run --config tests/bench/fuzz.vitest.config.ts
 * FUZZ_COUNT (default 10,200) sets the number of requests, FUZZ_SEED the PRNG seed.
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
            FUZZ_COUNT: process.env.FUZZ_COUNT ?? '10200',
            FUZZ_SEED: process.env.FUZZ_SEED ?? '20261123',
          },
        },
      }),
    ],
    resolve: { alias: { 'readable-stream': 'node:stream' } },
    test: {
      name: 'bench-fuzz',
      include: ['tests/bench/fuzz*.bench.test.ts'],
      setupFiles: ['tests/worker/setup.ts'],
      testTimeout: 1_800_000,
      hookTimeout: 1_800_000,
    },
  };
});
