/**
 * The common-password rule reads a sorted text module written from @zxcvbn-ts/language-common:
 * it must hold exactly the package's list, so updating the package without rewriting the file
 * (npm run common-passwords) fails here.
 */
import passwords from '@zxcvbn-ts/language-common/dist/passwords.json.mjs';
import { describe, expect, it } from 'vitest';
import { commonPasswords } from '../../../worker/src/auth/password';

describe('common-password list', () => {
  it('is the installed package list, entry for entry', async () => {
    const kept = await commonPasswords();
    expect(kept.size).toBe(new Set(passwords).size);
    const missing = passwords.filter((p) => !kept.has(p));
    expect(missing).toEqual([]);
    expect(kept.has('')).toBe(false);
  });
});
