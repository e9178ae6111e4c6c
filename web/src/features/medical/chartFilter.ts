/**
 * The financing chart's selectors: the placeholders '请选择时间', '请选择轮次', '请选择子领域' (and '')
 * mean 'not chosen' (spec §5), so they never reach the request.
 */
import { CHART_FIRST_YEAR, CHART_PLACEHOLDERS } from '../../../../worker/src/medical/constants';
import type { ChartFilter } from './queries/chart';

export interface ChartSelection {
  year: string;
  round: string;
  field: string;
}

export const EMPTY_SELECTION: ChartSelection = { year: '', round: '', field: '' };

const chosen = (value: string, placeholder: string): number | undefined => {
  const v = value.trim();
  if (v === '' || v === placeholder) return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

export function chartFilterOf(s: ChartSelection): ChartFilter {
  return {
    year: chosen(s.year, CHART_PLACEHOLDERS.year),
    round: chosen(s.round, CHART_PLACEHOLDERS.round),
    field: chosen(s.field, CHART_PLACEHOLDERS.field),
  };
}

/** The year choices: this year down to CHART_FIRST_YEAR. */
export function chartYears(thisYear = new Date().getFullYear()): number[] {
  return Array.from({ length: thisYear - CHART_FIRST_YEAR + 1 }, (_, i) => thisYear - i);
}

export interface TrendPoint {
  label: string;
  num: number;
  /** 万元 */
  money: number;
}

/** The answer as points in label order; empty when no label has an event. */
export function trendPoints(data: Record<string, { num: number; money: number }>): TrendPoint[] {
  const points = Object.keys(data)
    .sort()
    .map((label) => ({ label, num: data[label].num, money: data[label].money }));
  return points.some((p) => p.num > 0) ? points : [];
}
