import { cpSync, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// The same orchestration `npm start` uses: real D1, R2, Queues and cron in workerd.
import { buildSpa, prepareDatabase, ROOT, startWorkers } from '../../scripts/stack.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    artifactsDir: string;
    persistTo: string;
    seededState: string;
  }
}

export const E2E_SCALE = 0.75;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export default async function setup(project: TestProject) {
  // A private state dir per run: concurrent runs never share (or wipe) each other's D1/R2.
  const persistTo = mkdtempSync(path.join(os.tmpdir(), 'juzi-e2e-'));
  const artifactsDir = path.join(ROOT, 'test-results', 'e2e');
  mkdirSync(artifactsDir, { recursive: true });
  buildSpa();
  // The demo generator at 3/4 of its default volume: 4,500 closed companies, so the whole-list
  // export is the issue's 2000 / 2000 / 500 files, and seeding is quicker.
  prepareDatabase({ persistTo, scale: E2E_SCALE, quiet: true });
  // A copy of the freshly seeded state, before any test writes to it: a file that runs a stack of
  // its own (export-crash) starts from it instead of seeding again (seeding is most of a stack's start).
  const seededState = mkdtempSync(path.join(os.tmpdir(), 'juzi-e2e-seeded-'));
  cpSync(persistTo, seededState, { recursive: true });
  const port = Number(process.env.E2E_PORT ?? (await freePort()));
  const log = createWriteStream(path.join(artifactsDir, 'wrangler.log'));
  const stack = await startWorkers({ port, persistTo, logFile: log });
  project.provide('baseURL', stack.url);
  project.provide('artifactsDir', artifactsDir);
  project.provide('persistTo', persistTo);
  project.provide('seededState', seededState);
  return async () => {
    stack.stop();
    log.end();
    rmSync(persistTo, { recursive: true, force: true });
    rmSync(seededState, { recursive: true, force: true });
  };
}
