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

const worker = path.resolve(import.meta.dirname, '../../../worker/src');
const web = path.resolve(import.meta.dirname, '../../../web/src');

/** Every worker module the SPA's source imports a value from (type-only imports are erased). */
function workerModulesOfSpa(): string[] {
  const found = new Set<string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.gen.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/^import\s+(?!type\s)[^;]*?from\s+'((?:\.\.\/)+worker\/src\/[^']+)'/gm)) {
          found.add(path.relative(worker, path.resolve(path.dirname(p), m[1])));
        }
      }
    }
  };
  walk(web);
  return [...found].sort();
}

// The areas' constants (page sizes, type codes such as HORSE_UNICORN and FOLLOW_COMPANY) are one
// definition for the worker's validation and the SPA's calls: an import in one of them would pull
// worker code into the pages.
it("the areas' constants modules the SPA imports import nothing", () => {
  const constants = workerModulesOfSpa().filter((m) => m.endsWith('/constants'));
  expect(constants).toEqual(expect.arrayContaining(['closure/constants', 'follow/constants']));
  for (const m of constants) expect(readFileSync(path.join(worker, `${m}.ts`), 'utf8'), m).not.toMatch(/^\s*(import|export\s+(type\s+)?(\*|\{[^}]*\})\s+from)\b/m);
});
