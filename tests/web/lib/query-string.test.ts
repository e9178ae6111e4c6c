import { describe, expect, it } from 'vitest';
import { qs } from '../../../web/src/lib/queryString';

describe('qs', () => {
  it('turns numbers into strings and leaves out undefined and blank values (no filter)', () => {
    expect(qs({ sort: 1, page: 2, com_prov: '北京', cat_id: undefined, keyword: '' })).toEqual({ sort: '1', page: '2', com_prov: '北京' });
  });

  it('keeps 0, which is a value', () => {
    expect(qs({ type: 0 })).toEqual({ type: '0' });
  });
});
