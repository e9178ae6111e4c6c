/** Display rules shared by every area (spec §9). Money in the API is in 万元. */
import { trimZeros } from '#shared/amounts';

// The amount rules are the worker's, so a figure reads the same on a page, in an e-mail and in the data.
export { amountText, formatValuation, formatWan } from '#shared/amounts';

/**
 * A count with thousands separators, rounded to a whole number: 6000 -> '6,000', 1234.5 -> '1,235'
 * (what Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 }) prints). Not Intl: Chromium's first
 * Intl.NumberFormat initialises ICU's number formatting, a long task on the main thread of a page's
 * first load, and a count is on nearly every first screen.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '∞' : '-∞';
  const whole = Math.round(Math.abs(n));
  const digits = String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 && whole !== 0 ? `-${digits}` : digits;
}

/** A list's total, one format everywhere: '共 6,000 家公司', '共 45 条报道'. */
export function totalText(n: number, unit = '家公司'): string {
  return `共 ${formatCount(n)} ${unit}`;
}

/** Percent with 2 decimals, as the charts show it. */
export function formatPercent(part: number, total: number): string {
  if (!total) return '0%';
  return `${trimZeros(((part / total) * 100).toFixed(2))}%`;
}

/** Survival time between founding and closing, in years and months: '3年5个月', '8个月'. Months, or the worker's { years, months }. */
export function formatSurvival(survival: number | { years: number; months: number }): string {
  const months = typeof survival === 'number' ? survival : survival.years * 12 + survival.months;
  if (!Number.isFinite(months) || months < 0) return '-';
  const y = Math.floor(months / 12);
  const m = months % 12;
  if (y === 0) return `${m}个月`;
  return m === 0 ? `${y}年` : `${y}年${m}个月`;
}

/** Today's date as 'YYYY-MM-DD' in the viewer's calendar. */
export function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
