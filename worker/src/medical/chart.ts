/**
 * The financing-trend chart (融资趋势): per label the number of events (num) and their money (万元),
 * from the area's events (or a tag's), of one round or all. Without a year the labels are the years
 * from the current one down to CHART_FIRST_YEAR; with a year, its twelve months ('2019-03').
 * Every label is present, with zeros where nothing happened, so the line never skips a point.
 */
import { sql } from 'drizzle-orm';
import { investEvents } from '../db';
import type { Db } from '../env';
import { CHART_FIRST_YEAR } from './constants';
import { medicalEventWhere } from './select';

export async function financingTrend(db: Db, p: { year?: number; roundId?: number; tagId?: number }, thisYear: number) {
  const from = p.year === undefined ? CHART_FIRST_YEAR * 10000 + 101 : p.year * 10000 + 101;
  const to = p.year === undefined ? thisYear * 10000 + 1231 : p.year * 10000 + 1231;
  const bucket = p.year === undefined ? sql<number>`${investEvents.date} / 10000` : sql<number>`${investEvents.date} / 100 % 100`;
  const rows = await db
    .select({ k: bucket, num: sql<number>`count(*)`, money: sql<number>`coalesce(sum(${investEvents.money}), 0)` })
    .from(investEvents)
    .where(medicalEventWhere({ tagId: p.tagId, roundId: p.roundId, from, to }))
    .groupBy(bucket);
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
