// The rejects file: every refused row with its line in the source file, the column and the reason
// (in Chinese), then the row's own cells under the file's headers, so it can be fixed and imported again.
import ExcelJS from 'exceljs';

/** The rejects workbook as bytes. */
export async function rejectsXlsx(headers, rejects) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('被拒的行');
  ws.columns = [
    { header: '行号', width: 8 },
    { header: '列', width: 14 },
    { header: '原因', width: 48 },
    ...headers.map((h) => ({ header: h, width: Math.min(40, Math.max(10, h.length * 2 + 2)) })),
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const r of rejects) ws.addRow([r.line, r.column, r.reason, ...headers.map((_, i) => r.values?.[i] ?? null)]);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
