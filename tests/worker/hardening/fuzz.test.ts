/**
 * The OpenAPI-driven fuzzer at a test-run size: every operation, every role, 1,500 requests.
 * (The bench, tests/bench/fuzz.bench.test.ts, sends 10,000+ and prints the figures.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { baseTaxonomy, makeClosure, makeReasons } from '../closure/fixtures';
import { seedClosures, seedStarmarket } from '../exports/fixtures';
import { FUZZ_ROLES, runFuzz } from './fuzz';

beforeAll(async () => {
  await baseTaxonomy();
  await makeReasons(2);
  for (let i = 0; i < 5; i++) await makeClosure();
  await seedClosures(25);
  await seedStarmarket(10);
});

describe('fuzzing every operation from the OpenAPI document', () => {
  it('1,500 requests over every operation and role: no 5xx, every error in the envelope', async () => {
    const report = await runFuzz(1500, 20261123);
    expect(report.operations).toBeGreaterThan(40);
    expect(report.requests).toBe(1500);
    for (const role of FUZZ_ROLES) expect(report.perRole[role]).toBeGreaterThan(200);
    expect(report.serverErrors).toEqual([]);
    expect(report.badEnvelopes).toEqual([]);
    // The run reached past the access and validation layers: successes and refusals both.
    expect(report.byStatus[200]).toBeGreaterThan(100);
    expect(report.byStatus[400]).toBeGreaterThan(100);
  });
});
