import { describe, expect, it } from 'vitest';
import { isVisitorView } from '../../../web/src/features/closure/queries/list';

describe('isVisitorView (the worker-declared visitor rule of GET /api/closure)', () => {
  it('lets a visitor load page 1 in the default sort, alone or with a shared company name', () => {
    expect(isVisitorView({ sort: 1, page: 1 })).toBe(true);
    expect(isVisitorView({ sort: 1, page: 1, keyword: '共享单车' })).toBe(true);
    expect(isVisitorView({ sort: 1, page: 1, com_prov: '' })).toBe(true);
  });

  it('leaves another page, sort or any filter to a signed-in reader', () => {
    expect(isVisitorView({ sort: 1, page: 2 })).toBe(false);
    expect(isVisitorView({ sort: 2, page: 1 })).toBe(false);
    expect(isVisitorView({ sort: 1, page: 1, com_prov: '北京' })).toBe(false);
    expect(isVisitorView({ sort: 1, page: 1, cat_id: 3 })).toBe(false);
    expect(isVisitorView({ sort: 1, page: 1, fund_status: 2 })).toBe(false);
  });
});
