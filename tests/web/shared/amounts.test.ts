import { describe, expect, it } from 'vitest';
import { amountText, formatValuation, formatWan, parseWan, roundAmount, trimZeros, UNDISCLOSED, WAN_PER_YI } from '#shared/amounts';

describe('amounts in 万 and 亿', () => {
  it('shows 万元 below 10000 and 亿元 from 10000 (spec §9)', () => {
    expect(WAN_PER_YI).toBe(10000);
    expect(formatWan(0)).toBe('0万元');
    expect(formatWan(1)).toBe('1万元');
    expect(formatWan(9999)).toBe('9999万元');
    expect(formatWan(9999.99)).toBe('9999.99万元');
    expect(formatWan(10000)).toBe('1亿元');
    expect(formatWan(10001)).toBe('1亿元');
    expect(formatWan(25600)).toBe('2.56亿元');
    expect(formatWan(500.5)).toBe('500.5万元');
    expect(formatWan(-20000)).toBe('-2亿元');
    expect(formatWan(-5)).toBe('-5万元');
    expect(formatWan(null)).toBe('-');
    expect(formatWan(undefined)).toBe('-');
    expect(formatWan(Number.NaN)).toBe('-');
  });

  it('drops trailing zeros only after a decimal point', () => {
    expect(trimZeros('2.50')).toBe('2.5');
    expect(trimZeros('3.00')).toBe('3');
    expect(trimZeros('120')).toBe('120');
    expect(trimZeros('100.0')).toBe('100');
  });

  it('valuation in 亿人民币, undisclosed for -, empty or not a number', () => {
    expect(formatValuation(150000)).toBe('15亿人民币');
    expect(formatValuation(6330000)).toBe('633亿人民币');
    expect(formatValuation(68400)).toBe('6.84亿人民币');
    expect(formatValuation(0)).toBe('0亿人民币');
    expect(formatValuation('150000')).toBe('15亿人民币');
    expect(formatValuation('-')).toBe(UNDISCLOSED);
    expect(formatValuation('')).toBe('未透露');
    expect(formatValuation(null)).toBe('未透露');
    expect(formatValuation('abc')).toBe('未透露');
  });

  it('amounts stored as words read without trailing zeros', () => {
    expect(amountText('633.0亿人民币')).toBe('633亿人民币');
    expect(amountText('1.50亿美元')).toBe('1.5亿美元');
    expect(amountText('12.5亿人民币')).toBe('12.5亿人民币');
    expect(amountText('2000万人民币')).toBe('2000万人民币');
    expect(amountText('数千万人民币')).toBe('数千万人民币');
    expect(amountText('6330000')).toBe('633亿人民币');
    expect(amountText(' - ')).toBe('未透露');
    expect(amountText('')).toBe('未透露');
  });

  it("a round's amount: the figure, else the announced words, else undisclosed", () => {
    expect(roundAmount(25600, '2.56亿人民币')).toBe('2.56亿元');
    expect(roundAmount(8000, '')).toBe('8000万元');
    expect(roundAmount(0, '数千万人民币')).toBe('数千万人民币');
    expect(roundAmount(0, '')).toBe('未透露');
    expect(roundAmount(0, null)).toBe('未透露');
    expect(roundAmount(0, undefined, '金额未透露')).toBe('金额未透露');
  });
});

describe('reading amounts as 万元', () => {
  it('reads a bare number as 万元 and a unit as written', () => {
    expect(parseWan('5000')).toEqual({ wan: 5000, undisclosed: false });
    expect(parseWan('1.2亿')).toEqual({ wan: 12000, undisclosed: false });
    expect(parseWan('1亿元')).toEqual({ wan: 10000, undisclosed: false });
    expect(parseWan('9999万')).toEqual({ wan: 9999, undisclosed: false });
    expect(parseWan('5000万')).toEqual({ wan: 5000, undisclosed: false });
    expect(parseWan('1万')).toEqual({ wan: 1, undisclosed: false });
    expect(parseWan('3.5千万')).toEqual({ wan: 3500, undisclosed: false });
    expect(parseWan('12,000万元')).toEqual({ wan: 12000, undisclosed: false });
    expect(parseWan('2亿人民币')).toEqual({ wan: 20000, undisclosed: false });
    expect(parseWan('约5000万元')).toEqual({ wan: 5000, undisclosed: false });
    expect(parseWan('3000000元')).toEqual({ wan: 300, undisclosed: false });
    expect(parseWan('0')).toEqual({ wan: 0, undisclosed: false });
  });

  it('converts US dollars at 7', () => {
    expect(parseWan('800万美元')).toEqual({ wan: 5600, undisclosed: false });
    expect(parseWan('$300万')).toEqual({ wan: 2100, undisclosed: false });
    expect(parseWan('1.5亿USD')).toEqual({ wan: 105000, undisclosed: false });
  });

  it('knows words without a figure, and refuses what it cannot read', () => {
    for (const t of ['', '  ', '未透露', '未披露', '-', '—', 'N/A', '数千万人民币', '亿元及以上', '近亿']) {
      expect(parseWan(t), t).toEqual({ wan: 0, undisclosed: true });
    }
    for (const t of ['-5', '五千万', '1.2.3亿', 'abc', '12亿欧元']) expect(parseWan(t), t).toBeNull();
  });
});
