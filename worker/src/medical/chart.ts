/**
 * The financing-trend chart (融资趋势): per label the number of events (num) and their money (万元),
 * from the area's events (or a tag's), of one round or all. Without a year the labels are the years
 * from the current one down to CHART_FIRST_YEAR; with a year, its twelve months ('2019-03').
 * Every label is present, with zeros where nothing happened, so the line never skips a point.
 * The buckets are the trigger-kept medical_trend rows (at most one per label), equal to grouping
 * the events by year or month.
 */
import type { Db } from '../env';
import { CHART_FIRST_YEAR } from './constants';
import { trendRows } from './kept';

export async function financingTrend(db: Db, p: { year?: number; roundId?: number; tagId?: number }, thisYear: number) {
  const rows = (await trendRows(db, { tagId: p.tagId ?? 0, roundId: p.roundId ?? 0, year: p.year, fromYear: CHART_FIRST_YEAR, toYear: thisYear })).map((r) => ({
    k: r.k,
    num: r.n,
    money: r.money,
  }));
  const byKey = new Map(rows.map((r) => [Number(r.k), r]));
  const out: Record<string, { num: number; money: number }> = {};
  const keys = p.year === undefined ? Array.from({ length: thisYear - CHART_FIRST_YEAR + 1 }, (_, i) => CHART_FIRST_YEAR + i) : Array.from({ length: 12 }, (_, i) => i + 1);
  for (const k of keys) {
    const r = byKey.get(k);
    const label = p.year === undefined ? String(k) : `${p.year}-${String(k).padStart(2, '0')}`;
    out[label] = { num: Number(r?.num ?? 0), money: Number(r?.money ?? 0) };
  }
  return out;
}
