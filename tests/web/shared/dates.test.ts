import { describe, expect, it } from 'vitest';
import {
  addDays,
  beijingDate,
  BJ_OFFSET_MS,
  DAY_MS,
  dayNumber,
  dayNumberOfText,
  dayOfMs,
  formatDateTime,
  formatFounded,
  formatMonthDay,
  formatYearMonth,
  formatYmd,
  formatYmdParts,
  isCalendarDay,
  msOfDayStart,
  ymd,
  ymdOfDayNumber,
  ymdOfExcelSerial,
  weekdayOf,
  ymdParts,
} from '#shared/dates';

/** 2026-01-05 00:00 in Beijing is 2026-01-04 16:00 UTC. */
const BJ_MIDNIGHT = Date.UTC(2026, 0, 4, 16, 0);

describe('yyyymmdd dates', () => {
  it('splits and shows a yyyymmdd', () => {
    expect(ymdParts(20190315)).toEqual({ y: 2019, m: 3, d: 15 });
    expect(ymdParts(0)).toEqual({ y: 0, m: 0, d: 0 });
    expect(formatYmd(20190315)).toBe('2019-03-15');
    expect(formatYmd('20190315')).toBe('2019-03-15');
    expect(formatYmd('2019-03-15')).toBe('2019-03-15');
    expect(formatYmd(0)).toBe('');
    expect(formatYmd(null)).toBe('');
    expect(formatYmd(undefined)).toBe('');
    expect(formatYmd('')).toBe('');
    expect(formatYearMonth(20150301)).toBe('2015-03');
    expect(formatYearMonth(0)).toBe('');
    expect(formatMonthDay(20261008)).toBe('10-08');
    expect(formatYmdParts(2019, 3, 5)).toBe('2019-03-05');
    expect(formatYmdParts(2019, 12, 31)).toBe('2019-12-31');
    expect(formatFounded(2015, 3)).toBe('2015.03');
    expect(formatFounded(2015, 11)).toBe('2015.11');
    expect(formatFounded(0, 0)).toBe('');
  });

  it('counts days across months, leap days and years', () => {
    expect(dayNumber(19700101)).toBe(0);
    expect(dayNumber(19700102)).toBe(1);
    expect(ymdOfDayNumber(0)).toBe(19700101);
    expect(dayNumber(20240301) - dayNumber(20240228)).toBe(2);
    expect(dayNumber(20230301) - dayNumber(20230228)).toBe(1);
    expect(addDays(20241231, 1)).toBe(20250101);
    expect(addDays(20240301, -1)).toBe(20240229);
    expect(addDays(20230301, -1)).toBe(20230228);
    expect(addDays(20190315, 0)).toBe(20190315);
    for (const v of [19991231, 20000229, 20240229, 20261008]) expect(ymdOfDayNumber(dayNumber(v))).toBe(v);
    // An impossible day rolls over, as SQLite's julianday() does.
    expect(ymdOfDayNumber(dayNumber(20190230))).toBe(20190302);
    expect(dayNumberOfText('2019-03-15')).toBe(dayNumber(20190315));
    expect(dayNumberOfText('未知')).toBeNaN();
  });

  it('knows the day of the week, before 1970 too', () => {
    expect(weekdayOf(19700101)).toBe(4);
    expect(weekdayOf(20261008)).toBe(4);
    expect(weekdayOf(20261011)).toBe(0);
    expect(weekdayOf(20261010)).toBe(6);
    expect(weekdayOf(19691231)).toBe(3);
    expect(weekdayOf(19000101)).toBe(1);
  });

  it('tells a calendar day from an impossible one', () => {
    expect(isCalendarDay(2024, 2, 29)).toBe(true);
    expect(isCalendarDay(2023, 2, 29)).toBe(false);
    expect(isCalendarDay(1900, 2, 29)).toBe(false);
    expect(isCalendarDay(2000, 2, 29)).toBe(true);
    expect(isCalendarDay(2019, 4, 31)).toBe(false);
    expect(isCalendarDay(2019, 12, 31)).toBe(true);
    expect(isCalendarDay(2019, 13, 1)).toBe(false);
    expect(isCalendarDay(2019, 0, 1)).toBe(false);
    expect(isCalendarDay(2019, 1, 0)).toBe(false);
    expect(isCalendarDay(2019, 1.5, 1)).toBe(false);
  });

  it('reads Excel date serials, counting the 1900-02-29 Excel invented', () => {
    expect(ymdOfExcelSerial(25569)).toBe(19700101);
    expect(ymdOfExcelSerial(43539)).toBe(20190315);
    expect(ymdOfExcelSerial(43539.75)).toBe(20190315);
    expect(ymdOfExcelSerial(61)).toBe(19000301);
    expect(ymdOfExcelSerial(73415)).toBe(21001231);
  });
});

describe('Beijing time', () => {
  it('puts an instant on the Beijing calendar, whatever the runtime zone', () => {
    expect(BJ_OFFSET_MS).toBe(8 * 3600 * 1000);
    expect(DAY_MS).toBe(86_400_000);
    expect(ymd(BJ_MIDNIGHT)).toBe(20260105);
    expect(ymd(BJ_MIDNIGHT - 1)).toBe(20260104);
    expect(beijingDate(BJ_MIDNIGHT)).toEqual({ y: 2026, m: 1, d: 5 });
    expect(ymd(Date.UTC(2025, 11, 31, 16, 0))).toBe(20260101);
    expect(dayOfMs(BJ_MIDNIGHT)).toBe(dayNumber(20260105));
    expect(dayOfMs(BJ_MIDNIGHT - 1)).toBe(dayNumber(20260104));
    expect(msOfDayStart(dayNumber(20260105))).toBe(BJ_MIDNIGHT);
    expect(ymd()).toBe(ymd(Date.now()));
  });

  it('shows an instant as YYYY-MM-DD HH:mm in Beijing time; nothing for none', () => {
    expect(formatDateTime(BJ_MIDNIGHT)).toBe('2026-01-05 00:00');
    expect(formatDateTime(BJ_MIDNIGHT - 60_000)).toBe('2026-01-04 23:59');
    expect(formatDateTime(Date.UTC(2019, 2, 15, 1, 5, 59))).toBe('2019-03-15 09:05');
    expect(formatDateTime(0)).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
});
