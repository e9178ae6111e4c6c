import { describe, expect, it } from 'vitest';
import { amountText, formatCount, formatDate, formatPercent, formatSurvival, formatValuation, formatWan, todayText, totalText } from '../../../web/src/lib/format';

describe('amount and date formatting', () => {
  it('shows 万元 below 10000 and 亿元 from 10000', () => {
    expect(formatWan(9999)).toBe('9999万元');
    expect(formatWan(10000)).toBe('1亿元');
    expect(formatWan(25600)).toBe('2.56亿元');
    expect(formatWan(500.5)).toBe('500.5万元');
    expect(formatWan(null)).toBe('-');
  });
  it('valuation in 亿人民币, undisclosed for -', () => {
    expect(formatValuation(150000)).toBe('15亿人民币');
    expect(formatValuation('-')).toBe('未透露');
    expect(formatValuation(6330000)).toBe('633亿人民币');
    expect(formatValuation(68400)).toBe('6.84亿人民币');
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
  it('counts with thousands separators, rounded, as Intl.NumberFormat zh-CN prints them (without its start-up cost)', () => {
    expect(totalText(6000)).toBe('共 6,000 家公司');
    expect(formatCount(500000)).toBe('500,000');
    const intl = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, 1234.5, 1234.49, 0.4, -1234, -1234.5, Number.MAX_SAFE_INTEGER]) {
      expect(formatCount(n), String(n)).toBe(intl.format(n));
    }
    expect(formatCount(-0.4)).toBe('0'); // Intl prints '-0'
  });
  it('percent rounded to 2 decimals', () => {
    expect(formatPercent(1, 3)).toBe('33.33%');
    expect(formatPercent(0, 0)).toBe('0%');
  });
  it('dates and survival time', () => {
    expect(formatDate(20190315)).toBe('2019-03-15');
    expect(formatDate(0)).toBe('');
    expect(formatSurvival(41)).toBe('3年5个月');
    expect(formatSurvival(8)).toBe('8个月');
    expect(formatSurvival(24)).toBe('2年');
  });
  it('survival time from the worker’s { years, months }', () => {
    expect(formatSurvival({ years: 3, months: 5 })).toBe('3年5个月');
    expect(formatSurvival({ years: 0, months: 8 })).toBe('8个月');
    expect(formatSurvival({ years: 2, months: 0 })).toBe('2年');
  });
  it('today as YYYY-MM-DD in the viewer’s calendar', () => {
    expect(todayText(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
