/**
 * Date arithmetic for the seed, on the shared date helpers (worker/src/shared/dates.ts). The schema
 * stores dates as yyyymmdd integers (Beijing calendar) and timestamps as epoch ms; day numbers (days
 * since 1970-01-01) make the arithmetic simple.
 */
import { dayNumber, msOfDayStart, ymdOfDayNumber, ymdParts } from '#shared/dates';

export { DAY_MS, dayOfMs, dayNumber as dayOfYmd, ymdOfDayNumber as ymdOfDay } from '#shared/dates';

/** An instant on a Beijing calendar day, `secondOfDay` seconds after midnight. */
export const msOfDay = (day: number, secondOfDay: number) => msOfDayStart(day) + secondOfDay * 1000;

export const yearOfDay = (day: number) => ymdParts(ymdOfDayNumber(day)).y;
export const dayOfYearStart = (year: number) => dayNumber(year * 10000 + 101);

/** Whole months from one yyyymmdd to a later one, as the closed-company list shows survival time. */
export function monthsBetween(fromYmd: number, toYmd: number): number {
  const a = ymdParts(fromYmd);
  const b = ymdParts(toYmd);
  return (b.y - a.y) * 12 + (b.m - a.m) - (b.d < a.d ? 1 : 0);
}

