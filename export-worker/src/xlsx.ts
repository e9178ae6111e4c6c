import { ymdParts } from '#shared/dates';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import type { ExportColumn, ExportRow } from '../../worker/src/exports';

const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE9D9' } } as const;

/** yyyymmdd (month/day may be 0 when only the year is known) -> a Date at UTC midnight, as Excel dates are zone-less. */
export function dateCell(v: unknown): Date | null {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) return null;
  const { y, m, d } = ymdParts(n);
  return new Date(Date.UTC(y, (m || 1) - 1, d || 1));
}

function cellValue(col: ExportColumn, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (col.type === 'number') return Number(v);
  if (col.type === 'date') return dateCell(v);
  return String(v);
}

/**
 * Writes one sheet with exceljs's streaming writer: rows are committed as they come, so only
 * the compressed output is held in memory, then joined into one buffer for a sized R2 put.
 */
export async function writeXlsx(sheetName: string, columns: ExportColumn[], rows: AsyncIterable<ExportRow[]>): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Uint8Array[] = [];
  out.on('data', (c: Uint8Array) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    key: c.key,
    width: c.width,
    style: c.type === 'date' ? { numFmt: 'yyyy-mm-dd' } : c.type === 'number' ? { numFmt: '0' } : {},
  }));
  const header = ws.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.fill = HEADER_FILL;
  });
  header.commit();
  for await (const page of rows) {
    for (const r of page) ws.addRow(columns.map((c) => cellValue(c, r[c.key]))).commit();
  }
  ws.commit();
  await wb.commit();
  await ended;
  const size = chunks.reduce((s, c) => s + c.byteLength, 0);
  const buf = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    buf.set(c, at);
    at += c.byteLength;
  }
  return buf;
}
