/**
 * Date arithmetic for the seed. The schema stores dates as yyyymmdd integers (Beijing calendar)
 * and timestamps as epoch ms; day numbers (days since 1970-01-01) make the arithmetic simple.
 */
const DAY_MS = 86_400_000;
const BJ_OFFSET_MS = 8 * 3_600_000;

export const dayOfYmd = (ymd: number) => Math.floor(Date.UTC(Math.floor(ymd / 10000), (Math.floor(ymd / 100) % 100) - 1, ymd % 100) / DAY_MS);

export function ymdOfDay(day: number): number {
  const d = new Date(day * DAY_MS);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** The Beijing calendar day of an instant. */
export const dayOfMs = (ms: number) => Math.floor((ms + BJ_OFFSET_MS) / DAY_MS);

/** An instant on a Beijing calendar day, `secondOfDay` seconds after midnight. */
export const msOfDay = (day: number, secondOfDay: number) => day * DAY_MS - BJ_OFFSET_MS + secondOfDay * 1000;

export const yearOfDay = (day: number) => Math.floor(ymdOfDay(day) / 10000);
export const dayOfYearStart = (year: number) => dayOfYmd(year * 10000 + 101);

/** Whole months from one yyyymmdd to a later one, as the closed-company list shows survival time. */
export function monthsBetween(fromYmd: number, toYmd: number): number {
  const y1 = Math.floor(fromYmd / 10000), m1 = Math.floor(fromYmd / 100) % 100, d1 = fromYmd % 100;
  const y2 = Math.floor(toYmd / 10000), m2 = Math.floor(toYmd / 100) % 100, d2 = toYmd % 100;
  return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
}

export { DAY_MS };
