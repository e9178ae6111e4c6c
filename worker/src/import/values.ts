/**
 * Reading one cell of an imported file into the product's units: dates to yyyymmdd, amounts to 万元,
 * provinces to their GB/T 2260 short names. Each reader returns the value, or a CellError whose text
 * goes into the rejects file as the reason. A cell arrives as the CLI read it: text, a number (an
 * Excel serial for a date cell typed as a number) or an ISO date string (a date-typed cell).
 */
import { parseWan } from '#shared/amounts';
import { isCalendarDay, ymdOfExcelSerial, ymdParts } from '#shared/dates';
import { PROVINCES } from '../medical/constants';

export type Cell = string | number | boolean | null | undefined;

export class CellError extends Error {}

/** The cell as trimmed text ('' for an empty cell); full-width spaces count as spaces. */
export function text(v: Cell): string {
  if (v === null || v === undefined) return '';
  return String(v).replace(/\u3000/g, ' ').trim();
}

function ymdOf(y: number, m: number, d: number, raw: string): number {
  if (y < 1900 || y > 2100) throw new CellError(`日期“${raw}”的年份不在 1900–2100 之间`);
  if (m < 1 || m > 12) throw new CellError(`日期“${raw}”的月份不存在`);
  if (!isCalendarDay(y, m, d)) throw new CellError(`日期“${raw}”的日不存在`);
  return y * 10000 + m * 100 + d;
}

/**
 * A date as yyyymmdd: YYYY-MM-DD (also with / . or 年月日), YYYYMMDD, YYYY-MM (the 1st of the month:
 * an exported file writes a month-only date as that day), or an Excel serial (a date cell that came
 * through as its number). Empty is null: the caller decides whether the field is required.
 */
export function dateValue(v: Cell): number | null {
  const raw = text(v);
  if (raw === '') return null;
  if (typeof v === 'number' || /^\d+(\.\d+)?$/.test(raw)) {
    const n = Number(raw);
    if (/^\d{8}$/.test(raw)) {
      const { y, m, d } = ymdParts(n);
      return ymdOf(y, m, d, raw);
    }
    if (/^\d{4}$/.test(raw)) throw new CellError(`日期“${raw}”只有年份，至少要到月（YYYY-MM）`);
    // Serials from 1 (1900-01-01) to 2100-12-31; the fraction is a time of day.
    if (n >= 1 && n < 73416) {
      const { y, m, d } = ymdParts(ymdOfExcelSerial(n));
      return ymdOf(y, m, d, raw);
    }
    throw new CellError(`日期“${raw}”不是可识别的日期`);
  }
  // An ISO timestamp of a date cell ('2019-03-15T00:00:00.000Z'): its calendar day.
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})(?:\s*[-/.月]\s*(\d{1,2})\s*日?)?\s*月?(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(raw);
  if (!m) throw new CellError(`日期“${raw}”的格式不对（应为 YYYY-MM-DD、YYYY-MM 或 Excel 日期）`);
  return ymdOf(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : 1, raw);
}

export interface Amount {
  wan: number;
  /** The cell gave no figure (empty, 未透露, 数千万): stored as 0 and reported as a default. */
  undisclosed: boolean;
}

/** An amount in 万元 (parseWan); a number cell is already 万元 (the product's export). */
export function amountValue(v: Cell): Amount {
  const raw = text(v);
  if (typeof v === 'number' && raw !== '') {
    if (!Number.isFinite(v) || v < 0) throw new CellError(`金额“${raw}”不能为负数`);
    return { wan: Math.round(v), undisclosed: false };
  }
  const a = parseWan(raw);
  if (!a) throw new CellError(`金额“${raw}”无法识别（应为数字（万元）或“1.2亿”“5000万”这样的文字）`);
  if (a.wan > 99_999_999) throw new CellError(`金额“${raw}”超出范围（上限 99,999,999 万元）`);
  return a;
}

/** A whole number of 万元 from a number cell or numeric text ('' is 0). */
export function wanValue(v: Cell): number {
  return amountValue(v).wan;
}

/** Full names (广东省, 内蒙古自治区, 香港特别行政区) read as the short name the product stores. */
const PROVINCE_SUFFIX = /(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/;

/** A province by its GB/T 2260 short or full name; anything else (a city, a country) is an error. */
export function provinceValue(v: Cell): string {
  const raw = text(v);
  if (raw === '') throw new CellError('地区为空');
  const short = raw.replace(PROVINCE_SUFFIX, '');
  if ((PROVINCES as readonly string[]).includes(short)) return short;
  if ((PROVINCES as readonly string[]).includes(raw)) return raw;
  throw new CellError(`地区“${raw}”不是 GB/T 2260 的省级行政区名称（如“北京”“广东省”）`);
}

/** A list cell of an export ('甲、乙', also split on ,，;；/ and newlines), without empties or repeats. */
export function listValue(v: Cell): string[] {
  return [...new Set(text(v).split(/[、,，;；\n]+/).map((s) => s.trim()).filter(Boolean))];
}
