import { describe, expect, it } from 'vitest';
import { optIdParam, optTextParam, pageSearchParam } from '../../../web/src/lib/searchParams';

describe('search-param pieces', () => {
  it('an id is a positive integer that fits the worker’s columns; anything else is absent', () => {
    expect(optIdParam.parse('12')).toBe(12);
    expect(optIdParam.parse(0)).toBeUndefined();
    expect(optIdParam.parse(-3)).toBeUndefined();
    expect(optIdParam.parse('abc')).toBeUndefined();
    expect(optIdParam.parse(2 ** 31)).toBeUndefined();
  });

  it('a page is 1 or more', () => {
    expect(pageSearchParam.parse('3')).toBe(3);
    expect(pageSearchParam.parse(0)).toBeUndefined();
    expect(pageSearchParam.parse(1.5)).toBeUndefined();
  });

  it('text is trimmed, blank text is absent, and text over the limit falls back to absent', () => {
    const text = optTextParam(5);
    expect(text.parse('  单车 ')).toBe('单车');
    expect(text.parse('   ')).toBeUndefined();
    expect(text.parse('太长的一段文字')).toBeUndefined();
    expect(text.parse(undefined)).toBeUndefined();
  });
});
