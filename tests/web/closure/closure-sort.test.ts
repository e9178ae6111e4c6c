import { describe, expect, it } from 'vitest';
import { CLOSURE_SORTS } from '../../../worker/src/closure/constants';
import { CLOSURE_SORT_OPTIONS, closureSortParam, toClosureSort } from '../../../web/src/features/closure/closureSort';

describe('closure sorts', () => {
  it('offers the worker’s sorts, in its order and with its names', () => {
    expect(CLOSURE_SORT_OPTIONS).toEqual(CLOSURE_SORTS.map((s) => ({ value: String(s.id), label: s.name })));
    expect(CLOSURE_SORT_OPTIONS.map((o) => o.label)).toEqual(['按关闭时间', '按成立时间', '按存活时间']);
  });

  it('reads ?sort= as one of those ids and anything else as none', () => {
    expect(closureSortParam.parse(3)).toBe(3);
    expect(closureSortParam.parse('2')).toBe(2);
    expect(closureSortParam.parse(4)).toBeUndefined();
    expect(closureSortParam.parse('x')).toBeUndefined();
    expect(closureSortParam.parse(undefined)).toBeUndefined();
  });

  it('turns the select’s value back into a sort', () => {
    expect(toClosureSort('1')).toBe(1);
    expect(toClosureSort('')).toBeUndefined();
  });
});
