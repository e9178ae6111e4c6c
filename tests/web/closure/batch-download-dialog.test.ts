import { describe, expect, it } from 'vitest';
import { batchRanges } from '../../../web/src/features/closure/BatchDownloadDialog';

describe('batchRanges', () => {
  it('cuts the rows into 2000-row files, the last ending at the total', () => {
    expect(batchRanges(0)).toEqual([]);
    expect(batchRanges(2000).map((b) => b.label)).toEqual(['1-2000']);
    expect(batchRanges(2001).map((b) => b.label)).toEqual(['1-2000', '2001-2001']);
    expect(batchRanges(6000).map((b) => [b.page, b.label])).toEqual([
      [1, '1-2000'],
      [2, '2001-4000'],
      [3, '4001-6000'],
    ]);
  });
});
