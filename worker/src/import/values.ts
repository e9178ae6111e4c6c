/**
 * Reading one cell of an imported file into the product's units: dates to yyyymmdd, amounts to 万元,
 * provinces to their GB/T 2260 short names. Each reader returns the value, or a CellError whose text
 * goes into the rejects file as the reason. A cell arrives as the CLI read it: text, a number (an
 * Excel serial for a date cell typed as a number) or an ISO date string (a date-typed cell).
 */
import { PROVINCES } from '../medical/constants';

export type Cell = string | number | boolean | null | undefined;

export class CellError extends Error {}

/** The cell as trimmed text ('' for an empty cell); full-width spaces count as spaces. */
export function text(v: Cell): string {
  if (v === null || v === undefined) return '';
  return String(v).replace(/\u3000/g, ' ').trim();
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

function ymdOf(y: number, m: number, d: number, raw: string): number {
  if (y < 1900 || y > 2100) throw new CellError(`日期“${raw}”的年份不在 1900–2100 之间`);
  if (m < 1 || m > 12) throw new CellError(`日期“${raw}”的月份不存在`);
  if (d < 1 || d > daysIn(y, m)) throw new CellError(`日期“${raw}”的日不存在`);
  return y * 10000 + m * 100 + d;
}

/** Excel's day 1 is 1900-01-01 and it counts a 1900-02-29 that never was: serial 25569 is 1970-01-01. */
const EXCEL_EPOCH_SERIAL = 25569;

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
    if (/^\d{8}$/.test(raw)) return ymdOf(Math.floor(n / 10000), Math.floor(n / 100) % 100, n % 100, raw);
    if (/^\d{4}$/.test(raw)) throw new CellError(`日期“${raw}”只有年份，至少要到月（YYYY-MM）`);
    // Serials from 1 (1900-01-01) to 2100-12-31; the fraction is a time of day.
    if (n >= 1 && n < 73416) {
      const d = new Date(Math.round((Math.floor(n) - EXCEL_EPOCH_SERIAL) * 86400_000));
      return ymdOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), raw);
    }
    throw new CellError(`日期“${raw}”不是可识别的日期`);
  }
  // An ISO timestamp of a date cell ('2019-03-15T00:00:00.000Z'): its calendar day.
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})(?:\s*[-/.月]\s*(\d{1,2})\s*日?)?\s*月?(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(raw);
  if (!m) throw new CellError(`日期“${raw}”的格式不对（应为 YYYY-MM-DD、YYYY-MM 或 Excel 日期）`);
  return ymdOf(Number(m[1]), Number(m[2]), m[3] ? Number(m[3]) : 1, raw);
}

/** USD amounts are converted at this rate: the same one the horse / unicorn bands use (medical/constants.ts). */
export const USD_CNY = 7;

/** Words that mean "no figure given": the amount is unknown and stored as 0. */
const UNDISCLOSED = /^(未透露|未披露|不详|未知|暂无|无|-|—|--|n\/a|na)$/i;
/** Amounts in words without a figure ('数千万人民币', '亿元及以上'): not a number, treated as undisclosed. */
const VAGUE = /^(数|几|上|近|超)?[十百千万亿]+[元]?(人民币|美元)?(以上|及以上|级)?$|^(数|几)[^0-9]*$/;

export interface Amount {
  wan: number;
  /** The cell gave no figure (empty, 未透露, 数千万): stored as 0 and reported as a default. */
  undisclosed: boolean;
}

/**
 * An amount in 万元: a bare number is already 万元 (the product's export); text reads its unit —
 * '1.2亿', '5000万', '3.5千万', '800万美元', '12,000万元', '2亿人民币'. USD is converted at USD_CNY.
 */
export function amountValue(v: Cell): Amount {
  const raw = text(v);
  if (raw === '' || UNDISCLOSED.test(raw)) return { wan: 0, undisclosed: true };
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v < 0) throw new CellError(`金额“${raw}”不能为负数`);
    return { wan: Math.round(v), undisclosed: false };
  }
  const t = raw.replace(/[,，\s]/g, '').replace(/^(约|近|超过|超|逾)/, '');
  const m = /^(\d+(?:\.\d+)?)(亿|千万|百万|十万|万|元)?(元)?(人民币|美元|RMB|USD|\$)?$/i.exec(t) ?? /^(?:US\$|\$|￥|¥)(\d+(?:\.\d+)?)(亿|千万|百万|十万|万|元)?(元)?()$/i.exec(t);
  if (!m) {
    if (VAGUE.test(t)) return { wan: 0, undisclosed: true };
    throw new CellError(`金额“${raw}”无法识别（应为数字（万元）或“1.2亿”“5000万”这样的文字）`);
  }
  const n = Number(m[1]);
  const unit = m[2] ?? (m[3] ? '元' : '万');
  const perWan: Record<string, number> = { 亿: 10000, 千万: 1000, 百万: 100, 十万: 10, 万: 1, 元: 0.0001 };
  const usd = /美元|USD|\$/i.test(m[4] ?? '') || /^(US\$|\$)/i.test(raw.replace(/\s/g, ''));
  const wan = Math.round(n * perWan[unit] * (usd ? USD_CNY : 1));
  if (wan > 99_999_999) throw new CellError(`金额“${raw}”超出范围（上限 99,999,999 万元）`);
  return { wan, undisclosed: false };
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
