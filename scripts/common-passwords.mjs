/**
 * worker/src/auth/common-passwords.txt: the common-password list of @zxcvbn-ts/language-common,
 * one per line, sorted. The same set as the package's module; sorted text compresses to about
 * two thirds of the package's frequency-ordered JS array in the worker's upload, and a text module
 * is a string, not code to parse.
 *
 *   npm run common-passwords             rewrites the file from the installed package
 *   npm run common-passwords -- --check  fails when the file is not what the package gives
 *
 * tests/worker/auth/common-passwords.test.ts makes the same comparison in `npm test`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'worker/src/auth/common-passwords.txt');
const { default: list } = await import('@zxcvbn-ts/language-common/dist/passwords.json.mjs');
const text = [...new Set(list)].sort().join('\n');

if (process.argv.includes('--check')) {
  const now = existsSync(out) ? readFileSync(out, 'utf8') : '';
  if (now !== text) {
    console.error('common-passwords: worker/src/auth/common-passwords.txt is not the installed list; run npm run common-passwords');
    process.exit(1);
  }
  console.log(`common-passwords: ${list.length} entries match the installed list`);
} else {
  writeFileSync(out, text);
  console.log(`common-passwords: wrote ${list.length} entries`);
}
