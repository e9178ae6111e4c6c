/**
 * The vitest config every workerd bench shares (none is part of `npm test`): the worker from
 * wrangler.toml with the migrations applied per file by tests/worker/setup.ts, exceljs's stream
 * alias, and timeouts long enough for a seed at ten times the demo data.
 */
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');

export function workerdBench(opts: { name: string; include: string[]; bindings: Record<string, string> }) {
  return defineConfig(async () => ({
    root,
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, 'wrangler.toml') },
        miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations(path.join(root, 'migrations')), ...opts.bindings } },
      }),
    ],
    resolve: { alias: { 'readable-stream': 'node:stream' } },
    test: {
      name: opts.name,
      include: opts.include,
      setupFiles: ['tests/worker/setup.ts'],
      testTimeout: 1_800_000,
      hookTimeout: 1_800_000,
    },
  }));
}
