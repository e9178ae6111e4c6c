import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { dateCell, writeXlsx } from '../../../export-worker/src/xlsx';
import type { ExportColumn, ExportRow } from '../../../worker/src/exports';

const columns: ExportColumn[] = [
  { key: 'name', header: '公司名称', width: 20, type: 'text' },
  { key: 'money', header: '融资总额(万元)', width: 14, type: 'number' },
  { key: 'day', header: '关闭时间', width: 12, type: 'date' },
];

async function* pages(rows: ExportRow[]) {
  yield rows;
}

describe('xlsx writer in workerd', () => {
  it('writes a styled, frozen header and typed cells that exceljs reads back', async () => {
    const bytes = await writeXlsx('测试', columns, pages([
      { name: '共享单车甲', money: 12000, day: 20190315 },
      { name: '乙', money: 0, day: 20200100 },
    ]));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes.buffer as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('测试');
    expect(ws.getRow(1).values).toEqual([undefined, '公司名称', '融资总额(万元)', '关闭时间']);
    expect(ws.getRow(1).font?.bold ?? ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getCell('A2').value).toBe('共享单车甲');
    expect(ws.getCell('B2').value).toBe(12000);
    expect(ws.getCell('C2').value).toEqual(new Date(Date.UTC(2019, 2, 15)));
    expect(ws.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('C3').value).toEqual(new Date(Date.UTC(2020, 0, 1)));
    expect(ws.rowCount).toBe(3);
  });

  it('treats day 0 as the first of the month and 0 as no date', () => {
    expect(dateCell(20200700)).toEqual(new Date(Date.UTC(2020, 6, 1)));
    expect(dateCell(0)).toBeNull();
  });
});
