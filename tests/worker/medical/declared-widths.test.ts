/**
 * The bucket widths the kept-list declarations count medical_list_levels and medical_list_ties at
 * are the ones the page reader walks (medical/pages.ts): a width that differed would send a deep
 * page to a bucket that holds other items.
 */
import { describe, expect, it } from 'vitest';
import { MEDICAL_LEVEL_WIDTHS, MEDICAL_TIE_WIDTHS } from '../../../worker/src/db/kept/medical.ts';
import { LIST, LIST_WIDTHS, TIE_WIDTHS } from '../../../worker/src/medical/pages';

describe('healthcare list widths', () => {
  it('are declared once per list, as the reader walks them', () => {
    const declared = MEDICAL_LEVEL_WIDTHS.flatMap((g) => g.lists.map((list) => [list, g.widths] as const));
    expect(declared.map(([list]) => list).sort((a, b) => a - b)).toEqual(Object.values(LIST).sort((a, b) => a - b));
    for (const [list, widths] of declared) expect(widths, `list ${list}`).toEqual(LIST_WIDTHS[list as keyof typeof LIST_WIDTHS]);
  });

  it('of the ties are the reader’s for exactly the company lists', () => {
    expect(Object.keys(TIE_WIDTHS).map(Number).sort()).toEqual([...MEDICAL_TIE_WIDTHS.lists]);
    for (const list of MEDICAL_TIE_WIDTHS.lists) expect(TIE_WIDTHS[list], `list ${list}`).toEqual([...MEDICAL_TIE_WIDTHS.widths]);
  });
});
