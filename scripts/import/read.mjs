// Reading an import file into a header row and data rows, the same in the CLI (Node) and in the
// worker tests (workerd): xlsx through exceljs, CSV through csv-parse, in UTF-8 (with or without a
// BOM) or GBK, the encoding Chinese Excel writes CSV in. Cells keep the type the file gave them:
// text, numbers, booleans; a date cell becomes 'YYYY-MM-DD' (its calendar day, as Excel shows it).
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { formatYmdParts } from '#shared/dates';

/** @typedef {string | number | boolean | null} Cell */
/** @typedef {{ line: number, values: Cell[] }} Row */
/** @typedef {{ headers: string[], rows: Row[], encoding?: string }} Table */

/** A cell's value as exceljs gives it, as one plain value. */
function plain(v) {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return formatYmdParts(v.getUTCFullYear(), v.getUTCMonth() + 1, v.getUTCDate());
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('result' in v) return plain(v.result);
    if ('text' in v) return plain(v.text);
    if ('error' in v) return null;
    return String(v);
  }
  return v;
}

const isBlank = (values) => values.every((v) => v === null || (typeof v === 'string' && v.trim() === ''));

/** The first worksheet: the first non-blank row is the header; blank rows are skipped. */
export async function readXlsx(bytes) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('xlsx 文件里没有工作表');
  let headers = null;
  const rows = [];
  ws.eachRow({ includeEmpty: false }, (row, line) => {
    const values = [];
    for (let c = 1; c <= row.cellCount; c++) values[c - 1] = plain(row.getCell(c).value);
    if (isBlank(values)) return;
    if (!headers) headers = values.map((v) => (v === null ? '' : String(v).trim()));
    else rows.push({ line, values: headers.map((_, i) => values[i] ?? null) });
  });
  if (!headers) throw new Error('xlsx 文件的第一个工作表是空的');
  return { headers, rows };
}

/** The text of a CSV file: UTF-8 when it decodes as UTF-8 (a BOM is dropped), otherwise GBK. */
export function decodeCsv(bytes, encoding) {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (encoding) return { text: new TextDecoder(encoding).decode(u8).replace(/^\uFEFF/, ''), encoding };
  if (u8[0] === 0xef && u8[1] === 0xbb && u8[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(u8.subarray(3)), encoding: 'utf-8' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(u8), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('gbk').decode(u8), encoding: 'gbk' };
  }
}

export function readCsv(bytes, encoding) {
  const { text, encoding: used } = decodeCsv(bytes, encoding);
  const records = parse(text, { relax_column_count: true, skip_empty_lines: true, info: true, trim: false, bom: true });
  if (!records.length) throw new Error('CSV 文件是空的');
  const headers = records[0].record.map((h) => h.trim());
  const rows = records
    .slice(1)
    .filter((r) => !isBlank(r.record))
    .map((r) => ({ line: r.info.lines, values: headers.map((_, i) => r.record[i] ?? null) }));
  return { headers, rows, encoding: used };
}

/** By the file name's extension: .xlsx or .csv. */
export async function readTable(bytes, fileName, encoding) {
  if (/\.xlsx$/i.test(fileName)) return readXlsx(bytes);
  if (/\.csv$/i.test(fileName)) return readCsv(bytes, encoding);
  throw new Error(`不支持的文件类型：${fileName}（支持 .xlsx 与 .csv）`);
}
