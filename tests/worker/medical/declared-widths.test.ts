/**
 * The page reader (medical/pages.ts) walks the bucket widths the declarations count
 * medical_list_levels and medical_list_ties at (db/kept/medical.ts). Every list must have them
 * exactly once: a list without widths could not page deep, one with two would be counted twice.
 */
import { describe, expect, it } from 'vitest';
import { MEDICAL_LEVEL_WIDTHS, MEDICAL_TIE_WIDTHS } from '../../../worker/src/db/kept/medical.ts';
import { COMPANY_LIST, LIST, LIST_WIDTHS } from '../../../worker/src/medical/pages';

describe('healthcare list widths', () => {
  it('are declared once for every list, coarsest first', () => {
    const declared = MEDICAL_LEVEL_WIDTHS.flatMap((g) => g.lists);
    expect([...declared].sort((a, b) => a - b)).toEqual(Object.values(LIST).sort((a, b) => a - b));
    for (const [list, widths] of Object.entries(LIST_WIDTHS)) {
      expect(widths.at(-1), `list ${list}`).toBe(1);
      expect([...widths].sort((a, b) => b - a), `list ${list}`).toEqual([...widths]);
    }
  });

  it('of the ties cover exactly the company lists', () => {
    const companies = [...Object.values(COMPANY_LIST), LIST.horse, LIST.unicorn].sort((a, b) => a - b);
    expect([...MEDICAL_TIE_WIDTHS.lists]).toEqual(companies);
  });
});
