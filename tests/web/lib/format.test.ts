import { describe, expect, it } from 'vitest';
import { formatDate, formatPercent, formatSurvival, formatValuation, formatWan, todayText } from '../../../web/src/lib/format';

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
