/**
 * Fuzz bench: FUZZ_COUNT (default 10,200) requests generated from /api/openapi.json over every
 * operation and every role (visitor, user, VIP, super-VIP, forged token), through the worker's
 * fetch in workerd with the real D1. Prints the figures: requests, operations, statuses, 5xx and
 * errors outside the envelope (both must be 0), and the run time.
 *
 *   npx vitest run --config tests/bench/fuzz.vitest.config.ts
 */
import { env } from 'cloudflare:test';
import { beforeAll, expect, it } from 'vitest';
import { baseTaxonomy, makeClosure, makeReasons } from '../worker/closure/fixtures';
import { seedClosures, seedStarmarket } from '../worker/exports/fixtures';
import { runFuzz } from '../worker/hardening/fuzz';

const benchEnv = env as unknown as { FUZZ_COUNT?: string; FUZZ_SEED?: string };
const COUNT = Number(benchEnv.FUZZ_COUNT ?? 10_200);
const SEED = Number(benchEnv.FUZZ_SEED ?? 20261123);

beforeAll(async () => {
  await baseTaxonomy();
  await makeReasons(3);
  for (let i = 0; i < 10; i++) await makeClosure();
  await seedClosures(60);
  await seedStarmarket(20);
});

it(`fuzz: ${COUNT} requests from the OpenAPI document`, async () => {
  const r = await runFuzz(COUNT, SEED, 8);
  const statuses = Object.entries(r.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ');
  console.log(
    [
      `fuzz seed ${SEED}: ${r.requests} requests over ${r.operations} operations x 5 roles in ${(r.ms / 1000).toFixed(1)} s (${((r.requests * 1000) / r.ms).toFixed(0)} req/s)`,
      `  per role: ${Object.entries(r.perRole).map(([k, n]) => `${k} ${n}`).join(', ')}`,
      `  statuses: ${statuses}`,
      `  5xx: ${r.serverErrors.length}; errors outside the envelope: ${r.badEnvelopes.length}`,
      ...r.serverErrors.slice(0, 10).map((s) => `  5xx  ${s}`),
      ...r.badEnvelopes.slice(0, 10).map((s) => `  bad  ${s}`),
    ].join('\n'),
  );
  expect(r.serverErrors).toEqual([]);
  expect(r.badEnvelopes).toEqual([]);
});
