import { describe, expect, it } from 'vitest';
import type { ReasonParent } from '../../../web/src/features/closure/queries/reasons';
import { selectReason } from '../../../web/src/features/closure/reasonSelection';

describe('selectReason', () => {
  const tree: ReasonParent[] = [
    { id: 1, p_id: 0, name: '市场原因', child: [{ id: 11, p_id: 1, name: '行业竞争' }, { id: 12, p_id: 1, name: '市场伪需求' }] },
    { id: 2, p_id: 0, name: '资金原因', child: [{ id: 21, p_id: 2, name: '现金流断裂' }] },
  ];
  it('takes the child from the query, or the first child of the parent, or the first reason', () => {
    expect(selectReason(tree, 1, 12).child?.name).toBe('市场伪需求');
    expect(selectReason(tree, 2).child?.name).toBe('现金流断裂');
    expect(selectReason(tree).child?.name).toBe('行业竞争');
    expect(selectReason(tree, undefined, 21).parent?.name).toBe('资金原因');
    // A child that belongs to another parent wins over a wrong parent id.
    expect(selectReason(tree, 1, 21).parent?.name).toBe('资金原因');
    expect(selectReason(tree, 99, 99).child?.name).toBe('行业竞争');
  });
});
