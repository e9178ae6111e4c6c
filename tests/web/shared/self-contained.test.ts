import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../../worker/src/shared');

// The SPA bundles these modules: an import would pull worker code (zod, drizzle) into the pages.
it('the shared modules import nothing, so the SPA bundles only the functions it calls', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  expect(files).toEqual(expect.arrayContaining(['amounts.ts', 'dates.ts']));
  for (const f of files) expect(readFileSync(path.join(dir, f), 'utf8'), f).not.toMatch(/^\s*(import|export\s+[^;]*\bfrom)\b/m);
});
