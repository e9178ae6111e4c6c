/**
 * Chinese working days: `chinese-days` (statutory holidays and make-up working days of the years it
 * knows), overridden by the D1 table workday_overrides, which also covers the years the package does
 * not know yet (for those, without an override, Monday to Friday are working days).
 */
import chineseDays from 'chinese-days';
import { and, gte, lte } from 'drizzle-orm';
import { workdayOverrides } from '../db';
import type { Db } from '../env';
import { addDays, formatYmd, weekdayOf, ymdParts } from '#shared/dates';
import { DIGEST_MAX_LOOKBACK_DAYS } from './constants';

const known = new Map<number, boolean>();

/** The package knows a year when it lists statutory holidays for it (every year has New Year's Day). */
export function calendarKnowsYear(year: number): boolean {
  let k = known.get(year);
  if (k === undefined) {
    k = chineseDays.getHolidaysInRange(`${year}-01-01`, `${year}-12-31`, false).length > 0;
    known.set(year, k);
  }
  return k;
}

/** Working day by the package, or by the weekday for a year it does not know. */
export function packageWorkday(v: number): boolean {
  if (calendarKnowsYear(ymdParts(v).y)) return chineseDays.isWorkday(formatYmd(v));
  const dow = weekdayOf(v);
  return dow !== 0 && dow !== 6;
}

export type Overrides = Map<number, boolean>;

export async function loadOverrides(db: Db, from: number, to: number): Promise<Overrides> {
  const rows = await db
    .select({ day: workdayOverrides.day, isWorkday: workdayOverrides.isWorkday })
    .from(workdayOverrides)
    .where(and(gte(workdayOverrides.day, from), lte(workdayOverrides.day, to)));
  return new Map(rows.map((r) => [r.day, r.isWorkday === 1]));
}

export const isWorkday = (v: number, overrides: Overrides) => overrides.get(v) ?? packageWorkday(v);

/**
 * What the e-mail of `day` covers, or null when `day` is not a working day: every calendar day from
 * the previous working day (whose own e-mail covered the day before it) to yesterday. On an ordinary
 * day that is yesterday alone; after a weekend or a holiday it is the whole break.
 */
export async function digestWindow(db: Db, day: number): Promise<{ from: number; to: number } | null> {
  const overrides = await loadOverrides(db, addDays(day, -DIGEST_MAX_LOOKBACK_DAYS), day);
  if (!isWorkday(day, overrides)) return null;
  let from = addDays(day, -1);
  for (let i = 1; i < DIGEST_MAX_LOOKBACK_DAYS && !isWorkday(from, overrides); i++) from = addDays(from, -1);
  return { from, to: addDays(day, -1) };
}
