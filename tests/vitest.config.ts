import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, 'migrations'));
  return {
    root,
    test: {
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: path.join(root, 'wrangler.toml') },
              // The local sandbox payment provider, switched on with the tests' own secret (there is no default).
              miniflare: { bindings: { TEST_MIGRATIONS: migrations, PAY_SANDBOX: 'on', PAY_SANDBOX_SECRET: 'test-sandbox-secret-0123456789abcdef', DIGEST_SECRET: 'test-digest-secret-0123456789abcdef' } },
            }),
          ],
          resolve: {
            alias: {
              'readable-stream': 'node:stream',
              // exceljs pulls uuid; its ESM build trips the module runner, the CommonJS one does not.
              uuid: require.resolve('uuid'),
              // exceljs's "browser" entry, which the workerd resolver prefers, has no streaming writer.
              exceljs: require.resolve('exceljs/lib/exceljs.nodejs.js'),
            },
          },
          test: {
            name: 'worker',
            include: ['tests/worker/**/*.test.ts'],
            setupFiles: ['tests/worker/setup.ts'],
            // One runtime for every file: tests/worker/setup.ts gives each file fresh storage instead
            // (a new workerd and the app imported again per file cost a third of the project's time).
            isolate: false,
            testTimeout: 60_000,
            // It runs beside the e2e project (scripts/test.mjs): seeding hooks get the same room as tests.
            hookTimeout: 60_000,
          },
        },
        {
          plugins: [react()],
          test: {
            name: 'web',
            include: ['tests/web/**/*.test.{ts,tsx}'],
            environment: 'happy-dom',
            // One happy-dom window per worker instead of one per file (spawning a worker and building
            // a window took ~4 s a file on 2 cores, more than the tests); tests/web/setup.ts blanks
            // the window between files, and vitest still evaluates the app's modules anew for each file.
            isolate: false,
            setupFiles: ['tests/web/setup.ts'],
            // It runs beside the e2e project and tsc (scripts/test.mjs): room for a busy machine.
            testTimeout: 30_000,
          },
        },
        {
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            testTimeout: 120_000,
            hookTimeout: 300_000,
            fileParallelism: false,
            globalSetup: ['tests/e2e/global-setup.ts'],
          },
        },
      ],
    },
  };
});
