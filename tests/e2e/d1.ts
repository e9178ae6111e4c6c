import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Rows straight from the running product's local D1 (through wrangler, not the API). The running
 * workerd holds the database, so the read goes to a copy of the state directory.
 */
export function d1Query<T>(sql: string): T[] {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'juzi-d1-read-'));
  try {
    cpSync(inject('persistTo'), copy, { recursive: true });
    const out = execFileSync(
      path.join(ROOT, 'node_modules', '.bin', 'wrangler'),
      ['d1', 'execute', 'juzi-db', '--local', '--config', 'wrangler.toml', '--persist-to', copy, '--json', '--command', sql],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    return JSON.parse(out)[0].results as T[];
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
