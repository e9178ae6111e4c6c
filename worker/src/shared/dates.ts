/**
 * Dates as the product keeps and shows them, one definition for the worker, the export worker, the
 * SPA and the seed. A calendar date is a yyyymmdd integer (20190315) of the Beijing calendar (UTC+8,
 * no daylight saving); an instant is epoch ms. Day numbers (days since 1970-01-01) make the
 * arithmetic simple. No imports and no side effects: a bundle keeps only the functions it calls.
 */

export const DAY_MS = 86_400_000;
/** Beijing time is UTC+8 all year. */
export const BJ_OFFSET_MS = 8 * 3_600_000;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 20190315 -> { y: 2019, m: 3, d: 15 } */
export const ymdParts = (v: number) => ({ y: Math.floor(v / 10000), m: Math.floor(v / 100) % 100, d: v % 100 });

/** The Beijing calendar date of an instant. */
export function beijingDate(ms: number = Date.now()): { y: number; m: number; d: number } {
  const t = new Date(ms + BJ_OFFSET_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** The Beijing calendar date of an instant as yyyymmdd. */
export function ymd(ms: number = Date.now()): number {
  const { y, m, d } = beijingDate(ms);
  return y * 10000 + m * 100 + d;
}

/** The day number of a yyyymmdd (Date.UTC rolls an impossible day over, as SQLite's julianday does). */
export const dayNumber = (v: number) => {
  const { y, m, d } = ymdParts(v);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};

/** The yyyymmdd of a day number. */
export function ymdOfDayNumber(day: number): number {
  const t = new Date(day * DAY_MS);
  return t.getUTCFullYear() * 10000 + (t.getUTCMonth() + 1) * 100 + t.getUTCDate();
}

/** The day of the week of a yyyymmdd: 0 Sunday to 6 Saturday. */
export const weekdayOf = (v: number) => (((dayNumber(v) + 4) % 7) + 7) % 7;

/** The yyyymmdd `n` calendar days after (before, when negative) another. */
export const addDays = (v: number, n: number) => ymdOfDayNumber(dayNumber(v) + n);

/** The Beijing calendar day number of an instant. */
export const dayOfMs = (ms: number) => Math.floor((ms + BJ_OFFSET_MS) / DAY_MS);

/** The instant of Beijing midnight starting a day number. */
export const msOfDayStart = (day: number) => day * DAY_MS - BJ_OFFSET_MS;

/** True when y-m-d is a day of the Gregorian calendar. */
export function isCalendarDay(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Excel's day 1 is 1900-01-01 and it counts a 1900-02-29 that never was: serial 25569 is 1970-01-01. */
const EXCEL_EPOCH_SERIAL = 25569;

/** The yyyymmdd of an Excel date serial; a fraction (the time of day) is dropped. */
export const ymdOfExcelSerial = (serial: number) => ymdOfDayNumber(Math.floor(serial) - EXCEL_EPOCH_SERIAL);

/** 20190315 or '20190315' -> '2019-03-15'; other text (already 'YYYY-MM-DD') as it is; '' for 0 or empty. */
export function formatYmd(v: number | string | null | undefined): string {
  if (!v) return '';
  const s = String(v);
  if (/^\d{8}$/.test(s)) return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
  return s;
}

/** 20190315 -> '2019-03' (founding and joining are shown to the month); '' for 0. */
export function formatYearMonth(v: number): string {
  if (!v) return '';
  const s = String(v);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}`;
}

/** A founding year and month as a company card shows them: 2015, 3 -> '2015.03'; '' when the year is unknown. */
export const formatFounded = (y: number, m: number) => (y ? `${y}.${pad2(m)}` : '');

/** 20190315 -> '03-15' (a chart's day label). */
export const formatMonthDay = (v: number) => `${String(v).slice(4, 6)}-${String(v).slice(6, 8)}`;

/** 2019, 3, 5 -> '2019-03-05' (dates an API gives as year, month and day fields). */
export const formatYmdParts = (y: number, m: number, d: number) => `${y}-${pad2(m)}-${pad2(d)}`;

/** 'YYYY-MM-DD' -> its day number (NaN when the text has no figures where the date's are). */
export const dayNumberOfText = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10))) / DAY_MS;

/** Epoch ms -> 'YYYY-MM-DD HH:mm' in Beijing time, whatever the reader's zone (the product is Chinese); '' for none. */
export function formatDateTime(ms: number | null | undefined): string {
  if (!ms) return '';
  const t = new Date(ms + BJ_OFFSET_MS);
  return `${t.getUTCFullYear()}-${pad2(t.getUTCMonth() + 1)}-${pad2(t.getUTCDate())} ${pad2(t.getUTCHours())}:${pad2(t.getUTCMinutes())}`;
}
