import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent, formatSurvival, todayText, totalText } from '../../../web/src/lib/format';

describe('counts, percentages and durations', () => {
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
  it('survival time from months', () => {
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
