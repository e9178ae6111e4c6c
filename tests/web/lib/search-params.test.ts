import { describe, expect, it } from 'vitest';
import { eitherParam, intParam, optEnumParam, optIdParam, optPatternParam, optStringParam, optTextParam, pageSearchParam, searchValidator } from '../../../web/src/lib/searchParams';

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

  it('a fixed value is one of the route\'s values; a pattern, a raw string and either of two fields', () => {
    const tab = optEnumParam(['comment', 'incense']);
    expect(tab.parse('incense')).toBe('incense');
    expect(tab.parse('other')).toBeUndefined();
    expect(optEnumParam([100]).parse(100)).toBe(100);
    expect(optEnumParam([100]).parse('100')).toBeUndefined();
    expect(optPatternParam(/^[a-z]+$/g).parse('abc')).toBe('abc');
    expect(optPatternParam(/^[a-z]+$/g).parse('abc')).toBe('abc');
    expect(optPatternParam(/^[a-z]+$/).parse('a1')).toBeUndefined();
    expect(optStringParam(3).parse(' ab')).toBe(' ab');
    expect(optStringParam(3).parse('abcd')).toBeUndefined();
    const year = eitherParam(intParam(1900, 2100, false), optEnumParam(['2012以前']));
    expect(year.parse(2015)).toBe(2015);
    expect(year.parse('2015')).toBeUndefined();
    expect(year.parse('2012以前')).toBe('2012以前');
  });

  it('a route validator keeps the valid params, drops the invalid and unknown ones, and is a Standard Schema', () => {
    const search = searchValidator({ page: pageSearchParam, keyword: optTextParam(10), tab: optEnumParam(['a', 'b']) });
    expect(search.parse({ page: '2', keyword: ' 单车 ', tab: 'c', other: 1 } as never)).toEqual({ page: 2, keyword: '单车' });
    expect(search.parse({})).toEqual({});
    expect(search['~standard'].validate({ tab: 'b', page: 0 })).toEqual({ value: { tab: 'b' } });
    expect(search['~standard'].version).toBe(1);
  });
});
